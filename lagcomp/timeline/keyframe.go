package timeline

import (
	"sort"

	"lagscope/lagcomp"
	"lagscope/model"
)

// Keyframes of the timeline. A seek replays from the nearest keyframe at
// or before the wanted time instead of from zero, so it costs at most one
// keyframe gap of simulation at any session length. A keyframe shares
// with the live run what did not change and keeps only what a replay
// needs (lagcomp's Sim.Keyframe). How far apart keyframes are is set by
// what a replay costs, not by simulated time alone: a crowd of bystanders
// costs several times a duel per simulated second, so its keyframes come
// more often, and a duel's, each about as large, less often — every seek
// replays about KeyframeReplay of work, and memory follows.
const (
	// KeyframeEvery is how often the live run may be copied, simulated
	// time: the candidates are its multiples.
	KeyframeEvery = 4 * model.Second
	// KeyframeReplay is the modelled cost of replaying from one keyframe
	// to the next (lagcomp's Sim.Work, about a nanosecond of this
	// project's 2-core machine a unit): a candidate becomes a keyframe
	// when replaying from the newest would cost at least this. 6 ms: the
	// default scene's keyframes 44 s apart, 64 bystanders' 20 s, and a
	// seek to a random time in an hour's session 3–5 ms (BenchmarkSeek).
	KeyframeReplay = 6_000_000
	// KeyframeThinning sets how keyframes thin as they age: one may be
	// dropped when its neighbours are then no further apart than its age
	// divided by this (and never closer than KeyframeEvery). Until their
	// age passes this many gaps every keyframe is kept; past it the gaps
	// grow in proportion to age, so the count grows only with the
	// logarithm of the session's length.
	KeyframeThinning = 500
)

// keyframe is a deep copy of the live simulation made to be kept
// (lagcomp's Sim.Keyframe: never stepped, a seek steps a clone of it),
// and how many inputs it had applied.
type keyframe struct {
	sim  *lagcomp.Sim
	next int
}

// keyframes are the timeline's copies of the live run, oldest first; the
// first is always the start (t = 0).
type keyframes struct {
	list     []keyframe
	every    model.Time // KeyframeEvery (tests shorten it)
	replay   int64      // KeyframeReplay (tests set it to 0: every candidate)
	thinning int64      // KeyframeThinning
	// offered is the newest candidate time considered
	offered model.Time
}

func newKeyframes(start *lagcomp.Sim) keyframes {
	return keyframes{list: []keyframe{{start.Keyframe(), 0}}, every: KeyframeEvery, replay: KeyframeReplay, thinning: KeyframeThinning, offered: start.Now}
}

// due is the next candidate time: the multiple of every after the newest
// one considered.
func (k *keyframes) due() model.Time {
	return (k.offered/k.every + 1) * k.every
}

// offer considers the live run (with next inputs applied) at a candidate
// time: it becomes a keyframe when replaying from the newest would cost
// at least replay.
func (k *keyframes) offer(live *lagcomp.Sim, next int) {
	k.offered = live.Now
	if live.Work()-k.list[len(k.list)-1].sim.Work() < k.replay { // a keyframe's Work is the run's then
		return
	}
	k.list = append(k.list, keyframe{asReplayed(live.Keyframe()), next})
	k.thin(live.Now)
}

// asReplayed is a keyframe of the live run holding, for the user's input,
// what its clients last sampled rather than what the keys hold now: a
// replay from it must sample only recorded inputs, and a key pressed
// after the last frame is recorded only once a frame samples it (and not
// at all if it is let go before).
func asReplayed(k *lagcomp.Sim) *lagcomp.Sim {
	for _, p := range []int{lagcomp.ShooterPawn, lagcomp.TargetPawn} {
		k.SetUserInput(p, k.LastSampledUserInput(p))
	}
	return k
}

// maxGap is the widest gap allowed around a keyframe of that age.
func (k *keyframes) maxGap(age model.Time) model.Time {
	return max(k.every, age/model.Time(k.thinning))
}

// thin drops every keyframe whose neighbours would still be within the
// gap its age allows; the first and the newest always stay.
func (k *keyframes) thin(now model.Time) {
	out := k.list[:1]
	for i := 1; i < len(k.list)-1; i++ {
		prev, next := out[len(out)-1].sim.Now, k.list[i+1].sim.Now
		if next-prev <= k.maxGap(now-k.list[i].sim.Now) {
			continue
		}
		out = append(out, k.list[i])
	}
	out = append(out, k.list[len(k.list)-1])
	clear(k.list[len(out):])
	k.list = out
}

// before is the newest keyframe at or before t.
func (k *keyframes) before(t model.Time) keyframe {
	i := sort.Search(len(k.list), func(i int) bool { return k.list[i].sim.Now > t })
	return k.list[max(0, i-1)]
}

// truncate forgets the keyframes after t, or that applied more than
// inputs inputs: the timeline branched there.
func (k *keyframes) truncate(t model.Time, inputs int) {
	n := 1
	for n < len(k.list) && k.list[n].sim.Now <= t && k.list[n].next <= inputs {
		n++
	}
	clear(k.list[n:])
	k.list = k.list[:n]
	k.offered = t // the candidates up to t were the old run's, the same
}

// Keyframes is how many keyframes the session holds.
func (s *Session) Keyframes() int { return len(s.keys.list) }
