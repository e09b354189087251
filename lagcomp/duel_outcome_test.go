package lagcomp

import (
	"testing"

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
