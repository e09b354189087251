package presets

import (
	"strconv"
	"testing"
)

// duel-outcomes' look_for: over seeds 1–200 the holder wins all 200
// decided duels at its 11 ms, 119 (0.595) at 16 ms and 22 (0.11) at
// 21 ms — 10 ms of the holder's latency swings the win rate from the
// holder to the peeker, Riot's shape — with no trade and every duel
// decided.
func TestLookForDuelOutcomes(t *testing.T) {
	for _, tc := range []struct {
		latency    string
		wins, from int
	}{{"11", 200, 200}, {"16", 119, 200}, {"21", 22, 200}} {
		wins, decided := 0, 0
		for seed := 1; seed <= 200; seed++ {
			s := runPreset(t, "duel-outcomes", "latency_ms", tc.latency, "seed", strconv.Itoa(seed))
			p, _ := s.PeekersAdvantage()
			if w, ok := p.HolderWon(); ok {
				decided++
				wins += int(w)
			}
		}
		if wins != tc.wins || decided != tc.from {
			t.Errorf("latency_ms %s: the holder won %d of %d decided duels; look_for says %d of %d", tc.latency, wins, decided, tc.wins, tc.from)
		}
	}
}
