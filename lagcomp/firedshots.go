package lagcomp

import "slices"

// firedShots holds every shot fired, by command seq − 1, in chunks, so a
// keyframe costs no copy of them: a clone shares every chunk, and the
// first write to a chunk after a clone copies that chunk alone (writes
// go to the recent shots whose copies are still travelling), never the
// whole run's shots.
type firedShots struct {
	chunks []*firedChunk
	n      int
	owner  *chunkOwner // chunks stamped with it are this copy's to write
}

const firedChunkLen = 32

type firedChunk struct {
	owner *chunkOwner
	s     [firedChunkLen]pendingShot
}

// chunkOwner identifies one copy of the shots (not zero-sized: distinct
// allocations must have distinct addresses).
type chunkOwner struct{ _ byte }

func (f *firedShots) len() int { return f.n }

// at is shot i, for reading only.
func (f *firedShots) at(i int) *pendingShot { return &f.chunks[i/firedChunkLen].s[i%firedChunkLen] }

// mut is shot i, for writing: its chunk is made this copy's own first.
func (f *firedShots) mut(i int) *pendingShot {
	c := i / firedChunkLen
	if f.owner == nil {
		f.owner = &chunkOwner{}
	}
	if ch := f.chunks[c]; ch.owner != f.owner {
		own := &firedChunk{owner: f.owner, s: ch.s}
		for j := range own.s {
			own.s[j].sentAt = slices.Clip(own.s[j].sentAt) // an append reallocates
		}
		f.chunks[c] = own
	}
	return &f.chunks[c].s[i%firedChunkLen]
}

// add appends a shot.
func (f *firedShots) add(ps pendingShot) {
	if f.owner == nil {
		f.owner = &chunkOwner{}
	}
	if f.n%firedChunkLen == 0 {
		f.chunks = append(f.chunks, &firedChunk{owner: f.owner})
	}
	f.n++
	*f.mut(f.n - 1) = ps
}

// clone shares every chunk with the copy; from now on neither owns them.
func (f *firedShots) clone() firedShots {
	f.owner = &chunkOwner{}
	return firedShots{chunks: slices.Clone(f.chunks), n: f.n, owner: &chunkOwner{}}
}
