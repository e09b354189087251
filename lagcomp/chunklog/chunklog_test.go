package chunklog

import (
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// shot stands for a fired shot: an entry with a list both copies append
// to, which own gives each copy of its chunk (as the engine's ownSent).
type shot struct {
	fire    int
	sentAt  []int
	arrived bool
}

func ownSent(s *shot) { s.sentAt = slices.Clip(s.sentAt) }

// A clone shares every chunk; a write on either side copies that one
// chunk, and the other side never sees it.
func TestFiredShotsCopyOneChunkOnWrite(t *testing.T) {
	var f Log[shot]
	for i := 0; i < 1000; i++ {
		f.Add(shot{fire: i, sentAt: []int{i}}, ownSent)
	}
	c := f.Clone()
	c.Mut(5, ownSent).fire = -1
	c.Mut(5, ownSent).sentAt = append(c.Mut(5, ownSent).sentAt, 99)
	f.Mut(900, ownSent).arrived = true
	if f.At(5).fire != 5 || len(f.At(5).sentAt) != 1 || c.At(900).arrived {
		t.Fatal("a write after the clone reached the other copy")
	}
	shared := 0
	for i := range f.chunks() {
		if f.chunk(i) == c.chunk(i) {
			shared++
		}
	}
	if want := f.chunks() - 2; shared != want {
		t.Fatalf("%d of %d chunks still shared, want %d", shared, f.chunks(), want)
	}
	c.Add(shot{fire: 1000}, ownSent)
	f.Add(shot{fire: 2000}, ownSent)
	if c.Len() != 1001 || f.Len() != 1001 || c.At(1000).fire != 1000 || f.At(1000).fire != 2000 {
		t.Fatal("appends after the clone are not each copy's own")
	}
}

// Appends after a clone copy nothing while one side appends alone (the
// live run after a keyframe); when the other appends too, its chunk is
// copied then, and neither sees the other's entries.
func TestAppendsAfterACloneShareTheChunk(t *testing.T) {
	var live Log[int]
	for i := range 40 {
		live.Add(i, nil)
	}
	key := live.Clone()
	for i := 40; i < 60; i++ {
		live.Add(i, nil)
	}
	for k := range key.chunks() {
		if key.chunk(k) != live.chunk(k) {
			t.Fatalf("chunk %d copied by an append only the live log made", k)
		}
	}
	if key.blocks[0] != live.blocks[0] {
		t.Fatal("the block copied by an append only the live log made")
	}
	seek := key.Clone() // a seek replays from the keyframe
	seek.Add(-40, nil)
	if seek.chunk(1) == live.chunk(1) {
		t.Fatal("a second copy appended into the slot the first had taken")
	}
	for i := range 60 {
		if *live.At(i) != i {
			t.Fatalf("live entry %d is %d", i, *live.At(i))
		}
	}
	if key.Len() != 40 || *key.At(39) != 39 || seek.Len() != 41 || *seek.At(40) != -40 || *seek.At(39) != 39 {
		t.Fatal("a copy sees another's appends")
	}
	live.Add(60, nil)
	seek.Add(-41, nil)
	if *live.At(40) != 40 || *seek.At(41) != -41 || *seek.At(40) != -40 {
		t.Fatal("appends after the copy reached the other side")
	}
}

// Bits is a set: it answers as a map of the same numbers does, through
// sets and clears at both ends of uint32 and a clone written on both
// sides.
func TestBitsIsASet(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var b Bits
	m := map[uint32]bool{}
	pick := func() uint32 {
		switch rng.IntN(4) {
		case 0:
			return math.MaxUint32 - rng.Uint32N(5000)
		case 1:
			return rng.Uint32()
		}
		return rng.Uint32N(20000)
	}
	step := func(b *Bits, m map[uint32]bool) {
		x := pick()
		if rng.IntN(3) == 0 {
			b.Clear(x)
			delete(m, x)
		} else {
			b.Set(x)
			m[x] = true
		}
	}
	check := func(b *Bits, m map[uint32]bool, when string) {
		for x := range m {
			if !b.Has(x) {
				t.Fatalf("%s: %d set but not in the set", when, x)
			}
		}
		for range 2000 {
			if x := pick(); b.Has(x) != m[x] {
				t.Fatalf("%s: Has(%d) %v, want %v", when, x, b.Has(x), m[x])
			}
		}
		if b.Len() != len(m) {
			t.Fatalf("%s: %d members, want %d", when, b.Len(), len(m))
		}
	}
	for range 20000 {
		step(&b, m)
	}
	check(&b, m, "before the clone")
	c, cm := b.Clone(), maps.Clone(m)
	for range 5000 {
		step(&b, m)
		step(&c, cm)
	}
	check(&b, m, "the original after the clone")
	check(&c, cm, "the clone")
}

// Copies made of copies, each appending and writing in place across chunk
// and block boundaries, each read back whole against its own plain slice:
// no write or append of one copy reaches another.
func TestCopiesNeverSeeEachOther(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	type copyOf struct {
		log  Log[int]
		want []int
	}
	copies := []*copyOf{{}}
	next := 0
	for step := range 3000 {
		c := copies[rng.IntN(len(copies))]
		switch op := rng.IntN(10); {
		case op == 0 && len(copies) < 8:
			copies = append(copies, &copyOf{log: c.log.Clone(), want: slices.Clone(c.want)})
		case op < 3 && len(c.want) > 0:
			i := len(c.want) - 1 - rng.IntN(min(len(c.want), 3*ChunkLen))
			next++
			*c.log.Mut(i, nil), c.want[i] = next, next
		default:
			n := rng.IntN(3 * ChunkLen)
			if rng.IntN(40) == 0 {
				n = BlockLen * ChunkLen / 8 // on to the next block now and then
			}
			for range n {
				next++
				c.log.Add(next, nil)
				c.want = append(c.want, next)
			}
		}
		if step%100 == 0 || step > 2990 {
			for k, c := range copies {
				if c.log.Len() != len(c.want) {
					t.Fatalf("step %d: copy %d holds %d entries, want %d", step, k, c.log.Len(), len(c.want))
				}
				for i, w := range c.want {
					if *c.log.At(i) != w {
						t.Fatalf("step %d: copy %d entry %d is %d, want %d", step, k, i, *c.log.At(i), w)
					}
				}
			}
		}
	}
	longest := 0
	for _, c := range copies {
		longest = max(longest, len(c.want))
	}
	if longest <= BlockLen*ChunkLen {
		t.Fatalf("no copy reached a second block (%d entries at most)", longest)
	}
}

// A released log gives back only the chunks no other copy can see — not
// those shared with a clone, nor any in a block a clone shares — and they
// come out of the Spare as new ones: a log drawing them, written all
// over, changes nothing the clone reads, and holds none of the released
// entries. A copy of the log kept by value reaches none of them.
func TestReleaseGivesBackOnlyWhatNoCopySees(t *testing.T) {
	var f Log[shot]
	for i := range 100 { // chunks 0–3, the last half full
		f.Add(shot{fire: i, sentAt: []int{i}}, ownSent)
	}
	c := f.Clone()
	f.Mut(5, ownSent).arrived = true // chunk 0 and the block copied: f's own
	for i := 100; i < 200; i++ {     // fills chunk 3's free slots in place (shared), then chunks 4–6 of its own
		f.Add(shot{fire: i, sentAt: []int{i}}, ownSent)
	}
	kept := f
	var sp Spare[shot]
	f.Release(&sp)
	if sp.Len() != 4 {
		t.Fatalf("released %d chunks, want 4: the copied chunk 0 and the 3 made after the clone", sp.Len())
	}
	if f.Len() != 0 || f.blocks != nil {
		t.Fatal("a released log still holds its entries")
	}
	func() {
		defer func() { recover() }()
		kept.At(150)
		t.Fatal("a copy of the released log still reads a released chunk")
	}()
	var g Log[shot]
	for i := range 4 * ChunkLen {
		g.AddFrom(shot{fire: -i}, ownSent, &sp)
		if i == 0 {
			for j, e := range g.chunk(0).s[1:] {
				if e.fire != 0 || e.sentAt != nil || e.arrived {
					t.Fatalf("a spare chunk came out holding a released entry in slot %d: %+v", j+1, e)
				}
			}
		}
	}
	if sp.Len() != 0 {
		t.Fatalf("%d spare chunks left unused", sp.Len())
	}
	for i := range 100 {
		if e := c.At(i); e.fire != i || len(e.sentAt) != 1 || e.sentAt[0] != i || e.arrived {
			t.Fatalf("the clone's entry %d changed: %+v", i, *e)
		}
	}
	c.Add(shot{fire: 100}, ownSent) // the clone's own append into the chunk it shared
	if c.At(100).fire != 100 || c.Len() != 101 {
		t.Fatal("the clone cannot append after the release")
	}
	var never Log[int] // a log never cloned gives back every chunk
	for i := range 5 * ChunkLen {
		never.Add(i, nil)
	}
	var ints Spare[int]
	never.Release(&ints)
	if ints.Len() != 5 {
		t.Fatalf("a log never cloned gave back %d of its 5 chunks", ints.Len())
	}
}
