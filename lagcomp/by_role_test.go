package lagcomp

import (
	"testing"

	"lagscope/model"
)

// A duel whose shooter cheats (a forged stamp 300 ms old, the backtrack
// aim) against a victim that fires back honestly: by_role keeps the two
// apart, each role's counts adding up to the run's (judged shots, server
// hits, false hits, false misses), and the shooter's hits are the ones
// cheat_hits_gained compares with its honest twin's.
func TestByRoleKeepsTheCheaterApart(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		c := duelPreset(t, Setting{Key: "mode", Value: "timestamp"}, Setting{Key: "cheat_stamp_ms", Value: 300.0},
			Setting{Key: "cheat_backtrack", Value: true}, Setting{Key: "seed", Value: float64(seed)})
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(6 * model.Second)
		sum := s.Summary()
		by := map[string]int{}
		for _, r := range sum.ByRole {
			by[r.Rule] = r.Count
		}
		if by["shooter_judged"] == 0 || by["victim_judged"] == 0 {
			t.Fatalf("seed %d: both must fire: %v", seed, by)
		}
		for _, c := range []struct {
			key  string
			want int
		}{{"judged", sum.Shots}, {"hits", sum.ServerHits}, {"false_hits", sum.FalseHits}, {"false_misses", sum.FalseMisses}} {
			if got := by["shooter_"+c.key] + by["victim_"+c.key]; got != c.want {
				t.Errorf("seed %d: shooter_%s + victim_%s = %d, the run's %d", seed, c.key, c.key, got, c.want)
			}
		}
		if by["shooter_hits"] != s.tally.shooterHits {
			t.Errorf("seed %d: shooter_hits %d, the cheater's hits %d", seed, by["shooter_hits"], s.tally.shooterHits)
		}
	}
}
