package views

import (
	"image"
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// abFrames are the two halves of an A/B on one seed: the defaults
// (timestamp rewind) and the same run with no compensation, whose server
// rewinds nothing, so the server pane of each frames different boxes.
func abFrames(t *testing.T) (a, b *lagcomp.Frame) {
	c := lagcomp.Defaults()
	c.Up.LatencyMs, c.Down.LatencyMs = 150, 150
	nc := c
	nc.Mode = compensation.None
	return frameAt(t, c, 5200*model.Millisecond), frameAt(t, nc, 5200*model.Millisecond)
}

// FrameUnion gives both halves one world-to-pixel transform: the same
// world point at the same offset from each half's corner, even when the
// halves differ by a pixel in width (an odd window), and each half's own
// contents inside the shared drawing area.
func TestFrameUnionSharesOneTransform(t *testing.T) {
	fa, fb := abFrames(t)
	o := Options{Layers: DefaultLayers(), Scale: 1}
	const wa, wb, h = 600, 601, 640
	for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
		pts := []model.Vec{
			fa.Pawns[lagcomp.ShooterPawn].Pose.Pos, fa.Pawns[lagcomp.TargetPawn].Pose.Pos,
			fb.Pawns[lagcomp.TargetPawn].Pose.Pos, model.V(0, 0), model.V(3.5, -2.25),
		}
		if v == ViewServer {
			// framed apart, the halves do not line up: the test can fail
			ax, ay := PixelAt(fa, v, o, wa, h, pts[1])
			bx, by := PixelAt(fb, v, o, wb, h, pts[1])
			if math.Hypot(ax-bx, ay-by) < 1 {
				t.Fatalf("framed apart the server halves already agree (%v,%v): no test", ax, ay)
			}
		}
		ou := o
		ou.Framing = NewRenderer().FrameUnion(nil, []*lagcomp.Frame{fa, fb}, v, wa, h, o)
		if _, ok := ou.Framing.camera(v); !ok {
			t.Fatalf("%s: no shared camera", v)
		}
		for _, pt := range pts {
			ax, ay := PixelAt(fa, v, ou, wa, h, pt)
			bx, by := PixelAt(fb, v, ou, wb, h, pt)
			if ax != bx || ay != by {
				t.Errorf("%s: %v at (%.2f,%.2f) in A, (%.2f,%.2f) in B", v, pt, ax, ay, bx, by)
			}
		}
		// each half's own box lies inside the shared drawing area
		cam, _ := ou.Framing.camera(v)
		for _, f := range []*lagcomp.Frame{fa, fb} {
			p := &pane{r: NewRenderer(), f: f, o: o, s: 1, w: wa, h: h}
			box := p.framing(v).fr
			for _, q := range []model.Vec{box.lo, box.hi} {
				x, y := cam.px(q)
				if x < cam.x0-1e-9 || x > cam.x0+cam.w+1e-9 || y < cam.y0-1e-9 || y > cam.y0+cam.h+1e-9 {
					t.Errorf("%s: %v framed alone is drawn at (%.1f,%.1f), outside the shared area %+v", v, q, x, y, cam)
				}
			}
		}
	}
	// a time view has no world: nothing to share, each pane draws as alone
	if _, ok := NewRenderer().FrameUnion(nil, []*lagcomp.Frame{fa, fb}, ViewPackets, wa, h, o).camera(ViewPackets); ok {
		t.Error("the packet-flow view got a world camera")
	}
}

// Every world pane of a split layout shares its camera with the same
// pane of the other half.
func TestFrameUnionSplitSharesEachCell(t *testing.T) {
	fa, fb := abFrames(t)
	o := Options{Layers: DefaultLayers(), Scale: 1}
	const wa, wb, h = 800, 801, 600
	o.Framing = NewRenderer().FrameUnionSplit([]*lagcomp.Frame{fa, fb}, Layout2x2, Views, wa, h, o)
	ra, va := Cells(Layout2x2, wa, h, Views)
	rb, _ := Cells(Layout2x2, wb, h, Views)
	pt := fb.Pawns[lagcomp.TargetPawn].Pose.Pos
	for i, v := range va {
		ax, ay := PixelAt(fa, v, o, ra[i].Dx(), ra[i].Dy(), pt)
		bx, by := PixelAt(fb, v, o, rb[i].Dx(), rb[i].Dy(), pt)
		if ax != bx || ay != by {
			t.Errorf("%s: (%.2f,%.2f) in A, (%.2f,%.2f) in B", v, ax, ay, bx, by)
		}
	}
}

// LastWorldAt reads the pane just drawn as WorldAt draws it again: the
// same world point under every pixel tried; before a draw, and after a
// time-axis view, it has none.
func TestLastWorldAtIsWorldAt(t *testing.T) {
	f, _ := abFrames(t)
	o := Options{Layers: DefaultLayers(), Scale: 1}
	r := NewRenderer()
	if _, ok := r.LastWorldAt(1, 1); ok {
		t.Fatal("a point before any draw")
	}
	const w, h = 500, 400
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for _, v := range []View{ViewShooter, ViewTarget, ViewServer} {
		r.Pane(img, f, v, o)
		for _, px := range [][2]float64{{10, 20}, {250, 200}, {480, 390}} {
			got, ok := r.LastWorldAt(px[0], px[1])
			if want := WorldAt(f, v, o, w, h, px[0], px[1]); !ok || got != want {
				t.Fatalf("%s at %v: %v (%v), want %v", v, px, got, ok, want)
			}
		}
	}
	r.Pane(img, f, ViewPackets, o)
	if _, ok := r.LastWorldAt(1, 1); ok {
		t.Fatal("a world point under a time axis")
	}
}
