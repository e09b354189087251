package rewind

import "slices"

// Clone is a deep copy of the history (fogleman/nes style: each component
// copies itself), for the timeline's keyframes. The copy holds the samples
// alone, oldest first (a keyframe keeps no spare capacity); lookups go by
// sample order and times, so it answers every one exactly as the original.
func (h *History) Clone() *History {
	c := *h
	c.buf = make([]Sample, max(h.n, 4))
	for i := 0; i < h.n; i++ {
		c.buf[i] = *h.at(i)
	}
	c.head = 0
	return &c
}

// Clone is a deep copy of the broad phase's index.
func (g *Grid) Clone() Grid {
	c := *g
	c.start, c.items, c.always = slices.Clone(g.start), slices.Clone(g.items), slices.Clone(g.always)
	c.seen = slices.Clone(g.seen)
	return c
}

// SweptOf is the Swept a server feeding every sample of h would hold: a
// sliding-window queue depends only on the samples in its window.
func SweptOf(h *History) Swept {
	var w Swept
	for i := 0; i < h.n; i++ {
		w.Push(*h.at(i))
	}
	return w
}

// Clone is a deep copy.
func (w *Swept) Clone() Swept {
	return Swept{w.minX.clone(), w.minY.clone(), w.maxX.clone(), w.maxY.clone()}
}

func (q *maxQueue) clone() maxQueue {
	return maxQueue{t: slices.Clone(q.t[q.head:]), v: slices.Clone(q.v[q.head:])}
}
