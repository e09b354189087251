package netem

import (
	"testing"

	"lagscope/model"
)

func sendMany(l *Link, n int, every model.Time) (delays []model.Time, lost []bool) {
	for i := 0; i < n; i++ {
		t := model.Time(i) * every
		k, d, _ := l.Send(t)
		lost = append(lost, k == 0)
		if k > 0 {
			delays = append(delays, d-t)
		}
	}
	return delays, lost
}

func TestNoPacketBeatsBaseLatency(t *testing.T) {
	cfg := LinkConfig{LatencyMs: 30, JitterMs: 20, TailMs: 15, ReorderPct: 50, DupPct: 10,
		SpikeEveryMs: 500, SpikeMs: 200, SpikeLenMs: 100}
	l := NewLink(cfg, 9, 1)
	delays, _ := sendMany(l, 20000, model.Millisecond)
	var maxD model.Time
	for _, d := range delays {
		if d < 30*model.Millisecond {
			t.Fatalf("delivered after %v, before the 30 ms base latency", d)
		}
		maxD = max(maxD, d)
	}
	if maxD < 230*model.Millisecond || l.Stats.Spiked == 0 || l.Stats.Reordered == 0 || l.Stats.Duplicated == 0 {
		t.Fatalf("spikes, reordering or duplication never happened: max %v, %+v", maxD, l.Stats)
	}
}

func TestLossExtremes(t *testing.T) {
	_, lost := sendMany(NewLink(LinkConfig{LossPct: 100}, 1, 1), 1000, model.Millisecond)
	for i, x := range lost {
		if !x {
			t.Fatalf("packet %d survived 100 %% loss", i)
		}
	}
	_, lost = sendMany(NewLink(LinkConfig{LatencyMs: 5}, 1, 1), 1000, model.Millisecond)
	for i, x := range lost {
		if x {
			t.Fatalf("packet %d lost at 0 %% loss", i)
		}
	}
}

func TestFIFOUnlessReordering(t *testing.T) {
	l := NewLink(LinkConfig{LatencyMs: 10, JitterMs: 50}, 3, 1)
	var last model.Time
	for i := 0; i < 5000; i++ {
		_, d, _ := l.Send(model.Time(i) * model.Millisecond)
		if d < last {
			t.Fatalf("packet %d overtook: %v < %v", i, d, last)
		}
		last = d
	}
}

// Gilbert-Elliott loss comes in bursts: at the same average loss rate,
// runs of consecutive losses are much longer than with independent loss.
func TestGELossIsBursty(t *testing.T) {
	meanRun := func(lost []bool) (rate, run float64) {
		runs, n, cur := 0, 0, 0
		for _, x := range lost {
			if x {
				n++
				cur++
			} else if cur > 0 {
				runs++
				cur = 0
			}
		}
		return float64(n) / float64(len(lost)), float64(n) / float64(max(runs, 1))
	}
	_, ge := sendMany(NewLink(LinkConfig{GEEnterPct: 1, GEExitPct: 10, GELossPct: 100}, 5, 1), 200000, model.Millisecond)
	geRate, geRun := meanRun(ge)
	_, ind := sendMany(NewLink(LinkConfig{LossPct: geRate * 100}, 5, 1), 200000, model.Millisecond)
	indRate, indRun := meanRun(ind)
	// stationary bad share is 1/(1+10) = 9 %; mean bad run 1/0.1 = 10 packets
	if geRate < 0.07 || geRate > 0.11 || geRun < 8 || geRun > 12 {
		t.Fatalf("GE loss rate %.3f, mean run %.1f; want ~0.09 and ~10", geRate, geRun)
	}
	if indRun > 1.3 || indRate < 0.07 {
		t.Fatalf("independent loss %.3f with mean run %.2f", indRate, indRun)
	}
}

func TestRightSkewedTail(t *testing.T) {
	// reordering allowed, so FIFO queueing does not lengthen the tail
	delays, _ := sendMany(NewLink(LinkConfig{LatencyMs: 20, TailMs: 10, ReorderPct: 100}, 2, 1), 50000, 10*model.Millisecond)
	var sum float64
	above := 0
	for _, d := range delays {
		extra := (d - 20*model.Millisecond).Millis()
		sum += extra
		if extra > 30 {
			above++
		}
	}
	mean := sum / float64(len(delays))
	if mean < 9.5 || mean > 10.5 {
		t.Fatalf("mean extra delay %.2f ms, want 10", mean)
	}
	// exponential: P(X > 3 mean) = e^-3 = 5 %; a symmetric jitter of the
	// same mean could never exceed 2x its mean.
	if share := float64(above) / float64(len(delays)); share < 0.04 || share > 0.06 {
		t.Fatalf("%.3f of packets beyond 3x the mean, want ~0.05", share)
	}
}

func TestLinkIsDeterministic(t *testing.T) {
	cfg := LinkConfig{LatencyMs: 30, JitterMs: 20, TailMs: 5, LossPct: 5, GEEnterPct: 2, GEExitPct: 20, GELossPct: 80, DupPct: 3}
	a, la := sendMany(NewLink(cfg, 7, 1), 3000, model.Millisecond)
	b, lb := sendMany(NewLink(cfg, 7, 1), 3000, model.Millisecond)
	c, _ := sendMany(NewLink(cfg, 8, 1), 3000, model.Millisecond)
	if len(a) != len(b) || len(la) != len(lb) {
		t.Fatal("same seed, different runs")
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("packet %d: %v vs %v", i, a[i], b[i])
		}
	}
	same := len(a) == len(c)
	for i := 0; same && i < len(a); i++ {
		same = a[i] == c[i]
	}
	if same {
		t.Fatal("different seeds gave identical delays")
	}
}

// Reordered counts packets that overtook — at least one copy arriving
// before a packet sent earlier — once each, never a duplicate copy (it
// counted copies: more reordered than sent at 100 % duplication), and
// never a copy for arriving before its own twin; checked against the
// arrival times the link returned, over seeds and settings.
func TestReorderedCountsPacketsThatOvertook(t *testing.T) {
	for _, cfg := range []LinkConfig{
		{LatencyMs: 40, JitterMs: 150, ReorderPct: 100, DupPct: 100},
		{LatencyMs: 40, JitterMs: 150, ReorderPct: 100, DupPct: 30, LossPct: 20},
		{LatencyMs: 40, JitterMs: 60, TailMs: 20, ReorderPct: 30, DupPct: 50},
		{LatencyMs: 40, JitterMs: 60, ReorderPct: 0, DupPct: 50}, // FIFO: none overtakes, though twins may arrive apart
	} {
		for seed := uint64(1); seed <= 4; seed++ {
			l := NewLink(cfg, seed, 1)
			var latest model.Time // the latest arrival of the packets sent so far
			want, twinsOnly := 0, 0
			for i := 0; i < 5000; i++ {
				at := model.Time(i) * 8 * model.Millisecond
				n, a, b := l.Send(at)
				if n == 0 {
					continue
				}
				first := a
				if n == 2 {
					first = min(a, b)
				}
				if first < latest {
					want++
				} else if n == 2 && max(a, b) > first && a != b {
					twinsOnly++
				}
				latest = max(latest, a, b)
			}
			s := l.Stats
			if s.Reordered != want || s.Reordered > s.Sent-s.Lost {
				t.Errorf("%+v seed %d: Reordered %d, want %d packets that overtook (%d sent, %d lost)", cfg, seed, s.Reordered, want, s.Sent, s.Lost)
			}
			if cfg.ReorderPct == 0 && s.Reordered != 0 {
				t.Errorf("FIFO: %d reordered", s.Reordered)
			}
			if cfg.ReorderPct == 100 && (want == 0 || twinsOnly == 0) {
				t.Errorf("%+v seed %d: %d overtook, %d twins apart: the test attacks nothing", cfg, seed, want, twinsOnly)
			}
		}
	}
}
