package rewind

import (
	"lagscope/lagcomp/internal/spare"
	"lagscope/model"
)

// Spares are the rings of finished histories and the queues of their
// swept bounds, kept for new ones (a sweep runs thousands of short runs,
// each of which made them afresh: the collector's work, which the sweep's
// workers share). A history's answers never depend on its ring's length
// (index arithmetic goes through at), nor a queue's on its room (push
// grows or moves its live entries alike), and neither reads what it did
// not write, so one made here answers exactly as one NewHistory makes.
// The zero value is empty and ready; not safe for concurrent use.
type Spares struct {
	rings  [][]Sample
	queues [][]entry
}

// NewHistory is NewHistory(maxTrail, capacity) in a spare ring when one
// holds at least as many samples as that would.
func (sp *Spares) NewHistory(maxTrail model.Time, capacity int) *History {
	if ring := spare.Take(&sp.rings, max(capacity, 4)); ring != nil {
		return &History{buf: ring[:cap(ring)], maxTrail: maxTrail, breakAt: -1 << 62}
	}
	return NewHistory(maxTrail, capacity)
}

// Reserve is w.Reserve(n) with spare queues where they have the room.
func (sp *Spares) Reserve(w *Swept, n int) {
	for _, q := range w.queues() {
		if cap(q.e) < 2*n && len(q.e) == 0 {
			if e := spare.Take(&sp.queues, 2*n); e != nil {
				q.e, q.head = e, 0
			}
		}
	}
	w.Reserve(n)
}

// Keep takes h's ring and w's queues for later histories: h and w hold
// nothing afterwards and must not be used again (h is emptied, so a
// mistaken read finds no sample rather than another run's).
func (sp *Spares) Keep(h *History, w *Swept) {
	if h != nil && h.buf != nil {
		spare.Keep(&sp.rings, h.buf)
		*h = History{}
	}
	if w != nil {
		for _, q := range w.queues() {
			if q.e != nil {
				spare.Keep(&sp.queues, q.e)
			}
		}
		*w = Swept{}
	}
}

func (w *Swept) queues() [4]*maxQueue { return [...]*maxQueue{&w.minX, &w.minY, &w.maxX, &w.maxY} }

// Len is how many rings and queues sp holds.
func (sp *Spares) Len() int { return len(sp.rings) + len(sp.queues) }
