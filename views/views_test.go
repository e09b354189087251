package views

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// frameAt runs a preset-like config to t: every golden starts from one.
func frameAt(t *testing.T, c lagcomp.Config, at model.Time) *lagcomp.Frame {
	t.Helper()
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(at)
	return s.Frame()
}

func allLayers() Layers {
	l := Layers{}
	for _, n := range LayerNames {
		*n.Field(&l) = true
	}
	return l
}

// golden compares img with testdata/name.png exactly; rendering is pure
// Go with embedded fonts, so the bytes are the same on every machine.
func golden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name+".png")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./views -update to create it)", err)
	}
	wantImg, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if !sameImage(img, wantImg) {
		os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
		failed := filepath.Join("testdata", "failed", name+".png")
		os.WriteFile(failed, buf.Bytes(), 0o644)
		t.Fatalf("%s differs from its golden; see %s", path, failed)
	}
}

func sameImage(a *image.RGBA, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

func TestGoldenPanes(t *testing.T) {
	c := lagcomp.Defaults()
	c.ExtraPawns = 12
	f := frameAt(t, c, 5200*model.Millisecond)
	r := NewRenderer()
	for _, v := range Views {
		img, err := r.Render(f, string(v), 800, 500, Options{Layers: allLayers()})
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "pane-"+string(v), img)
	}
}

func TestGoldenSplitLightHiDPI(t *testing.T) {
	c := lagcomp.Defaults()
	c.Walls, _ = model.ParseWalls("18.8,0.8,19.4,6")
	c.Target = model.Motion{Kind: model.Peek, Origin: model.V(20, 3), Heading: -1.5707963267948966, Speed: 6, Amplitude: 3, Period: 1600 * model.Millisecond}
	c.Up.LatencyMs, c.Down.LatencyMs, c.FireIntervalMs = 90, 90, 150
	f := frameAt(t, c, 3100*model.Millisecond)
	img := NewRenderer().Split(f, Layout2x2, Views, 1600, 1000, Options{Layers: DefaultLayers(), Palette: Light, Scale: 2})
	golden(t, "split-light-2x", img)
}

func count(img *image.RGBA, want color.NRGBA) int {
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if img.Pix[i] == want.R && img.Pix[i+1] == want.G && img.Pix[i+2] == want.B {
			n++
		}
	}
	return n
}

// Toggling a layer changes what is drawn: no red without client-seen
// hitboxes in the overlay, no blue without rewound ones.
func TestLayersToggleWhatIsDrawn(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 5200*model.Millisecond)
	r := NewRenderer()
	draw := func(l Layers) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 600, 400))
		r.Pane(img, f, ViewOverlay, Options{Layers: l})
		return img
	}
	// the legend's swatches are red and blue too: compare counts
	base := draw(DefaultLayers())
	noRed, noBlue := DefaultLayers(), DefaultLayers()
	noRed.ClientSeen, noBlue.Rewound = false, false
	if count(draw(noRed), ClientRed) >= count(base, ClientRed) {
		t.Fatal("turning client-seen hitboxes off left the red")
	}
	if count(draw(noBlue), ServerBlue) >= count(base, ServerBlue) {
		t.Fatal("turning rewound hitboxes off left the blue")
	}
	// an exact rewind draws the red box over the blue one: only its
	// outline shows, so the blue count is small but not nothing
	if count(base, ClientRed) < 200 || count(base, ServerBlue) < 50 {
		t.Fatalf("overlay barely drawn: red %d, blue %d", count(base, ClientRed), count(base, ServerBlue))
	}
}

func TestRenderRejectsBadSizesAndViews(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), model.Second)
	r := NewRenderer()
	for _, sz := range [][2]int{{0, 100}, {100, 20000}, {-5, 5}} {
		if _, err := r.Render(f, "split", sz[0], sz[1], Options{}); err == nil {
			t.Errorf("size %v accepted", sz)
		}
	}
	if _, err := r.Render(f, "nope", 100, 100, Options{}); err == nil {
		t.Error("unknown view accepted")
	}
	// a nil frame draws an empty, labelled pane rather than panicking
	img := image.NewRGBA(image.Rect(0, 0, 200, 100))
	r.Pane(img, nil, ViewServer, Options{})
}

func TestCameraRoundTrip(t *testing.T) {
	c := fit(10, 20, 400, 300, []model.Vec{model.V(-5, 2), model.V(15, 8)}, 4, 4)
	for _, p := range []model.Vec{model.V(0, 0), model.V(-5, 2), model.V(15, 8)} {
		x, y := c.px(p)
		if q := c.world(x, y); q.Dist(p) > 1e-9 {
			t.Fatalf("%v -> (%v,%v) -> %v", p, x, y, q)
		}
	}
	// world y is up on screen
	_, yLow := c.px(model.V(0, 0))
	_, yHigh := c.px(model.V(0, 5))
	if yHigh >= yLow {
		t.Fatal("y is not up")
	}
}

// BenchmarkPanes draws all four panes of the default preset at
// 1600x1000 (each 799x499), into reused images as the window does.
// BenchmarkPanes draws all four panes of the default preset in the 2×2
// layout: at the window's usual size with the default layers, and at
// 2560×1440 with every layer on (target: under 8 ms, half a 60 Hz frame).
func BenchmarkPanes(b *testing.B) {
	s, _ := lagcomp.New(lagcomp.Defaults())
	s.Step(5200 * model.Millisecond)
	f := s.Frame()
	r := NewRenderer()
	for _, tc := range []struct {
		w, h   int
		layers string
		l      Layers
	}{{1600, 1000, "default", DefaultLayers()}, {2560, 1440, "all", allLayers()}} {
		b.Run(fmt.Sprintf("size=%dx%d/layers=%s", tc.w, tc.h, tc.layers), func(b *testing.B) {
			rects, vs := Cells(Layout2x2, tc.w, tc.h, Views)
			imgs := make([]*image.RGBA, len(rects))
			for i, rc := range rects {
				imgs[i] = image.NewRGBA(image.Rect(0, 0, rc.Dx(), rc.Dy()))
			}
			o := Options{Layers: tc.l}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, v := range vs {
					r.Pane(imgs[j], f, v, o)
				}
			}
		})
	}
}

// A click maps back to the world point drawn there.
func TestWorldAtInvertsTheShooterCamera(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 3*model.Second)
	o := Options{Scale: 2}
	seen := f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.TargetPawn].Pos
	p := &pane{f: f, o: o, s: 2, w: 1000, h: 600}
	p.frame(ViewShooter)
	x, y := p.cam.px(seen)
	if got := WorldAt(f, ViewShooter, o, 1000, 600, x, y); got.Dist(seen) > 1e-9 {
		t.Fatalf("click on the target at (%v,%v) maps to %v, want %v", x, y, got, seen)
	}
}

// rocketFrame is the projectile document's configuration mid-flight,
// with a wall to detonate on and a strafing target.
func rocketFrame(t *testing.T, at model.Time) *lagcomp.Frame {
	c := lagcomp.Defaults()
	c.Weapon, c.Bias, c.LatencyReductionMs, c.MaxPredictionPingMs, c.FireIntervalMs = lagcomp.WeaponRocket, 0.5, 15, 100, 400
	c.Up.LatencyMs, c.Down.LatencyMs = 70, 70
	c.Walls, _ = model.ParseWalls("26,-8,27,8")
	return frameAt(t, c, at)
}

// The three debug draws of the projectile document, each alone.
func TestGoldenProjectileDebugDraws(t *testing.T) {
	f := rocketFrame(t, 3300*model.Millisecond)
	r := NewRenderer()
	for _, c := range []struct {
		name string
		view View
		on   func(*Layers) *bool
	}{
		{"projectile-debug-mode", ViewShooter, func(l *Layers) *bool { return &l.ProjectileDebug }},
		{"draw-spawn-position", ViewServer, func(l *Layers) *bool { return &l.SpawnPosition }},
		{"draw-final-position", ViewServer, func(l *Layers) *bool { return &l.FinalPosition }},
	} {
		l := Layers{Labels: true}
		*c.on(&l) = true
		img, err := r.Render(f, string(c.view), 800, 500, Options{Layers: l})
		if err != nil {
			t.Fatal(err)
		}
		golden(t, c.name, img)
	}
	// and each toggle changes the picture
	for _, n := range LayerNames[len(LayerNames)-3:] {
		on, off := DefaultLayers(), DefaultLayers()
		*n.Field(&on), *n.Field(&off) = true, false
		a, _ := r.Render(f, "split", 800, 500, Options{Layers: on})
		b, _ := r.Render(f, "split", 800, 500, Options{Layers: off})
		if string(a.Pix) == string(b.Pix) {
			t.Errorf("%s changes nothing", n.Name)
		}
	}
}
