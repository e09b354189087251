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
		p.drawLegend(1)
		copy(img.Pix[i*len(strip.Pix):], strip.Pix)
	}
	golden(t, "legend-all", img)
}
