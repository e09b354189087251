package lagcomp

import "slices"

// chunked is a growing log stored in chunks, so a keyframe costs no copy
// of it: a clone shares every chunk, and the first write to a chunk after
// a clone copies that chunk alone (writes go to recent entries), never
// the whole run's log. The fired shots and the fire log's bursts use it.
type chunked[T any] struct {
	chunks []*chunk[T]
	n      int
	owner  *chunkOwner // chunks stamped with it are this copy's to write
}

const chunkLen = 32

type chunk[T any] struct {
	owner *chunkOwner
	s     [chunkLen]T
}

// chunkOwner identifies one copy of a log (not zero-sized: distinct
// allocations must have distinct addresses).
type chunkOwner struct{ _ byte }

func (c *chunked[T]) len() int { return c.n }

// at is entry i, for reading only.
func (c *chunked[T]) at(i int) *T { return &c.chunks[i/chunkLen].s[i%chunkLen] }

// mut is entry i, for writing: its chunk is made this copy's own first
// (own, if not nil, is applied to every entry of a copied chunk, to give
// it its own copy of what the entries reference).
func (c *chunked[T]) mut(i int, own func(*T)) *T {
	k := i / chunkLen
	if c.owner == nil {
		c.owner = &chunkOwner{}
	}
	if ch := c.chunks[k]; ch.owner != c.owner {
		mine := &chunk[T]{owner: c.owner, s: ch.s}
		if own != nil {
			for j := range mine.s {
				own(&mine.s[j])
			}
		}
		c.chunks[k] = mine
	}
	return &c.chunks[k].s[i%chunkLen]
}

// add appends an entry.
func (c *chunked[T]) add(x T, own func(*T)) {
	if c.owner == nil {
		c.owner = &chunkOwner{}
	}
	if c.n%chunkLen == 0 {
		c.chunks = append(c.chunks, &chunk[T]{owner: c.owner})
	}
	c.n++
	*c.mut(c.n-1, own) = x
}

// slice is entries i to j−1, in a slice of their own (nil when none, as
// appending nothing to a nil slice gives).
func (c *chunked[T]) slice(i, j int) []T {
	if j <= i {
		return nil
	}
	out := make([]T, 0, j-i)
	for ; i < j; i++ {
		out = append(out, *c.at(i))
	}
	return out
}

// all is every entry, in a slice of its own.
func (c *chunked[T]) all() []T { return c.slice(0, c.n) }

// clone shares every chunk with the copy; from now on neither owns them.
func (c *chunked[T]) clone() chunked[T] {
	c.owner = &chunkOwner{}
	return chunked[T]{chunks: slices.Clone(c.chunks), n: c.n, owner: &chunkOwner{}}
}

// firedShots holds every shot fired, by command seq − 1.
type firedShots = chunked[pendingShot]

// ownSent gives a copied shot its own list of send times: both copies
// append to it.
func ownSent(ps *pendingShot) { ps.sentAt = slices.Clip(ps.sentAt) }
