package views

import (
	"fmt"
	"image"
	"regexp"
	"testing"

	"github.com/fogleman/gg"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// uuidish is eight hex digits in a row: a bare id where words belong.
var uuidish = regexp.MustCompile(`[0-9a-f]{8}`)

// No label covers another label, a note or a shape a label must keep off
// (hitboxes, projectiles, the crosshair), and every label is inside its
// pane's drawing area and in words: over every shipped preset's split
// view, at the projector size 1920x1080 and the laptop size 1280x800,
// with the default layers and with every layer on, at 3 s and 6 s, and
// zoomed in (labels of marks out of frame are left out, not misplaced).
func TestLabelsNeverOverlap(t *testing.T) {
	all, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer()
	labelled := 0
	for _, pr := range all {
		c, err := pr.Config()
		if err != nil {
			t.Fatal(err)
		}
		s, err := lagcomp.New(c)
		if err != nil {
			t.Fatal(err)
		}
		type view struct {
			w, h int
			o    Options
		}
		cases := map[model.Time][]view{
			3 * model.Second: {
				{1920, 1080, Options{Layers: DefaultLayers()}}, {1280, 800, Options{Layers: DefaultLayers()}},
				{1920, 1080, Options{Layers: allLayers()}}, {1280, 800, Options{Layers: allLayers()}},
				{1920, 1080, Options{Layers: allLayers(), Zoom: 3}},
			},
			6 * model.Second: {{1920, 1080, Options{Layers: DefaultLayers()}}, {1280, 800, Options{Layers: allLayers()}}},
		}
		for _, at := range []model.Time{3 * model.Second, 6 * model.Second} {
			s.Step(at)
			f := s.Frame()
			for ci, c := range cases[at] {
				rects, vs := Cells(Layout2x2, c.w, c.h, Views)
				for i, rc := range rects {
					where := fmt.Sprintf("%s at %v %dx%d case %d %s", pr.Name, at, c.w, c.h, ci, vs[i])
					img := image.NewRGBA(image.Rect(0, 0, rc.Dx(), rc.Dy()))
					r.Pane(img, f, InPlace(vs[i], f), c.o)
					labelled += len(r.last.placed)
					checkLabels(t, where, r.last)
				}
			}
		}
	}
	if labelled < 100 {
		t.Fatalf("only %d labels placed over every preset: the test checks little", labelled)
	}
}

func checkLabels(t testing.TB, where string, p *pane) {
	t.Helper()
	x, y, w, h := p.area()
	area := rect{x, y, x + w, y + h}
	for i, a := range p.placed {
		if !a.inside(area) {
			t.Errorf("%s: label %d %v leaves the drawing area %v", where, i, a, area)
		}
		for j, b := range p.placed[:i] {
			if a.overlaps(b) {
				t.Errorf("%s: labels %d and %d overlap: %v %v", where, j, i, b, a)
			}
		}
		for _, s := range p.shapes {
			if a.overlaps(s) {
				t.Errorf("%s: label %d %v covers a shape %v", where, i, a, s)
			}
		}
	}
	for _, l := range p.labels {
		if uuidish.MatchString(l.text) {
			t.Errorf("%s: label %q shows a bare id", where, l.text)
		}
	}
}

// The placement itself: a label beside a box it must not cover moves
// round it, a second label at the same anchor takes another spot, and a
// label with no room at all is left out rather than drawn over another.
func TestPlaceLabelsAvoidsShapesAndLabels(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 400, 300))
	r := NewRenderer()
	p := newTestPane(r, img)
	x, y, w, h := p.area()
	cx, cy := x+w/2, y+h/2
	p.shape(rect{cx - 20, cy - 20, cx + 20, cy + 20})
	for i := 0; i < 3; i++ {
		p.labels = append(p.labels, labelReq{ax: cx, ay: cy, text: fmt.Sprintf("label %d", i), c: Dark.Text})
	}
	p.placeLabels()
	if len(p.placed) != 3 {
		t.Fatalf("placed %d of 3 labels", len(p.placed))
	}
	checkLabels(t, "three labels round a box", p)
	// the box fills the area: nothing fits, so nothing is drawn
	q := newTestPane(r, img)
	q.shape(rect{x, y, x + w, y + h})
	q.labels = append(q.labels, labelReq{ax: cx, ay: cy, text: "no room", c: Dark.Text})
	q.placeLabels()
	if len(q.placed) != 0 {
		t.Fatalf("a label with no room was placed at %v", q.placed)
	}
}

func newTestPane(r *Renderer, img *image.RGBA) *pane {
	b := img.Bounds()
	return &pane{r: r, dc: gg.NewContextForRGBA(img), dst: img, pal: Dark, s: 1, w: float64(b.Dx()), h: float64(b.Dy())}
}

// The packet flow's labels keep off each other and off its marks (lost
// packets' crosses, the shot's ticks, diamond and ack, the journey's
// arrow heads, lane names and the time axis): over every shipped preset
// with its newest shot selected, and on 30 % loss both ways with each of
// the first shots selected (a backup or a lost snapshot on its journey),
// at the projector size, a laptop size and a quarter of a projector.
func TestFlowLabelsNeverOverlap(t *testing.T) {
	all, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer()
	sizes := [][2]int{{1920, 1080}, {1280, 800}, {960, 540}}
	labelled := 0
	check := func(where string, f *lagcomp.Frame, sel *lagcomp.ShotRecord) {
		for _, sz := range sizes {
			o := Options{Layers: DefaultLayers()}
			if sel != nil {
				o.Selected = sel.ID
			}
			img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
			r.Pane(img, f, ViewPackets, o)
			labelled += len(r.last.placed)
			checkLabels(t, fmt.Sprintf("%s %dx%d", where, sz[0], sz[1]), r.last)
			if r.last.leftOut > 0 && sz[0] >= 1280 {
				t.Errorf("%s %dx%d: %d labels left out", where, sz[0], sz[1], r.last.leftOut)
			}
		}
	}
	for _, pr := range all {
		c, err := pr.Config()
		if err != nil {
			t.Fatal(err)
		}
		f := frameAt(t, c, 3*model.Second)
		check(pr.Name, f, f.Last)
	}
	c := lagcomp.Defaults()
	c.Up.LossPct, c.Down.LossPct = 30, 30
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(6 * model.Second)
	recs := s.Shots.Records()
	for i := 0; i < 5 && i < len(recs); i++ {
		rec := recs[i]
		f := frameAt(t, c, rec.Judged+100*model.Millisecond)
		check(fmt.Sprintf("30%% loss shot %d", rec.Seq), f, &rec)
	}
	if labelled < 100 {
		t.Fatalf("only %d flow labels placed: the test checks little", labelled)
	}
}
