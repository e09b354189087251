package views

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
	"lagscope/presets"
)

// The Overlay's figures are the slide's point: at 1280×720 (a 2×2 pane)
// and in a --compare half, no figure line and no header is cut with "…";
// they wrap instead.
func TestOverlayFiguresNeverCut(t *testing.T) {
	p, err := presets.Load("constant-velocity")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	for _, mode := range []lagcomp.Mode{c.Mode, compensation.None} {
		c.Mode = mode
		f := frameAt(t, c, 1312*model.Millisecond)
		for _, size := range []image.Point{{640, 310}, {320, 280}} {
			for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
				r := NewRenderer()
				r.Pane(image.NewRGBA(image.Rect(0, 0, size.X, size.Y)), f, v, Options{Layers: DefaultLayers()})
				if v == ViewOverlay && r.last.notes < 4 {
					t.Fatalf("mode %s %v: overlay drew %d note lines, want its figures", mode, size, r.last.notes)
				}
				if len(r.last.cut) > 0 {
					t.Errorf("mode %s, %v %v: cut %q", mode, v, size, r.last.cut)
				}
			}
		}
	}
}

// wrap breaks between figures, and a figure wider than the line between
// its words; nothing is lost.
func TestWrapKeepsEveryFigure(t *testing.T) {
	r := NewRenderer()
	p := newTestPane(r, image.NewRGBA(image.Rect(0, 0, 200, 100)))
	s := "rewind used 193.8 ms · ideal 193.8 ms · off by −193.8 ms"
	lines := p.wrap(s, noteSize, 150)
	if len(lines) < 2 {
		t.Fatalf("wrap %q at 150 px: %q, want several lines", s, lines)
	}
	joined := ""
	for _, l := range lines {
		if w, _ := p.measure(l, noteSize); w > 150 {
			t.Errorf("line %q is %.0f px wide, want ≤ 150", l, w)
		}
		joined += l + "|"
	}
	for _, fig := range []string{"193.8 ms", "−193.8 ms", "off by"} {
		if !contains(joined, fig) {
			t.Errorf("wrapped %q lost %q", joined, fig)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// A warp's arrow is drawn beside the hitbox it jumps within, magnified
// to be seen: at 1920×1080 on ut2003-instagib's largest warp (0.55 m,
// inside the target's box, under the crosshair) the arrow lies clear of
// the box and the crosshair, at least warpMinPx long, along the jump; its
// shaft shows in the text colour over a dark casing; the legend says the
// factor; older arrows are fainter and none lies on another.
func TestWarpArrowBesideHitbox(t *testing.T) {
	p, err := presets.Load("ut2003-instagib")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	f := frameAt(t, c, 1411764) // its largest warp's frame (moment 1)
	ws := f.Clients[lagcomp.ShooterPawn].Warps
	if len(ws) < 2 {
		t.Fatalf("%d warps at 1.412 s, want the largest and older ones", len(ws))
	}
	w := ws[len(ws)-1]
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1920, 1000))
	r.Pane(img, f, ViewShooter, Options{Layers: DefaultLayers()})
	pn := r.last
	gs := pn.warpGlyphs
	if len(gs) != len(ws) || gs[0].w != w || !gs[0].newest {
		t.Fatalf("%d warp arrows placed of %d, the first %+v; want every one, the newest first", len(gs), len(ws), gs[0].w)
	}
	g := gs[0]
	// clear of the target's box and the crosshair round its shown place
	seen := f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.TargetPawn].Pos
	sx, sy := pn.cam.px(seen)
	rad := model.BoundRadius * pn.cam.ppm
	if g.r.overlaps(rect{sx - rad, sy - rad, sx + rad, sy + rad}) {
		t.Errorf("the newest warp's arrow %v lies on the target's box round (%.0f, %.0f)", g.r, sx, sy)
	}
	l := math.Hypot(g.x1-g.x0, g.y1-g.y0)
	if l < warpMinPx*pn.s {
		t.Errorf("warp %.2f m drawn %.0f px long, want at least %d", w.M, l, warpMinPx)
	}
	if got, want := l, w.M*pn.cam.ppm*float64(pn.warpX); pn.warpX < 2 || math.Abs(got-want) > 1 {
		t.Errorf("warp %.2f m drawn %.1f px at ×%d, want %.1f px and a factor over 1", w.M, got, pn.warpX, want)
	}
	// along the jump (world y up, pixels y down)
	d := w.To.Sub(w.From)
	if cos := ((g.x1-g.x0)*d.X - (g.y1-g.y0)*d.Y) / (l * d.Len()); cos < 0.999 {
		t.Errorf("warp arrow points %.3f off the jump (cos)", cos)
	}
	if e := pn.entry(keyWarp); !strings.Contains(e.label, fmt.Sprintf("×%d", pn.warpX)) {
		t.Errorf("legend %q does not say the factor ×%d", e.label, pn.warpX)
	}
	// the shaft, short of the head, in the text colour over a casing
	x, y := g.x0+(g.x1-g.x0)*0.4, g.y0+(g.y1-g.y0)*0.4
	best := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			c := img.RGBAAt(int(math.Round(x))+dx, int(math.Round(y))+dy)
			best = max(best, int(min(c.R, c.G, c.B)))
		}
	}
	if best < 200 {
		t.Fatalf("warp %.2f m: round (%.0f, %.0f) the brightest grey is %d, want the arrow's near-white", w.M, x, y, best)
	}
	nx, ny := -(g.y1-g.y0)/l, (g.x1-g.x0)/l
	for _, side := range []float64{-1, 1} {
		c := img.RGBAAt(int(math.Round(x+side*3.5*nx)), int(math.Round(y+side*3.5*ny)))
		if max(c.R, c.G, c.B) > 70 && min(c.R, c.G, c.B) < 200 {
			t.Errorf("warp %.2f m: beside the shaft %v, want the dark casing", w.M, c)
		}
	}
	// the picture a slide shows: testdata/pane-shooter-warps.png
	small := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	NewRenderer().Pane(small, f, ViewShooter, Options{Layers: DefaultLayers(), Scale: 1})
	golden(t, "pane-shooter-warps", small)
	for i, o := range gs[1:] {
		if o.alpha >= g.alpha {
			t.Errorf("an older warp's arrow at opacity %.2f, the newest's %.2f: want it fainter", o.alpha, g.alpha)
		}
		for _, q := range gs[:i+1] {
			if o.r.overlaps(q.r) {
				t.Errorf("warp arrows overlap: %v %v", o.r, q.r)
			}
		}
	}
}

// The two grey links of the shooter's pane, shown → server now and the
// truth at shown time, are drawn together: their swatches must differ.
func TestGapAndTruthSwatchesDiffer(t *testing.T) {
	for _, pal := range []Palette{Dark, Light} {
		g, tr := pal.entry(keyServerGap), pal.entry(keyTruthThen)
		if g.sw == tr.sw {
			t.Errorf("gap and truth share swatch %v (colours %v, %v)", g.sw, g.c, tr.c)
		}
	}
}

// A click maps through the camera the pane was drawn with, also when its
// key figures wrap to more header lines (a narrow pane).
func TestWorldAtFollowsAWrappedHeader(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 3*model.Second)
	o := Options{Layers: DefaultLayers()}
	r := NewRenderer()
	r.Pane(image.NewRGBA(image.Rect(0, 0, 300, 300)), f, ViewServer, o)
	if r.last.hlines < 2 {
		t.Fatalf("a 300 px server pane drew %d header lines, want a wrapped header", r.last.hlines)
	}
	seen := f.Pawns[lagcomp.TargetPawn].Pose.Pos
	x, y := r.last.cam.px(seen)
	if got := WorldAt(f, ViewServer, o, 300, 300, x, y); got.Dist(seen) > 1e-9 {
		t.Fatalf("click at (%v,%v) maps to %v, want %v", x, y, got, seen)
	}
}

// The time-axis views wrap their key figures as the world views do: a
// half of an A/B (640 px) keeps the end of its header ("(ideal …)")
// rather than cutting it with an ellipsis.
func TestTimeAxisHeadersWrapRatherThanCut(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 3*model.Second)
	for _, v := range []View{ViewPackets, ViewBurst} {
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 480, 360)), f, v, Options{Layers: DefaultLayers()})
		if r.last.hlines < 2 {
			t.Errorf("%s: a 480 px pane drew %d header lines, want a wrapped header", v, r.last.hlines)
		}
		for _, c := range r.last.cut {
			if strings.Contains(c, " · ") {
				t.Errorf("%s: the header's figures were cut: %q", v, c)
			}
		}
	}
}
