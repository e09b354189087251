package lagcomp

import (
	"math"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// BurstRecord is one remote client's account of the shooter's
// weapon-fire effects over a run (ShooterGame's BurstCounter article).
type BurstRecord struct {
	Client   int
	Name     string
	Encoding burstcounter.Encoding
	// ShotsFired is every shot the server's weapon fired; ShotsCulled
	// those of bursts fired wholly while this client's copy was culled,
	// and ShotsPending those of bursts too recent to judge: neither can
	// be missed or matched.
	ShotsFired, ShotsCulled, ShotsPending int
	EffectsPlayed                         int
	// SingleShotsMissed and BurstsMissed are bursts of one shot, and of
	// more, for which the client played no effect at all.
	SingleShotsMissed, BurstsMissed int
	// ShotsWithoutEffect counts, burst by burst, the shots beyond the
	// effects played for it (missed singles and bursts included).
	ShotsWithoutEffect int
	// ExtraEffects are effects beyond their burst's shots (the auto-loop
	// running on) or standing for no shot at all (bogus bursts included).
	ExtraEffects int
	BogusBursts  int // bursts played on relevancy re-entry for a weapon not firing
	// EffectGapSDMs is the standard deviation of the time between
	// consecutive effects of one burst: the stutter the document's video
	// shows (0 is a steady rate). NaN with fewer than two gaps.
	EffectGapSDMs float64
	// The weapon channel's packets to this client.
	Updates, UpdatesLost, Resends int64
	// UpdatesStale are updates the client dropped because their packet
	// came after a newer one of the weapon's connection (reordered).
	UpdatesStale int
	// MergedShots are shots an update brought beyond the effects its
	// OnRep played: every update for one shot lost until the next, both
	// arrive in one update, and the document's OnRep plays one flash
	// (burst_play_count plays NumShotsFired). With the auto-loop an
	// update that only keeps the loop going plays none and merges none.
	MergedShots           int
	BitsPerSecond         float64    // property bits sent per second, resends included (packet headers not counted)
	LossFreeBitsPerSecond [2]float64 // what naive and robust would each send over a loss-free link
	Rules                 []Rule
}

// effect marks for the views
type fireMarks struct {
	shotMissed  []bool // no effect played for this shot (beyond its burst's effects)
	effectExtra []bool
}

// settle is how long after a burst ends the records wait before judging
// it: a second plus twice the worst ordinary delay of client i's link.
func (s *Sim) settle(i int) model.Time {
	l := s.Clients[i].weaponDown
	d := l.Config()
	return model.Second + model.MsF(2*(l.WorstBaseMs()+d.JitterMs+3*d.TailMs+d.SpikeMs))
}

// burstRecord accounts client i's effects against the server's shots,
// from scratch over the whole run, with a mark for every shot and effect:
// the exact account runningBurstRecord keeps running (and is tested
// against), and what the moments search.
func (s *Sim) burstRecord(i int) (BurstRecord, fireMarks) {
	l := s.fx
	rf := &l.Clients[i]
	effects := rf.Effects.All()
	r := BurstRecord{Client: i, Name: ClientName(i), Encoding: s.cfg.BurstEncoding, ShotsFired: l.Shots.Len(), EffectsPlayed: len(effects)}
	marks := fireMarks{shotMissed: make([]bool, l.Shots.Len()), effectExtra: make([]bool, len(effects))}
	perBurst := make([]int, l.Bursts.Len())
	r.EffectGapSDMs = gapSD(effects)
	for j, e := range effects {
		if e.Burst < 0 {
			r.ExtraEffects++
			marks.effectExtra[j] = true
			r.BogusBursts += b2i(e.Bogus)
			continue
		}
		perBurst[e.Burst]++
		if perBurst[e.Burst] > l.Bursts.At(e.Burst).N {
			r.ExtraEffects++
			marks.effectExtra[j] = true
		}
	}
	cutoff := s.Now - s.settle(i)
	for b := 0; b < l.Bursts.Len(); b++ {
		sb := l.Bursts.At(b)
		shots := l.Shots.Slice(sb.First, sb.First+sb.N)
		end := sb.Stop
		if end < 0 {
			end = shots[len(shots)-1].T
		}
		switch {
		case !anyRelevant(shots, i):
			r.ShotsCulled += sb.N
			continue
		case sb.Stop < 0 || end > cutoff:
			r.ShotsPending += sb.N
			continue
		}
		e := perBurst[b]
		if e == 0 && sb.N == 1 {
			r.SingleShotsMissed++
		} else if e == 0 {
			r.BurstsMissed++
		}
		r.ShotsWithoutEffect += max(0, sb.N-e)
		for k := e; k < sb.N; k++ {
			marks.shotMissed[sb.First+k] = true
		}
	}
	s.burstChannel(i, &r)
	return r, marks
}

// burstChannel fills in the weapon channel's figures and the rules.
func (s *Sim) burstChannel(i int, r *BurstRecord) {
	ch := &s.Server.conns[i].weapon
	r.Updates, r.UpdatesLost, r.Resends = ch.Packets, ch.Lost, ch.Resends
	r.UpdatesStale, r.MergedShots = s.fx.Clients[i].Stale, s.fx.Clients[i].Merged
	if secs := s.Now.Seconds(); secs > 0 {
		r.BitsPerSecond = float64(ch.Bits) / secs
		for k := range r.LossFreeBitsPerSecond {
			r.LossFreeBitsPerSecond[k] = float64(ch.ShadowBits[k]) / secs
		}
	}
	if s.cfg.NetUpdateHz > s.cfg.TickHz {
		r.Rules = append(r.Rules, rule.NetUpdateCapped)
	}
	if r.ShotsCulled > 0 || len(s.fx.Clients[i].Culled) > 1 {
		r.Rules = append(r.Rules, rule.Culled)
	}
	if r.ShotsPending > 0 {
		r.Rules = append(r.Rules, rule.Pending)
	}
	if r.MergedShots > 0 {
		r.Rules = append(r.Rules, rule.MergedShots)
	}
	if r.UpdatesStale > 0 {
		r.Rules = append(r.Rules, rule.StaleUpdate)
	}
}

// gapSD is the standard deviation of the gaps between consecutive effects
// attributed to the same burst, in ms.
func gapSD(es []fireeffects.PlayedEffect) float64 {
	var n, sum, sq float64
	for j := 1; j < len(es); j++ {
		if es[j].Burst >= 0 && es[j].Burst == es[j-1].Burst {
			g := (es[j].T - es[j-1].T).Millis()
			n, sum, sq = n+1, sum+g, sq+g*g
		}
	}
	if n < 2 {
		return math.NaN()
	}
	mean := sum / n
	return math.Sqrt(max(0, sq/n-mean*mean))
}

func anyRelevant(shots []fireeffects.ServerShot, i int) bool {
	for _, sh := range shots {
		if i < 64 && sh.Relevant&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// FireMisses are what remote client i's account of the whole run marks
// (burstRecord), in time order: the single shots it played no effect for
// (a counter reset to zero before it replicated, as
// the BurstCounter article warns), and the effects it
// played beyond their burst's shots, for no shot, or on relevancy re-entry.
// A lecture's fire-effects bookmarks are the first of them
// (lagcomp/moments).
type FireMisses struct {
	Singles []MissedSingle
	Extra   []FireEffect // each with Extra or Bogus set
}

// MissedSingle is a shot fired alone that a client played no effect for.
type MissedSingle struct {
	T model.Time // fired
	// Judged is when the records may first call it missed: its trigger
	// came up (the burst's stop) and the client's settle time passed.
	Judged model.Time
}

// FireMisses are remote client i's (1 on).
func (s *Sim) FireMisses(i int) FireMisses {
	_, marks := s.burstRecord(i)
	var f FireMisses
	for j, sh := range s.fx.Shots.All() {
		if !marks.shotMissed[j] {
			continue
		}
		if b := s.fx.Bursts.At(sh.Burst); b.N == 1 {
			f.Singles = append(f.Singles, MissedSingle{T: sh.T, Judged: max(sh.T, b.Stop) + s.settle(i)})
		}
	}
	for j, e := range s.fx.Clients[i].Effects.All() {
		if marks.effectExtra[j] || e.Bogus {
			f.Extra = append(f.Extra, FireEffect{T: e.T, Cause: e.Cause, Extra: marks.effectExtra[j], Bogus: e.Bogus})
		}
	}
	return f
}

// BurstRecords are every remote client's accounts, victim first.
func (s *Sim) BurstRecords() []BurstRecord {
	var rs []BurstRecord
	for i := 1; i < len(s.Clients); i++ {
		rs = append(rs, s.runningBurstRecord(i))
	}
	return rs
}
