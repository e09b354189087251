package netem

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"lagscope/model"
)

// useTraces makes LoadTrace read from files, a map of path to content.
func useTraces(t *testing.T, files map[string]string) {
	t.Helper()
	SetTraceReader(func(path string) (*Trace, error) {
		data, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("trace %s: no such file", path)
		}
		return ParseTrace(path, []byte(data))
	})
	t.Cleanup(func() { SetTraceReader(nil) })
}

// outage is a trace with known delays and a 300 ms outage: 30 ms, then
// 50 ms from 100 ms, every packet lost from 200 ms to 500 ms, then 20 ms.
// Its t_ms start at 1000 (a capture's clock): the first row is time 0.
const outage = `t_ms,delay_ms,lost
1000,30,0
1100,50,0
1200,,1
1500,20,0
`

// want is the outage trace's fate of a packet sent at ms (from the
// start of the run), written out by hand: the rows, and after the last
// row's 300 ms (as long as the row before it) the trace starts over.
func want(ms int64, loop bool) (delay int64, lost bool) {
	if loop {
		ms %= 800
	}
	switch {
	case ms < 100:
		return 30, false
	case ms < 200:
		return 50, false
	case ms < 500:
		return 0, true
	}
	return 20, false
}

func TestTraceReplaysExactly(t *testing.T) {
	useTraces(t, map[string]string{"outage.csv": outage})
	for _, loop := range []bool{true, false} {
		l := NewLink(LinkConfig{LatencyMs: 999, Trace: "outage.csv", TraceLoop: loop}, 1, 1)
		lostN := 0
		for ms := int64(0); ms < 2500; ms += 5 {
			sent := model.Ms(ms)
			n, at, _ := l.Send(sent)
			d, lost := want(ms, loop)
			if lost {
				lostN++
				if n != 0 {
					t.Fatalf("loop %v: the packet sent at %d ms arrived (at %v) in the outage", loop, ms, at)
				}
				continue
			}
			if n != 1 || at-sent != model.Ms(d) {
				t.Fatalf("loop %v: the packet sent at %d ms: %d copies, delay %v, want one at %d ms", loop, ms, n, at-sent, d)
			}
		}
		if l.Stats.Lost != lostN || l.Stats.TraceLost != lostN || lostN == 0 {
			t.Fatalf("loop %v: stats %+v, want %d lost by the trace", loop, l.Stats, lostN)
		}
	}
}

// A trace's delay falling faster than time passes lets a packet
// overtake, as it did when recorded: the replay is exact, not held FIFO.
func TestTraceIsExactNotFIFO(t *testing.T) {
	useTraces(t, map[string]string{"drop.csv": "t_ms,delay_ms,lost\n0,200,0\n10,20,0\n"})
	l := NewLink(LinkConfig{Trace: "drop.csv"}, 1, 1)
	_, a, _ := l.Send(0)
	_, b, _ := l.Send(model.Ms(10))
	if a != model.Ms(200) || b != model.Ms(30) || l.Stats.Reordered != 1 {
		t.Fatalf("arrivals %v, %v, reordered %d: want 200 ms, 30 ms and one overtaking", a, b, l.Stats.Reordered)
	}
}

// Jitter adds on top of the trace: every delay is the trace's plus
// 0 to jitter_ms.
func TestTraceJitterAddsOnTop(t *testing.T) {
	useTraces(t, map[string]string{"flat.csv": "t_ms,delay_ms,lost\n0,40,0\n"})
	l := NewLink(LinkConfig{LatencyMs: 5, JitterMs: 10, Trace: "flat.csv"}, 3, 1)
	seen := model.Time(1 << 62)
	for i := int64(0); i < 2000; i++ {
		_, at, _ := l.Send(model.Ms(i))
		d := at - model.Ms(i)
		if d < model.Ms(40) || d > model.Ms(50) {
			t.Fatalf("delay %v: want the trace's 40 ms plus 0-10 ms of jitter (latency_ms is replaced)", d)
		}
		seen = min(seen, d)
	}
	if seen > model.Ms(41) {
		t.Fatalf("least delay %v: jitter never near 0", seen)
	}
}

// pingLog writes an iputils ping log of rtts (ms; a negative one is a
// lost probe), with -D's timestamps when d.
func pingLog(rtts []float64, d bool) string {
	var b strings.Builder
	b.WriteString("PING example.net (192.0.2.1) 56(84) bytes of data.\n")
	for i, r := range rtts {
		if r < 0 {
			continue
		}
		if d {
			fmt.Fprintf(&b, "[%.6f] ", 1700000000+float64(i)*0.2+r/1000)
		}
		fmt.Fprintf(&b, "64 bytes from 192.0.2.1: icmp_seq=%d ttl=57 time=%.1f ms\n", i+1, r)
		if i == 2 {
			fmt.Fprintf(&b, "64 bytes from 192.0.2.1: icmp_seq=%d ttl=57 time=%.1f ms (DUP!)\n", i+1, r+50)
		}
	}
	b.WriteString("\n--- example.net ping statistics ---\n7 packets transmitted, 5 received, 28.5714% packet loss, time 6008ms\n")
	return b.String()
}

func TestPingLogRoundTrips(t *testing.T) {
	rtts := []float64{24.2, 25.0, 80.6, -1, -1, 31.4, 22.8}
	for _, d := range []bool{false, true} {
		tr, err := ParseTrace("ping.log", []byte(pingLog(rtts, d)))
		if err != nil {
			t.Fatal(err)
		}
		every := model.Second
		if d {
			every = 200 * model.Millisecond
		}
		if tr.Format != TracePing || tr.ProbeInterval != every || len(tr.Steps) != len(rtts) {
			t.Fatalf("-D %v: %s, %v between probes, %d steps: want ping, %v, %d", d, tr.Format, tr.ProbeInterval, len(tr.Steps), every, len(rtts))
		}
		for i, r := range rtts {
			s := tr.Steps[i]
			if s.At != model.Time(i)*every || s.Lost != (r < 0) || (r >= 0 && s.Delay != model.MsF(r/2)) {
				t.Fatalf("-D %v: probe %d: %+v, want at %v, RTT/2 = %v ms, lost %v", d, i+1, s, model.Time(i)*every, r/2, r < 0)
			}
		}
		// and back through the CSV format, unchanged
		back, err := ParseTrace("ping.csv", tr.CSV())
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(back.Steps) != fmt.Sprint(tr.Steps) || back.Span != tr.Span {
			t.Fatalf("-D %v: the CSV read back differs:\n%v\n%v", d, back.Steps, tr.Steps)
		}
	}
}

func TestBadTraceFilesNameFileLineAndField(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"empty", "", "trace empty: empty"},
		{"blank", "\n\n", "trace blank: empty"},
		{"noheader", "0,40,0\n10,40,0\n", `trace noheader: line 1: header "0,40,0": want t_ms,delay_ms,lost`},
		{"norows", "t_ms,delay_ms,lost\n", "trace norows: line 1: a header but no rows"},
		{"badnum", "t_ms,delay_ms,lost\n0,40,0\n10,4x0,0\n", `trace badnum: line 3: field delay_ms: "4x0" is not a delay`},
		{"badtime", "t_ms,delay_ms,lost\nzero,40,0\n", `trace badtime: line 2: field t_ms: "zero" is not a time`},
		{"badlost", "t_ms,delay_ms,lost\n0,40,yes\n", `trace badlost: line 2: field lost: "yes": want 0 or 1`},
		{"fields", "t_ms,delay_ms,lost\n0,40\n", "trace fields: line 2: 2 fields, want 3"},
		{"back", "t_ms,delay_ms,lost\n0,40,0\n20,40,0\n10,40,0\n", "trace back: line 4: field t_ms: 10 is not after the row before (20)"},
		{"same", "t_ms,delay_ms,lost\n0,40,0\n0,40,0\n", "trace same: line 3: field t_ms: 0 is not after"},
		{"huge", "t_ms,delay_ms,lost\n0,1e9,0\n", `trace huge: line 2: field delay_ms: "1e9"`},
		{"nan", "t_ms,delay_ms,lost\n0,NaN,0\n", `trace nan: line 2: field delay_ms: "NaN"`},
		{"pingnone", "PING x (1.2.3.4) 56(84) bytes of data.\n", "trace pingnone: a ping log with no reply"},
		{"pingback", "64 bytes from x: icmp_seq=5 ttl=1 time=3 ms\n64 bytes from x: icmp_seq=2 ttl=1 time=3 ms\n", "trace pingback: line 2: field icmp_seq: 2 is not after"},
	} {
		_, err := ParseTrace(c.name, []byte(c.data))
		var te *TraceError
		if err == nil || !errors.As(err, &te) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

func TestTraceLoadedOncePerProcess(t *testing.T) {
	files := map[string]string{"a.csv": "t_ms,delay_ms,lost\n0,40,0\n"}
	useTraces(t, files)
	a, err := LoadTrace("a.csv")
	if err != nil {
		t.Fatal(err)
	}
	files["a.csv"] = "t_ms,delay_ms,lost\n0,90,0\n" // changed on disk meanwhile
	b, _ := LoadTrace("a.csv")
	if a != b || b.Steps[0].Delay != model.Ms(40) {
		t.Fatal("a trace read again: runs of one process would replay different bytes")
	}
	if _, err := LoadTrace("missing.csv"); err == nil || !strings.Contains(err.Error(), "missing.csv") {
		t.Fatalf("a missing trace: %v", err)
	}
}
