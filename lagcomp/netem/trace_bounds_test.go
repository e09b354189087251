package netem

import (
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// gapLog is a ping log of two replies, icmp_seq=1 and icmp_seq=last.
func gapLog(last string) []byte {
	return []byte("PING x (10.0.0.1) 56(84) bytes of data.\n" +
		"64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=20.0 ms\n" +
		"64 bytes from 10.0.0.1: icmp_seq=" + last + " ttl=64 time=22.0 ms\n")
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// A ping log's claimed icmp_seq gap sized its memory (issue 32: icmp_seq=1
// then 10000000 took 1.34 GB, 2·10⁹ ran out of memory): a span beyond
// MaxPingProbes is an error naming the file, the line, the field and the
// limit, found before any step is made; within it the steps are the span.
func TestPingGapIsBounded(t *testing.T) {
	for _, last := range []string{"10000000", "2000000000", "9223372036854775807", strconv.Itoa(MaxPingProbes + 1)} {
		var err error
		if n := allocated(func() { _, err = ParseTrace("gap.log", gapLog(last)) }); n > 1<<20 {
			t.Errorf("icmp_seq=%s: %d bytes allocated to refuse it", last, n)
		}
		var te *TraceError
		want := "trace gap.log: line 3: field icmp_seq: " + last + " is "
		if !errors.As(err, &te) || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "at most "+strconv.Itoa(MaxPingProbes)+" probes") {
			t.Errorf("icmp_seq=%s: %v, want an error %q… naming the limit", last, err, want)
		}
	}
	var tr *Trace
	var err error
	n := allocated(func() { tr, err = ParseTrace("day.log", gapLog(strconv.Itoa(MaxPingProbes))) })
	if err != nil {
		t.Fatalf("a log spanning MaxPingProbes: %v", err)
	}
	if len(tr.Steps) != MaxPingProbes || !tr.Steps[1].Lost || tr.Steps[MaxPingProbes-1].Lost {
		t.Fatalf("%d steps, want %d: the replies and the losses between", len(tr.Steps), MaxPingProbes)
	}
	if most := uint64(MaxPingProbes) * 32 * 2; n > most { // a step is 32 bytes (its LossRate for trace_loss = rate)
		t.Errorf("a log spanning %d probes allocated %d bytes, more than %d", MaxPingProbes, n, most)
	}
}

// A trace's rows span at most MaxTraceSpan: times beyond it wrapped
// model.Time negative (found by FuzzParseTrace: -D stamps 10¹³ s apart;
// a CSV t_ms of 1e16 did the same).
func TestTraceSpanIsBounded(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"far.csv", "t_ms,delay_ms,lost\n0,40,0\n1e16,40,0\n", "trace far.csv: line 3: field t_ms: 1e16 is 10000000000000000 ms after the first row (0): a trace spans at most 86400000 ms"},
		{"stamps.log", "[0] 64 bytes: icmp_seq=0 time=1 ms\n[10000000000000] 64 bytes: icmp_seq=1 time=1 ms\n", "trace stamps.log: line 2: field icmp_seq: the probes from icmp_seq 0 to 1, 86400001 ms apart (-D's stamps), span more than 86400000 ms"},
		{"inf.log", "[0] 64 bytes: icmp_seq=0 time=1 ms\n[1" + strings.Repeat("0", 400) + "] 64 bytes: icmp_seq=1 time=1 ms\n", "trace inf.log: line 2: field icmp_seq: the probes from icmp_seq 0 to 1, 86400001 ms apart"},
		// (and replies at the largest icmp_seq: the loop over them wrapped and never ended)
		{"top.log", "64 bytes: icmp_seq=9223372036854775806 time=1 ms\n64 bytes: icmp_seq=9223372036854775807 time=1 ms\n", ""},
	} {
		_, err := ParseTrace(c.name, []byte(c.data))
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q…", c.name, err, c.want)
		}
	}
}

// BenchmarkPingGap is the largest ping log span read: two lines, a day
// of probes between them.
func BenchmarkPingGap(b *testing.B) {
	data := gapLog(strconv.Itoa(MaxPingProbes))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseTrace("day.log", data); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzParseTrace feeds the trace reader anything: it never panics, an
// error is a TraceError naming the file, and a trace read has its steps
// in ascending time, no more of them than its lines (a CSV) or
// MaxPingProbes (a ping log), each delay within MaxTraceDelayMs.
func FuzzParseTrace(f *testing.F) {
	// the shipped traces' first lines: whole, the engine spends its time
	// minimizing what they make (18 KB), not fuzzing
	for _, p := range []string{"../../docs/traces/wifi.csv", "../../docs/traces/ping.log"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add([]byte(strings.Join(strings.SplitAfterN(string(data), "\n", 13)[:12], "")))
		}
	}
	f.Add([]byte(outage))
	f.Add(gapLog("10000000"))
	f.Add(gapLog("2000000000"))
	f.Add(gapLog(strconv.Itoa(MaxPingProbes)))
	f.Add([]byte("[1700000000.000000] 64 bytes from x: icmp_seq=3 ttl=1 time=3 ms\n[1700000000.2] 64 bytes from x: icmp_seq=4 ttl=1 time=3 ms\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseTrace("fuzz.trace", data)
		if err != nil {
			var te *TraceError
			if !errors.As(err, &te) || !strings.HasPrefix(err.Error(), "trace fuzz.trace") {
				t.Fatalf("not a TraceError naming the file: %v", err)
			}
			return
		}
		most := strings.Count(string(data), "\n") + 1
		if tr.Format == TracePing {
			most = MaxPingProbes
		}
		if len(tr.Steps) == 0 || len(tr.Steps) > most {
			t.Fatalf("%s: %d steps from %d lines", tr.Format, len(tr.Steps), most)
		}
		for i, s := range tr.Steps {
			if s.Delay < 0 || s.Delay.Millis() > MaxTraceDelayMs || i > 0 && s.At <= tr.Steps[i-1].At {
				t.Fatalf("step %d: %+v", i, s)
			}
		}
	})
}
