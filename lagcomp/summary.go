package lagcomp

import (
	"math"
	"slices"

	"lagscope/lagcomp/orderstat"
)

// Summary aggregates the shot records of a run.
type Summary struct {
	ShotsFired     int     // every shot the shooter fired, any weapon: judged + rejected + lost + in flight
	Shots          int     // judged (not rejected)
	Rejected       int     // refused by a defence
	ShotsLost      int     // no copy of the command reached the server, and none can (any weapon)
	ShotsInFlight  int     // fired, not yet arrived, may still arrive
	LostClientHits int     // lost shots the client saw hit: disagreements
	DupsRejected   int     // command copies refused as duplicates (network duplicates and replays)
	ReliableGaveUp int     // reliable messages given up after their bounded resends, every connection
	ClientHits     int     // judged shots the client believed hit
	ServerHits     int     // shots the server credited
	Agreement      float64 // share of judged and lost shots where server and client agree (NaN with none)
	FalseHits      int     // server hit, client missed: "shot behind cover" territory
	FalseMisses    int     // client hit, server missed: "I hit him!"
	BehindCover    int     // server hits the victim saw as behind cover
	// The rewind figures are over the shots the server rewound and traced
	// (ShotsTraced); in client mode it traces none and they are NaN, not
	// a perfect 0.
	ShotsTraced    int
	MeanRewindErrM float64
	P95RewindErrM  float64
	MeanRewindMs   float64
	MeanIdealMs    float64
	RuleCounts     []RuleCount // in first-seen order
	MaxWarpM       float64     // largest extrapolation warp the shooter saw
	StarvedFrames  int         // interpolation frames past the newest snapshot
}

// RuleCount is how often a rule applied.
type RuleCount = Count[Rule]

// Count is how often something happened.
type Count[T comparable] struct {
	Rule  T
	Count int
}

// tally counts one more k, keeping first-seen order.
func tally[T comparable](cs []Count[T], k T) []Count[T] {
	j := slices.IndexFunc(cs, func(c Count[T]) bool { return c.Rule == k })
	if j < 0 {
		return append(cs, Count[T]{k, 1})
	}
	cs[j].Count++
	return cs
}

// Summarize aggregates records: the exact fold over a whole run, from
// scratch. A Sim keeps the same fold running (shotTally) so its frames
// read the summary without revisiting old shots; both give the same bits.
func Summarize(shots []ShotRecord) Summary {
	var t shotTally
	for i := range shots {
		t.add(&shots[i])
	}
	t.n = len(shots)
	return t.summary()
}

// shotTally folds shot records into a Summary one at a time, so Frame()
// costs the same after 10 shots and after 100 000: running counts and
// sums (added in record order, so the means are the bits a from-scratch
// sum gives) and an exact order statistic for the p95. Both the live
// frames and `sim`'s final summary read it; a new counter goes in add,
// once, for both.
type shotTally struct {
	s                  Summary
	n                  int // records folded
	maxSeq             uint32
	err, rewind, ideal float64 // sums over traced shots
	errs               orderstat.Stat
}

// catchUp folds the records judged since the last call.
func (t *shotTally) catchUp(shots *ShotLog) {
	if shots.Len() < t.n { // the records were replaced: start again
		*t = shotTally{}
	}
	for ; t.n < shots.Len(); t.n++ {
		t.add(shots.At(t.n))
	}
}

func (t *shotTally) add(r *ShotRecord) {
	s := &t.s
	t.maxSeq = max(t.maxSeq, r.Seq)
	for _, rule := range r.Rules {
		s.RuleCounts = tally(s.RuleCounts, rule)
	}
	switch r.Outcome {
	case OutcomeRejected:
		s.Rejected++
		return
	case OutcomeLost:
		s.ShotsLost++
		s.LostClientHits += b2i(r.ClientHit)
		return
	case OutcomeInFlight:
		s.ShotsInFlight++
		return
	}
	s.Shots++
	s.ClientHits += b2i(r.ClientHit)
	s.ServerHits += b2i(r.ServerHit)
	s.FalseHits += b2i(r.ServerHit && !r.ClientHit)
	s.FalseMisses += b2i(r.ClientHit && !r.ServerHit)
	s.BehindCover += b2i(r.BehindCover)
	if !r.Traced() { // client mode: the server took the client's word
		return
	}
	s.ShotsTraced++
	t.errs.Add(r.RewindErrorM)
	t.err += r.RewindErrorM
	t.rewind += r.RewindMs()
	t.ideal += r.IdealRewindMs()
}

// summary is the figures so far, a copy the caller may keep.
func (t *shotTally) summary() Summary {
	s := t.s
	s.RuleCounts = slices.Clone(s.RuleCounts)
	s.Agreement = math.NaN()
	if n := s.Shots + s.ShotsLost; n > 0 {
		s.Agreement = float64(n-s.FalseHits-s.FalseMisses-s.LostClientHits) / float64(n)
	}
	s.MeanRewindErrM, s.P95RewindErrM, s.MeanRewindMs, s.MeanIdealMs = math.NaN(), math.NaN(), math.NaN(), math.NaN()
	if s.ShotsTraced > 0 {
		n := float64(s.ShotsTraced)
		s.MeanRewindErrM = t.err / n
		s.P95RewindErrM = t.errs.Quantile(0.95)
		s.MeanRewindMs, s.MeanIdealMs = t.rewind/n, t.ideal/n
	}
	return s
}

// Summary aggregates this run's shots and client statistics.
func (s *Sim) Summary() Summary {
	s.tally.catchUp(&s.Shots)
	sum := s.tally.summary()
	// projectile shots have projectile records, not shot records: count
	// every weapon's shots from the deliveries
	sum.ShotsFired, sum.ShotsLost, sum.ShotsInFlight = s.runningShotCounts()
	sum.DupsRejected, sum.ReliableGaveUp = s.dupRejected, s.reliableGaveUp
	sh := s.Clients[ShooterPawn]
	sum.MaxWarpM, sum.StarvedFrames = sh.warpMax, sh.starved
	return sum
}

// runningShotCounts is shotCounts without revisiting settled shots: the
// shots whose fate is known (arrived or lost: it never changes after) are
// folded once, from the oldest on; only the few still open are counted
// on each call.
func (s *Sim) runningShotCounts() (fired, lost, inFlight int) {
	for ; s.settled < s.pending.Len() && (s.pending.At(s.settled).arrived || s.pending.At(s.settled).lost); s.settled++ {
		s.settledLost += b2i(s.pending.At(s.settled).lost)
	}
	lost = s.settledLost
	for i := s.settled; i < s.pending.Len(); i++ {
		switch ps := s.pending.At(i); {
		case ps.lost:
			lost++
		case !ps.arrived:
			inFlight++
		}
	}
	return s.pending.Len(), lost, inFlight
}

// foldRunning brings every running summary (shots, deliveries,
// projectiles, the fire lanes' records) up to now. Frame() does it as it
// reads them; a keyframe does it before it is copied.
func (s *Sim) foldRunning() {
	s.Summary()
	if len(s.projs) > 0 {
		s.projectileSummary()
	}
	for i := 1; i < len(s.Clients); i++ {
		s.catchUpBurstTally(i)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
