package fit

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// quantum is half the 0.1 ms step traces are usually written to: the
// fastest packets sit exactly on the minimum, where a uniform plus an
// exponential delay has density 0, so the mixed model reads every extra
// delay this much above the minimum.
const quantum = 0.05

// fitDelay fits the delivered packets' delays outside spikes as netem
// draws them: LatencyMs (the least delay) plus a uniform 0 to JitterMs
// plus an exponential of mean TailMs. Each shape — uniform alone,
// exponential alone, both — is fitted by maximum likelihood (the mixed
// one numerically, by Nelder-Mead), and the one with the
// least AIC is kept: a mixed model is chosen only when its extra
// parameter buys more than it costs.
func fitDelay(r *Result) {
	d := r.delays()
	slices.Sort(d)
	base := d[0]
	e := make([]float64, len(d))
	for i, x := range d {
		e[i] = x - base
	}
	r.Link.LatencyMs = round(base, 2)
	m := float64(len(e))
	mean := stat.Mean(e, nil)
	if e[len(e)-1] < 2*quantum || len(e) < 3 {
		r.DelayModel = "none"
		return
	}
	type cand struct {
		name string
		j, t float64
		aic  float64
	}
	j := e[len(e)-1] * (m + 1) / m
	cands := []cand{
		{"uniform", j, 0, 2*2 + 2*m*math.Log(j)},
		{"exponential", 0, mean, 2*2 + 2*(m*math.Log(mean)+m)},
	}
	if jj, tt, ll, ok := mixedMLE(e, mean); ok {
		cands = append(cands, cand{"uniform+exponential", jj, tt, 2*3 - 2*ll})
	}
	best := slices.MinFunc(cands, func(a, b cand) int {
		switch {
		case a.aic < b.aic:
			return -1
		case a.aic > b.aic:
			return 1
		}
		return 0
	})
	r.DelayModel = best.name
	r.Link.JitterMs, r.Link.TailMs = round(best.j, 2), round(best.t, 2)
}

// mixedLogDensity is the log density of a uniform(0, j) plus an
// exponential of mean t at x ≥ 0.
func mixedLogDensity(x, j, t float64) float64 {
	x += quantum
	if x <= j {
		return math.Log(-math.Expm1(-x/t)) - math.Log(j)
	}
	return -(x-j)/t + math.Log(-math.Expm1(-j/t)) - math.Log(j)
}

// mixedCDF is the distribution function of that sum at x.
func mixedCDF(x, j, t float64) float64 {
	switch {
	case x <= 0:
		return 0
	case j <= 0:
		return -math.Expm1(-x / t)
	case t <= 0:
		return min(x/j, 1)
	case x <= j:
		return (x + t*math.Expm1(-x/t)) / j
	}
	return 1 - t*math.Exp(-(x-j)/t)*(-math.Expm1(-j/t))/j
}

// mixedMLE maximises the likelihood of the mixed model over log j and
// log t, from a start that splits the mean between the two.
func mixedMLE(e []float64, mean float64) (j, t, ll float64, ok bool) {
	nll := func(p []float64) float64 {
		j, t := math.Exp(p[0]), math.Exp(p[1])
		s := 0.0
		for _, x := range e {
			s -= mixedLogDensity(x, j, t)
		}
		if math.IsNaN(s) {
			return math.Inf(1)
		}
		return s
	}
	start := []float64{math.Log(max(mean, 0.1)), math.Log(max(mean/2, 0.05))}
	x, fx := nelderMead(nll, start, 0.5, 400)
	if math.IsInf(fx, 0) || math.IsNaN(fx) {
		return 0, 0, 0, false
	}
	return math.Exp(x[0]), math.Exp(x[1]), -fx, true
}

// delayCDF is the fitted model's distribution of the extra delay.
func (r *Result) delayCDF(x float64) float64 {
	switch r.DelayModel {
	case "none":
		if x < 0 {
			return 0
		}
		return 1
	case "uniform+exponential":
		return mixedCDF(x+quantum, r.Link.JitterMs, r.Link.TailMs) // as fitted: a quantum above the minimum
	}
	return mixedCDF(x, r.Link.JitterMs, r.Link.TailMs)
}
