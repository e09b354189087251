package fireeffects

import (
	"lagscope/lagcomp/chunklog"
	"math"

	"lagscope/model"
)

// Tally is a remote client's burst record (lagcomp's burstRecord) kept
// running, so a frame's fire lanes cost the same after 10 shots and after 100 000.
// What can no longer change is folded once: the effects played (their
// counts per burst, the gap sums, added in play order so the standard
// deviation has the bits gapSD gives), the bursts whose N is final
// (their extra effects), and the bursts settled for good (culled, or
// judged: stopped before the cutoff). Only the unsettled bursts (those of
// the last settle window, and the one still firing) are looked at again
// on each frame. An effect that comes late for a folded burst corrects
// the folded counts; a cutoff that moves back (the client's link made
// slower, so settle grew) folds the bursts again from the first.
type Tally struct {
	effects  int               // effects folded
	perBurst chunklog.Log[int] // effects attributed to each burst so far
	noBurst  int               // effects standing for no burst
	bogus    int               // of those, bogus bursts
	gapN     float64           // gaps between consecutive effects of a burst
	gapSum   float64           // their sum, ms
	gapSq    float64           // and sum of squares
	sealed   int               // bursts whose N is final (every one before the last, and the last once stopped)
	extra    int               // effects beyond their burst's shots, over the sealed bursts
	folded   int               // bursts settled for good, from the first
	cutoff   model.Time        // the judging cutoff they were folded at
	settled  counts            // their counts
}

// counts are the counts of settled bursts.
type counts struct {
	culled, pending                                int // pending: a burst never stopped though another began
	singleMissed, burstsMissed, shotsWithoutEffect int
}

// judged is whether burst b is judged at cutoff (not culled, not
// pending), as lagcomp's burstRecord decides it.
func (l *Log) judged(b, i int, cutoff model.Time) bool {
	sb := l.Bursts.At(b)
	return relevant(sb, i) && sb.Stop >= 0 && sb.Stop <= cutoff
}

// relevant is whether client i's channel was open at any of the
// burst's shots (anyRelevant over them).
func relevant(sb *ServerBurst, i int) bool {
	return i < 64 && sb.Relevant&(1<<i) != 0
}

// add counts a judged burst of n shots for which e effects played (sign
// -1 takes it out again).
func (c *counts) add(n, e, sign int) {
	if e == 0 && n == 1 {
		c.singleMissed += sign
	} else if e == 0 {
		c.burstsMissed += sign
	}
	c.shotsWithoutEffect += sign * max(0, n-e)
}

// CatchUp folds what happened for client i since the last call; cutoff
// is the judging cutoff now (bursts ending after it are too recent to
// judge).
func (l *Log) CatchUp(i int, cutoff model.Time) *Tally {
	t := &l.tallies[i]
	for t.perBurst.Len() < l.Bursts.Len() {
		t.perBurst.Add(0, nil)
	}
	if cutoff < t.cutoff { // settle grew: bursts folded as judged may be pending again
		t.folded, t.settled = 0, counts{}
	}
	t.cutoff = cutoff
	es := &l.Clients[i].Effects
	for ; t.effects < es.Len(); t.effects++ {
		j := t.effects
		e := *es.At(j)
		if j > 0 && e.Burst >= 0 && e.Burst == es.At(j-1).Burst {
			g := (e.T - es.At(j-1).T).Millis()
			t.gapN, t.gapSum, t.gapSq = t.gapN+1, t.gapSum+g, t.gapSq+g*g
		}
		if e.Burst < 0 {
			t.noBurst++
			if e.Bogus {
				t.bogus++
			}
			continue
		}
		b := e.Burst
		p := t.perBurst.Mut(b, nil)
		*p++
		n := l.Bursts.At(b).N
		if b < t.sealed {
			t.extra += max(0, *p-n) - max(0, *p-1-n)
		}
		if b < t.folded && l.judged(b, i, cutoff) { // late for a folded burst
			t.settled.add(n, *p-1, -1)
			t.settled.add(n, *p, +1)
		}
	}
	sealed := l.Bursts.Len() - 1
	if sealed >= 0 && l.Bursts.At(sealed).Stop >= 0 {
		sealed++
	}
	for ; t.sealed < sealed; t.sealed++ {
		t.extra += max(0, *t.perBurst.At(t.sealed)-l.Bursts.At(t.sealed).N)
	}
	for ; t.folded < t.sealed; t.folded++ {
		b := t.folded
		sb := l.Bursts.At(b)
		switch {
		case !relevant(sb, i):
			t.settled.culled += sb.N
		case sb.Stop < 0:
			t.settled.pending += sb.N
		case sb.Stop > cutoff:
			return t // this one and every later one end after the cutoff
		default:
			t.settled.add(sb.N, *t.perBurst.At(b), +1)
		}
	}
	return t
}

// Counts are a remote client's burst record as the running fold has it.
type Counts struct {
	ShotsCulled, ShotsPending                           int
	SingleShotsMissed, BurstsMissed, ShotsWithoutEffect int
	ExtraEffects, BogusBursts                           int
	EffectGapSDMs                                       float64 // NaN with fewer than two gaps
}

// Running is lagcomp's burstRecord(i)'s counts, from the running fold and
// the unsettled bursts alone.
func (l *Log) Running(i int, cutoff model.Time) Counts {
	t := l.CatchUp(i, cutoff)
	var r Counts
	c := t.settled
	r.ExtraEffects, r.BogusBursts = t.noBurst+t.extra, t.bogus
	for b := t.sealed; b < l.Bursts.Len(); b++ {
		r.ExtraEffects += max(0, *t.perBurst.At(b)-l.Bursts.At(b).N)
	}
	for b := t.folded; b < l.Bursts.Len(); b++ {
		sb := l.Bursts.At(b)
		end := sb.Stop
		if end < 0 {
			end = l.Shots.At(sb.First + sb.N - 1).T
		}
		switch {
		case !relevant(sb, i):
			c.culled += sb.N
		case sb.Stop < 0 || end > t.cutoff:
			c.pending += sb.N
		default:
			c.add(sb.N, *t.perBurst.At(b), +1)
		}
	}
	r.ShotsCulled, r.ShotsPending = c.culled, c.pending
	r.SingleShotsMissed, r.BurstsMissed, r.ShotsWithoutEffect = c.singleMissed, c.burstsMissed, c.shotsWithoutEffect
	r.EffectGapSDMs = math.NaN()
	if t.gapN >= 2 {
		mean := t.gapSum / t.gapN
		r.EffectGapSDMs = math.Sqrt(max(0, t.gapSq/t.gapN-mean*mean))
	}
	return r
}

// Marks are the marks of a window of the log, for the views.
type Marks struct {
	ShotMissed  []bool // no effect played for this shot (beyond its burst's effects)
	EffectExtra []bool // beyond its burst's shots, or for none
}

// Marks are lagcomp's burstRecord(i)'s marks for the effects from effect
// index e0 and the shots from shot index s0 on (indices relative to
// them): they read the running counts, not the whole run.
func (l *Log) Marks(i int, cutoff model.Time, e0, s0 int) Marks {
	t := l.CatchUp(i, cutoff)
	es := l.Clients[i].Effects.Slice(e0, l.Clients[i].Effects.Len())
	m := Marks{EffectExtra: make([]bool, len(es)), ShotMissed: make([]bool, l.Shots.Len()-s0)}
	// an effect is extra when more effects of its burst came up to it
	// than the burst has shots: those up to it are all of them so far
	// less those after it, and those after it are in the window
	after := map[int]int{}
	for j := len(es) - 1; j >= 0; j-- {
		b := es[j].Burst
		if b < 0 {
			m.EffectExtra[j] = true
			continue
		}
		m.EffectExtra[j] = *t.perBurst.At(b)-after[b] > l.Bursts.At(b).N
		after[b]++
	}
	judged := -1 // the burst last looked at, and whether it is judged
	var isJudged bool
	for j := range m.ShotMissed {
		sh := l.Shots.At(s0 + j)
		if sh.Burst != judged {
			judged, isJudged = sh.Burst, l.judged(sh.Burst, i, t.cutoff)
		}
		sb := l.Bursts.At(sh.Burst)
		m.ShotMissed[j] = isJudged && s0+j-sb.First >= *t.perBurst.At(sh.Burst)
	}
	return m
}

// Tally is client i's running record, as far as it has been folded.
func (l *Log) Tally(i int) *Tally { return &l.tallies[i] }

// Folded is how many bursts, from the first, are settled for good.
func (t *Tally) Folded() int { return t.folded }

// EffectsFolded is how many of the client's effects are folded.
func (t *Tally) EffectsFolded() int { return t.effects }

// Bursts is how many bursts the fold has met.
func (t *Tally) Bursts() int { return t.perBurst.Len() }

// PerBurst is how many effects were attributed to burst b so far.
func (t *Tally) PerBurst(b int) int { return *t.perBurst.At(b) }
