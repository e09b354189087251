package app

import (
	"testing"

	"lagscope/lagcomp"
)

// The Scene tab sets the health keys: each slider and selector moves its
// key in the config the run takes (health, damage, respawn, the dead
// shooter's rule and its trade window, hit feedback), and the compensation tab sets
// client_checked's two bounds.
func TestSceneTabSetsHealthAndTheDeadShootersRule(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 10)
	u.control("health").setSlider(100)
	u.control("damage_body").setSlider(34)
	u.control("damage_head").setSlider(100)
	u.control("respawn_ms").setSlider(1500)
	u.control("dead_shooter").sel.SetSelected(string(lagcomp.DeadShooterTrade))
	u.control("trade_window_ms").setSlider(120)
	u.control("hit_feedback").sel.SetSelected(string(lagcomp.HitFeedbackPredicted))
	u.control("hit_leeway_m").setSlider(0.25)
	u.control("view_dot_min").setSlider(0.9)
	c := u.config()
	if c.Health != 100 || c.DamageBody != 34 || c.DamageHead != 100 || c.RespawnMs != 1500 ||
		c.DeadShooter != lagcomp.DeadShooterTrade || c.TradeWindowMs != 120 || c.HitFeedback != lagcomp.HitFeedbackPredicted || c.HitLeewayM != 0.25 || c.ViewDotMin != 0.9 {
		t.Fatalf("config: health %d, damage %d/%d, respawn %v, dead shooter %q, window %v, leeway %v, view dot %v",
			c.Health, c.DamageBody, c.DamageHead, c.RespawnMs, c.DeadShooter, c.TradeWindowMs, c.HitLeewayM, c.ViewDotMin)
	}
	clk.run(u, 20) // the run takes them
	if u.frame.Load() == nil {
		t.Fatal("no frame")
	}
}
