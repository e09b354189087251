package chunklog

import (
	"math/bits"
	"slices"
)

// Bits is a set of numbers (the sequence numbers a server has seen) kept
// as a bitmap in chunks of BitsLen, only those holding a member stored,
// so a set of thousands costs a few hundred bytes and any uint32 (a
// cheater's sequence number) costs one chunk. As a Log, a clone shares
// every chunk and the first write to a chunk after it copies that chunk
// alone: a keyframe costs the chunk index.
type Bits struct {
	chunks []bitsEntry // by key
	owner  *chunkOwner
}

// BitsLen is how many numbers a chunk covers.
const BitsLen = 4096

type bitsEntry struct {
	key uint32 // the numbers [key×BitsLen, (key+1)×BitsLen)
	c   *bitsChunk
}

type bitsChunk struct {
	owner *chunkOwner
	w     [BitsLen / 64]uint64
}

// find is where key's chunk is, or would go.
func (b *Bits) find(key uint32) (int, bool) {
	return slices.BinarySearchFunc(b.chunks, key, func(e bitsEntry, k uint32) int { return int(int64(e.key) - int64(k)) })
}

// Has reports whether x is in the set.
func (b *Bits) Has(x uint32) bool {
	i, ok := b.find(x / BitsLen)
	return ok && b.chunks[i].c.w[x%BitsLen/64]&(1<<(x%64)) != 0
}

// Set puts x in the set.
func (b *Bits) Set(x uint32) {
	if b.owner == nil {
		b.owner = &chunkOwner{}
	}
	i, ok := b.find(x / BitsLen)
	if !ok {
		b.chunks = slices.Insert(b.chunks, i, bitsEntry{x / BitsLen, &bitsChunk{owner: b.owner}})
	}
	b.own(i).w[x%BitsLen/64] |= 1 << (x % 64)
}

// Clear takes x out of the set (a chunk left empty is dropped).
func (b *Bits) Clear(x uint32) {
	i, ok := b.find(x / BitsLen)
	if !ok || b.chunks[i].c.w[x%BitsLen/64]&(1<<(x%64)) == 0 {
		return
	}
	c := b.own(i)
	c.w[x%BitsLen/64] &^= 1 << (x % 64)
	for _, w := range c.w {
		if w != 0 {
			return
		}
	}
	b.chunks = slices.Delete(b.chunks, i, i+1)
}

// Len is how many numbers are in the set.
func (b *Bits) Len() int {
	n := 0
	for _, e := range b.chunks {
		for _, w := range e.c.w {
			n += bits.OnesCount64(w)
		}
	}
	return n
}

// own makes chunk i this copy's own (a copy of it, if shared).
func (b *Bits) own(i int) *bitsChunk {
	if b.owner == nil {
		b.owner = &chunkOwner{}
	}
	c := b.chunks[i].c
	if c.owner != b.owner {
		c = &bitsChunk{owner: b.owner, w: c.w}
		b.chunks[i].c = c
	}
	return c
}

// Clone shares every chunk with the copy; from now on neither owns them.
func (b *Bits) Clone() Bits {
	b.owner = &chunkOwner{}
	return Bits{chunks: slices.Clone(b.chunks), owner: &chunkOwner{}}
}
