package views

import (
	"fmt"
	"image"
	"testing"

	"lagscope/lagcomp"
	"lagscope/presets"
)

// topicSlide is a README topic's slide ("Teaching with lagscope"): the
// preset, its moment and how the README's command draws it.
type topicSlide struct {
	preset string
	moment int
	layout Layout
	views  []View // nil: the split's default panes
	focus  Focus
	buffer bool // the Interpolation buffer layer on
}

// topicSlides are the README's topic table, one row per command.
var topicSlides = []topicSlide{
	{preset: "constant-velocity", moment: 1, layout: Layout2x2},
	{preset: "default", moment: 2, layout: LayoutSingle, views: []View{ViewShooter}, focus: FocusTarget, buffer: true},
	{preset: "ut2003-instagib", moment: 1, layout: Layout2x2},
	{preset: "behind-cover", moment: 1, layout: Layout2x2},
	{preset: "peekers-advantage", moment: 1, layout: Layout2x2},
	{preset: "ping-rewind", moment: 1, layout: Layout2x2},
	{preset: "projectile-rockets", moment: 1, layout: Layout2x2},
	{preset: "projectile-bias-0", moment: 1, layout: Layout2x2},
	{preset: "projectile-bias-1", moment: 1, layout: Layout2x2},
	{preset: "teleport-no-reset", moment: 1, layout: Layout2x2},
	{preset: "teleport-no-reset", moment: 2, layout: Layout2x2},
	{preset: "burst-single-shot-loss", moment: 1, layout: LayoutSingle, views: []View{ViewBurst}},
	{preset: "burst-900rpm-jitter", moment: 1, layout: LayoutSingle, views: []View{ViewBurst}},
	{preset: "burst-900rpm-autoloop", moment: 1, layout: LayoutSingle, views: []View{ViewBurst}},
	{preset: "burst-relevancy", moment: 1, layout: LayoutSingle, views: []View{ViewBurst}},
	{preset: "behind-cover", moment: 1, layout: LayoutSingle, views: []View{ViewPackets}},
}

// Every README topic slide, drawn as `shot --moment N` draws it (1920 px
// wide at scale 2, the panes of its layout, with and without a caption's
// band under them): no label's box overlaps a hitbox,
// a note or another label, or leaves its pane's drawing area; no note
// covers a hitbox; no label lies across a trace.
func TestTopicSlidesCoverNothing(t *testing.T) {
	r := NewRenderer()
	labelled := 0
	for _, ts := range topicSlides {
		pr, err := presets.Load(ts.preset)
		if err != nil {
			t.Fatal(err)
		}
		c, err := pr.Config()
		if err != nil {
			t.Fatal(err)
		}
		ms, err := pr.FindMoments(c)
		if err != nil {
			t.Fatal(err)
		}
		if ts.moment > len(ms) || !ms[ts.moment-1].Found {
			t.Fatalf("%s has no moment %d", ts.preset, ts.moment)
		}
		m := ms[ts.moment-1]
		s, err := lagcomp.New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(m.At)
		f := s.Frame()
		l := DefaultLayers()
		l.InterpBuffer = ts.buffer
		o := Options{Layers: l, Scale: 2, Focus: ts.focus, Selected: m.Shot}
		views := ts.views
		if views == nil {
			views = Views
		}
		// the whole picture, and the panes above a full caption's band
		for _, h := range []int{1080, 880} {
			rects, vs := Cells(ts.layout, 1920, h, views)
			for i, rc := range rects {
				where := fmt.Sprintf("%s moment %d %s at 1920x%d", ts.preset, ts.moment, vs[i], h)
				img := image.NewRGBA(image.Rect(0, 0, rc.Dx(), rc.Dy()))
				r.Pane(img, f, InPlace(vs[i], f), o)
				p := r.last
				labelled += len(p.placed)
				checkLabels(t, where, p)
				for _, n := range p.noteBoxes {
					for _, b := range p.boxes {
						if n.overlaps(b) {
							t.Errorf("%s: a note %v covers a hitbox %v", where, n, b)
						}
					}
				}
				for j, a := range p.placed {
					if crossesAny(a, p.traces) {
						t.Errorf("%s: label %q %v lies across a trace", where, p.placedText[j], a)
					}
				}
			}
		}
	}
	if labelled < 40 {
		t.Fatalf("only %d labels placed over the topic slides: the test checks little", labelled)
	}
}
