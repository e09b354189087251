package orderstat

import (
	"math"
	"slices"
	"sort"
)

// Stat keeps the nearest-rank quantiles of a growing set of values
// exactly: the values, sorted, in blocks of fewer than BlockLen, each
// block holding values no greater than the next block's. A value goes
// into its block in order (a block that fills splits in two); a quantile
// is found by walking the blocks' lengths to its rank. It answers what
// sorting every value would, without sorting on every frame; being an
// exact order statistic, the answer depends on the values alone, never on
// the order they came in.
//
// A Clone shares every block (as lagcomp/chunklog shares a log's
// chunks): the first write to a block after a clone copies that block
// alone, so a copy costs the block index, not the values.
type Stat struct {
	idx   []entry
	n     int
	owner *owner // blocks stamped with it are this copy's to write
	// the last two quantiles asked for, at n values: a frame asks for the
	// same ones until values come
	memo [2]memo
}

// BlockLen bounds a block: a write after a clone copies fewer values.
const BlockLen = 64

type entry struct {
	b   *block
	len int
}

type block struct {
	owner *owner
	s     []float64 // sorted
}

type memo struct {
	p, x float64
	n    int
}

// owner identifies one copy of a Stat (not zero-sized: distinct
// allocations must have distinct addresses).
type owner struct{ _ byte }

// Len is how many values there are.
func (o *Stat) Len() int { return o.n }

// Add puts x in the set.
func (o *Stat) Add(x float64) {
	if o.owner == nil {
		o.owner = &owner{}
	}
	if len(o.idx) == 0 {
		o.idx = append(o.idx, entry{&block{owner: o.owner, s: make([]float64, 0, BlockLen)}, 0})
	}
	// the first block whose largest value is above x takes it (the last
	// block when none is): every block before holds values ≤ x
	i := sort.Search(len(o.idx)-1, func(i int) bool { b := o.idx[i].b; return b.s[len(b.s)-1] > x })
	b := o.own(i)
	j := sort.Search(len(b.s), func(j int) bool { return b.s[j] > x })
	b.s = slices.Insert(b.s, j, x)
	o.idx[i].len++
	o.n++
	if len(b.s) == BlockLen { // split: each half its own block
		hi := &block{owner: o.owner, s: append(make([]float64, 0, BlockLen), b.s[BlockLen/2:]...)}
		b.s = b.s[:BlockLen/2]
		o.idx[i].len = len(b.s)
		o.idx = slices.Insert(o.idx, i+1, entry{hi, len(hi.s)})
	}
}

// own makes block i this copy's own (a copy of it, if shared) and
// returns it.
func (o *Stat) own(i int) *block {
	b := o.idx[i].b
	if b.owner != o.owner {
		b = &block{owner: o.owner, s: append(make([]float64, 0, BlockLen), b.s...)}
		o.idx[i].b = b
	}
	return b
}

// Quantile is the nearest-rank p-quantile of the values (0 with none).
func (o *Stat) Quantile(p float64) float64 {
	if o.n == 0 {
		return 0
	}
	for _, m := range o.memo {
		if m.n == o.n && m.p == p {
			return m.x
		}
	}
	k := rank(o.n, p)
	i := 0
	for ; k >= o.idx[i].len; i++ {
		k -= o.idx[i].len
	}
	x := o.idx[i].b.s[k]
	o.memo[1], o.memo[0] = o.memo[0], memo{p: p, x: x, n: o.n}
	return x
}

// rank is the 0-based nearest rank of quantile p among n values.
func rank(n int, p float64) int {
	k := int(math.Ceil(p*float64(n))) - 1
	return max(0, min(k, n-1))
}

// Clone is a copy that shares every block with o until either writes it
// (a keyframe's): from now on neither owns them, hence the pointer.
func (o *Stat) Clone() Stat {
	c := *o
	c.idx = slices.Clone(o.idx)
	o.owner, c.owner = &owner{}, &owner{}
	return c
}
