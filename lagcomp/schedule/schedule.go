package schedule

import (
	"container/heap"
	"slices"

	"lagscope/model"
)

// Kind is what an event runs; it orders simultaneous events.
type Kind uint8

// The server ticks before clients render at the same instant.
const (
	ServerTick Kind = iota
	Render          // a client's render frame
)

// Event is one thing due at T: a server tick, or a render frame of
// client Client.
type Event struct {
	T      model.Time
	Kind   Kind
	Client int
}

// Queue is the simulation's queue: a min-heap by (time, kind, client),
// a total order, so the run never depends on insertion accidents.
type Queue struct{ h events }

// Len is the number of events queued.
func (q *Queue) Len() int { return len(q.h) }

// Push queues e.
func (q *Queue) Push(e Event) { heap.Push(&q.h, e) }

// Pop takes the first event.
func (q *Queue) Pop() Event { return heap.Pop(&q.h).(Event) }

// Peek is the first event, left queued.
func (q *Queue) Peek() Event { return q.h[0] }

// Clone is an independent copy (a keyframe's).
func (q *Queue) Clone() Queue { return Queue{slices.Clone(q.h)} }

// events is the heap under a Queue.
type events []Event

func (q events) Len() int { return len(q) }
func (q events) Less(i, j int) bool {
	a, b := q[i], q[j]
	if a.T != b.T {
		return a.T < b.T
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return a.Client < b.Client
}
func (q events) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *events) Push(x any)   { *q = append(*q, x.(Event)) }
func (q *events) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

// Metronome schedules a periodic process (server ticks, snapshots, a
// client's render frames) at exact integer times: beat n is at base +
// TickTime(n, hz), so no rounding accumulates. A rate change takes effect
// from the next beat: the schedule is re-based there.
type Metronome struct {
	base model.Time
	hz   int
	n    int64
}

// Next is the time of the beat after the one at now, at rate hz.
func (m *Metronome) Next(now model.Time, hz int) model.Time {
	if hz != m.hz {
		m.base, m.hz, m.n = now, hz, 0
	}
	m.n++
	return m.base + model.TickTime(m.n, m.hz)
}

// Due reports whether a beat has come by now at rate hz, and consumes
// every beat up to now (several missed beats count once).
func (m *Metronome) Due(now model.Time, hz int) bool {
	if hz != m.hz {
		m.base, m.hz, m.n = now, hz, 1 // beat 0 is now
		return true
	}
	d := false
	for m.base+model.TickTime(m.n, m.hz) <= now {
		d = true
		m.n++
	}
	return d
}
