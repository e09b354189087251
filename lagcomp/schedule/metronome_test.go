package schedule

import (
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
