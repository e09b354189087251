package lagcomp

import (
	"slices"

	"lagscope/lagcomp/chunklog"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/internal/spare"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// Recycler hands a finished run's large buffers to the next run one
// goroutine starts (a sweep worker's points, each a run of its own): the
// driven pawns' paths, the histories' rings and swept queues, the input
// and snapshot slabs, the inboxes' slots and the predictors' pending
// inputs. A run allocated most of them in its first seconds, and a sweep
// of short runs spent the collector's cycles on little else — cycles its
// workers share. A run drawing from it runs exactly as one from New: each
// buffer is written before it is read, as a slab the run reuses itself
// is (Sim.inputsHeld, Sim.snapshotsHeld), or read only by length, never
// by room. Not safe for concurrent use: one for each worker.
type Recycler struct {
	paths    [][]rewind.Sample
	slabs    [][]movement.Input // input slabs
	pending  [][]movement.Input // predictors' rooms
	inputs   [][]movement.Input // clients' batches and backups
	queues   [][]movement.Input // the server's input buffers' queues
	knots    [][]rewind.Sample  // and their knots
	rooms    []snapRoom
	snapBufs [][]*Snapshot // clients' snapshot buffers
	inboxes  []inbox
	rewind   rewind.Spares
	shots    chunklog.Spare[ShotRecord]  // the shot log's chunks
	fired    chunklog.Spare[pendingShot] // the fired shots' chunks
	fx       fireeffects.Spares          // the fire log's
}

// New is lagcomp's New, the run's buffers drawn from r where it has them.
func (r *Recycler) New(cfg Config) (*Sim, error) { return newSim(cfg, r) }

// Recycle takes s's buffers for the runs r starts next, once nothing will
// read s or anything of it again: s is emptied (its server's and clients'
// references to them too), and any later use of it panics rather than
// read another run's data. A run a clone or keyframe was made of, or
// that is one, gives nothing back (they may share memory), only its
// use is ended. The caller must hold nothing of s but what it copied out
// (its Summary, its figures): a sweep takes them first.
func (r *Recycler) Recycle(s *Sim) {
	s.live()
	if h := s.honest; h != nil && !h.recycled {
		r.Recycle(h)
	}
	if !s.lent {
		s.Shots.c.Release(&r.shots) // (a chunk a clone shares, never)
		s.pending.Release(&r.fired)
		s.fx.Release(&r.fx)
		srv := s.Server
		for i := range srv.Pawns {
			p := &srv.Pawns[i]
			if p.path != nil {
				spare.Keep(&r.paths, p.path[:0])
			}
			r.rewind.Keep(p.History, &p.Swept)
			p.path = nil
		}
		r.keepInbox(&srv.in)
		for _, cn := range srv.conns {
			q, k := cn.inputs.Rooms()
			if cap(q) > 0 {
				spare.Keep(&r.queues, q)
			}
			if cap(k) > 0 {
				spare.Keep(&r.knots, k)
			}
		}
		for _, o := range append(srv.snapSlab.old, srv.snapSlab.cur) {
			if o.snaps != nil && len(r.rooms) < spare.Max {
				r.rooms = append(r.rooms, o)
			}
		}
		srv.snapSlab = snapSlab{}
		for _, c := range s.Clients {
			if cap(c.slab) > 0 {
				spare.Keep(&r.slabs, c.slab[:0])
			}
			for _, o := range c.oldSlabs {
				spare.Keep(&r.slabs, o.in[:0])
			}
			c.slab, c.oldSlabs = nil, nil
			if room := c.pred.Room(); room != nil {
				spare.Keep(&r.pending, room)
			}
			for _, in := range [...][]movement.Input{c.batch, c.sentInputs} {
				if cap(in) > 0 {
					spare.Keep(&r.inputs, in)
				}
			}
			c.batch, c.sentInputs = nil, nil
			r.keepInbox(&c.in)
			if cap(c.snapBuf) > 0 {
				clear(c.snapBuf[:cap(c.snapBuf)]) // snapshots of the slabs
				spare.Keep(&r.snapBufs, c.snapBuf)
			}
			c.snaps, c.snapBuf = nil, nil
			r.rewind.Keep(c.seenTrail, nil)
		}
	}
	*s = Sim{recycled: true}
}

// live panics if s was recycled: its buffers are another run's now.
func (s *Sim) live() {
	if s.recycled {
		panic("lagcomp: a Sim used after Recycler.Recycle took its buffers")
	}
}

// keepInbox takes b's arrays, cleared (a packet points to what its run
// made: kept, they would keep that alive), and empties b.
func (r *Recycler) keepInbox(b *inbox) {
	if b.slots != nil && len(r.inboxes) < spare.Max {
		clear(b.slots[:cap(b.slots)])
		r.inboxes = append(r.inboxes, inbox{slots: b.slots[:0], free: b.free[:0], keys: b.keys[:0]})
	}
	*b = inbox{}
}

// inbox is an empty inbox, in an earlier run's arrays when r has them.
func (r *Recycler) inbox() inbox {
	if r == nil || len(r.inboxes) == 0 {
		return inbox{}
	}
	b := r.inboxes[0]
	r.inboxes = slices.Delete(r.inboxes, 0, 1)
	return b
}

// history is rewind.NewHistory, in a spare ring when r has one.
func (r *Recycler) history(maxTrail model.Time, n int) *rewind.History {
	if r == nil {
		return rewind.NewHistory(maxTrail, n)
	}
	return r.rewind.NewHistory(maxTrail, n)
}

// reserve is w.Reserve(n), with spare queues when r has them.
func (r *Recycler) reserve(w *rewind.Swept, n int) {
	if r == nil {
		w.Reserve(n)
		return
	}
	r.rewind.Reserve(w, n)
}

// path is an empty path with room for n knots when r has one (nil: the
// run makes it at its first knots, as without a Recycler).
func (r *Recycler) path(n int) []rewind.Sample {
	if r == nil {
		return nil
	}
	return spare.Take(&r.paths, n)
}

// shotChunks is where the run's shot log takes new chunks from (nil:
// made).
func (r *Recycler) shotChunks() *chunklog.Spare[ShotRecord] {
	if r == nil {
		return nil
	}
	return &r.shots
}

// firedChunks is where the run's fired shots take new chunks from (nil:
// made).
func (r *Recycler) firedChunks() *chunklog.Spare[pendingShot] {
	if r == nil {
		return nil
	}
	return &r.fired
}

// bufferQueue is an empty input buffer's queue an earlier run's server had
// (nil: none).
func (r *Recycler) bufferQueue() []movement.Input {
	if r == nil {
		return nil
	}
	return spare.Take(&r.queues, 0)
}

// bufferKnots is an empty array of an input buffer's knots an earlier run's
// server had (nil: none).
func (r *Recycler) bufferKnots() []rewind.Sample {
	if r == nil {
		return nil
	}
	return spare.Take(&r.knots, 0)
}

// fireLogs is where the run's fire log takes new chunks from (nil:
// made).
func (r *Recycler) fireLogs() *fireeffects.Spares {
	if r == nil {
		return nil
	}
	return &r.fx
}

// inputList is an empty array of inputs an earlier run's client batched
// or kept as backups in (nil: none).
func (r *Recycler) inputList() []movement.Input {
	if r == nil {
		return nil
	}
	return spare.Take(&r.inputs, 0)
}

// snapBuf is an empty snapshot buffer an earlier run's client had (nil:
// none); its first snapshot moves into it (Client.receive).
func (r *Recycler) snapBuf() []*Snapshot {
	if r == nil {
		return nil
	}
	return spare.Take(&r.snapBufs, 0)
}

// pendingRoom is a spare predictor's room (nil: none).
func (r *Recycler) pendingRoom() []movement.Input {
	if r == nil {
		return nil
	}
	return spare.Take(&r.pending, 0)
}

// inputSlab is an empty input slab with room for size inputs.
func (r *Recycler) inputSlab(size int) []movement.Input {
	if r != nil {
		if b := spare.Take(&r.slabs, size); b != nil {
			return b
		}
	}
	return make([]movement.Input, 0, size)
}

// snapRoom is a snapshot slab of n snapshots of pawns poses and conns
// acks, an earlier run's when r has one that size.
func (r *Recycler) snapRoom(n, pawns, conns int) snapRoom {
	if r != nil {
		for i := range r.rooms {
			if o := r.rooms[i]; o.sized(n, pawns, conns) {
				r.rooms = slices.Delete(r.rooms, i, i+1)
				o.used = 0
				return o
			}
		}
	}
	return newSnapRoom(n, pawns, conns)
}
