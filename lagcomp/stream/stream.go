package stream

import (
	"math/rand/v2"

	"github.com/google/uuid"
)

// Stream ids: each consumer of randomness draws from its own stream of the
// one seed, so adding a draw in one place does not shift every other.
const (
	UUID uint64 = iota + 1
	Aim
	Motion
	LinkBase // + 2*client (+1 for the down link)
)

// Streams added later sit clear of the per-client link streams.
const (
	Handshake   uint64 = 64 + iota // + client: the connect exchange's delays
	FirePhase          = 80        // the bot's first shot within its fire interval
	TargetPhase        = 81        // where in its cycle the target's motion starts
)

// Streams of the clients lagscope had no room for before: observers'
// links, and every client's weapon channel (ShooterGame's BurstCounter article), far from the
// small ids above so none of them can ever overlap.
const (
	ObserverLinkBase uint64 = 1<<20 + 2*iota // + 2*client (+1 down)
	WeaponLinkBase   uint64 = 1 << 21        // + 2*client (+1 down)
	// observers' connect exchange (Handshake + 2*client would run
	// into FirePhase from the eighth client on)
	ObserverHandshakeBase uint64 = 1 << 22
	// the duel's target: its bot's aim error and first trigger pull
	DuelAim       uint64 = 1<<22 + 1<<16
	DuelFirePhase uint64 = 1<<22 + 1<<16 + 1
	// each bot's draw of reaction_spread_ms: the shooter's, the duel
	// target's
	Reaction     uint64 = 1<<22 + 1<<16 + 2
	DuelReaction uint64 = 1<<22 + 1<<16 + 3
	// a population's draws (+ population_draw): each draws its players'
	// percentiles in client order, so an observer more leaves the others'
	Population uint64 = 1 << 23
	// at most this many events in a script (a scripted disconnect's
	// rejoin now goes over the client's own links, drawing from their
	// streams, so the events need no streams of their own)
	MaxEvents = 1 << 12
	// each client's command phase (+ client): where its command clock's
	// beats lie against the server's ticks (cmd_phase_ms = -1)
	CmdPhase uint64 = 1 << 30
)

// New is a generator on stream of seed, with its state kept beside it
// so a keyframe can copy it by value (rand.Rand holds nothing else).
func New(seed, stream uint64) (*rand.Rand, *rand.PCG) {
	src := rand.NewPCG(seed, stream)
	return rand.New(src), src
}

// Draw is a single draw in [0, n) from its own stream, for what the
// seed fixes once at the start of a run.
func Draw(seed, stream uint64, n int64) int64 {
	r, _ := New(seed, stream)
	return r.Int64N(n)
}

// Clone is an independent generator in the state src is in now.
func Clone(src *rand.PCG) (*rand.Rand, *rand.PCG) {
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

// IDs draws version-4 uuids from a seeded stream.
type IDs struct {
	rd  randReader
	src *rand.PCG
}

// NewIDs is the record ids of a run of seed.
func NewIDs(seed uint64) *IDs {
	r, src := New(seed, UUID)
	return &IDs{randReader{r}, src}
}

// Clone is an independent source in the state s is in now.
func (s *IDs) Clone() *IDs {
	r, src := Clone(s.src)
	return &IDs{randReader{r}, src}
}

// Next is the next id.
func (s *IDs) Next() uuid.UUID {
	id, err := uuid.NewRandomFromReader(s.rd)
	if err != nil { // randReader never fails
		panic(err)
	}
	return id
}
