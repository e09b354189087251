package lagcomp

import (
	"math"
	"strconv"
	"testing"

	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// stampRun is the source-cs preset's keys at stamp precision p under 20 %
// loss and 40 ms of jitter on each player's own link, run for 15 s.
func stampRun(t *testing.T, p compensation.Precision, seed int, set ...string) *Sim {
	t.Helper()
	return stampSim(t, 15*model.Second, p, seed, set...)
}

// stampSim is stampRun's, run for d.
func stampSim(t *testing.T, d model.Time, p compensation.Precision, seed int, set ...string) *Sim {
	t.Helper()
	m := map[string]string{"mode": "source", "tick_hz": "66", "snapshot_hz": "20", "fps": "100", "interp_ms": "100",
		"max_rewind_ms": "900", "max_trail_ms": "1000", "source_window_ms": "200", "network": "broadband",
		"fire_interval_ms": "150", "stamp_precision": string(p), "seed": strconv.Itoa(seed),
		"loss_pct": "20", "jitter_ms": "40", "victim_loss_pct": "20", "victim_jitter_ms": "40"}
	return runKeys(t, d, with(m, set...))
}

// Source's rule, by hand: the usercmd's tick_count is the client's whole
// tick (its clock's time, the frame's remainder dropped), the lerp is
// (int)(0.5 + cl_interp / TICK_INTERVAL), and the server rewinds to
// tick_count − lerp ticks (a timestamp-mode stamp is the same whole
// tick). At 66 Hz and 100 ms: 6.6 → 7 ticks. Each
// judged shot the window believed is checked against the client's own
// clock reading at the pull; the rewind lies 7 ticks less the remainder
// behind what the client drew (6.06 to 21.2 ms), so used and ideal
// rewinds differ on every shot, where continuous stamps agree on all.
func TestWholeTickRewindsAreSourcesRule(t *testing.T) {
	hz, interp := 66.0, 0.100          // tick_hz, cl_interp in seconds
	lerp := int64(0.5 + interp/(1/hz)) // TIME_TO_TICKS
	if lerp != 7 {
		t.Fatalf("TIME_TO_TICKS(100 ms) at 66 Hz = %d, want 7", lerp)
	}
	tickTime := func(n int64) model.Time { return model.Time(n * 1000000 / 66) }
	checked, windowed, drawn := 0, 0, 0
	for seed := 1; seed <= 4; seed++ {
		mode := []string{"source", "timestamp"}[seed%2]
		s := stampRun(t, compensation.Tick, seed, "mode", mode)
		for _, r := range s.Shots.Records() {
			if r.Outcome != OutcomeJudged {
				continue
			}
			if r.HasRule(rule.SourceWindow) {
				windowed++
				continue
			}
			cmd := s.pending.At(int(r.Seq) - 1).cmd
			clockAt := cmd.TickTime // the client's clock at the pull, to the microsecond
			n := int64(math.Floor(float64(clockAt) * hz / 1e6))
			for tickTime(n+1) <= clockAt {
				n++
			}
			for tickTime(n) > clockAt {
				n--
			}
			if r.Stamp.Precision != compensation.Tick || r.Stamp.Tick != n || r.Stamp.LerpTicks != lerp {
				t.Fatalf("seed %d shot %d: stamped %+v, want tick_count %d and %d lerp ticks (clock %v)", seed, r.Seq, r.Stamp, n, lerp, clockAt)
			}
			if want := tickTime(n - lerp); r.RewindTo != want || r.Claimed != want {
				t.Fatalf("seed %d shot %d: rewound to %v (claimed %v), Source's rule gives tick %d − %d = %v", seed, r.Seq, r.RewindTo, r.Claimed, n, lerp, want)
			}
			// what the client drew (its clock exact: the clock less interp_ms)
			if r.IdealTo == clockAt-model.Ms(100) {
				if d := r.IdealTo - r.RewindTo; d < 6060 || d > 21213 {
					t.Fatalf("seed %d shot %d: the whole tick lies %v behind the time drawn, want 6.06–21.2 ms", seed, r.Seq, d)
				}
				drawn++
			}
			checked++
		}
	}
	if checked < 100 || windowed > checked/10 || drawn < checked/2 {
		t.Fatalf("%d shots checked (%d against what was drawn), %d fell back to the server's estimate: the test proves little", checked, drawn, windowed)
	}
	t.Logf("%d shots on Source's rule (%d against what was drawn), %d fell back to the estimate", checked, drawn, windowed)
}

// Source's fallback is whole ticks too: a forged tick more than
// source_window_ms off is replaced by tickcount − TIME_TO_TICKS(correct),
// a tick time, where continuous stamps fall back to the estimate to the
// microsecond.
func TestWholeTickFallbackIsAWholeTick(t *testing.T) {
	tick := model.TickTime(1, 66)
	for _, p := range []compensation.Precision{compensation.Tick, compensation.Continuous} {
		s := stampRun(t, p, 1, "cheat_stamp_ms", "300", "loss_pct", "0", "victim_loss_pct", "0", "jitter_ms", "0", "victim_jitter_ms", "0")
		whole, windowed := 0, 0
		for _, r := range s.Shots.Records() {
			if !r.HasRule(rule.SourceWindow) {
				continue
			}
			windowed++
			if n := compensation.TickAt(r.RewindTo, 66); model.TickTime(n, 66) == r.RewindTo {
				whole++
			}
		}
		switch {
		case windowed < 20:
			t.Fatalf("%s: %d forged ticks refused", p, windowed)
		case p == compensation.Tick && whole != windowed:
			t.Errorf("tick: %d of %d fallbacks on a whole tick", whole, windowed)
		case p == compensation.Continuous && whole > windowed/2:
			t.Errorf("continuous: %d of %d fallbacks on a whole tick (of %v): the test cannot tell", whole, windowed, tick)
		}
	}
}

// Sub-tick stamps carry the pull: the server rewinds to the time the
// client drew then (the interpolation state's time, within the float's
// error: a microsecond), whatever its clock said; the render tick and
// fraction are the clock's render time. Under a clock 30 ms off
// (clock_sync = none) the continuous stamp carries the error and the
// sub-tick rewind does not.
func TestSubtickRewindsToThePull(t *testing.T) {
	checked, between, held := 0, 0, 0
	for seed := 1; seed <= 4; seed++ {
		for _, clockOff := range []string{"0", "30"} {
			s := stampRun(t, compensation.Subtick, seed, "clock_sync", "none", "clock_offset_ms", clockOff)
			for _, r := range s.Shots.Records() {
				if r.Outcome != OutcomeJudged || r.HasRule(rule.SourceWindow) {
					continue
				}
				cmd := s.pending.At(int(r.Seq) - 1).cmd
				st := r.Stamp
				if d := r.RewindTo - r.IdealTo; d < -1 || d > 1 || r.HasRule(rule.ClockError) {
					t.Fatalf("seed %d offset %s shot %d: rewound to %v, drawn %v (%v)", seed, clockOff, r.Seq, r.RewindTo, r.IdealTo, r.Rules)
				}
				render := cmd.TickTime - cmd.Interp // the clock's render time
				a, b := model.TickTime(st.Tick, 66), model.TickTime(st.Tick+1, 66)
				if got := float64(a) + float64(st.Fraction)*float64(b-a); math.Abs(got-float64(render)) > 1 || st.Fraction < 0 || st.Fraction >= 1 {
					t.Fatalf("seed %d shot %d: render tick %d + %v is %v µs, the clock's render time %v", seed, r.Seq, st.Tick, st.Fraction, got, render)
				}
				switch {
				case st.InterpTo > st.InterpFrom:
					between++
				case st.InterpTo == st.InterpFrom:
					held++
				default:
					t.Fatalf("seed %d shot %d: interpolation from tick %d to %d", seed, r.Seq, st.InterpFrom, st.InterpTo)
				}
				checked++
			}
		}
	}
	if checked < 200 || between < checked/2 {
		t.Fatalf("%d shots checked, %d between two snapshots, %d held one", checked, between, held)
	}
	// the continuous stamp, on the same clock, carries its error
	cont := stampRun(t, compensation.Continuous, 1, "clock_sync", "none", "clock_offset_ms", "30")
	off := 0
	for _, r := range cont.Shots.Records() {
		if r.Outcome == OutcomeJudged && !r.HasRule(rule.SourceWindow) && r.RewindTo-r.IdealTo > model.Ms(25) {
			off++
		}
	}
	if off < 10 {
		t.Fatalf("continuous under a 30 ms clock error: %d shots rewound 25 ms late; the test cannot tell", off)
	}
}

// Continuous is the stamp as it was before the key: Sent leaves every
// timing as it is and carries nothing more, so no figure moves.
func TestContinuousStampIsTheTimeAsBefore(t *testing.T) {
	for i := range 1000 {
		tm := compensation.Timing{Stamp: model.Time(i*7919 - 3000), HasStamp: i%3 != 0, StartFire: i%5 == 0,
			TickTime: model.Time(i * 7919), Interp: model.Time(i % 4 * 33333), StampLessInterp: i%2 == 0,
			Drawn: model.Time(i*7919 - 100000), DrawnFrom: model.Time(i * 50000), DrawnTo: model.Time(i*50000 + 50000), Lerped: i%7 != 0}
		for _, hz := range []int{20, 64, 66, 128} {
			got, st := tm.Sent(compensation.Continuous, hz)
			if got != tm || st != (compensation.Stamp{Precision: compensation.Continuous}) {
				t.Fatalf("Sent(continuous) of %+v at %d Hz: %+v, %+v", tm, hz, got, st)
			}
		}
	}
}

// The interpolation state a sub-tick command sends is the one the client
// drew: the target's poses at the two snapshots' ticks (the server's
// records there), lerped by the fraction, are where the client saw it —
// across the gaps lost snapshots leave too (a pair more than one snapshot
// apart), which a rewind to the time alone would not reproduce.
func TestSubtickSendsTheInterpolationDrawn(t *testing.T) {
	checked, gaps := 0, 0
	for seed := 1; seed <= 4; seed++ {
		s := stampSim(t, 0, compensation.Subtick, seed)
		cfg, m := &s.cfg, &s.Server.Pawns[TargetPawn]
		done := 0
		for at := 250 * model.Millisecond; at <= 15*model.Second; at += 250 * model.Millisecond {
			s.Step(at)
			for ; done < s.Shots.Len(); done++ {
				r := s.Shots.At(done)
				st := r.Stamp
				if st.InterpTo == st.InterpFrom {
					continue
				}
				ra := m.History.RewindTo(model.TickTime(st.InterpFrom, cfg.TickHz), rewind.Options{})
				rb := m.History.RewindTo(model.TickTime(st.InterpTo, cfg.TickHz), rewind.Options{})
				if ra.Rule != rewind.Exact || rb.Rule != rewind.Exact {
					t.Fatalf("seed %d shot %d: the server's history has no record at ticks %d, %d (%v, %v)", seed, r.Seq, st.InterpFrom, st.InterpTo, ra.Rule, rb.Rule)
				}
				a, b := ra.Pose, rb.Pose
				if a.Epoch != b.Epoch {
					continue
				}
				want := a.Pos.Lerp(b.Pos, float64(st.InterpFraction))
				if d := want.Dist(r.ClientSaw.Pos); d > 1e-4 {
					t.Fatalf("seed %d shot %d: the state sent (ticks %d to %d at %v) puts the target %.6f m from where the client saw it", seed, r.Seq, st.InterpFrom, st.InterpTo, st.InterpFraction, d)
				}
				if model.TickTime(st.InterpTo, cfg.TickHz)-model.TickTime(st.InterpFrom, cfg.TickHz) > model.Ms(75) {
					gaps++
				}
				checked++
			}
		}
	}
	if checked < 200 || gaps < 10 {
		t.Fatalf("%d shots checked, %d across a lost snapshot: the test proves little", checked, gaps)
	}
	t.Logf("%d shots, %d across a lost snapshot", checked, gaps)
}
