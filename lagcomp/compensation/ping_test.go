package compensation

import (
	"slices"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// The latency-tracking article's rewind: GetPredictionTime of the ping
// the client reported (or the server measured), checked against the
// measurement and less PredictionLatencyReduction.
func TestPingRewindsByGetPredictionTime(t *testing.T) {
	now := model.Ms(10_000)
	known := func(ms float64) ExactPing { return ExactPing{Ms: ms, Known: true} }
	for _, c := range []struct {
		name               string
		reported, measured ExactPing
		overflow           bool
		reduction          float64
		rewind             model.Time
		rules              []rule.Rule
	}{
		{"reported", known(100), known(90), false, 0, model.Ms(180), nil},
		{"measured when none reported", ExactPing{}, known(50), false, 0, model.Ms(90), []rule.Rule{rule.PingNotReported}},
		{"unknown", ExactPing{}, ExactPing{}, false, 0, 0, []rule.Rule{rule.PingUnknown}},
		{"inflated", known(300), known(80), false, 0, model.Ms(234), []rule.Rule{rule.PingInflated}},
		{"reduced", known(100), known(100), false, 30, model.Ms(126), nil},
		{"overflow", known(1020), ExactPing{}, true, 0, model.MsF(255 * 1.8), []rule.Rule{rule.PingOverflow, rule.MaxPredictionPing}},
		// the cap: 400 ms of ping rewinds 1.8 x 255, not 1.8 x 400, and says so
		{"above MaxPredictionPing", known(400), known(400), false, 0, model.MsF(255 * 1.8), []rule.Rule{rule.MaxPredictionPing}},
		{"at MaxPredictionPing", known(255), known(255), false, 0, model.MsF(255 * 1.8), nil},
		{"under it after the reduction", known(265), known(265), false, 15, model.MsF(250 * 1.8), nil},
		{"measured, then clamped", ExactPing{}, known(300), false, 0, model.MsF(255 * 1.8), []rule.Rule{rule.PingNotReported, rule.MaxPredictionPing}},
	} {
		sh := at(now, 0)
		sh.Settings.MaxRewindMs, sh.Settings.LatencyReductionMs = 5000, c.reduction
		sh.Conn.Reported, sh.Conn.Measured, sh.Conn.Overflow = c.reported, c.measured, c.overflow
		rw := RewindTo(Ping, sh)
		if now-rw.To != c.rewind || !slices.Equal(rw.Rules, c.rules) || rw.HasClaimed {
			t.Errorf("%s: rewound %v with %v, want %v with %v", c.name, now-rw.To, rw.Rules, c.rewind, c.rules)
		}
	}
}
