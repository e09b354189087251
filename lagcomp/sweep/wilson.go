package sweep

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// The Wilson score interval of a proportion (Wilson 1927): a figure whose
// every run is 1 or 0 (records.Proportion: the holder's win rate, a kill
// behind cover) has, over n seeds with k successes, the mean k/n, and
// its t interval (MeanCI) treats the 0s and 1s as a normal sample: at
// k = n it is the mean itself, zero wide, and near 0 or 1 it reaches
// past the bounds. The Wilson interval inverts the binomial's normal
// approximation at the 95 % level instead, so it stays inside [0, 1] and
// is not zero wide at 0/n or n/n: the interval to quote for a win rate.
// --stats gives both, the Wilson one as <figure>_wilson_lo and _wilson_hi
// for a proportion's figure only.

// Wilson is the 95 % Wilson score interval of k successes in n trials;
// NaN for none.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	z := distuv.UnitNormal.Quantile(0.975)
	nf := float64(n)
	p := float64(k) / nf
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, mid-half), min(1, mid+half)
}

// wilsonOf is the Wilson interval of a proportion's samples (each 1 or
// 0: the successes are their sum).
func wilsonOf(xs []float64) (lo, hi float64) {
	k := 0
	for _, x := range xs {
		if x == 1 {
			k++
		}
	}
	return Wilson(k, len(xs))
}
