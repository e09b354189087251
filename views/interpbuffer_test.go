package views

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The interpolation slide (default at 3 s, the Shooter pane focused on
// the target, the Interpolation buffer layer on) draws the mechanism:
// the render time falls between two snapshots and its mark sits where
// interpolating them puts the target, which is where the client shows
// it; every snapshot from the one the render time left to the newest is
// named with its server time; the render time is named and in the
// legend; the note gives the buffer between them.
func TestInterpolationBufferDrawsItsMechanism(t *testing.T) {
	f := defaultAt(t, 3*model.Second)
	c := f.Clients[lagcomp.ShooterPawn]
	buf := c.Buffer[len(c.Buffer)-bufferReach:]
	render := c.View.Render
	at, ok := renderPos(buf, render)
	if !ok {
		t.Fatalf("render time %v falls between no two snapshots", render)
	}
	// interpolation at the render time is what the client draws
	if shown := c.View.Poses[lagcomp.TargetPawn].Pos; at.Dist(shown) > 1e-9 {
		t.Errorf("render mark at %v, the client shows the target at %v", at, shown)
	}
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
	l := DefaultLayers()
	l.InterpBuffer = true
	r.Pane(img, f, ViewShooter, Options{Layers: l, Scale: 2, Focus: FocusTarget})
	p := r.last
	i := bracket(buf, render)
	if n := len(buf) - i; n < 3 {
		t.Fatalf("only %d snapshots from the render time's to the newest: the test checks little", n)
	}
	for _, s := range buf[i:] {
		if want := fmt.Sprintf("%.3f s", s.T.Seconds()); !slices.Contains(p.placedText, want) {
			t.Errorf("snapshot at %s not named; placed %q", want, p.placedText)
		}
	}
	if want := fmt.Sprintf("render time %.3f s", render.Seconds()); !slices.Contains(p.placedText, want) {
		t.Errorf("render time not named %q; placed %q", want, p.placedText)
	}
	if !p.drew[keyRenderTime] || !p.drew[keyBuffer] {
		t.Errorf("legend lacks the render time or the snapshots: %q", legendText(p.drew, Dark))
	}
	// the diamond: text-coloured pixels on its right vertex's edge, off
	// the crosshair's arms (which run along the axes)
	x, y := p.cam.px(at)
	d := 6 * p.s
	if n := countIn(img, p.pal.Text, int(x+d/2-2), int(y-d/2-2), int(x+d/2+2), int(y-d/2+2)); n == 0 {
		t.Errorf("no render-time mark at (%.0f, %.0f)", x, y)
	}
	newest := buf[len(buf)-1].T
	if want := fmt.Sprintf("buffer: %s of snapshots ahead of the render time", ms(newest-render)); !labelledNote(p, want) {
		t.Errorf("no note %q", want)
	}
}

// countIn counts pixels of colour c in [x0, x1] × [y0, y1].
func countIn(img *image.RGBA, c interface{ RGBA() (r, g, b, a uint32) }, x0, y0, x1, y1 int) int {
	n := 0
	r0, g0, b0, _ := c.RGBA()
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			if r1 == r0 && g1 == g0 && b1 == b0 {
				n++
			}
		}
	}
	return n
}

// labelledNote says whether a note line the pane wrote starts with s.
func labelledNote(p *pane, s string) bool {
	return slices.ContainsFunc(p.noteTexts, func(n string) bool { return strings.HasPrefix(n, s) })
}
