package presets

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A trace over MaxTraceBytes was read up to the limit before it was
// refused (issue 32: 612 MB for a 300 MiB file): it is refused by its
// size, unread, naming the file and the limit.
func TestTraceOverTheLimitIsNotRead(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.csv")
	if err := os.WriteFile(big, []byte("t_ms,delay_ms,lost\n0,40,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxTraceBytes+1); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	_, err := ReadTrace(big)
	runtime.ReadMemStats(&b)
	if err == nil || !strings.Contains(err.Error(), big) || !strings.Contains(err.Error(), "larger than 256 MiB") {
		t.Fatalf("a trace of MaxTraceBytes+1: %v, want an error naming it and the limit", err)
	}
	if n := b.TotalAlloc - a.TotalAlloc; n > 1<<20 {
		t.Errorf("%d bytes allocated to refuse a trace by its size", n)
	}
}
