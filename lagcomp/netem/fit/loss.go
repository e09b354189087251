package fit

import (
	"math"
)

// lrBursty is the likelihood-ratio statistic above which losses are
// bursty: the 99.9th percentile of a chi-square with 3 degrees of
// freedom (a Gilbert-Elliott chain has 4 parameters, independent loss 1).
const lrBursty = 16.266

// fitLoss fits the losses as netem draws them: independent loss with
// LossPct, or a Gilbert-Elliott chain stepped per packet (good → bad
// with GEEnterPct, bad → good with GEExitPct; GELossPct lost while bad,
// LossPct while good), fitted as a two-state hidden Markov model by
// Baum-Welch. The chain is kept only when the likelihood-ratio test says
// the bursts are real.
func fitLoss(r *Result) {
	n := len(r.Measured.DelayMs)
	lost := make([]bool, n)
	for i, x := range r.Measured.DelayMs {
		lost[i] = math.IsNaN(x)
	}
	p := float64(r.Lost) / float64(n)
	r.Link.LossPct = round(100*p, 3)
	if r.Lost == 0 {
		return
	}
	llInd := float64(r.Lost)*math.Log(p) + float64(n-r.Lost)*math.Log1p(-p)
	if r.Lost == n {
		return
	}
	g := baumWelch(lost, p)
	r.LossLR = 2 * (g.ll - llInd)
	if r.LossLR > lrBursty {
		r.Bursty = true
		r.Link.LossPct = round(100*g.pg, 3)
		r.Link.GEEnterPct, r.Link.GEExitPct, r.Link.GELossPct = round(100*g.enter, 3), round(100*g.exit, 3), round(100*g.pb, 2)
	}
}

type gilbert struct {
	enter, exit, pg, pb float64
	ll                  float64
}

// baumWelch fits the chain by expectation-maximisation, with scaled
// forward and backward passes. The chain starts good before the first
// packet, as netem's does; the bad state is the lossier one.
func baumWelch(lost []bool, p float64) gilbert {
	n := len(lost)
	g := gilbert{enter: 0.01, exit: 0.3, pg: p / 2, pb: 0.6}
	alpha := make([][2]float64, n)
	beta := make([][2]float64, n)
	scale := make([]float64, n)
	emit := func(s int, i int) float64 {
		q := g.pg
		if s == 1 {
			q = g.pb
		}
		if lost[i] {
			return q
		}
		return 1 - q
	}
	prevLL := math.Inf(-1)
	for iter := 0; iter < 300; iter++ {
		a := [2][2]float64{{1 - g.enter, g.enter}, {g.exit, 1 - g.exit}}
		// forward
		for i := 0; i < n; i++ {
			for s := 0; s < 2; s++ {
				var in float64
				if i == 0 {
					in = a[0][s]
				} else {
					in = alpha[i-1][0]*a[0][s] + alpha[i-1][1]*a[1][s]
				}
				alpha[i][s] = in * emit(s, i)
			}
			scale[i] = alpha[i][0] + alpha[i][1]
			alpha[i][0] /= scale[i]
			alpha[i][1] /= scale[i]
		}
		ll := 0.0
		for _, c := range scale {
			ll += math.Log(c)
		}
		g.ll = ll
		if ll-prevLL < 1e-7*float64(n) {
			break
		}
		prevLL = ll
		// backward
		beta[n-1] = [2]float64{1, 1}
		for i := n - 2; i >= 0; i-- {
			for s := 0; s < 2; s++ {
				beta[i][s] = (a[s][0]*emit(0, i+1)*beta[i+1][0] + a[s][1]*emit(1, i+1)*beta[i+1][1]) / scale[i+1]
			}
		}
		// re-estimate
		var trans [2][2]float64
		var from [2]float64
		var occ, occLost [2]float64
		for i := 0; i < n; i++ {
			for s := 0; s < 2; s++ {
				gm := alpha[i][s] * beta[i][s]
				occ[s] += gm
				if lost[i] {
					occLost[s] += gm
				}
			}
			if i == n-1 {
				continue
			}
			for s := 0; s < 2; s++ {
				for u := 0; u < 2; u++ {
					xi := alpha[i][s] * a[s][u] * emit(u, i+1) * beta[i+1][u] / scale[i+1]
					trans[s][u] += xi
					from[s] += xi
				}
			}
		}
		g.enter = clamp01(trans[0][1] / from[0])
		g.exit = clamp01(trans[1][0] / from[1])
		g.pg = clamp01(occLost[0] / occ[0])
		g.pb = clamp01(occLost[1] / occ[1])
	}
	if g.pg > g.pb { // name the lossier state bad
		g.enter, g.exit, g.pg, g.pb = g.exit, g.enter, g.pb, g.pg
	}
	return g
}

func clamp01(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return min(max(x, 1e-9), 1-1e-9)
}
