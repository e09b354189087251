package cli

import (
	"fmt"
	"io"
	"strings"
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

// Events that --event added and that overlap are --event's error, not a
// --set of the key events the user never gave; a --set events=… that
// overlaps stays --set's.
func TestOverlappingEventsNameTheirFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--event", "3s:outage=2s", "--event", "4s:outage=1s"}, "--event (after the preset's events): key \"events\": 3s:outage=2s and 4s:outage=1s overlap"},
		{[]string{"--set", "events=3s:outage=2s; 4s:outage=1s"}, "--set: key \"events\": 3s:outage=2s and 4s:outage=1s overlap"},
	} {
		for _, cmd := range [][]string{{"sim", "--summary"}, {"sweep", "--vary", "latency_ms=20,40", "--csv", "-"}} {
			args := append(append([]string{cmd[0], "--preset", "default", "--duration", "1s"}, cmd[1:]...), tc.args...)
			if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, tc.want) {
				t.Errorf("%v: exit %d %q, want 2 and %q", args, code, errs, tc.want)
			}
		}
	}
}
