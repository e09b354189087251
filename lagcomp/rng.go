package lagcomp

import (
	"math/rand/v2"

	"github.com/google/uuid"
)

// Stream ids: each consumer of randomness draws from its own stream of the
// one seed, so adding a draw in one place does not shift every other.
const (
	streamUUID uint64 = iota + 1
	streamAim
	streamMotion
	streamLinkBase // + 2*client (+1 for the down link)
)

// Streams added later sit clear of the per-client link streams.
const (
	streamHandshake   uint64 = 64 + iota // + client: the connect exchange's delays
	streamFirePhase          = 80        // the bot's first shot within its fire interval
	streamTargetPhase        = 81        // where in its cycle the target's motion starts
)

// Streams of the clients lagscope had no room for before: observers'
// links, and every client's weapon channel (source 001), far from the
// small ids above so none of them can ever overlap.
const (
	streamObserverLinkBase uint64 = 1<<20 + 2*iota // + 2*client (+1 down)
	streamWeaponLinkBase   uint64 = 1 << 21        // + 2*client (+1 down)
	// observers' connect exchange (streamHandshake + 2*client would run
	// into streamFirePhase from the eighth client on)
	streamObserverHandshakeBase uint64 = 1 << 22
	// the duel's target: its bot's aim error and first trigger pull
	streamDuelAim       uint64 = 1<<22 + 1<<16
	streamDuelFirePhase uint64 = 1<<22 + 1<<16 + 1
)

// newRand is a generator on stream of seed, with its state kept beside it
// so a keyframe can copy it by value (rand.Rand holds nothing else).
func newRand(seed, stream uint64) (*rand.Rand, *rand.PCG) {
	src := rand.NewPCG(seed, stream)
	return rand.New(src), src
}

// drawN is a single draw in [0, n) from its own stream, for what the
// seed fixes once at the start of a run.
func drawN(seed, stream uint64, n int64) int64 {
	r, _ := newRand(seed, stream)
	return r.Int64N(n)
}

// cloneRand is an independent generator in the state src is in now.
func cloneRand(src *rand.PCG) (*rand.Rand, *rand.PCG) {
	c := *src
	return rand.New(&c), &c
}

// randReader feeds uuid generation from a seeded stream, so record ids are
// reproducible: same seed, same ids.
type randReader struct{ r *rand.Rand }

func (rr randReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(rr.r.Uint32())
	}
	return len(p), nil
}

// idSource draws version-4 uuids from a seeded stream.
type idSource struct {
	rd  randReader
	src *rand.PCG
}

func newIDSource(seed uint64) *idSource {
	r, src := newRand(seed, streamUUID)
	return &idSource{randReader{r}, src}
}

func (s *idSource) clone() *idSource {
	r, src := cloneRand(s.src)
	return &idSource{randReader{r}, src}
}

func (s *idSource) next() uuid.UUID {
	id, err := uuid.NewRandomFromReader(s.rd)
	if err != nil { // randReader never fails
		panic(err)
	}
	return id
}
