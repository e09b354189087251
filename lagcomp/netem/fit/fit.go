// Package fit fits lagscope's link model (lagcomp/netem's LinkConfig) to
// a recorded trace: the base latency, a uniform jitter and an exponential
// tail on top of it, lag spikes, and loss — independent, or bursty as a
// two-state Gilbert-Elliott chain — and says how well each part fits, so
// a trace can be replayed as it is or summed up as a handful of keys
// whose drawbacks are measured rather than guessed.
//
// Every figure is read from the trace's packets (one row a packet, as a
// per-packet capture or a ping log gives them); the fitted model is then
// run through netem.Link itself, at the trace's own send times, so the
// comparison is against what lagscope would do with the keys, not
// against a formula of what it should do.
package fit

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// Result is a fitted link and how well it fits.
type Result struct {
	Link netem.LinkConfig // the keys: LatencyMs, JitterMs, TailMs, LossPct, GE*, Spike*
	// DelayModel names the shape chosen for the extra delay: "none",
	// "uniform", "exponential" or "uniform+exponential".
	DelayModel string
	// Bursty is whether the losses fit a Gilbert-Elliott chain better
	// than independent loss (a likelihood-ratio test at 0.1 %).
	Bursty       bool
	LossLR       float64 // the likelihood-ratio statistic of that test (3 degrees of freedom)
	Packets      int
	Lost         int
	Spikes       int        // spike episodes found
	Span         model.Time // from the first packet to the last
	Interval     model.Time // the median time between packets
	Measured     Series
	Fitted       Series // the fitted link's run at the trace's send times
	DelayFit     KS
	RunsFit      ChiSquare
	TimeFit      Autocorrelation
	OneWayHalved bool // a ping log: delays are RTT/2
	// Rounded counts the delivered readings read as rounded: a ping log's
	// whole-millisecond round trips from 100 ms on (rounding.go).
	Rounded    int
	spikeLimit float64
}

// Series is a trace's packets as the fit reads them.
type Series struct {
	At      []model.Time // send times
	DelayMs []float64    // one way, NaN where lost
	HalfMs  []float64    // the reading's rounding half-width, one way (0: exact; measured only)
	Spike   []bool       // inside a spike episode (measured only)
}

// Fit fits the model to a trace's rows, one row a packet.
func Fit(t *netem.Trace) (*Result, error) {
	n := len(t.Steps)
	if n < 20 {
		return nil, fmt.Errorf("trace %s: %d packets; a fit needs at least 20", t.Name, n)
	}
	r := &Result{Packets: n, OneWayHalved: t.Format == netem.TracePing}
	s := Series{At: make([]model.Time, n), DelayMs: make([]float64, n), HalfMs: make([]float64, n)}
	var gaps []float64
	for i, st := range t.Steps {
		s.At[i] = st.At
		s.DelayMs[i] = st.Delay.Millis()
		if st.Lost {
			s.DelayMs[i] = math.NaN()
			r.Lost++
		} else if s.HalfMs[i] = roundHalf(r.OneWayHalved, s.DelayMs[i]); s.HalfMs[i] > 0 {
			r.Rounded++
		}
		if i > 0 {
			gaps = append(gaps, float64(st.At-t.Steps[i-1].At))
		}
	}
	if r.Lost == n {
		return nil, fmt.Errorf("trace %s: every packet was lost; there is no delay to fit", t.Name)
	}
	r.Span = s.At[n-1] - s.At[0]
	r.Interval = model.Time(median(gaps))
	r.Measured = s
	fitSpikes(r)
	fitDelay(r)
	fitLoss(r)
	r.simulate()
	r.judge()
	return r, nil
}

// delays are the delivered packets' delays outside spikes.
func (r *Result) delays() []float64 {
	var d []float64
	for i, x := range r.Measured.DelayMs {
		if !math.IsNaN(x) && !r.Measured.Spike[i] {
			d = append(d, x)
		}
	}
	return d
}

// reading is a delivered packet's delay and its rounding's half-width.
type reading struct{ ms, half float64 }

// readings are delays' with their rounding, sorted by delay.
func (r *Result) readings() []reading {
	var d []reading
	for i, x := range r.Measured.DelayMs {
		if !math.IsNaN(x) && !r.Measured.Spike[i] {
			d = append(d, reading{x, r.Measured.HalfMs[i]})
		}
	}
	slices.SortFunc(d, func(a, b reading) int { return cmp.Compare(a.ms, b.ms) })
	return d
}

// simulate runs the fitted link at the trace's send times: netem itself,
// allowed to reorder so its delays are its draws (the trace's are exact,
// and a FIFO hold would bend them).
func (r *Result) simulate() {
	cfg := r.Link
	cfg.ReorderPct = 100
	l := netem.NewLink(cfg, 1, 0)
	f := Series{At: r.Measured.At, DelayMs: make([]float64, len(r.Measured.At))}
	for i, at := range f.At {
		n, d, _ := l.Send(at)
		f.DelayMs[i] = math.NaN()
		if n > 0 {
			f.DelayMs[i] = (d - at).Millis()
		}
	}
	r.Fitted = f
}

// lossRuns are the lengths of the runs of consecutive lost packets.
func lossRuns(d []float64) []int {
	var runs []int
	run := 0
	for _, x := range d {
		if math.IsNaN(x) {
			run++
			continue
		}
		if run > 0 {
			runs = append(runs, run)
		}
		run = 0
	}
	if run > 0 {
		runs = append(runs, run)
	}
	return runs
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	return s[len(s)/2]
}

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}
