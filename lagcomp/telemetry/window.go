package telemetry

import (
	"math"

	"lagscope/model"
)

// linkWindow is one link's packets of the last Window, by send time,
// oldest first: a ring that grows to the most the link sent in a Window
// (bounded by the send rate, whatever the run's length), and the sums
// the loss and jitter are read from, kept as packets come and go. The
// sums are over the first k packets, those sent before the time last
// read (count): a tick's row counts the packets sent before its time,
// never those of events at the same instant after it (which the order
// of the run's events, not the network, decides).
type linkWindow struct {
	ring []pkt
	head int // ring[head:head+n] (mod len) are live
	n, k int
	sums sums
}

type pkt struct {
	sent, delay model.Time // delay -1: lost
}

// sums are a window's counts: packets sent and lost, and the absolute
// differences of one-way delay between consecutive delivered packets
// (each pair counted once, with its later packet).
type sums struct {
	sent, lost, pairs int
	diff              model.Time
}

func (s *sums) plus(o *sums) {
	s.sent, s.lost, s.pairs, s.diff = s.sent+o.sent, s.lost+o.lost, s.pairs+o.pairs, s.diff+o.diff
}

func (w *linkWindow) at(k int) *pkt { return &w.ring[(w.head+k)%len(w.ring)] }

// add is a packet sent at sent, delivered at deliver (-1: lost).
func (w *linkWindow) add(sent, deliver model.Time) {
	p := pkt{sent: sent, delay: -1}
	if deliver >= 0 {
		p.delay = deliver - sent
	}
	if w.n == len(w.ring) {
		grown := make([]pkt, max(16, 2*len(w.ring)))
		for k := range w.n {
			grown[k] = *w.at(k)
		}
		w.ring, w.head = grown, 0
	}
	*w.at(w.n) = p
	w.n++
}

// count takes into the sums the packets sent before t.
func (w *linkWindow) count(t model.Time) {
	for ; w.k < w.n && w.at(w.k).sent < t; w.k++ {
		p := w.at(w.k)
		w.sums.sent++
		if p.delay < 0 {
			w.sums.lost++
		} else if q := w.lastDelivered(); q != nil {
			w.sums.pairs++
			w.sums.diff += absT(p.delay - q.delay)
		}
	}
}

// lastDelivered is the newest delivered packet counted, nil if none.
func (w *linkWindow) lastDelivered() *pkt {
	for k := w.k - 1; k >= 0; k-- {
		if q := w.at(k); q.delay >= 0 {
			return q
		}
	}
	return nil
}

// trim drops the counted packets sent before from, and the pair each
// delivered one made with the next delivered one.
func (w *linkWindow) trim(from model.Time) {
	for w.k > 0 && w.at(0).sent < from {
		p := *w.at(0)
		w.head, w.n, w.k = (w.head+1)%len(w.ring), w.n-1, w.k-1
		w.sums.sent--
		if p.delay < 0 {
			w.sums.lost--
			continue
		}
		for k := 0; k < w.k; k++ { // its pair was with the next delivered
			if q := w.at(k); q.delay >= 0 {
				w.sums.pairs--
				w.sums.diff -= absT(q.delay - p.delay)
				break
			}
		}
	}
}

// loss is the share of the window's packets lost, in per cent to the
// hundredth; NaN when none was sent.
func (s *linkWindow) loss() float64 { return s.sums.loss() }

func (s *sums) loss() float64 {
	if s.sent == 0 {
		return math.NaN()
	}
	return math.Round(1e4*float64(s.lost)/float64(s.sent)) / 100
}

// jitter is the mean difference of one-way delay between consecutive
// delivered packets, ms to the microsecond; NaN with no pair.
func (s *linkWindow) jitter() float64 { return s.sums.jitter() }

func (s *sums) jitter() float64 {
	if s.pairs == 0 {
		return math.NaN()
	}
	return math.Round(float64(s.diff)/float64(s.pairs)) / 1000
}

func absT(t model.Time) model.Time {
	if t < 0 {
		return -t
	}
	return t
}
