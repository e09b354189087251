package cli

import (
	"bytes"
	"io"
	"runtime"
	"testing"
)

// heapWatch is a writer that counts lines and, every so many, takes the
// live heap (after a collection): the most the run held while it wrote.
type heapWatch struct {
	lines, every int
	maxLive      uint64
	last         []byte // the last line, the summary
}

func (h *heapWatch) Write(p []byte) (int, error) {
	h.lines++
	h.last = append(h.last[:0], p...)
	if h.lines%h.every == 0 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		h.maxLive = max(h.maxLive, m.HeapAlloc)
	}
	return len(p), nil
}

// simPacketsHeap runs sim --json --packets for d and gives the most live
// heap it held and the lines it wrote.
func simPacketsHeap(t *testing.T, d string) (uint64, int) {
	t.Helper()
	h := &heapWatch{every: 5000}
	var errOut bytes.Buffer
	if code := Run([]string{"sim", "--json", "--packets", "--duration", d}, h, &errOut, nil); code != 0 {
		t.Fatalf("sim --duration %s: exit %d: %s", d, code, errOut.String())
	}
	if !bytes.Contains(h.last, []byte(`"type":"summary"`)) {
		t.Fatalf("sim --duration %s: the last line is not the summary: %s", d, h.last)
	}
	return h.maxLive, h.lines
}

// TestSimPacketsMemoryIsBounded attacks issue 32's packets that were all
// kept until the end (38 / 160 MB at 1 / 10 simulated minutes): the
// lines are written as the run sends them, so ten minutes hold about
// what one does (the run's own state, which grows only with its shots).
func TestSimPacketsMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("ten simulated minutes")
	}
	one, n1 := simPacketsHeap(t, "1m")
	ten, n10 := simPacketsHeap(t, "10m")
	if n10 < 9*n1 {
		t.Fatalf("10 min wrote %d lines, 1 min %d: not ten times the packets", n10, n1)
	}
	t.Logf("most live heap: 1 min %d KB (%d lines), 10 min %d KB (%d lines)", one>>10, n1, ten>>10, n10)
	// kept, ten minutes of packets are 9 × a minute's more than one
	// minute's (each a PacketFrame, 168 bytes: ~17 MB more here)
	if grown := int64(ten) - int64(one); grown > int64(one)/2+4<<20 {
		t.Errorf("10 simulated minutes held %d KB live, 1 minute %d KB: the packets are kept, not streamed", ten>>10, one>>10)
	}
}

// BenchmarkSimPackets is sim --json --packets over a minute, written
// nowhere.
func BenchmarkSimPackets(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if code := Run([]string{"sim", "--json", "--packets", "--duration", "1m"}, io.Discard, io.Discard, nil); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
