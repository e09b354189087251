package views

import (
	"image"
	"testing"

	"lagscope/model"
)

// TestSmallPanesKeepADrawingArea: in a cell of a 2×2 split at 640×360
// under a title (319×127 px) the key figures run on one line, cut with
// "…", where three lines and a two-row legend left the Server pane no
// drawing area; a taller pane of the same width still wraps them.
func TestSmallPanesKeepADrawingArea(t *testing.T) {
	f := defaultAt(t, 2500*model.Millisecond)
	r := NewRenderer()
	for _, c := range []struct {
		h     int
		lines func(int) bool
		want  string
	}{
		{127, func(n int) bool { return n == 1 }, "one"},
		{400, func(n int) bool { return n > 1 }, "more than one"},
	} {
		img := image.NewRGBA(image.Rect(0, 0, 319, c.h))
		for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
			r.Pane(img, f, v, Options{Layers: DefaultLayers()})
			p := r.last
			if v == ViewServer && !c.lines(max(p.hlines, 1)) {
				t.Errorf("%v at 319×%d: %d lines of key figures, want %s", v, c.h, p.hlines, c.want)
			}
			if _, _, _, h := p.area(); c.h == 127 && h < 127-(headerH+16+2*legendH) {
				t.Errorf("%v at 319×%d: a drawing area %.0f px high", v, c.h, h)
			}
		}
	}
}
