package fit

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// KS is the delay histogram's goodness of fit: the Kolmogorov-Smirnov
// distance between the measured delays outside spikes and the fitted
// distribution, with its p-value (optimistic: the parameters were fitted
// to the same delays) — and a verdict that asks more than p: with tens of
// thousands of packets any real trace's p is tiny, so a fit is bad when
// D exceeds both 0.03 and the 0.1 % critical value.
type KS struct {
	D, P float64
	N    int
	Bad  bool
}

// ChiSquare is the loss-run-length distribution's: a two-sample
// chi-square between the measured runs of consecutive losses and those
// of the fitted link run ten times over the trace's send times, over
// bins of run length merged until each holds at least 10 runs.
// Bins are the bins' lower bounds.
type ChiSquare struct {
	Stat, P  float64
	DoF      int
	Runs     int // measured
	Bins     []int
	Measured []float64 // share of runs in each bin
	Fitted   []float64
	Judged   bool // at least 5 measured runs, and two bins
	Bad      bool
}

// Autocorrelation is the delay over time's: the lag-1 autocorrelation
// of successive delivered packets' delays, measured and fitted, below
// the spike threshold (a spike's run of late packets is the spike keys'
// to make). netem draws each packet's delay afresh, so a trace whose
// delay drifts, steps or oscillates has a correlation the model cannot
// make: bad when they differ by more than 0.2.
type Autocorrelation struct {
	Measured, Fitted float64
	Bad              bool
}

// runBins are the loss-run lengths the chi-square starts from.
var runBins = []int{1, 2, 3, 4, 5, 10, 20, 50}

// repeats is how many runs of the fitted link the run-length comparison
// draws on, so its own sampling error is small beside the trace's.
const repeats = 10

func (r *Result) judge() {
	r.DelayFit = r.ksFit()
	r.RunsFit = r.runsFit()
	r.TimeFit = Autocorrelation{Measured: lag1(r.Measured.DelayMs, r.spikeLimit), Fitted: lag1(r.Fitted.DelayMs, r.spikeLimit)}
	r.TimeFit.Bad = math.Abs(r.TimeFit.Measured-r.TimeFit.Fitted) > 0.2
}

// ksFit compares the readings with the fitted distribution as they were
// read: over each run of equal readings, the empirical distribution
// before and after it against the model's below and above it. A reading
// rounded (a ping log's whole milliseconds) stands for its interval, so
// the model is taken at its edges, x ± half: the model rounded as ping
// rounds. For exact readings (half 0) this is the plain KS distance.
func (r *Result) ksFit() KS {
	d := r.readings()
	if r.DelayModel == "none" { // every delay within 2 quanta of the least: a constant fits by construction
		return KS{N: len(d), P: 1}
	}
	n := float64(len(d))
	var D float64
	for i := 0; i < len(d); {
		j := i
		for j+1 < len(d) && d[j+1].ms == d[i].ms {
			j++
		}
		x := d[i].ms - r.Link.LatencyMs
		below, above := r.delayCDF(x-d[i].half), r.delayCDF(x+d[j].half)
		D = max(D, math.Abs(float64(j+1)/n-above), math.Abs(below-float64(i)/n))
		i = j + 1
	}
	p := kolmogorovP(D, n)
	return KS{D: D, P: p, N: len(d), Bad: D > 0.03 && D > 1.95/math.Sqrt(n)}
}

// kolmogorovP is the asymptotic p-value of a KS distance D over n
// samples (Stephens' correction for small n).
func kolmogorovP(D, n float64) float64 {
	l := (math.Sqrt(n) + 0.12 + 0.11/math.Sqrt(n)) * D
	if l < 0.2 {
		return 1
	}
	p := 0.0
	for k := 1; k <= 100; k++ {
		term := 2 * math.Pow(-1, float64(k-1)) * math.Exp(-2*float64(k*k)*l*l)
		p += term
		if math.Abs(term) < 1e-12 {
			break
		}
	}
	return min(max(p, 0), 1)
}

func (r *Result) runsFit() ChiSquare {
	measured := lossRuns(r.Measured.DelayMs)
	var fitted []int
	for seed := uint64(1); seed <= repeats; seed++ {
		cfg := r.Link
		cfg.ReorderPct = 100
		l := netem.NewLink(cfg, seed, 0)
		d := make([]float64, len(r.Measured.At))
		for i, at := range r.Measured.At {
			if n, _, _ := l.Send(at + model.Time(seed-1)*(r.Span+r.Interval)); n == 0 {
				d[i] = math.NaN()
			}
		}
		fitted = append(fitted, lossRuns(d)...)
	}
	c := ChiSquare{Runs: len(measured)}
	o1, o2 := binRuns(measured), binRuns(fitted)
	// merge from the longest bin down until each holds 10 runs in all
	bins := slices.Clone(runBins)
	for i := len(bins) - 1; i > 0; i-- {
		if o1[i]+o2[i] < 10 {
			o1[i-1] += o1[i]
			o2[i-1] += o2[i]
			o1, o2, bins = slices.Delete(o1, i, i+1), slices.Delete(o2, i, i+1), slices.Delete(bins, i, i+1)
		}
	}
	c.Bins = bins
	n1, n2 := float64(len(measured)), float64(len(fitted))
	for i := range bins {
		c.Measured = append(c.Measured, share(o1[i], n1))
		c.Fitted = append(c.Fitted, share(o2[i], n2))
	}
	if len(measured) < 5 || len(fitted) == 0 || len(bins) < 2 {
		return c
	}
	k1, k2 := math.Sqrt(n2/n1), math.Sqrt(n1/n2)
	for i := range bins {
		if s := o1[i] + o2[i]; s > 0 {
			x := k1*o1[i] - k2*o2[i]
			c.Stat += x * x / s
		}
	}
	c.DoF = len(bins) - 1
	c.P = distuv.ChiSquared{K: float64(c.DoF)}.Survival(c.Stat)
	c.Judged = true
	c.Bad = c.P < 0.001
	return c
}

func share(x, n float64) float64 {
	if n == 0 {
		return 0
	}
	return x / n
}

func binRuns(runs []int) []float64 {
	o := make([]float64, len(runBins))
	for _, r := range runs {
		i := 0
		for i+1 < len(runBins) && r >= runBins[i+1] {
			i++
		}
		o[i]++
	}
	return o
}

// lag1 is the lag-1 autocorrelation of the delivered packets' delays
// up to limit, in send order (lost and later packets skipped).
func lag1(d []float64, limit float64) float64 {
	var x []float64
	for _, v := range d {
		if !math.IsNaN(v) && v <= limit {
			x = append(x, v)
		}
	}
	if len(x) < 3 {
		return 0
	}
	var m float64
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	var num, den float64
	for i, v := range x {
		den += (v - m) * (v - m)
		if i > 0 {
			num += (v - m) * (x[i-1] - m)
		}
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// Bad lists what fits badly, in words; empty when the fit holds.
func (r *Result) Bad() []string {
	var out []string
	if r.DelayFit.Bad {
		out = append(out, fmt.Sprintf("the delays are not %s (KS D = %.3f): the histogram has a shape the model has no key for", r.modelWords(), r.DelayFit.D))
	}
	if r.RunsFit.Bad {
		out = append(out, fmt.Sprintf("the loss runs are not %s (chi-square p = %.2g)", lossWords(r.Bursty), r.RunsFit.P))
	}
	if r.TimeFit.Bad {
		out = append(out, fmt.Sprintf("the delay moves over time (lag-1 autocorrelation %.2f measured, %.2f fitted): netem draws each packet's delay afresh, so replay the trace itself (trace = …)", r.TimeFit.Measured, r.TimeFit.Fitted))
	}
	return out
}

func (r *Result) modelWords() string {
	switch r.DelayModel {
	case "none":
		return "constant"
	case "uniform+exponential":
		return "a uniform jitter plus an exponential tail"
	}
	return r.DelayModel
}

func lossWords(bursty bool) string {
	if bursty {
		return "those of a Gilbert-Elliott chain"
	}
	return "those of independent loss"
}
