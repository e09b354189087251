package compensation

import (
	"slices"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Source: the command's tick less its interpolation, believed within
// source_window_ms of latency + interpolation; farther off, the estimate
// is used (itself capped at max_rewind_ms of latency).
func TestSourceChecksTheCommandTimeAgainstItsEstimate(t *testing.T) {
	now := model.Ms(10_000)
	for _, c := range []struct {
		name     string
		tick     model.Time // how long ago the command's tick was
		measured ExactPing
		rewind   model.Time
		rules    []rule.Rule
	}{
		{"believed", model.Ms(200), ExactPing{Ms: 100, Known: true}, model.Ms(250), nil},
		{"no estimate yet", model.Ms(200), ExactPing{}, model.Ms(250), nil},
		{"too far back", model.Ms(800), ExactPing{Ms: 100, Known: true}, model.Ms(200), []rule.Rule{rule.SourceWindow}},
		{"estimate capped", model.Ms(1200), ExactPing{Ms: 400, Known: true}, model.Ms(300), []rule.Rule{rule.SourceWindow, rule.MaxRewindCap}},
	} {
		sh := at(now, 0)
		sh.Timing = Timing{TickTime: now - c.tick, Interp: model.Ms(50)}
		sh.Settings.SourceWindowMs = 200
		sh.Conn.Measured = c.measured
		rw := RewindTo(Source, sh)
		if now-rw.To != c.rewind || !slices.Equal(rw.Rules, c.rules) || !rw.HasClaimed || rw.Claimed != now-c.tick-model.Ms(50) {
			t.Errorf("%s: rewound %v with %v (claimed %v), want %v with %v", c.name, now-rw.To, rw.Rules, now-rw.Claimed, c.rewind, c.rules)
		}
	}
}
