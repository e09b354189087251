package lagcomp

import (
	"math"
	"slices"
)

// Summary aggregates the shot records of a run.
type Summary struct {
	Shots          int     // judged (not rejected)
	Rejected       int     // refused by a defence
	ClientHits     int     // shots the client believed hit
	ServerHits     int     // shots the server credited
	Agreement      float64 // share of judged shots where server and client agree (NaN with no shots)
	FalseHits      int     // server hit, client missed: "shot behind cover" territory
	FalseMisses    int     // client hit, server missed: "I hit him!"
	BehindCover    int     // server hits the victim saw as behind cover
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

// Summarize aggregates records.
func Summarize(shots []ShotRecord) Summary {
	var s Summary
	var errs []float64
	var rewind, ideal float64
	for i := range shots {
		r := &shots[i]
		for _, rule := range r.Rules {
			s.RuleCounts = tally(s.RuleCounts, rule)
		}
		if r.Rejected {
			s.Rejected++
			continue
		}
		s.Shots++
		s.ClientHits += b2i(r.ClientHit)
		s.ServerHits += b2i(r.ServerHit)
		s.FalseHits += b2i(r.ServerHit && !r.ClientHit)
		s.FalseMisses += b2i(r.ClientHit && !r.ServerHit)
		s.BehindCover += b2i(r.BehindCover)
		errs = append(errs, r.RewindErrorM)
		rewind += r.RewindMs()
		ideal += r.IdealRewindMs()
	}
	s.Agreement = math.NaN()
	if s.Shots > 0 {
		n := float64(s.Shots)
		s.Agreement = float64(s.Shots-s.FalseHits-s.FalseMisses) / n
		s.MeanRewindErrM = sum(errs) / n
		s.P95RewindErrM = percentile(errs, 0.95)
		s.MeanRewindMs, s.MeanIdealMs = rewind/n, ideal/n
	}
	return s
}

// Summary aggregates this run's shots and client statistics.
func (s *Sim) Summary() Summary {
	sum := Summarize(s.Shots)
	sh := s.Clients[ShooterPawn]
	sum.MaxWarpM, sum.StarvedFrames = sh.warpMax, sh.starved
	return sum
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}

// percentile is the nearest-rank percentile (p in (0, 1]).
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(math.Ceil(p*float64(len(s)))) - 1
	return s[max(0, min(k, len(s)-1))]
}
