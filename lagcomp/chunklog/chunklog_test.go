package chunklog

import (
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
	for i := range f.chunks {
		if f.chunks[i] == c.chunks[i] {
			shared++
		}
	}
	if want := len(f.chunks) - 2; shared != want {
		t.Fatalf("%d of %d chunks still shared, want %d", shared, len(f.chunks), want)
	}
	c.Add(shot{fire: 1000}, ownSent)
	f.Add(shot{fire: 2000}, ownSent)
	if c.Len() != 1001 || f.Len() != 1001 || c.At(1000).fire != 1000 || f.At(1000).fire != 2000 {
		t.Fatal("appends after the clone are not each copy's own")
	}
}
