package lagcomp

import (
	"container/heap"

	"lagscope/model"
)

// eventKind orders simultaneous events: the server ticks before clients
// render at the same instant.
type eventKind uint8

const (
	evServerTick eventKind = iota
	evRender               // a client's render frame
)

type event struct {
	t      model.Time
	kind   eventKind
	client int
}

// events is the simulation's queue: a min-heap by (time, kind, client),
// a total order, so the run never depends on insertion accidents.
type events []event

func (q events) Len() int { return len(q) }
func (q events) Less(i, j int) bool {
	a, b := q[i], q[j]
	if a.t != b.t {
		return a.t < b.t
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	return a.client < b.client
}
func (q events) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *events) Push(x any)   { *q = append(*q, x.(event)) }
func (q *events) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

func (q *events) push(e event) { heap.Push(q, e) }
func (q *events) pop() event   { return heap.Pop(q).(event) }
func (q events) peek() event   { return q[0] }
