package chunklog

import "slices"

// Log is a growing log stored in chunks, so a keyframe costs no copy of
// it: a clone shares every chunk, and the first write to a chunk after a
// clone copies that chunk alone (writes go to recent entries), never the
// whole run's log. An append to a shared chunk copies nothing while no
// copy has appended there before: it takes the next free slot, which no
// other copy can see (each sees its own length only). The chunks are
// found through blocks of BlockLen pointers, shared the same way, so a
// clone copies a pointer a block (one for 2 048 entries), not one a
// chunk: an hour's keyframes held the whole pointer list each.
type Log[T any] struct {
	blocks []*block[T]
	n      int
	owner  *chunkOwner // chunks and blocks stamped with it are this copy's to write
}

// ChunkLen is how many entries a chunk holds.
const ChunkLen = 32

// BlockLen is how many chunks a block points to.
const BlockLen = 64

type chunk[T any] struct {
	owner *chunkOwner
	// used is how many slots some copy has appended: the first copy to
	// append past it takes the slot in place, any other copies the chunk
	used int
	s    [ChunkLen]T
}

// block points to BlockLen chunks; used counts the pointers some copy
// has set (as a chunk's slots).
type block[T any] struct {
	owner *chunkOwner
	used  int
	c     [BlockLen]*chunk[T]
}

// chunkOwner identifies one copy of a log (not zero-sized: distinct
// allocations must have distinct addresses).
type chunkOwner struct{ _ byte }

// Len is the number of entries.
func (c *Log[T]) Len() int { return c.n }

// chunk is chunk k.
func (c *Log[T]) chunk(k int) *chunk[T] { return c.blocks[k/BlockLen].c[k%BlockLen] }

// chunks is how many chunks hold this copy's entries.
func (c *Log[T]) chunks() int { return (c.n + ChunkLen - 1) / ChunkLen }

// At is entry i, for reading only.
func (c *Log[T]) At(i int) *T { return &c.chunk(i / ChunkLen).s[i%ChunkLen] }

// setChunk points chunk k to ch: in place when the block is this copy's
// or (fresh: a new chunk after the last) the slot is the next no copy has
// set, in this copy's own copy of the block otherwise.
func (c *Log[T]) setChunk(k int, ch *chunk[T], fresh bool) {
	b, j := k/BlockLen, k%BlockLen
	blk := c.blocks[b]
	switch {
	case blk.owner == c.owner:
	case fresh && blk.used == j: // the next slot, free in every copy
	default:
		mine := &block[T]{owner: c.owner, used: min(BlockLen, c.chunks()-b*BlockLen), c: blk.c}
		c.blocks[b], blk = mine, mine
	}
	blk.c[j] = ch
	blk.used = max(blk.used, j+1)
}

// Mut is entry i, for writing: its chunk is made this copy's own first
// (own, if not nil, is applied to every entry of a copied chunk, to give
// it its own copy of what the entries reference).
func (c *Log[T]) Mut(i int, own func(*T)) *T {
	k := i / ChunkLen
	if c.owner == nil {
		c.owner = &chunkOwner{}
	}
	if ch := c.chunk(k); ch.owner != c.owner {
		mine := &chunk[T]{owner: c.owner, used: min(ChunkLen, c.n-k*ChunkLen), s: ch.s}
		if own != nil {
			for j := range mine.s {
				own(&mine.s[j])
			}
		}
		c.setChunk(k, mine, false)
	}
	return &c.chunk(k).s[i%ChunkLen]
}

// Add appends an entry: into the newest chunk's next slot in place while
// no other copy has taken it (a keyframe's clone appends nothing, so the
// live run's appends after a keyframe copy nothing), into a copy of the
// chunk otherwise.
func (c *Log[T]) Add(x T, own func(*T)) { c.AddFrom(x, own, nil) }

// AddFrom is Add, a new chunk taken from sp when it has one (nil: made).
func (c *Log[T]) AddFrom(x T, own func(*T), sp *Spare[T]) {
	if c.owner == nil {
		c.owner = &chunkOwner{}
	}
	j := c.n % ChunkLen
	if j == 0 {
		k := c.n / ChunkLen
		if k%BlockLen == 0 {
			c.blocks = append(c.blocks, &block[T]{owner: c.owner})
		}
		c.setChunk(k, sp.chunk(c.owner), true)
	}
	ch := c.chunk(c.n / ChunkLen)
	if ch.used == j { // the next slot is free in every copy: take it
		ch.s[j], ch.used = x, j+1
		c.n++
		return
	}
	c.n++
	*c.Mut(c.n-1, own) = x // a copy of the chunk, with this copy's entries
}

// Slice is entries i to j−1, in a slice of their own (nil when none, as
// appending nothing to a nil slice gives).
func (c *Log[T]) Slice(i, j int) []T {
	if j <= i {
		return nil
	}
	out := make([]T, 0, j-i)
	for ; i < j; i++ {
		out = append(out, *c.At(i))
	}
	return out
}

// All is every entry, in a slice of its own.
func (c *Log[T]) All() []T { return c.Slice(0, c.n) }

// Clone shares every block and chunk with the copy; from now on neither
// owns them.
func (c *Log[T]) Clone() Log[T] {
	c.owner = &chunkOwner{}
	return Log[T]{blocks: slices.Clone(c.blocks), n: c.n, owner: &chunkOwner{}}
}

// Spare holds the chunks of logs that are done, for new logs of the same
// kind (lagcomp's Recycler hands a finished run's to the next): a
// chunk comes out of it as a new one, every entry zero. The zero value is
// empty and ready; not safe for concurrent use.
type Spare[T any] struct{ chunks []*chunk[T] }

// maxSpare bounds a Spare: past it a released chunk is left to the
// collector.
const maxSpare = 64

// chunk is a new chunk owned by owner, a spare one when sp has one.
func (sp *Spare[T]) chunk(owner *chunkOwner) *chunk[T] {
	if sp == nil || len(sp.chunks) == 0 {
		return &chunk[T]{owner: owner}
	}
	ch := sp.chunks[len(sp.chunks)-1]
	sp.chunks = sp.chunks[:len(sp.chunks)-1]
	ch.owner = owner
	return ch
}

// Len is how many chunks sp holds.
func (sp *Spare[T]) Len() int { return len(sp.chunks) }

// Release gives sp the chunks this copy of the log alone ever held, in
// blocks it alone holds (both stamped with its owner: what is shared with
// a clone, or a clone's, never is), cleared, and empties the log: it must
// not be used again, nor any entry read through it before. The blocks
// forget the chunks they gave, so a copy of the log a caller kept (a
// Log value copied) reaches none of them: a read through it panics.
func (c *Log[T]) Release(sp *Spare[T]) {
	for k := range c.chunks() {
		blk, ch := c.blocks[k/BlockLen], c.chunk(k)
		if c.owner != nil && blk.owner == c.owner && ch.owner == c.owner && len(sp.chunks) < maxSpare {
			*ch = chunk[T]{}
			sp.chunks = append(sp.chunks, ch)
			blk.c[k%BlockLen] = nil
		}
	}
	*c = Log[T]{}
}
