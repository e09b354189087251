package views

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// Each pane's legend lists what that pane drew: the legends of every
// shipped preset's panes at 3 s, as words, against testdata/legends.txt
// (rewritten by -update; read it: each line should match its picture).
func TestGoldenLegends(t *testing.T) {
	all, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer()
	var b strings.Builder
	for _, pr := range all {
		c, err := pr.Config()
		if err != nil {
			t.Fatal(err)
		}
		f := frameAt(t, c, 3*model.Second)
		for _, v := range Views[:4] { // the packet diagram has its own legend
			img := image.NewRGBA(image.Rect(0, 0, 960, 540))
			r.Pane(img, f, v, Options{Layers: DefaultLayers()})
			legend := legendText(r.last.drew, Dark)
			fmt.Fprintf(&b, "%s %s: %s\n", pr.Name, v, legend)
			if !c.Weapon.IsProjectile() && strings.Contains(legend, "projectile") {
				t.Errorf("%s %s: a hitscan scene's legend lists projectiles: %s", pr.Name, v, legend)
			}
			if c.Weapon.IsProjectile() && v != ViewTarget && !strings.Contains(legend, "projectile") {
				t.Errorf("%s %s: a projectile scene's legend lists no projectile: %s", pr.Name, v, legend)
			}
		}
	}
	path := filepath.Join("testdata", "legends.txt")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, []byte(b.String())) {
		t.Fatalf("legends differ from %s:\n%s", path, b.String())
	}
}

// Turning a layer off takes its entry out of the legend.
func TestLegendFollowsTheLayers(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 5200*model.Millisecond)
	r := NewRenderer()
	legend := func(v View, l Layers) string {
		img := image.NewRGBA(image.Rect(0, 0, 800, 500))
		r.Pane(img, f, v, Options{Layers: l})
		return legendText(r.last.drew, Dark)
	}
	on := allLayers()
	for _, c := range []struct {
		v     View
		layer func(*Layers) *bool
		entry string
	}{
		{ViewServer, func(l *Layers) *bool { return &l.Trail }, "history"},
		{ViewServer, func(l *Layers) *bool { return &l.Traces }, "trace"},
		{ViewShooter, func(l *Layers) *bool { return &l.InterpBuffer }, "snapshots"},
		{ViewShooter, func(l *Layers) *bool { return &l.ServerNow }, "server now"},
		{ViewShooter, func(l *Layers) *bool { return &l.ClientSeen }, "client saw"},
		{ViewTarget, func(l *Layers) *bool { return &l.ClientSeen }, "shooter as this client shows it"},
		{ViewOverlay, func(l *Layers) *bool { return &l.Rewound }, "server rewound"},
	} {
		off := on
		*c.layer(&off) = false
		if !strings.Contains(legend(c.v, on), c.entry) {
			t.Errorf("%s with every layer: no %q in %q", c.v, c.entry, legend(c.v, on))
		}
		if got := legend(c.v, off); strings.Contains(got, c.entry) {
			t.Errorf("%s with the layer off still lists %q: %q", c.v, c.entry, got)
		}
	}
}

// Red is what the shooter's client saw, and only that: the Target pane
// draws the shooter as the victim shows it in its own colour, so not one
// pixel of it is red.
func TestTargetPaneHasNoRed(t *testing.T) {
	c := lagcomp.Defaults()
	f := frameAt(t, c, 5200*model.Millisecond)
	img := image.NewRGBA(image.Rect(0, 0, 800, 500))
	NewRenderer().Pane(img, f, ViewTarget, Options{Layers: allLayers()})
	if n := count(img, ClientRed); n != 0 {
		t.Fatalf("%d red pixels in the target pane", n)
	}
	if count(img, VictimOrange) < 50 {
		t.Fatal("the shooter is not drawn in the victim's colour")
	}
}

// Every legend swatch, drawn once: testdata/legend-all.png.
func TestGoldenLegendSwatches(t *testing.T) {
	r := NewRenderer()
	var half [2]keys
	for k := key(0); k < keyCount; k++ {
		half[int(k)*2/int(keyCount)][k] = true
	}
	img := image.NewRGBA(image.Rect(0, 0, 1500, 2*legendH))
	for i, drew := range half {
		strip := image.NewRGBA(image.Rect(0, 0, 1500, legendH))
		p := newTestPane(r, strip)
		p.h = legendH
		p.drew = drew
		p.drawLegend(1, false)
		copy(img.Pix[i*len(strip.Pix):], strip.Pix)
	}
	golden(t, "legend-all", img)
}

// A thin line within a pixel of a thicker one is hidden by it; one that
// strays by more shows (and keeps its legend entry). At 10 px a metre, a
// client trace ending 5 cm off the server's lies under it; 30 cm off, or
// shorter by a metre but 30 cm aside, shows.
func TestUnderSegmentIsWithinAPixel(t *testing.T) {
	p := newTestPane(NewRenderer(), image.NewRGBA(image.Rect(0, 0, 400, 200)))
	p.cam = camera{0, 0, 400, 200, 0, 0, 10}
	o, end := model.V(-10, 0), model.V(10, 0)
	for _, c := range []struct {
		a0, a1 model.Vec
		under  bool
	}{
		{o, end, true},
		{o, model.V(10, 0.05), true},
		{o, model.V(5, 0), true}, // shorter, on the line
		{o, model.V(10, 0.3), false},
		{model.V(-10, 0.3), model.V(9, 0.3), false},
		{o, model.V(12, 0), false}, // runs on past the server's end
	} {
		if got := p.underSegment(c.a0, c.a1, o, end); got != c.under {
			t.Errorf("%v–%v under %v–%v: %v, want %v", c.a0, c.a1, o, end, got, c.under)
		}
	}
	if d := segDist(3, 4, 0, 0, 0, 0); d != 5 {
		t.Errorf("distance to a point segment %v, want 5", d)
	}
	if d := segDist(5, 2, 0, 0, 10, 0); d != 2 {
		t.Errorf("distance to a segment's middle %v, want 2", d)
	}
	if d := segDist(13, 4, 0, 0, 10, 0); d != 5 {
		t.Errorf("distance past a segment's end %v, want 5", d)
	}
}

// The grid's spacing keeps 5 m where it draws well, widens where its
// lines would crowd, and narrows where fewer than three would cross a
// zoomed-in pane, so "grid N m" names lines one can count.
func TestGridStepShowsLinesOneCanCount(t *testing.T) {
	for _, c := range []struct {
		ppm, long, s, want float64
	}{
		{20, 800, 1, 5},     // 100 px apart, 8 lines
		{4, 800, 1, 25},     // 5 m would be 20 px apart
		{0.5, 800, 1, 100},  // even 25 m crowds
		{100, 800, 1, 2.5},  // 5 m is 500 px: one line; 2.5 m gives three
		{400, 800, 1, 0.5},  // 0.5 m is 200 px: four lines
		{5000, 800, 1, 0.1}, // as narrow as it goes
		{20, 1600, 2, 5},    // 100 px apart at scale 2 is fine
		{10, 1600, 2, 25},   // 50 px at scale 2 crowds (30 px a scale)
	} {
		if got := gridStep(c.ppm, c.long, c.s); got != c.want {
			t.Errorf("gridStep(ppm %v, %v px, scale %v) = %v m, want %v", c.ppm, c.long, c.s, got, c.want)
		}
	}
}
