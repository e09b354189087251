package lagcomp

import (
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"lagscope/model"
)

// At health 100 the instagib duel of peekers-advantage (seed 1, the
// preset's fire interval) is one exposure up to its kill: the peeker's
// first shot kills the holder, which is told of its death by the next
// snapshot before its screen ever shows the peeker. So the holder fired
// no shot of the duel and the gap at the server has no value — where it
// paired the peeker's shot with the holder's first from its next life,
// two seconds on (2167.5 ms). The figures by hand: the peeker's time to
// kill is its killing shot's fire less its screen's sighting, the
// holder's told-dead its client's telling less its sighting (negative),
// and its screen showed the wall at the kill: killed behind cover.
func TestDuelIsOneExposureUpToTheKill(t *testing.T) {
	c := duelPreset(t, Setting{Key: "health", Value: "100"})
	c.Seed = 1
	s, p := runDuel(t, c, 7*model.Second) // past the holder's respawn and its next shot
	ks := s.Kills()
	if p.Outcome() != WinnerPeeker || !p.End.Ended || p.End.FirstKiller != p.Peeker || p.End.Traded {
		t.Fatalf("want the peeker to win: %v %+v", p.Outcome(), p.End)
	}
	var kill *KillRecord
	for i := range ks {
		if ks[i].At == p.End.EndAt {
			kill = &ks[i]
		}
	}
	if kill == nil || kill.Killer != p.Peeker || kill.Victim != p.Holder {
		t.Fatalf("the duel's end at %v is not a kill of the holder by the peeker: %+v", p.End.EndAt, ks)
	}
	if g, ok := p.AtServerGapMs(); ok {
		t.Fatalf("the holder fired nothing before its death, yet the gap at the server is %.3f ms (shots at %v and %v)", g, p.PeekerShotAt, p.HolderShotAt)
	}
	if w, ok := p.HolderWon(); !ok || w != 0 {
		t.Fatalf("win-rate sample %v %v, want 0", w, ok)
	}
	var fire model.Time
	for i := range s.Shots.Len() {
		if r := s.Shots.At(i); r.Killed && r.Judged == kill.At && r.Shooter == p.Peeker {
			fire = r.Fire
		}
	}
	if ttk, ok := p.TTKMs(0); !ok || ttk != (fire-p.PeekerSaw).Millis() {
		t.Fatalf("peeker's ttk %v %v, want %v", ttk, ok, (fire - p.PeekerSaw).Millis())
	}
	if _, ok := p.TTKMs(1); ok {
		t.Fatal("the holder killed nobody, yet has a time to kill")
	}
	told, ok := p.ToldDeadMs(1)
	if !ok || told >= 0 || !p.End.Told[1] || p.End.ToldAt[1] <= kill.At || told != (p.End.ToldAt[1]-p.HolderSaw).Millis() {
		t.Fatalf("holder told dead %v %v at %v (killed %v, saw %v): want told after the kill, before its sighting", told, ok, p.End.ToldAt[1], kill.At, p.HolderSaw)
	}
	if cover, ok := p.KilledBehindCover(); !ok || !cover {
		t.Fatalf("killed behind cover %v %v: the holder's screen still showed the wall", cover, ok)
	}
}

// Killed behind cover by hand: the holder on a slow link (200 ms each
// way), the peeker reacting too late to fire (victim_reaction_ms 2000),
// no aim error. The holder's screen shows the peek 300 ms or more after
// the peeker's (its link up and down, the peeker's 60 up, interpolation),
// and its shot needs 200 ms more to the server, which rewinds the peeker
// to what the holder saw and kills it about 500 ms after the peeker's
// screen first showed it out. A peek of period 1000 ms is back behind
// the wall (3 m at 6 m/s: half a second out and back) by then on the
// peeker's own screen, which leads the server: killed behind cover, on
// every seed. A peek of period 4000 ms is still out: not.
func TestKilledBehindCoverIsTheVictimsScreen(t *testing.T) {
	for _, tc := range []struct {
		period string
		cover  bool
	}{{"1000", true}, {"4000", false}} {
		c := duelPreset(t, Setting{Key: "health", Value: "100"}, Setting{Key: "latency_ms", Value: "200"},
			Setting{Key: "victim_reaction_ms", Value: "2000"}, Setting{Key: "target_period_ms", Value: tc.period}, Setting{Key: "aim_error_deg", Value: "0"})
		for seed := uint64(1); seed <= 4; seed++ {
			c.Seed = seed
			_, p := runDuel(t, c, 5*model.Second)
			if p.Outcome() != WinnerHolder {
				t.Fatalf("period %s seed %d: the holder should win, got %v", tc.period, seed, p.Outcome())
			}
			if cover, ok := p.KilledBehindCover(); !ok || cover != tc.cover {
				t.Errorf("period %s seed %d: killed behind cover %v %v, want %v (peeker saw %v, killed %v)", tc.period, seed, cover, ok, tc.cover, p.PeekerSaw, p.End.EndAt)
			}
		}
	}
}

// The win rate against its analytic probability. Both players react in
// 100 ms plus a draw uniform in [0, S) (reaction_spread_ms S = 1000),
// the peek stays out for seconds (period 8 s), no aim error, instagib at
// health 100: the first shot to reach the server kills. With the same
// reactions but no spread and no health, the seed's run measures the gap
// at the server G (the holder's first shot's arrival less the peeker's:
// the same frames, beats and links). With the spread, the holder's shot
// comes U_h − U_p later relative to the peeker's, so the holder wins iff
// U_p − U_h > G: the difference of two uniforms is triangular on (−S, S),
// P = (S − G)² / (2 S²) for 0 ≤ G ≤ S. Over the seeds whose peek starts
// from cover (of 200), the holder's wins must lie in the 99 % binomial
// interval around the mean of those probabilities.
func TestWinRateIsTheAnalyticProbability(t *testing.T) {
	const S = 1000.0
	base := func(seed uint64, set ...Setting) Config {
		c := duelPreset(t, append([]Setting{{Key: "target_period_ms", Value: "8000"}, {Key: "aim_error_deg", Value: "0"},
			{Key: "reaction_ms", Value: "100"}, {Key: "victim_reaction_ms", Value: "100"}}, set...)...)
		c.Seed = seed
		return c
	}
	wins, n, sumP := 0, 0, 0.0
	for seed := uint64(1); seed <= 200; seed++ {
		c := base(seed)
		s0, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		holder, m := s0.Server.Pawns[ShooterPawn].Pose.Pos, s0.Server.Pawns[TargetPawn].Motion
		hidden := true
		for at := model.Time(0); at <= 400*model.Millisecond; at += model.Millisecond {
			hidden = hidden && !inSight(c.Walls, holder, m.At(at).Pos)
		}
		if !hidden {
			continue // a peek that starts in the open is no peek
		}
		s0.Step(9 * model.Second)
		p0, _ := s0.PeekersAdvantage()
		g, ok := p0.AtServerGapMs()
		if !ok || g < 0 || g > S {
			t.Fatalf("seed %d: the gap at the server without spread %v %v, want within [0, %v]", seed, g, ok, S)
		}
		_, p := runDuel(t, base(seed, Setting{Key: "health", Value: "100"}, Setting{Key: "respawn_ms", Value: "10000"},
			Setting{Key: "reaction_spread_ms", Value: "1000"}), 9*model.Second)
		w, ok := p.HolderWon()
		if !ok {
			t.Fatalf("seed %d: no decided duel: %v", seed, p.Outcome())
		}
		wins += int(w)
		n++
		sumP += (S - g) * (S - g) / (2 * S * S)
	}
	if n < 80 {
		t.Fatalf("only %d of 200 seeds start the peek from cover", n)
	}
	prob := sumP / float64(n)
	b := distuv.Binomial{N: float64(n), P: prob}
	lo, hi := 0, n
	for lo < n && b.CDF(float64(lo)) < 0.005 {
		lo++
	}
	for hi > 0 && b.CDF(float64(hi-1)) >= 0.995 {
		hi--
	}
	if wins < lo || wins > hi {
		t.Errorf("the holder won %d of %d duels (%.3f); analytic P = %.3f, 99 %% binomial interval [%d, %d]", wins, n, float64(wins)/float64(n), prob, lo, hi)
	}
	t.Logf("the holder won %d of %d (%.3f); analytic %.3f, interval [%d, %d]", wins, n, float64(wins)/float64(n), prob, lo, hi)
}
