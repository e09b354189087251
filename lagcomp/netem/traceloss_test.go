package netem

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"lagscope/model"
)

// hzLog is a 1 Hz ping log of n probes, 80 ms round trips, with no
// reply to the probes in lost.
func hzLog(n int, lost ...int) []byte {
	var b strings.Builder
	b.WriteString("PING game.example.net (192.0.2.10) 56(84) bytes of data.\n")
	for seq := 1; seq <= n; seq++ {
		skip := false
		for _, l := range lost {
			skip = skip || l == seq
		}
		if !skip {
			fmt.Fprintf(&b, "64 bytes from 192.0.2.10: icmp_seq=%d ttl=54 time=80.%d ms\n", seq, seq%10)
		}
	}
	return []byte(b.String())
}

// A 1 Hz ping log with one lost probe in a clean stretch: replayed as a
// rate (the default), the packets of a 64 Hz link are lost at the share
// of lost probes around their instant — 1 of 61 — not all 64 of the
// lost probe's second (as outage does, and as every trace did). Over the
// log's minute the losses are within binomial bounds of Σ p (4 σ); in
// the lost second at most a handful (its 64 packets at p ≈ 1/61: 6 has
// a chance under 1e-4).
func TestTraceLossRateOneLostProbe(t *testing.T) {
	tr, err := ParseTrace("one-lost.log", hzLog(120, 60))
	if err != nil {
		t.Fatal(err)
	}
	SetTraceReader(func(string) (*Trace, error) { return tr, nil })
	t.Cleanup(func() { SetTraceReader(nil) })
	const beat = model.Second / 64
	for _, loss := range []TraceLoss{LossRate, LossOutage} {
		for seed := uint64(1); seed <= 5; seed++ {
			l := NewLink(LinkConfig{Trace: "one-lost.log", TraceLoss: loss}, seed, 0)
			l.SetBeat(beat)
			inSecond, total, mean, vari := 0, 0, 0.0, 0.0
			for at := model.Time(0); at < 120*model.Second; at += beat {
				n, d, _ := l.Send(at)
				s := tr.At(at, false)
				mean += s.LossRate
				vari += s.LossRate * (1 - s.LossRate)
				if n == 0 {
					total++
					if s.Lost {
						inSecond++
					}
				} else if !s.Lost && d-at != s.Delay {
					t.Fatalf("%s seed %d: a packet at %v took %v, the trace's %v", loss, seed, at, d-at, s.Delay)
				} else if s.Lost && d-at != tr.DelayAt(at, false) {
					t.Fatalf("%s seed %d: a packet over the lost probe took %v; the delay before it is %v", loss, seed, d-at, tr.DelayAt(at, false))
				}
			}
			if loss == LossOutage {
				if inSecond != 64 || total != 64 {
					t.Errorf("outage seed %d: %d packets lost in the lost probe's second, %d in all; want 64, 64", seed, inSecond, total)
				}
				continue
			}
			if math.Abs(float64(total)-mean) > 4*math.Sqrt(vari) || inSecond > 5 {
				t.Errorf("rate seed %d: %d packets lost (Σ p = %.1f, σ %.1f), %d of them in the lost probe's second; want the rate, not the second",
					seed, total, mean, math.Sqrt(vari), inSecond)
			}
			if !l.LossByRate() {
				t.Errorf("rate seed %d: the link does not say it replays the loss as a rate", seed)
			}
		}
	}
}

// A trace with a row a packet (a per-packet capture) is replayed row by
// row whatever trace_loss says: a row is a packet, its loss the
// packet's.
func TestTraceLossRowAPacketIsRowByRow(t *testing.T) {
	var b strings.Builder
	b.WriteString("t_ms,delay_ms,lost\n")
	for i := range 200 {
		lost := 0
		if i%10 == 3 {
			lost = 1
		}
		fmt.Fprintf(&b, "%d,40,%d\n", i*20, lost)
	}
	tr, err := ParseTrace("capture.csv", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	SetTraceReader(func(string) (*Trace, error) { return tr, nil })
	t.Cleanup(func() { SetTraceReader(nil) })
	l := NewLink(LinkConfig{Trace: "capture.csv", TraceLoss: LossRate}, 1, 0)
	l.SetBeat(20 * model.Millisecond)
	for i := range 200 {
		at := model.Time(i) * 20 * model.Millisecond
		if n, _, _ := l.Send(at); (n == 0) != (i%10 == 3) {
			t.Fatalf("packet %d on its own row: lost %v, the row's %v", i, n == 0, i%10 == 3)
		}
	}
	if l.LossByRate() {
		t.Error("a trace with a row a packet says its loss is a rate")
	}
}

// The window's rates, by hand: 7 rows, row 3 lost, a window of 30 each
// side covers them all: every row's rate is 1/7.
func TestLossRatesByHand(t *testing.T) {
	st := make([]TraceStep, 7)
	st[3].Lost = true
	lossRates(st)
	for i, s := range st {
		if math.Abs(s.LossRate-1.0/7) > 1e-12 {
			t.Errorf("row %d: rate %v, want 1/7", i, s.LossRate)
		}
	}
}

// The loss rates are a prefix count, linear in the rows: a day-long log
// (MaxPingProbes rows, every tenth lost) takes them in well under the
// time its parse does; TestPingGapIsBounded holds a day's log's memory.
func BenchmarkLossRates(b *testing.B) {
	st := make([]TraceStep, MaxPingProbes)
	for i := range st {
		st[i].Lost = i%10 == 3
	}
	for b.Loop() {
		lossRates(st)
	}
}
