package lagcomp

import (
	"fmt"
	"lagscope/lagcomp/chunklog"
	"testing"

	"lagscope/lagcomp/rule"
)

// A log and its clone share records until one writes: an append or a
// write in place in one is never seen by the other, across chunk
// boundaries, and a rule appended to a copied record never lands in the
// other's rules (they share its array).
func TestShotLogCloneIsolation(t *testing.T) {
	var a ShotLog
	for i := range 2*chunklog.ChunkLen + 10 {
		a.Append(ShotRecord{Seq: uint32(i), Rules: make([]Rule, 1, 4)})
	}
	b := a.clone()
	a.Append(ShotRecord{Seq: 9999})
	b.Append(ShotRecord{Seq: 8888})
	if a.Len() != b.Len() || a.Last().Seq != 9999 || b.Last().Seq != 8888 {
		t.Fatalf("appends crossed: a ends %d (%d), b ends %d (%d)", a.Last().Seq, a.Len(), b.Last().Seq, b.Len())
	}
	for _, i := range []int{0, chunklog.ChunkLen - 1, chunklog.ChunkLen, 2 * chunklog.ChunkLen} {
		r := b.Mut(i)
		r.Rules = append(r.Rules, rule.DuplicatePacket)
		r.Seq += 100000
		if got := a.At(i); got.Seq != uint32(i) || len(got.Rules) != 1 || cap(got.Rules) > 1 && got.Rules[:2][1] == rule.DuplicatePacket {
			t.Errorf("record %d: a write in the clone shows in the original: %+v", i, got)
		}
		if b.At(i).Seq != uint32(i)+100000 || len(b.At(i).Rules) != 2 {
			t.Errorf("record %d: the clone's write is lost", i)
		}
	}
	if got := a.Records(); len(got) != 2*chunklog.ChunkLen+11 || got[chunklog.ChunkLen].Seq != chunklog.ChunkLen || got[len(got)-1].Seq != 9999 {
		t.Fatalf("records %d", len(got))
	}
	if got := b.From(2*chunklog.ChunkLen + 9); len(got) != 2 || got[0].Seq != 2*chunklog.ChunkLen+9 || got[1].Seq != 8888 {
		t.Errorf("from: %v", got)
	}
}

// A clone costs one pointer a chunk, and its first append copies one
// chunk, not the log.
func BenchmarkShotLogCloneAppend(b *testing.B) {
	for _, n := range []int{1000, 144000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			var l ShotLog
			for i := range n {
				l.Append(ShotRecord{Seq: uint32(i)})
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c := l.clone()
				c.Append(ShotRecord{})
			}
		})
	}
}
