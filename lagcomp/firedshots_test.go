package lagcomp

import (
	"testing"

	"lagscope/model"
)

// A clone shares every chunk; a write on either side copies that one
// chunk, and the other side never sees it.
func TestFiredShotsCopyOneChunkOnWrite(t *testing.T) {
	var f firedShots
	for i := 0; i < 1000; i++ {
		f.add(pendingShot{fire: model.Time(i), delivery: delivery{sentAt: []model.Time{model.Time(i)}}}, ownSent)
	}
	c := f.clone()
	c.mut(5, ownSent).fire = -1
	c.mut(5, ownSent).sentAt = append(c.mut(5, ownSent).sentAt, 99)
	f.mut(900, ownSent).arrived = true
	if f.at(5).fire != 5 || len(f.at(5).sentAt) != 1 || c.at(900).arrived {
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
	c.add(pendingShot{fire: 1000}, ownSent)
	f.add(pendingShot{fire: 2000}, ownSent)
	if c.len() != 1001 || f.len() != 1001 || c.at(1000).fire != 1000 || f.at(1000).fire != 2000 {
		t.Fatal("appends after the clone are not each copy's own")
	}
}
