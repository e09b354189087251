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

// Source clamps only its own estimate to sv_maxunlag (max_rewind_ms +
// interp_ms): a command tick it believes is honoured however far back,
// as far as the history reaches. Without an estimate to clamp (no ping:
// the handshake never completed) the shared cap still holds the claim.
func TestSourceHonoursABelievedTickBeyondItsClamp(t *testing.T) {
	now := model.Ms(10_000)
	for _, c := range []struct {
		name     string
		tick     model.Time // how long ago the command's tick was (its interpolation, 50 ms, is added)
		measured ExactPing
		capMs    float64
		rewind   model.Time
		rules    []rule.Rule
	}{
		// the estimate, 400 + 100, is clamped to 200 + 100; the claim,
		// 450 back, is 150 from it: believed, and rewound to past the
		// clamp; at 500 it is 200 off, still believed; beyond, replaced
		{"believed beyond the clamp", model.Ms(400), ExactPing{Ms: 400, Known: true}, 200, model.Ms(450), nil},
		{"at the window's edge", model.Ms(450), ExactPing{Ms: 400, Known: true}, 200, model.Ms(500), nil},
		{"one microsecond too far", model.Ms(450) + 1, ExactPing{Ms: 400, Known: true}, 200, model.Ms(300), []rule.Rule{rule.SourceWindow, rule.MaxRewindCap}},
		{"far back, unclamped", model.Ms(1900), ExactPing{Ms: 1800, Known: true}, 5000, model.Ms(1950), nil},
		{"no estimate: the shared cap", model.Ms(400), ExactPing{}, 200, model.Ms(300), []rule.Rule{rule.MaxRewindCap}},
	} {
		sh := at(now, 0)
		sh.Timing = Timing{TickTime: now - c.tick, Interp: model.Ms(50)}
		sh.Settings.SourceWindowMs, sh.Settings.MaxRewindMs = 200, c.capMs
		sh.Conn.Measured = c.measured
		rw := RewindTo(Source, sh)
		if now-rw.To != c.rewind || !slices.Equal(rw.Rules, c.rules) {
			t.Errorf("%s: rewound %v with %v, want %v with %v", c.name, now-rw.To, rw.Rules, c.rewind, c.rules)
		}
	}
	if !KeepsTrail(Source) || KeepsTrail(Timestamp) || KeepsTrail(Ping) || KeepsTrail(None) {
		t.Error("only Source keeps its history across a teleport")
	}
}
