package views

import (
	"image"
	"slices"
	"strings"
	"testing"

	"lagscope/model"
	"lagscope/presets"
)

// A pawn the server killed (health > 0) is drawn as such in every world
// pane that shows it: peekers-advantage's peeker, killed at 203 ms on
// seed 1, is named dead at 0.6 s by the server's pane, the holder's
// screen (told by the snapshot) and its own screen; alive, none says so.
func TestDeadPawnIsNamedDead(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	for _, health := range []int{0, 100} {
		c.Health = health
		f := frameAt(t, c, 600*model.Millisecond)
		for v, name := range map[View]string{ViewServer: "target (dead)", ViewShooter: "target (dead)", ViewTarget: "you (target) (dead)"} {
			r := NewRenderer()
			r.Pane(image.NewRGBA(image.Rect(0, 0, 960, 540)), f, v, Options{Layers: DefaultLayers()})
			var texts []string
			for _, l := range r.last.labels {
				texts = append(texts, l.text)
			}
			// the own pawn's tag may go on with its unacked inputs
			dead := slices.ContainsFunc(texts, func(l string) bool { return l == name || strings.HasPrefix(l, name+" · ") })
			if dead != (health > 0) {
				t.Errorf("health %d, %s pane: labels %q", health, v, texts)
			}
		}
	}
}
