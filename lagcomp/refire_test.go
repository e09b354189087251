package lagcomp

import (
	"strconv"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// UT2003's refire check, by hand: the server fires a StartFire only when
// its weapon's NextFireTime <= now + PreFireTime (0), and NextFireTime is
// a FireRate past the shot it fired, so consecutive judged shots are at
// least fire_interval_ms apart; a StartFire that came earlier (the shot
// before it arrived late on a 100 ms jitter, this one early) is held, not
// refused, to the first tick NextFireTime allows, and says
// refire_delayed; every other is judged at its arrival's tick. Without
// the check the same runs judge shots closer than a FireRate.
func TestRefireCheckHoldsAnEarlyStartFire(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		keys := map[string]string{"weapon": "rifle", "jitter_ms": "100", "fire_interval_ms": "250", "seed": strconv.Itoa(seed)}
		s := runKeys(t, 20*model.Second, with(keys, "refire_check", "true"))
		rate, tick := 250*model.Millisecond, s.cfg.Tick()
		held, prev := 0, model.Time(-1)
		for i := range s.Shots.Len() {
			r := s.Shots.At(i)
			if r.Outcome != OutcomeJudged || r.Shooter != ShooterPawn {
				continue
			}
			isHeld := r.HasRule(rule.RefireDelayed)
			if prev >= 0 && r.Judged < prev+rate {
				t.Fatalf("seed %d shot %d: judged at %v, %v after the shot before: under a FireRate", seed, r.Seq, r.Judged, r.Judged-prev)
			}
			if isHeld {
				held++
				if r.Judged-tick >= prev+rate || r.Judged-tick < r.Arrival {
					t.Errorf("seed %d shot %d: held from %v to %v; the shot before at %v: want the first tick from %v", seed, r.Seq, r.Arrival, r.Judged, prev, prev+rate)
				}
			} else if r.Judged-r.Arrival >= tick {
				t.Errorf("seed %d shot %d: not held, yet judged %v after it arrived", seed, r.Seq, r.Judged-r.Arrival)
			}
			prev = r.Judged
		}
		sum := s.Summary()
		if held < 5 || countRule(sum, rule.RefireDelayed) != held || sum.ShotsLost+sum.Rejected != 0 {
			t.Errorf("seed %d: %d shots held, the summary counts %d, %d lost or rejected", seed, held, countRule(sum, rule.RefireDelayed), sum.ShotsLost+sum.Rejected)
		}
		off := runKeys(t, 20*model.Second, keys)
		closer, prev := 0, model.Time(-1)
		for i := range off.Shots.Len() {
			if r := off.Shots.At(i); r.Outcome == OutcomeJudged {
				if prev >= 0 && r.Judged < prev+rate {
					closer++
				}
				prev = r.Judged
			}
		}
		if closer == 0 {
			t.Errorf("seed %d: without the check no two shots were judged under a FireRate apart: the test shows nothing", seed)
		}
	}
}

// countRule is how often the summary says rule r applied.
func countRule(sum Summary, r Rule) int {
	for _, c := range sum.RuleCounts {
		if c.Rule == r {
			return c.Count
		}
	}
	return 0
}
