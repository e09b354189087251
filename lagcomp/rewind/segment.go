package rewind

import (
	"math/bits"

	"lagscope/model"
)

// segment is the newest run of a trail's samples taken at one tick rate.
// A server ticking at hz stores its samples at TickTime(n, hz): gaps of
// floor or ceil of 1 s/hz, never further apart than 1 µs. Within such a
// run a sample's index follows from its time by arithmetic, so a rewind
// need not search. A gap outside that 1 µs band (the tick rate changed
// live, or a tick was skipped) starts a new segment at the sample before
// it; samples older than the newest segment are found by binary search.
type segment struct {
	first  int64      // absolute index (count of samples pushed before it) of its first sample
	t0     model.Time // that sample's time
	gapMin model.Time // the band of gaps seen in it (0: a single sample so far)
	gapMax model.Time
	// rate is the mean tick rate in samples per µs, (count−1)/span, as a
	// 0.64 fixed-point fraction rounded up, so that an index estimate is
	// one integer multiply and a sample's own time is not estimated just
	// below it; 0 when it is one sample a µs or more (no tick rate does
	// that), which leaves the run to search.
	rate uint64
}

// extend records that sample number abs at time t follows one at prev.
func (g *segment) extend(abs int64, t, prev model.Time) {
	gap := t - prev
	if g.gapMin == 0 || min(g.gapMin, gap) < max(g.gapMax, gap)-1 {
		*g = segment{first: abs - 1, t0: prev, gapMin: gap, gapMax: gap}
	} else {
		g.gapMin, g.gapMax = min(g.gapMin, gap), max(g.gapMax, gap)
	}
	count, span := uint64(abs-g.first), uint64(t-g.t0)
	g.rate = 0
	if count < span {
		q, r := bits.Div64(count, 0, span) // ⌊count·2⁶⁴/span⌋
		if r != 0 {
			q++
		}
		g.rate = q
	}
}

// restart begins an empty segment at absolute index abs (after a Reset).
func (g *segment) restart(abs int64) { *g = segment{first: abs} }
