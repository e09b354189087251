package views

import (
	"image"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/presets"
)

// The trail-reset slide (teleport-no-reset, moment 2) draws the
// mechanism in the Server pane and the Overlay: the selected shot's
// rewind ran between two samples farther apart than a move, its rewound
// box lies on the line between them (interpolation), and both spawns are
// named and in the legend with the invented path. With the trail reset
// on a teleport the same moment draws none of it.
func TestTeleportDrawsTheInventedPath(t *testing.T) {
	pr, err := presets.Load("teleport-no-reset")
	if err != nil {
		t.Fatal(err)
	}
	c, err := pr.Config()
	if err != nil {
		t.Fatal(err)
	}
	ms, err := pr.FindMoments(c)
	if err != nil || len(ms) < 2 || !ms[1].Found {
		t.Fatalf("no moment 2 (%v)", err)
	}
	m := ms[1]
	draw := func(c lagcomp.Config, v View) *pane {
		f := frameAt(t, c, m.At)
		r := NewRenderer()
		img := image.NewRGBA(image.Rect(0, 0, 960, 540))
		r.Pane(img, f, v, Options{Layers: DefaultLayers(), Scale: 2, Selected: m.Shot})
		return r.last
	}
	for _, v := range []View{ViewServer, ViewOverlay} {
		p := draw(c, v)
		sel := p.selected()
		a, b, ok := p.teleportCrossed(sel)
		if !ok {
			t.Fatalf("%s: shot #%d's rewind crossed no teleport", v, sel.Seq)
		}
		if d := segDist(sel.Rewound.Pos.X, sel.Rewound.Pos.Y, a.Pose.Pos.X, a.Pose.Pos.Y, b.Pose.Pos.X, b.Pose.Pos.Y); d > 1e-6 {
			t.Errorf("%s: the rewound box is %.3g m off the invented path", v, d)
		}
		for _, want := range []string{"old spawn", "new spawn"} {
			if !slices.ContainsFunc(p.placedText, func(s string) bool { return strings.HasPrefix(s, want) }) {
				t.Errorf("%s: no label %q placed: %q", v, want, p.placedText)
			}
		}
		if !p.drew[keyTeleport] || !p.drew[keyInvented] {
			t.Errorf("%s: legend %q lacks the spawns or the invented path", v, legendText(p.drew, Dark))
		}
	}
	c.TrailReset = true
	for _, v := range []View{ViewServer, ViewOverlay} {
		if p := draw(c, v); p.drew[keyTeleport] || p.drew[keyInvented] {
			t.Errorf("%s with trail_reset: draws a teleport crossed", v)
		}
	}
}
