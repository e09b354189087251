package schedule

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"lagscope/model"
)

func TestMetronomeIsExactAndRebases(t *testing.T) {
	var m Metronome
	t0 := model.Time(0)
	for i := 0; i < 128; i++ {
		t0 = m.Next(t0, 128)
	}
	if t0 != model.Second {
		t.Fatalf("128 beats at 128 Hz end at %v", t0)
	}
	// switch to 64 Hz: the next beat is a 64 Hz interval after this one
	if n := m.Next(t0, 64); n != model.Second+15625 {
		t.Fatalf("after rebase: %v", n)
	}
}

func TestMetronomeDue(t *testing.T) {
	var m Metronome
	if !m.Due(0, 10) || m.Due(50*model.Millisecond, 10) || !m.Due(100*model.Millisecond, 10) {
		t.Fatal("10 Hz beats at 0 and 100 ms")
	}
	// a late check counts missed beats once
	if !m.Due(450*model.Millisecond, 10) || m.Due(460*model.Millisecond, 10) || !m.Due(500*model.Millisecond, 10) {
		t.Fatal("missed beats")
	}
}

// The queue pops in the total order (time, kind, client) whatever the
// order of pushes, interleaved with pops and replacements of the first
// event, and pushing and popping allocate nothing once the heap has its
// room.
func TestQueuePopsInTotalOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	var q Queue
	var want []Event
	next := func() Event {
		return Event{T: model.Time(r.IntN(50)), Kind: Kind(r.IntN(2)), Client: r.IntN(8)}
	}
	for i := 0; i < 2000; i++ {
		e := next()
		q.Push(e)
		want = append(want, e)
		if r.IntN(3) == 0 {
			slices.SortFunc(want, cmpEvent)
			if got := q.Pop(); got != want[0] {
				t.Fatalf("pop %d: %+v, want %+v", i, got, want[0])
			}
			want = want[1:]
		}
		if r.IntN(4) == 0 && q.Len() > 0 { // the first event runs and queues its next
			slices.SortFunc(want, cmpEvent)
			if got := q.Peek(); got != want[0] {
				t.Fatalf("peek %d: %+v, want %+v", i, got, want[0])
			}
			e := next()
			q.Replace(e)
			want[0] = e
		}
	}
	slices.SortFunc(want, cmpEvent)
	for i, w := range want {
		if got := q.Pop(); got != w {
			t.Fatalf("drain %d: %+v, want %+v", i, got, w)
		}
	}
	if q.Len() != 0 {
		t.Fatal(q.Len())
	}
	if a := testing.AllocsPerRun(100, func() { q.Push(next()); q.Pop() }); a != 0 {
		t.Fatalf("%v allocations a push and pop", a)
	}
}

func cmpEvent(a, b Event) int {
	switch {
	case a.T != b.T:
		return cmp.Compare(a.T, b.T)
	case a.Kind != b.Kind:
		return cmp.Compare(a.Kind, b.Kind)
	}
	return cmp.Compare(a.Client, b.Client)
}
