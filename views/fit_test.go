package views

import (
	"image"
	"testing"

	"lagscope/lagcomp"
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
	for _, mode := range []lagcomp.Mode{c.Mode, lagcomp.ModeNone} {
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
