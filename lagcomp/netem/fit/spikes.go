package fit

import (
	"math"
	"slices"

	"lagscope/model"
)

// spikeRun is the fewest packets in a row above the threshold that make
// a spike: a lone late packet is the tail's, not a spike.
const spikeRun = 3

// fitSpikes finds lag spikes as netem makes them — every packet for a
// while SpikeMs later — so the jitter and the tail are fitted without
// them: runs of at least spikeRun delivered packets whose delay is far
// above the rest (the median extra delay plus 8 interquartile ranges,
// at least 1 ms: an exponential tail passes it once in about 20 000
// packets, three in a row almost never). A lost packet neither ends nor
// joins a run.
func fitSpikes(r *Result) {
	s := &r.Measured
	n := len(s.DelayMs)
	s.Spike = make([]bool, n)
	var d []float64
	for _, x := range s.DelayMs {
		if !math.IsNaN(x) {
			d = append(d, x)
		}
	}
	slices.Sort(d)
	q1, q2, q3 := quantile(d, 0.25), quantile(d, 0.5), quantile(d, 0.75)
	limit := q2 + 8*max(q3-q1, 1)
	r.spikeLimit = limit
	type run struct{ first, last, count int }
	var runs []run
	cur := run{first: -1}
	closeRun := func() {
		if cur.count >= spikeRun {
			runs = append(runs, cur)
		}
		cur = run{first: -1}
	}
	for i, x := range s.DelayMs {
		switch {
		case math.IsNaN(x):
		case x > limit:
			if cur.first < 0 {
				cur.first = i
			}
			cur.last = i
			cur.count++
		default:
			closeRun()
		}
	}
	closeRun()
	r.Spikes = len(runs)
	if len(runs) == 0 {
		return
	}
	var inside, outside []float64
	var lenSum model.Time
	for _, ru := range runs {
		for i := ru.first; i <= ru.last; i++ {
			s.Spike[i] = true
		}
		lenSum += s.At[ru.last] - s.At[ru.first] + r.Interval
	}
	for i, x := range s.DelayMs {
		if math.IsNaN(x) {
			continue
		}
		if s.Spike[i] {
			inside = append(inside, x)
		} else {
			outside = append(outside, x)
		}
	}
	length := lenSum.Millis() / float64(len(runs))
	// netem starts each spike an exponential gap of SpikeEveryMs after
	// the last one ended: a spike and a gap take span/spikes on average
	every := max(r.Span.Millis()/float64(len(runs))-length, length)
	r.Link.SpikeMs = round(median(inside)-median(outside), 1)
	r.Link.SpikeLenMs = round(length, 0)
	r.Link.SpikeEveryMs = round(min(every, 600000), 0)
}

// round rounds x to the given decimals.
func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}
