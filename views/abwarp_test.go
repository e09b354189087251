package views

import (
	"image"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// The two halves of an A/B share one warp-arrow scale, as they share one
// camera: lossy-victim's shooter pane beside the same run with the
// victim's up link twice as lossy, at the first time the halves' own
// scales differ (each would magnify its own largest warp to be seen, so
// a small warp and a large one looked alike), draws both at the scale of
// the longer warp once they are framed together.
func TestABHalvesShareTheWarpScale(t *testing.T) {
	p, err := presets.Load("lossy-victim")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := p.Config()
	b := a
	b.VictimUp.LossPct = min(100, 2*a.VictimUp.LossPct+10)
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 640, 540))
	o := Options{Layers: DefaultLayers()}
	for at := 2 * model.Second; at <= 10*model.Second; at += 500 * model.Millisecond {
		fa, fb := frameAt(t, a, at), frameAt(t, b, at)
		scale := func(f *lagcomp.Frame, o Options) int {
			r.Pane(img, f, ViewShooter, o)
			return r.last.warpX
		}
		xa, xb := scale(fa, o), scale(fb, o)
		if xa == 0 || xb == 0 || xa == xb {
			continue // no warp in a half, or the same scale alone
		}
		shared := o
		shared.Framing = r.FrameUnion(nil, []*lagcomp.Frame{fa, fb}, ViewShooter, 640, 540, o)
		if sa, sb := scale(fa, shared), scale(fb, shared); sa != sb || sa != min(xa, xb) {
			t.Fatalf("at %v: alone ×%d and ×%d; framed together ×%d and ×%d, want both ×%d (the longer warp's)", at, xa, xb, sa, sb, min(xa, xb))
		}
		return
	}
	t.Fatal("no time at which the halves' own warp scales differ: the test checked nothing")
}
