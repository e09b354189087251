package views

import (
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/burst"
	"lagscope/model"
)

// burstScene: short bursts and single shots under loss, two observers,
// the second walking out of relevancy and back.
func burstScene(enc burst.Encoding) lagcomp.Config {
	c := lagcomp.Defaults()
	c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = lagcomp.WeaponRapid, 66.7, 3, 350
	c.TriggerHoldMs = 20
	c.Down.LossPct, c.Down.JitterMs = 15, 30
	c.NetUpdateHz = 20
	c.Observers, c.RelevancyM = 2, 40
	c.Observer = model.Motion{Kind: model.Strafe, Origin: model.V(0, 30), Heading: math.Pi / 2, Speed: 12, Amplitude: 20}
	c.BurstEncoding = enc
	c.BurstCreationCheck = false
	return c
}

func TestGoldenFireLanes(t *testing.T) {
	r := NewRenderer()
	naive := frameAt(t, burstScene(burst.Naive), 9500*model.Millisecond)
	img, err := r.Render(naive, "burst", 1600, 800, Options{Layers: DefaultLayers()})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "burst-naive-loss", img)
	c := burstScene(burst.Robust)
	c.BurstAutoLoop = true
	robust := frameAt(t, c, 7*model.Second)
	img, _ = r.Render(robust, "burst", 1200, 700, Options{Layers: DefaultLayers(), Palette: Light})
	golden(t, "burst-robust-light", img)
}

// The lane view draws what the frame holds: a frame with no effects
// played draws no flash, and one without fire data says so.
func TestFireLanesNeedData(t *testing.T) {
	f := frameAt(t, burstScene(burst.Robust), 3*model.Second)
	if len(f.Fire.Lanes) != 3 || len(f.Fire.Shots) == 0 || len(f.Fire.Lanes[0].Effects) == 0 {
		t.Fatalf("the scene should have shots and effects: %d lanes, %d shots", len(f.Fire.Lanes), len(f.Fire.Shots))
	}
	g := *f
	g.Fire = nil
	r := NewRenderer()
	if _, err := r.Render(&g, "burst", 800, 400, Options{}); err != nil {
		t.Fatal(err)
	}
}
