package lagcomp

import (
	"strconv"
	"testing"

	"lagscope/model"
)

// peekKeys is a target peeking out from behind a wall, as the cheater
// preset has it, with a second of history.
var peekKeys = map[string]string{"latency_ms": "40", "weapon": "rifle", "fire_interval_ms": "150", "target_motion": "peek",
	"target_x_m": "20", "target_y_m": "3", "target_heading_deg": "-90", "target_speed_mps": "6", "target_amplitude_m": "3",
	"target_period_ms": "1600", "walls": "18.8,0.8,19.4,6", "max_trail_ms": "1000", "cheat_stamp_ms": "400", "cheat_backtrack": "true"}

// A backtrack cheat forges its stamp back to when the target was last in
// sight and aims there. Where the mode believes the stamp (timestamp
// with a cap beyond the forgery, source with a window beyond it) it
// gains hits over its honest twin, and every shot hits; where the mode
// never reads a stamp (none) it gains none; a cap or window that refuses
// the older forgeries takes part of the gain away; a cheater that forges
// but aims at what it sees loses hits. The gain is the run's hits less
// those of an honest run of the same seed made apart.
func TestBacktrackCheatGainsWhereStampsAreBelieved(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		gain := func(kv ...string) (float64, Summary) {
			m := with(peekKeys, append([]string{"seed", strconv.Itoa(seed)}, kv...)...)
			s := runKeys(t, 10*model.Second, m)
			honest := runKeys(t, 10*model.Second, with(m, "cheat_stamp_ms", "0"))
			sum := s.Summary()
			if want := float64(sum.ServerHits - honest.Summary().ServerHits); sum.CheatHitsGained != want {
				t.Errorf("seed %d %v: cheat_hits_gained %v, but the run has %d hits and an honest run apart %d", seed, kv, sum.CheatHitsGained, sum.ServerHits, honest.Summary().ServerHits)
			}
			return sum.CheatHitsGained, sum
		}
		trusted, sum := gain("mode", "timestamp", "max_rewind_ms", "900")
		if trusted <= 0 || sum.ServerHits != sum.Shots {
			t.Errorf("seed %d: timestamp believing every stamp: %v gained, %d hits of %d shots", seed, trusted, sum.ServerHits, sum.Shots)
		}
		if g, _ := gain("mode", "source", "source_window_ms", "1000"); g <= 0 {
			t.Errorf("seed %d: source believing every tick: %v gained", seed, g)
		}
		if g, _ := gain("mode", "none"); g > 0 {
			t.Errorf("seed %d: none reads no stamp, yet %v gained", seed, g)
		}
		if g, _ := gain("mode", "timestamp", "max_rewind_ms", "200"); g >= trusted {
			t.Errorf("seed %d: the 200 ms cap left the cheat %v of the %v it gains believed", seed, g, trusted)
		}
		if g, _ := gain("mode", "source", "source_window_ms", "200"); g >= trusted {
			t.Errorf("seed %d: the 200 ms window left the cheat %v of the %v it gains believed", seed, g, trusted)
		}
		if g, _ := gain("mode", "timestamp", "max_rewind_ms", "900", "cheat_backtrack", "false"); g >= 0 {
			t.Errorf("seed %d: forging without backtracking gained %v", seed, g)
		}
		if s := runKeys(t, 3*model.Second, with(peekKeys, "cheat_stamp_ms", "0")); s.honest != nil || s.Summary().CheatHitsGained != 0 {
			t.Errorf("seed %d: an honest run keeps a twin or gains %v", seed, s.Summary().CheatHitsGained)
		}
	}
}

// A cheat switched on during a run: live (SetConfig) the twin is the run
// as it was, copied then; scripted (events) the twin runs the same
// script with the cheat left out. Either way it is the honest run.
func TestBacktrackTwinWhenTheCheatStartsLate(t *testing.T) {
	m := with(peekKeys, "cheat_stamp_ms", "0", "mode", "timestamp", "max_rewind_ms", "900")
	honest := runKeys(t, 10*model.Second, m).Summary().ServerHits
	live := runKeys(t, 4*model.Second, m)
	c := live.Config()
	c.CheatStampMs = 400
	if err := live.SetConfig(c); err != nil {
		t.Fatal(err)
	}
	live.Step(10 * model.Second)
	scripted := runKeys(t, 10*model.Second, with(m, "events", "4s:cheat_stamp_ms=400"))
	for name, s := range map[string]*Sim{"live": live, "scripted": scripted} {
		sum := s.Summary()
		if s.honest == nil || sum.CheatHitsGained != float64(sum.ServerHits-honest) || sum.CheatHitsGained <= 0 {
			t.Errorf("%s: %d hits, honest run %d, cheat_hits_gained %v", name, sum.ServerHits, honest, sum.CheatHitsGained)
		}
	}
}
