package schedule

import (
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

// Push queues e. The heap is sifted here rather than by container/heap,
// whose interface boxes every event: an allocation per event, the
// simulation's largest (the steady state allocates nothing per tick).
func (q *Queue) Push(e Event) {
	q.h = append(q.h, e)
	h := q.h
	for j := len(h) - 1; j > 0; {
		i := (j - 1) / 2 // parent
		if !h.Less(j, i) {
			break
		}
		h.Swap(i, j)
		j = i
	}
}

// Pop takes the first event. The order is total, so any heap pops the
// events in the same order.
func (q *Queue) Pop() Event {
	h := q.h
	e := h[0]
	n := len(h) - 1
	h[0] = h[n]
	q.h = h[:n]
	q.down()
	return e
}

// Replace puts e in the first event's place: Pop then Push(e) in one
// sift (a periodic process queues its next beat as it runs this one).
func (q *Queue) Replace(e Event) {
	q.h[0] = e
	q.down()
}

// down sifts the first event down to its place.
func (q *Queue) down() {
	h := q.h
	n := len(h)
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if r := j + 1; r < n && h.Less(r, j) {
			j = r
		}
		if !h.Less(j, i) {
			break
		}
		h.Swap(i, j)
		i = j
	}
}

// Peek is the first event, left queued.
func (q *Queue) Peek() Event { return q.h[0] }

// Clone is an independent copy (a keyframe's).
func (q *Queue) Clone() Queue { return Queue{slices.Clone(q.h)} }

// events is the heap under a Queue.
type events []Event

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
