package fireeffects

import (
	"slices"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/chunklog"
	"lagscope/model"
)

// Log is the omniscient account of fire and effects.
type Log struct {
	Shots   chunklog.Log[ServerShot] // every log shared with keyframes, chunk by chunk
	Bursts  chunklog.Log[ServerBurst]
	Values  chunklog.Log[ValueChange] // the server's property after each change
	Clients []RemoteFire              // by client index; 0 (the shooter) stays empty
	tallies []Tally                   // by client index: the records kept running
	spares  *Spares                   // where new chunks come from (NewLogFrom; nil: made)
}

// ServerShot is one shot the server's weapon fired.
type ServerShot struct {
	T     model.Time
	Burst int
	// Relevant has bit i set when client i's channel was open at the
	// shot: shots fired while a client's copy is culled cannot play there.
	Relevant uint64
}

// ServerBurst is a run of shots between StartFire and StopFire.
type ServerBurst struct {
	Start, Stop model.Time // Stop -1 while still firing
	First, N    int        // its shots: Shots[First : First+N]
	Relevant    uint64     // its shots' Relevant, or'ed: bit i clear when all played culled on client i
}

// ValueChange is the server's BurstCounter after a shot or a stop.
type ValueChange struct {
	T      model.Time
	Value  int
	Firing bool
}

// RemoteFire is what one remote client received and played.
type RemoteFire struct {
	Updates chunklog.Log[FireUpdate]
	Effects chunklog.Log[PlayedEffect]
	Culled  []Span // when its copy of the weapon did not exist
	// Stale counts the updates dropped because their packet came after a
	// newer one of the weapon's connection (reordered).
	Stale int
	// Merged counts the shots updates brought beyond the effects their
	// OnRep played (two shots in one update, one flash).
	Merged int
}

// FireUpdate is a property value the client applied.
type FireUpdate struct {
	Sent, Recv model.Time
	Value      int
	Firing     bool
	Open       bool // it opened the channel
	Bits       int
}

// PlayedEffect is one muzzle flash a remote client played, attributed to
// the server burst it stands for (-1: none, an effect for no shot).
type PlayedEffect struct {
	T     model.Time
	Cause burstcounter.Cause
	Burst int
	Bogus bool // played on relevancy re-entry for a weapon not firing
}

// Span is a time interval; End -1 while it lasts.
type Span struct{ Start, End model.Time }

// NewLog is the log of a run with clients clients (the shooter's stays
// empty).
func NewLog(clients int) *Log {
	l := &Log{Clients: make([]RemoteFire, clients), tallies: make([]Tally, clients)}
	for i := 1; i < clients; i++ {
		l.Clients[i].Culled = []Span{{0, -1}} // no copy until the channel opens
	}
	return l
}

// Clone shares the log's append-only parts (shots, values, updates,
// effects: never written once appended) chunk by chunk, and copies the
// ones written in place (a burst's count and stop, in chunks; the open
// culled span; the running records' counts per burst, in chunks).
func (l *Log) Clone() *Log {
	c := &Log{Shots: l.Shots.Clone(), Bursts: l.Bursts.Clone(), Values: l.Values.Clone(), Clients: slices.Clone(l.Clients)}
	for i := range c.Clients {
		rf := &c.Clients[i]
		rf.Updates, rf.Effects, rf.Culled = l.Clients[i].Updates.Clone(), l.Clients[i].Effects.Clone(), slices.Clone(rf.Culled)
	}
	c.tallies = slices.Clone(l.tallies)
	for i := range c.tallies {
		c.tallies[i].perBurst = l.tallies[i].perBurst.Clone()
	}
	return c
}

// ValuesSince are the changes at or after from, led by the value in
// force at from.
func (l *Log) ValuesSince(from model.Time) []ValueChange {
	vs := &l.Values
	k := vs.Len()
	for k > 0 && vs.At(k-1).T >= from {
		k--
	}
	if k > 0 {
		k--
	}
	return vs.Slice(k, vs.Len())
}
