package rewind

import (
	"slices"

	"lagscope/model"
)

// Clone is a deep copy of the history (fogleman/nes style: each component
// copies itself), for the timeline's keyframes. The copy holds the samples
// alone, oldest first (a keyframe keeps no spare capacity); lookups go by
// sample order and times, so it answers every one exactly as the original.
func (h *History) Clone() *History {
	c := *h
	if h.packed != nil { // a keyframe's (Pack)
		c.buf, c.packed = h.packed.unpack(max(h.n, 4)), nil
		return &c
	}
	c.buf = make([]Sample, max(h.n, 4))
	for i := 0; i < h.n; i++ {
		c.buf[i] = *h.at(i)
	}
	c.head = 0
	return &c
}

// Pack is a copy for a keyframe to keep: its samples as bytes (Packed,
// a few a sample where a pawn stands or goes straight, not 48), which
// Clone unpacks. Nothing may read it but Clone.
func (h *History) Pack() *History {
	c := *h
	s := make([]Sample, h.n)
	for i := range s {
		s[i] = *h.at(i)
	}
	c.buf, c.head, c.packed = nil, 0, Pack(s)
	return &c
}

// Clone is a deep copy of the broad phase's index.
func (g *Grid) Clone() Grid {
	c := *g
	c.start, c.items, c.always = slices.Clone(g.start), slices.Clone(g.items), slices.Clone(g.always)
	c.seen = slices.Clone(g.seen)
	c.next = nil // scratch: fill writes it whole
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
	return Swept{minX: w.minX.clone(), minY: w.minY.clone(), maxX: w.maxX.clone(), maxY: w.maxY.clone(), fed: w.fed, any: w.any}
}

func (q *maxQueue) clone() maxQueue {
	return maxQueue{e: slices.Clone(q.e[q.head:])}
}

// Times are the held samples' times, oldest first.
func (h *History) Times() []model.Time {
	ts := make([]model.Time, h.n)
	for i := range ts {
		ts[i] = h.at(i).T
	}
	return ts
}

// Shell is a copy that holds no samples, only the rest of the history's
// state: a keyframe's history of a pawn its script moves, whose samples
// are the script's poses at their times. Nothing may read it but Refill.
// A shell equal to like (another Shell) is like itself: the bystanders
// of one keyframe, ticked together, share one.
func (h *History) Shell(like *History) *History {
	c := *h
	c.buf, c.head = nil, 0
	if like != nil && like.buf == nil && like.packed == nil && c.sameShell(like) {
		return like
	}
	return &c
}

// sameShell is whether two shells hold the same state (buf and packed
// are empty in both).
func (h *History) sameShell(o *History) bool {
	return h.head == o.head && h.n == o.n && h.maxTrail == o.maxTrail && h.breakAt == o.breakAt && h.pushed == o.pushed &&
		h.seg == o.seg && h.anchor == o.anchor && h.anchorT == o.anchorT && h.after == o.after && h.unwound == o.unwound
}

// Refill is a Shell's deep copy with its samples made again, at times ts
// (oldest first, as Times gave them) with the poses pose gives: the copy
// Clone makes of the original, when those are the poses it held.
func (h *History) Refill(ts []model.Time, pose func(model.Time) model.Pose) *History {
	c := *h
	c.buf = make([]Sample, max(h.n, 4))
	for i, t := range ts[:h.n] {
		c.buf[i] = Sample{T: t, Pose: pose(t)}
	}
	c.head = 0
	return &c
}
