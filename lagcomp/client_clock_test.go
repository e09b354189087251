package lagcomp

import (
	"math"
	"strconv"
	"testing"

	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// runKeys runs the keys m (the rest at their defaults) for d.
func runKeys(t *testing.T, d model.Time, m map[string]string) *Sim {
	t.Helper()
	c, err := ConfigFromMap(m)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(d)
	return s
}

// with is m with more keys.
func with(m map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// traced is every traced shot's record by seq.
func traced(s *Sim) map[uint32]*ShotRecord {
	out := map[uint32]*ShotRecord{}
	for i := range s.Shots.Len() {
		if r := s.Shots.At(i); r.Traced() {
			out[r.Seq] = r
		}
	}
	return out
}

// The clock only stamps: a run with a client clock off by a constant
// offset, never corrected, shows the same world and fires the same
// shots, and the server rewinds each of them to exactly the offset
// later (the stamp claims a later time); with a drift, the shift grows
// linearly with the time since the first snapshot, at the drift's rate.
func TestClockOffsetShiftsTheRewindByExactlyIt(t *testing.T) {
	for _, mode := range []string{"timestamp", "source"} {
		for seed := 1; seed <= 3; seed++ {
			base := map[string]string{"mode": mode, "seed": strconv.Itoa(seed), "clock_sync": "none", "jitter_ms": "15",
				"fire_interval_ms": "150", "max_rewind_ms": "900", "source_window_ms": "1000"}
			ref := runKeys(t, 8*model.Second, base)
			off := runKeys(t, 8*model.Second, with(base, "clock_offset_ms", "25"))
			drift := runKeys(t, 8*model.Second, with(base, "clock_drift_ppm", "3000"))
			a, b, c := traced(ref), traced(off), traced(drift)
			if len(a) < 30 || len(a) != len(b) || len(a) != len(c) {
				t.Fatalf("%s seed %d: %d, %d, %d traced shots: want the same shots, and many", mode, seed, len(a), len(b), len(c))
			}
			var firstC *ShotRecord
			for seq, ra := range a {
				rb, rc := b[seq], c[seq]
				if rb == nil || rc == nil || rb.ClientSaw != ra.ClientSaw || rc.ClientSaw != ra.ClientSaw || rb.IdealTo != ra.IdealTo {
					t.Fatalf("%s seed %d shot %d: the clock changed the world the client saw", mode, seed, seq)
				}
				if d := rb.RewindTo - ra.RewindTo; d != 25*model.Millisecond || rb.ClockError-ra.ClockError != d {
					t.Errorf("%s seed %d shot %d: a 25 ms offset moved the rewind by %v (clock error by %v)", mode, seed, seq, d, rb.ClockError-ra.ClockError)
				}
				if firstC == nil || rc.Fire < firstC.Fire {
					firstC = rc
				}
			}
			// the drift's shift between any two shots is 3000 ppm of the
			// time between them, to the microsecond each is rounded to
			shift0 := firstC.RewindTo - a[firstC.Seq].RewindTo
			for seq, rc := range c {
				shift := rc.RewindTo - a[seq].RewindTo
				want := float64(rc.Fire-firstC.Fire) * 3000 / 1e6
				if got := float64(shift - shift0); math.Abs(got-want) > 2 {
					t.Errorf("%s seed %d shot %d: drift moved the rewind by %v µs since the first shot, want %.1f", mode, seed, seq, got, want)
				}
				if shift != rc.ClockError-a[seq].ClockError {
					t.Errorf("%s seed %d shot %d: rewind moved %v, clock error %v", mode, seed, seq, shift, rc.ClockError-a[seq].ClockError)
				}
			}
		}
	}
}

// Source's correction bounds a client clock's error by what it is
// estimated from: the spread of the snapshots' arrivals (jitter, the
// wait for a render frame) plus the 10 ms it tolerates, whatever the
// clock's drift or first error; without correction the same drift runs
// past that bound. UT2003's replicated stamp is exact on an exact
// oscillator, jitter or not.
func TestClockCorrectionBoundsTheErrorByTheJitter(t *testing.T) {
	for _, j := range []int{0, 20, 60} {
		for seed := 1; seed <= 3; seed++ {
			base := map[string]string{"seed": strconv.Itoa(seed), "jitter_ms": strconv.Itoa(j), "fps": "120",
				"fire_interval_ms": "200", "clock_drift_ppm": "4000", "clock_offset_ms": "40"}
			bound := clock.MinOffset + model.MsF(float64(j)) + model.MsF(1000.0/120) + model.Millisecond
			worst := func(s *Sim) model.Time {
				var w model.Time
				for i := range s.Shots.Len() {
					if r := s.Shots.At(i); r.Fire > 5*model.Second {
						w = max(w, r.ClockError, -r.ClockError)
					}
				}
				return w
			}
			if w := worst(runKeys(t, 30*model.Second, with(base, "clock_sync", "tick_count"))); w > bound {
				t.Errorf("jitter %d seed %d: tick_count's error up to %v, above %v", j, seed, w, bound)
			}
			if w := worst(runKeys(t, 30*model.Second, with(base, "clock_sync", "none"))); w <= bound {
				t.Errorf("jitter %d seed %d: uncorrected, the error stayed within %v (%v): the bound proves nothing", j, seed, bound, w)
			}
			if w := worst(runKeys(t, 10*model.Second, with(base, "clock_drift_ppm", "0"))); w != 0 {
				t.Errorf("jitter %d seed %d: package_timestamp on an exact oscillator is off by %v", j, seed, w)
			}
		}
	}
}

// clock_error names exactly the shots whose verdict the stamp's error
// turned over: the clock changes nothing but the stamps, so the run with
// an exact clock gives every shot's true verdict. It fires where a
// strafing target's rewind moves off the line, and never where the
// error cannot matter (a standing target), however large.
func TestClockErrorRuleNamesTheVerdictsItChanged(t *testing.T) {
	changed := 0
	for _, mode := range []string{"timestamp", "source"} {
		for seed := 1; seed <= 3; seed++ {
			base := map[string]string{"mode": mode, "seed": strconv.Itoa(seed), "fire_interval_ms": "150", "target_speed_mps": "6",
				"max_rewind_ms": "900", "source_window_ms": "1000"}
			exact := traced(runKeys(t, 8*model.Second, base))
			for _, set := range [][]string{{"clock_sync", "none", "clock_offset_ms", "120"}, {"clock_sync", "none", "clock_offset_ms", "-60", "clock_drift_ppm", "-5000"}} {
				s := runKeys(t, 8*model.Second, with(base, set...))
				for seq, r := range traced(s) {
					truth := exact[seq]
					if truth == nil {
						t.Fatalf("%s seed %d: shot %d not traced with an exact clock", mode, seed, seq)
					}
					if flipped := r.ServerHit != truth.ServerHit; flipped != r.HasRule(rule.ClockError) {
						t.Errorf("%s seed %d %v shot %d: verdict %v, exact clock's %v, rules %v", mode, seed, set, seq, r.ServerHit, truth.ServerHit, r.Rules)
					}
				}
				changed += s.Summary().ClockVerdicts
				if got := s.Summary().ClockVerdicts; got != named(s, rule.ClockError) {
					t.Errorf("clock_verdicts_changed %d, rule clock_error on %d records", got, named(s, rule.ClockError))
				}
			}
		}
	}
	if changed == 0 {
		t.Error("no verdict changed by a 120 ms clock error on a strafing target: the rule is never attacked")
	}
	// a standing target: the same rewind error cannot move it
	s := runKeys(t, 8*model.Second, map[string]string{"target_motion": "stationary", "clock_sync": "none", "clock_offset_ms": "150", "fire_interval_ms": "150"})
	if n, sum := named(s, rule.ClockError), s.Summary(); n != 0 || sum.MaxClockErrorMs < 149 {
		t.Errorf("standing target: %d verdicts named changed with a clock off by up to %.1f ms", n, sum.MaxClockErrorMs)
	}
}

// named is how many records name rule x.
func named(s *Sim, x Rule) int {
	n := 0
	for i := range s.Shots.Len() {
		if s.Shots.At(i).HasRule(x) {
			n++
		}
	}
	return n
}
