package netem

import (
	"slices"

	"lagscope/model"
)

// TraceLoss is how a trace's lost rows drop the packets replayed over
// them: the values of the trace_loss key.
//
// A ping log samples the path once a probe (a second, by default), far
// sparser than a game's packets; a probe lost is one sample of the
// path's loss, not a second in which every packet was dropped. Replayed
// row by row, one lost probe of a 1 Hz log dropped every packet sent in
// its second (15 shots of a run lost where the keys fitted to the same
// log lose none).
type TraceLoss string

const (
	// LossRate drops each packet with the loss rate the trace's rows
	// around its instant show (TraceLossWindow rows each side), for a
	// trace sparser than the link's packets; a packet sent over a lost
	// row takes the delay of the last row delivered before it. A trace
	// with a row a packet or more is replayed row by row, as outage.
	LossRate TraceLoss = "rate"
	// LossOutage drops every packet sent while a lost row holds.
	LossOutage TraceLoss = "outage"
)

// Or is tl, its zero value (a LinkConfig written without it) read as
// the default, LossRate.
func (tl TraceLoss) Or() TraceLoss {
	if tl == "" {
		return LossRate
	}
	return tl
}

// TraceLosses are trace_loss's values, its default first.
var TraceLosses = []TraceLoss{LossRate, LossOutage}

// TraceLossWindow is the rows on each side of a row whose losses make
// its loss rate under trace_loss = rate: 61 rows in all, a minute of a
// 1 Hz ping log (at a log's ends, the rows there are).
const TraceLossWindow = 30

// lossRates sets each step's LossRate: the share of lost rows within
// TraceLossWindow rows of it (a prefix count: linear in the rows).
func lossRates(st []TraceStep) {
	lost := make([]int, len(st)+1)
	for i, s := range st {
		lost[i+1] = lost[i]
		if s.Lost {
			lost[i+1]++
		}
	}
	for i := range st {
		lo, hi := max(i-TraceLossWindow, 0), min(i+TraceLossWindow+1, len(st))
		st[i].LossRate = float64(lost[hi]-lost[lo]) / float64(hi-lo)
	}
}

// rowGap is the median time between a trace's rows (0 for one row).
func rowGap(st []TraceStep) model.Time {
	if len(st) < 2 {
		return 0
	}
	gaps := make([]model.Time, len(st)-1)
	for i := 1; i < len(st); i++ {
		gaps[i-1] = st[i].At - st[i-1].At
	}
	slices.Sort(gaps)
	return gaps[len(gaps)/2]
}

// SetBeat tells the link the time between the packets it carries (a
// client's command interval up, the snapshot interval down): a trace
// whose rows are further apart than that is sparser than the packets,
// and trace_loss = rate replays its loss as a rate. A link told no beat
// (a connect handshake's few packets; netem used alone) replays its
// trace row by row.
func (l *Link) SetBeat(every model.Time) { l.beat = every }

// LossByRate reports whether the link replays its trace's loss as a
// rate: trace_loss = rate and the trace sparser than its packets.
func (l *Link) LossByRate() bool {
	tr, ok := l.Replayed()
	return ok && l.cfg.TraceLoss != LossOutage && l.beat > 0 && tr.RowGap > l.beat
}

// traceLost reports whether the trace drops a packet sent in step s.
func (l *Link) traceLost(s TraceStep) bool {
	if l.cfg.TraceLoss != LossOutage && l.beat > 0 && l.trace.RowGap > l.beat {
		return l.chance(100 * s.LossRate)
	}
	return s.Lost
}
