package orderstat

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The order statistic answers what sorting every value answers, at every
// size, with ties, for the p95 and other quantiles.
func TestOrderStatIsTheSortedNearestRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	for _, p := range []float64{0.95, 0.5, 0.01, 1} {
		var o Stat
		var xs []float64
		for n := 1; n <= 3000; n++ {
			x := math.Round(rng.ExpFloat64()*20) / 10 // many ties
			xs = append(xs, x)
			o.Add(x)
			if got, want := o.Quantile(p), percentile(xs, p); got != want {
				t.Fatalf("p %v, n %d: %v, sorted %v", p, n, got, want)
			}
		}
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
