package views

import (
	"image"
	"testing"

	"lagscope/presets"
)

// The projectile slide (projectile-bias-1, moment 1) frames the wall the
// newest rocket flies at in the Overlay, drawn and in the legend, so "the
// auth reaches the wall first" can be seen; and where a fake and its
// authoritative twin lie on each other both stay seen: the green dot on
// top, a magenta rim round it.
func TestProjectileOverlayShowsTheWallAndBothTwins(t *testing.T) {
	pr, err := presets.Load("projectile-bias-1")
	if err != nil {
		t.Fatal(err)
	}
	c, err := pr.Config()
	if err != nil {
		t.Fatal(err)
	}
	ms, err := pr.FindMoments(c)
	if err != nil || len(ms) == 0 || !ms[0].Found {
		t.Fatalf("no moment 1 (%v)", err)
	}
	f := frameAt(t, c, ms[0].At)
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	r.Pane(img, f, ViewOverlay, Options{Layers: DefaultLayers(), Scale: 2})
	p := r.last
	newest := &f.Projectiles[len(f.Projectiles)-1]
	at, ok := p.wallAhead(newest)
	if !ok {
		t.Fatalf("%s flies at no wall", projName(newest))
	}
	x, y := p.cam.px(at)
	ax, ay, aw, ah := p.area()
	if x < ax || x > ax+aw || y < ay || y > ay+ah {
		t.Errorf("the wall %s flies at (%.0f, %.0f) is out of the drawing area", projName(newest), x, y)
	}
	if !p.drew[keyWall] {
		t.Errorf("no wall in the legend: %q", legendText(p.drew, Dark))
	}

	// twins on each other
	g := *f
	g.Projectiles = append(g.Projectiles[:0:0], f.Projectiles...)
	tw := &g.Projectiles[len(g.Projectiles)-1]
	tw.Fake.Alive, tw.AuthCopy.Alive = true, true
	tw.Fake.Pos = tw.AuthCopy.Pos
	img = image.NewRGBA(image.Rect(0, 0, 960, 540))
	r.Pane(img, &g, ViewOverlay, Options{Layers: DefaultLayers(), Scale: 2})
	cx, cy := r.last.cam.px(tw.AuthCopy.Pos)
	if n := countIn(img, AuthGreen, int(cx)-2, int(cy)-2, int(cx)+2, int(cy)+2); n == 0 {
		t.Errorf("the authoritative twin is hidden at (%.0f, %.0f)", cx, cy)
	}
	rim := 9 // between the green dot (4 px at scale 1) and the magenta (5.5), at scale 2
	if n := countIn(img, FakeMagnta, int(cx)-rim-1, int(cy)-1, int(cx)-rim+1, int(cy)+1); n == 0 {
		t.Errorf("no magenta rim round the twins at (%.0f, %.0f)", cx, cy)
	}
}
