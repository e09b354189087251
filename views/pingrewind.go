package views

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/rule"
)

// pingRewindLine works the ping mode's rewind out as its article does
// ("Lag Compensation in Unreal Engine 4, Part 2: Latency Tracking",
// GetPredictionTime): PredictionCorrectionFactor × the ping the server
// used, "1.8 × 113.7 ms ping = 204.7 ms", so the slide shows the factor
// at work. The ping is the rewind over the factor (plus the
// latency_reduction_ms taken off it): the record keeps the rewind, and
// the factor is the run's. A shot the clamp shaped says the clamp's
// figure; one whose rewind something else decided (no ping known, the
// max_rewind_ms cap), a record with no run behind it (--records: no
// factor known) or another mode has no such line.
func pingRewindLine(r *lagcomp.ShotRecord, c lagcomp.Config) (string, bool) {
	k := c.CorrectionFactor
	if r.Mode != compensation.Ping || c.Mode != compensation.Ping || k <= 0 ||
		r.HasRule(rule.PingUnknown) || r.HasRule(rule.MaxRewindCap) {
		return "", false
	}
	rewind := r.RewindMs()
	if r.HasRule(rule.MaxPredictionPing) {
		return fmt.Sprintf("rewind = %s × %.1f ms (max_prediction_ping_ms; the ping was more) = %.1f ms", factor(k), c.MaxPredictionPingMs, rewind), true
	}
	if red := c.LatencyReductionMs; red > 0 {
		return fmt.Sprintf("rewind = %s × (%.1f ms ping − %.0f ms latency_reduction_ms) = %.1f ms", factor(k), rewind/k+red, red, rewind), true
	}
	return fmt.Sprintf("rewind = %s × %.1f ms ping = %.1f ms", factor(k), rewind/k, rewind), true
}

// factor writes a correction factor as the article does: 1.8, not 1.80.
func factor(k float64) string { return fmt.Sprintf("%g", k) }
