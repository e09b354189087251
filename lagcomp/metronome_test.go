package lagcomp

import (
	"testing"

	"lagscope/model"
)

func TestMetronomeIsExactAndRebases(t *testing.T) {
	var m metronome
	t0 := model.Time(0)
	for i := 0; i < 128; i++ {
		t0 = m.next(t0, 128)
	}
	if t0 != model.Second {
		t.Fatalf("128 beats at 128 Hz end at %v", t0)
	}
	// switch to 64 Hz: the next beat is a 64 Hz interval after this one
	if n := m.next(t0, 64); n != model.Second+15625 {
		t.Fatalf("after rebase: %v", n)
	}
}

func TestMetronomeDue(t *testing.T) {
	var m metronome
	if !m.due(0, 10) || m.due(50*model.Millisecond, 10) || !m.due(100*model.Millisecond, 10) {
		t.Fatal("10 Hz beats at 0 and 100 ms")
	}
	// a late check counts missed beats once
	if !m.due(450*model.Millisecond, 10) || m.due(460*model.Millisecond, 10) || !m.due(500*model.Millisecond, 10) {
		t.Fatal("missed beats")
	}
}
