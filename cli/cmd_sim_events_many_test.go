package cli

import (
	"fmt"
	"io"
	"testing"
	"time"
)

// manyEvents is n --event flags, a latency change every 10 s / n.
func manyEvents(n int) []string {
	var args []string
	for i := range n {
		args = append(args, "--event", fmt.Sprintf("%dms:latency_ms=%d", i*10000/n, 40+i%20))
	}
	return args
}

// Each --event re-read and re-scheduled the whole script (issue 32:
// 250/500/1000 events took 0.92/3.45/13.7 s, 2 000 took 56.8 s for a
// 10 s run): 2 000 events run in about what the run takes, well under a
// bound twenty times that.
func TestTwoThousandEventsAreLinear(t *testing.T) {
	args := append([]string{"sim", "--summary", "--duration", "10s"}, manyEvents(2000)...)
	start := time.Now()
	if code := Run(args, io.Discard, io.Discard, nil); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("2 000 events took %v: quadratic", took)
	}
}

// BenchmarkEvents is a 10 s run with 2 000 --events.
func BenchmarkEvents(b *testing.B) {
	args := append([]string{"sim", "--summary", "--duration", "10s"}, manyEvents(2000)...)
	for b.Loop() {
		if code := Run(args, io.Discard, io.Discard, nil); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
