package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// synthetic records n packets, one every `every`, over a link with cfg
// (allowed to reorder, so each delay is the model's draw): a trace from
// a known model.
func synthetic(cfg netem.LinkConfig, seed uint64, n int, every model.Time) *netem.Trace {
	cfg.ReorderPct = 100
	l := netem.NewLink(cfg, seed, 7)
	t := &netem.Trace{Name: "synthetic", Format: netem.TraceCSV}
	for i := 0; i < n; i++ {
		at := model.Time(i) * every
		k, d, _ := l.Send(at)
		st := netem.TraceStep{At: at, Lost: k == 0}
		if k > 0 {
			st.Delay = d - at
		}
		t.Steps = append(t.Steps, st)
	}
	return t
}

func near(t *testing.T, seed uint64, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("seed %d: %s = %.4g, want %.4g ± %.3g", seed, what, got, want, tol)
	}
}

func fitOf(t *testing.T, tr *netem.Trace) *Result {
	t.Helper()
	r, err := Fit(tr)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A uniform jitter's maximum-likelihood width is the largest extra
// delay, off by about J/n; the base latency by as little.
func TestFitsUniformDelay(t *testing.T) {
	const n = 20000
	for seed := uint64(1); seed <= 3; seed++ {
		r := fitOf(t, synthetic(netem.LinkConfig{LatencyMs: 40, JitterMs: 20}, seed, n, 10*model.Millisecond))
		if r.DelayModel != "uniform" || r.Bad() != nil {
			t.Errorf("seed %d: %s, %v", seed, r.DelayModel, r.Bad())
		}
		near(t, seed, "latency_ms", r.Link.LatencyMs, 40, 10*20.0/n+0.01)
		near(t, seed, "jitter_ms", r.Link.JitterMs, 20, 10*20.0/n+0.02)
		near(t, seed, "tail_ms", r.Link.TailMs, 0, 0)
	}
}

// An exponential tail's mean is estimated to T/√n (4 standard errors
// allowed).
func TestFitsExponentialDelay(t *testing.T) {
	const n = 20000
	for seed := uint64(1); seed <= 3; seed++ {
		r := fitOf(t, synthetic(netem.LinkConfig{LatencyMs: 30, TailMs: 10}, seed, n, 10*model.Millisecond))
		if r.DelayModel != "exponential" || r.Bad() != nil {
			t.Errorf("seed %d: %s, %v", seed, r.DelayModel, r.Bad())
		}
		near(t, seed, "latency_ms", r.Link.LatencyMs, 30, 10*10.0/n+0.01)
		near(t, seed, "tail_ms", r.Link.TailMs, 10, 4*10/math.Sqrt(n)+0.01)
		near(t, seed, "jitter_ms", r.Link.JitterMs, 0, 0)
	}
}

// Both at once: the mixed model is chosen, each part within 10 %; the
// base latency is the least delay, whose extra over the true base is
// about √(2JT/n) (the sum's density rises from 0 at its minimum).
func TestFitsUniformPlusExponential(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		r := fitOf(t, synthetic(netem.LinkConfig{LatencyMs: 50, JitterMs: 12, TailMs: 6}, seed, 40000, 10*model.Millisecond))
		if r.DelayModel != "uniform+exponential" || r.Bad() != nil {
			t.Errorf("seed %d: %s, %v", seed, r.DelayModel, r.Bad())
		}
		near(t, seed, "latency_ms", r.Link.LatencyMs, 50, 3*math.Sqrt(2*12*6/40000.0))
		near(t, seed, "jitter_ms", r.Link.JitterMs, 12, 1.2)
		near(t, seed, "tail_ms", r.Link.TailMs, 6, 0.6)
	}
}

// Independent loss: the rate within 4 binomial standard errors, and no
// Gilbert-Elliott chain (the test's false alarms are 0.1 %).
func TestFitsIndependentLoss(t *testing.T) {
	const n, p = 50000, 0.02
	for seed := uint64(1); seed <= 3; seed++ {
		r := fitOf(t, synthetic(netem.LinkConfig{LatencyMs: 20, LossPct: 100 * p}, seed, n, 10*model.Millisecond))
		if r.Bursty || r.Link.GEEnterPct != 0 || r.Bad() != nil {
			t.Errorf("seed %d: bursty %v (LR %.1f), %v", seed, r.Bursty, r.LossLR, r.Bad())
		}
		near(t, seed, "loss_pct", r.Link.LossPct, 100*p, 100*4*math.Sqrt(p*(1-p)/n))
	}
}

// A Gilbert-Elliott chain: its rates within 6 standard errors of a
// chain whose states were seen (the hidden states cost some precision),
// from the number of bad episodes and of packets in each state.
func TestFitsGilbertElliott(t *testing.T) {
	const n = 200000
	enter, exit, pb, pg := 0.01, 0.2, 0.7, 0.002
	good := exit / (enter + exit) // the chain's time in the good state
	episodes := n * good * enter
	badPkts := n * (1 - good)
	for seed := uint64(1); seed <= 3; seed++ {
		r := fitOf(t, synthetic(netem.LinkConfig{LatencyMs: 20, LossPct: 100 * pg, GEEnterPct: 100 * enter, GEExitPct: 100 * exit, GELossPct: 100 * pb}, seed, n, 5*model.Millisecond))
		if !r.Bursty || r.Bad() != nil {
			t.Errorf("seed %d: bursty %v (LR %.1f), %v", seed, r.Bursty, r.LossLR, r.Bad())
		}
		near(t, seed, "ge_enter_pct", r.Link.GEEnterPct, 100*enter, 100*6*enter/math.Sqrt(episodes))
		near(t, seed, "ge_exit_pct", r.Link.GEExitPct, 100*exit, 100*6*math.Sqrt(exit*(1-exit)/episodes))
		near(t, seed, "ge_loss_pct", r.Link.GELossPct, 100*pb, 100*6*math.Sqrt(pb*(1-pb)/badPkts))
		near(t, seed, "loss_pct", r.Link.LossPct, 100*pg, 100*6*math.Sqrt(pg*(1-pg)/(n*good)))
	}
}

// Lag spikes: their extra delay, length and spacing, from about 110
// spikes in 10 minutes.
func TestFitsSpikes(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		r := fitOf(t, synthetic(netem.LinkConfig{LatencyMs: 40, JitterMs: 5, SpikeEveryMs: 5000, SpikeMs: 200, SpikeLenMs: 300}, seed, 60000, 10*model.Millisecond))
		if r.Bad() != nil || r.Spikes < 80 {
			t.Errorf("seed %d: %d spikes, %v", seed, r.Spikes, r.Bad())
		}
		near(t, seed, "spike_ms", r.Link.SpikeMs, 200, 1)
		near(t, seed, "spike_len_ms", r.Link.SpikeLenMs, 300, 10)
		// the mean gap of ~110 exponential gaps: 4 standard errors
		near(t, seed, "spike_every_ms", r.Link.SpikeEveryMs, 5000, 4*5000/math.Sqrt(float64(r.Spikes)))
		near(t, seed, "jitter_ms", r.Link.JitterMs, 5, 0.05)
	}
}

// A trace the model cannot make — a delay that steps between 20 and
// 80 ms every few seconds — is said to fit badly, by its histogram and
// by its time series.
func TestSaysWhenATraceFitsBadly(t *testing.T) {
	tr := &netem.Trace{Name: "steps"}
	for i := 0; i < 20000; i++ {
		d := 20.0
		if (i/300)%2 == 1 {
			d = 80
		}
		d += float64(i%7) * 0.3
		tr.Steps = append(tr.Steps, netem.TraceStep{At: model.Time(i) * 10 * model.Millisecond, Delay: model.MsF(d)})
	}
	r := fitOf(t, tr)
	if !r.DelayFit.Bad || !r.TimeFit.Bad || len(r.Bad()) < 2 {
		t.Fatalf("a stepping delay fit: KS %+v, time %+v, bad %v", r.DelayFit, r.TimeFit, r.Bad())
	}
}

func TestFitRefusesTooLittle(t *testing.T) {
	tr := &netem.Trace{Name: "short", Steps: make([]netem.TraceStep, 5)}
	if _, err := Fit(tr); err == nil {
		t.Fatal("5 packets fitted")
	}
	tr = synthetic(netem.LinkConfig{LossPct: 100}, 1, 100, model.Millisecond)
	if _, err := Fit(tr); err == nil {
		t.Fatal("a trace of losses alone fitted")
	}
}

// A ping log prints round trips of 100 ms or more as whole milliseconds:
// the fit reads them as rounded (±0.5 ms) and compares the model rounded
// alike. 5 000 probes of a one-way delay uniform on 60–70 ms, printed as
// ping prints them: read as exact, the 0.5 ms grid's steps made the KS
// distance 0.032 and the fit FITS BADLY; read as rounded, it fits (D
// under 0.015), every reading counted rounded, the keys the truth's.
func TestPingRoundTripsAboveHundredAreRounded(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		rng := rand.New(rand.NewPCG(seed, 9))
		var b strings.Builder
		b.WriteString("PING game.example.net (192.0.2.10) 56(84) bytes of data.\n")
		for seq := 1; seq <= 5000; seq++ {
			rtt := 2 * (60 + 10*rng.Float64())
			fmt.Fprintf(&b, "64 bytes from 192.0.2.10: icmp_seq=%d ttl=54 time=%.0f ms\n", seq, rtt)
		}
		tr, err := netem.ParseTrace("rounded.log", []byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Fit(tr)
		if err != nil {
			t.Fatal(err)
		}
		if r.Rounded != 5000 || r.DelayFit.Bad || r.DelayFit.D > 0.015 || math.Abs(r.Link.LatencyMs-60) > 0.3 || math.Abs(r.Link.JitterMs-10) > 0.6 {
			t.Errorf("seed %d: %d rounded, latency %v jitter %v (%s), KS D %.3f bad %v; want 5000, 60, 10, D < 0.015",
				seed, r.Rounded, r.Link.LatencyMs, r.Link.JitterMs, r.DelayModel, r.DelayFit.D, r.DelayFit.Bad)
		}
	}
	// below 100 ms ping prints a decimal: those readings are exact
	if roundHalf(true, 49.5) != 0 || roundHalf(true, 50) != pingRoundHalfMs || roundHalf(false, 60) != 0 || roundHalf(true, 60.05) != 0 {
		t.Error("roundHalf: 99 ms exact, 100 ms rounded, a CSV's exact, 120.1 ms exact")
	}
}
