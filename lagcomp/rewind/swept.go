package rewind

import (
	"math"

	"lagscope/model"
)

// Swept keeps a trail's swept bound up to date as samples come and go, in
// O(1) amortised per sample where SweptBound rescans the whole trail:
// four monotonic queues (the sliding-window minimum and maximum of x and
// y). It is fed the trail's samples and trimmed to the trail's oldest,
// so it drops exactly what the history drops, resets included — either
// at every push, or at once when the bound is wanted (Feed).
type Swept struct {
	minX, minY, maxX, maxY maxQueue
	fed                    model.Time // the newest sample pushed, when any was
	any                    bool
}

// Push adds a sample (times increasing, as History.Push).
func (w *Swept) Push(s Sample) {
	p := s.Pose.Pos
	w.maxX.push(s.T, p.X)
	w.maxY.push(s.T, p.Y)
	w.minX.push(s.T, -p.X)
	w.minY.push(s.T, -p.Y)
	w.fed, w.any = s.T, true
}

// Feed brings w up to the trail h it follows: h's samples newer than the
// last pushed, oldest first, then a trim to h's oldest. A server that
// wants the bound only on the ticks that trace a shot feeds it then, not
// every tick: the queues come out the same. What a queue holds after a
// trim is the window's samples that no later one equals or beats, and
// the window is the trail — every sample pushed since h's oldest, each of
// which h still holds, so Feed pushes any not pushed yet; a sample that
// left h unpushed (dropped by the trail or a reset) is older than the
// window, and would have been trimmed, having popped only older ones.
func (w *Swept) Feed(h *History) {
	i := h.n
	for i > 0 && (!w.any || h.at(i-1).T > w.fed) {
		i--
	}
	for ; i < h.n; i++ {
		w.Push(*h.at(i))
	}
	oldest := model.Time(math.MaxInt64) // an empty trail: nothing held
	if h.n > 0 {
		oldest = h.at(0).T
	}
	w.Trim(oldest)
}

// Reserve makes room for a trail of n samples in each queue at once: a
// queue holds at most the trail's samples, so once reserved for them it
// never grows (a queue grown by doubling as longer monotone runs came
// allocated for minutes into a run). It reserves twice that: a full
// queue moves its live samples to the front only over a dead front at
// least as long (push), so the moves cost O(1) a sample — with room for
// the trail alone, a monotone run kept the queue full and moved the whole
// trail every few ticks.
func (w *Swept) Reserve(n int) {
	for _, q := range [...]*maxQueue{&w.minX, &w.minY, &w.maxX, &w.maxY} {
		if cap(q.e) < 2*n {
			q.e = append(make([]entry, 0, 2*n), q.e...)
		}
	}
}

// Trim forgets the samples older than oldest.
func (w *Swept) Trim(oldest model.Time) {
	w.minX.trim(oldest)
	w.minY.trim(oldest)
	w.maxX.trim(oldest)
	w.maxY.trim(oldest)
}

// Bound is SweptBound of the samples held (the live pose's alone when
// there are none).
func (w *Swept) Bound(live model.Pose) Bound {
	lo, hi := live.Pos, live.Pos
	if !w.maxX.empty() {
		lo = model.V(-w.minX.max(), -w.minY.max())
		hi = model.V(w.maxX.max(), w.maxY.max())
	}
	r := model.V(model.BoundRadius, model.BoundRadius)
	return Bound{lo.Sub(r), hi.Add(r)}
}

// maxQueue is a sliding-window maximum: values decreasing from head on,
// each with its sample's time, so the front is the window's maximum.
type maxQueue struct {
	e    []entry
	head int
}

// entry is a value in a maxQueue and its sample's time (one slice of
// pairs: a push appends once).
type entry struct {
	t model.Time
	v float64
}

func (q *maxQueue) push(t model.Time, v float64) {
	n := len(q.e)
	for n > q.head && q.e[n-1].v <= v {
		n--
	}
	if n == cap(q.e) && q.head > 0 && q.head >= n-q.head {
		// full: reclaim the dead front rather than grow, when it is at
		// least as long as the live samples moved (else grow: amortised)
		copy(q.e, q.e[q.head:n])
		n -= q.head
		q.head = 0
	}
	q.e = append(q.e[:n], entry{t, v})
}

func (q *maxQueue) trim(oldest model.Time) {
	for q.head < len(q.e) && q.e[q.head].t < oldest {
		q.head++
	}
	if q.head > 16 && 2*q.head > len(q.e) { // reclaim the dead front
		n := copy(q.e, q.e[q.head:])
		q.e, q.head = q.e[:n], 0
	}
}

func (q *maxQueue) empty() bool  { return q.head == len(q.e) }
func (q *maxQueue) max() float64 { return q.e[q.head].v }
