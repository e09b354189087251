package views

import (
	"image"
	"testing"

	"lagscope/model"
	"lagscope/presets"
)

// The Overlay's peeker's-advantage box: three lines in a duel (the
// breakdown, the sightings, the winner), none without one.
func TestOverlayDuelBox(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	notes := func(duel bool) int {
		c.Duel = duel
		f := frameAt(t, c, 2*model.Second)
		if (f.Duel != nil) != duel {
			t.Fatalf("duel %v: frame's Duel %v", duel, f.Duel)
		}
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 960, 540)), f, ViewOverlay, Options{Layers: DefaultLayers()})
		return r.last.notes
	}
	if with, without := notes(true), notes(false); with != without+3 {
		t.Fatalf("overlay notes: %d with the duel, %d without; want 3 more", with, without)
	}
}
