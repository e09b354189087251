package rewind

import "slices"

// Clone is a deep copy of the history (fogleman/nes style: each component
// copies itself), for the timeline's keyframes. The ring keeps its layout,
// so the copy answers every lookup exactly as the original.
func (h *History) Clone() *History {
	c := *h
	c.buf = slices.Clone(h.buf)
	return &c
}

// Clone is a deep copy of the broad phase's index.
func (g *Grid) Clone() Grid {
	c := *g
	c.start, c.items, c.always = slices.Clone(g.start), slices.Clone(g.items), slices.Clone(g.always)
	c.seen = slices.Clone(g.seen)
	return c
}

// Clone is a deep copy.
func (w *Swept) Clone() Swept {
	return Swept{w.minX.clone(), w.minY.clone(), w.maxX.clone(), w.maxY.clone()}
}

func (q *maxQueue) clone() maxQueue {
	return maxQueue{t: slices.Clone(q.t[q.head:]), v: slices.Clone(q.v[q.head:])}
}
