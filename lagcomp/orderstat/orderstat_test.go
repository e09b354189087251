package orderstat

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The order statistic answers what sorting every value answers, at every
// size, with ties, for the p95 and other quantiles asked of one Stat in
// turn.
func TestOrderStatIsTheSortedNearestRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	var o Stat
	var xs []float64
	for n := 1; n <= 3000; n++ {
		x := math.Round(rng.ExpFloat64()*20) / 10 // many ties
		xs = append(xs, x)
		o.Add(x)
		for _, p := range []float64{0.95, 0.5, 0.01, 1, 0.5} {
			if got, want := o.Quantile(p), percentile(xs, p); got != want {
				t.Fatalf("p %v, n %d: %v, sorted %v", p, n, got, want)
			}
		}
	}
}

// A clone shares every block: values added to either side after it are
// that side's alone (each still answers as its own values sorted), and
// the adds copy only the blocks they land in.
func TestCloneSharesBlocksUntilWritten(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	var o Stat
	var xs []float64
	for range 5000 {
		x := rng.NormFloat64()
		o.Add(x)
		xs = append(xs, x)
	}
	c := o.Clone()
	cs := slices.Clone(xs)
	for i := range 10 {
		x, y := rng.NormFloat64(), float64(i)
		o.Add(x)
		xs = append(xs, x)
		c.Add(y)
		cs = append(cs, y)
	}
	for _, p := range []float64{0.5, 0.95, 1, 0.001} {
		if got, want := o.Quantile(p), percentile(xs, p); got != want {
			t.Fatalf("original p %v: %v, sorted %v", p, got, want)
		}
		if got, want := c.Quantile(p), percentile(cs, p); got != want {
			t.Fatalf("clone p %v: %v, sorted %v", p, got, want)
		}
	}
	blocks := map[*block]bool{}
	for _, e := range o.idx {
		blocks[e.b] = true
	}
	shared := 0
	for _, e := range c.idx {
		if blocks[e.b] {
			shared++
		}
	}
	// each side's 10 adds copied at most 10 blocks (and split some)
	if len(o.idx) < 5000/BlockLen || shared < len(c.idx)-10-10 {
		t.Fatalf("%d of the clone's %d blocks shared with the original (%d): the adds copied more than their blocks", shared, len(c.idx), len(o.idx))
	}
}

// percentile is the nearest-rank percentile (p in (0, 1]), by sorting: the
// reference Stat is tested against.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[rank(len(s), p)]
}
