package presets

import (
	"strconv"
	"testing"

	"lagscope/lagcomp"
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

// A trade is a duel's outcome: duel-outcomes seed 1 at the holder's 16 ms
// has the peeker's shot 4.6 ms ahead at the server; under dead_shooter =
// trade with a 200 ms window the holder's shot, fired before its death
// reached it, is judged and kills back — winner trade, both killed, both
// told, no win-rate sample — even a window of 0 takes it (its shot came
// in the death's own tick: 4.6 ms apart at 128 Hz); dead_shooter =
// reject refuses it (shooter_dead) and the peeker wins.
func TestDuelOutcomesTradeIsNoDecidedDuel(t *testing.T) {
	for _, tc := range []struct {
		dead, window string
		want         lagcomp.DuelWinner
	}{{"trade", "200", lagcomp.WinnerTrade}, {"trade", "0", lagcomp.WinnerTrade}, {"reject", "0", lagcomp.WinnerPeeker}} {
		s := runPreset(t, "duel-outcomes", "dead_shooter", tc.dead, "trade_window_ms", tc.window, "seed", "1")
		p, _ := s.PeekersAdvantage()
		_, decided := p.HolderWon()
		if p.Outcome() != tc.want || decided == (tc.want == lagcomp.WinnerTrade) {
			t.Errorf("%s, window %s: winner %v (decided %v), want %v", tc.dead, tc.window, p.Outcome(), decided, tc.want)
		}
		_, holderKilled := p.TTKMs(1)
		_, peekerTold := p.ToldDeadMs(0)
		if trade := tc.want == lagcomp.WinnerTrade; holderKilled != trade || peekerTold != trade {
			t.Errorf("%s, window %s: the holder's ttk %v, the peeker told dead %v; want both %v", tc.dead, tc.window, holderKilled, peekerTold, trade)
		}
	}
}
