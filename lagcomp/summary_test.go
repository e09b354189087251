package lagcomp

import (
	"fmt"
	"math"
	"testing"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// The summary a Sim keeps as it goes is, bit for bit, the from-scratch
// fold over every record, at any moment, for shots and projectiles.
func TestRunningSummaryEqualsTheExactOne(t *testing.T) {
	for _, w := range []WeaponKind{WeaponRapid, WeaponRocket} {
		c := Defaults()
		c.Weapon, c.FireIntervalMs, c.BurstPauseMs = w, 60, 200
		c.Up.LossPct, c.Down.LossPct, c.Up.JitterMs = 10, 10, 30
		c.AimErrorDeg = 2
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for at := model.Time(0); at <= 20*model.Second; at += 333 * model.Millisecond {
			s.Step(at)
			f := s.Frame()
			want := Summarize(s.Shots.Records())
			want.MaxWarpM, want.StarvedFrames = f.Summary.MaxWarpM, f.Summary.StarvedFrames
			want.PingCapped, want.PingDropped = f.Summary.PingCapped, f.Summary.PingDropped
			// the movement figures are the run's, not the shots'
			m := f.Summary
			want.InputsSent, want.InputsLost, want.InputDelayMsMean = m.InputsSent, m.InputsLost, m.InputDelayMsMean
			want.InputsGuessed = m.InputsGuessed
			want.StarvedTicks, want.Corrections, want.MaxCorrectionM = m.StarvedTicks, m.Corrections, m.MaxCorrectionM
			want.InputResyncs = m.InputResyncs
			// every weapon's shots are counted from their deliveries, not records
			want.ShotsFired, want.ShotsLost, want.ShotsInFlight = s.shotCounts()
			want.DupsRejected, want.ReliableGaveUp, want.HandshakesFailed = s.dupRejected, s.reliableGaveUp, s.handshakesFailed
			for i := 1; i < len(s.Clients); i++ { // the fire effects' from their records
				r, _ := s.burstRecord(i)
				want.MergedShots += r.MergedShots
			}
			// projectile shots have no shot records: the server's count of them
			want.ProjectilesSpawned, want.Rejected = s.projSpawned, want.Rejected+s.projRejected
			if fmt.Sprintf("%#v", f.Summary) != fmt.Sprintf("%#v", want) {
				t.Fatalf("%s at %v: running %+v, exact %+v", w, at, f.Summary, want)
			}
			if ps := SummarizeProjectiles(s.Projectiles()); len(s.projs) > 0 && fmt.Sprintf("%#v", f.ProjSummary) != fmt.Sprintf("%#v", ps) {
				t.Fatalf("%s at %v: running %+v, exact %+v", w, at, f.ProjSummary, ps)
			}
		}
		if s.Shots.Len()+len(s.projs) < 100 || (w == WeaponRocket && s.projSettled == 0) {
			t.Fatalf("%s: %d shots, %d projectiles (%d settled): the test saw too little", w, s.Shots.Len(), len(s.projs), s.projSettled)
		}
	}
}

// BenchmarkFrame is one display frame's snapshot after n judged shots:
// the same cost after 10 as after 100 000. The gun then falls silent for
// longer than GhostWindow, so both frames draw the same few ghosts.
func BenchmarkFrame(b *testing.B) {
	for _, n := range []int{10, 100_000} {
		b.Run(fmt.Sprintf("shots=%d", n), func(b *testing.B) {
			c := Defaults()
			c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = WeaponRapid, 10, 1000, 0
			s, err := New(c)
			if err != nil {
				b.Fatal(err)
			}
			for s.Shots.Len() < n {
				s.Step(s.Now + 10*model.Millisecond)
			}
			c.FireIntervalMs = 10_000
			if err := s.SetConfig(c); err != nil {
				b.Fatal(err)
			}
			s.Step(s.Now + GhostWindow + model.Second)
			s.Frame()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Frame()
			}
		})
	}
}

// exactLane is a fire lane as burstRecord accounts it: every log read
// from its start, every mark made from scratch.
func exactLane(s *Sim, i int, from model.Time) FireLane {
	rf := &s.fx.Clients[i]
	rec, marks := s.burstRecord(i)
	ln := FireLane{Client: i, Name: ClientName(i), Record: rec}
	for _, u := range rf.Updates.All() {
		if u.Recv >= from {
			ln.Updates = append(ln.Updates, u)
		}
	}
	for j, e := range rf.Effects.All() {
		if e.T >= from {
			ln.Effects = append(ln.Effects, FireEffect{T: e.T, Cause: e.Cause, Extra: marks.effectExtra[j], Bogus: e.Bogus})
		}
	}
	for j, sh := range s.fx.Shots.All() {
		if sh.T >= from && marks.shotMissed[j] {
			ln.Missed = append(ln.Missed, sh.T)
		}
	}
	for _, c := range rf.Culled {
		if c.End < 0 || c.End >= from {
			ln.Culled = append(ln.Culled, c)
		}
	}
	return ln
}

// The fire lanes a Sim keeps running (records and marks) are, bit for
// bit, the from-scratch account at every frame: with culling and bogus
// bursts, auto-loop extras, loss and jitter, a client whose link grows
// slower mid-run (its settle window grows, so bursts already judged are
// pending again), and across a clone that runs on.
func TestRunningBurstRecordsEqualTheExactOnes(t *testing.T) {
	relevancy := Defaults()
	relevancy.Observers, relevancy.RelevancyM = 1, 50
	relevancy.Observer = model.Motion{Kind: model.Strafe, Origin: model.V(0, 60), Heading: math.Pi / 2, Speed: 10, Amplitude: 30}
	relevancy.FireIntervalMs, relevancy.Down.LossPct, relevancy.BurstCreationCheck = 900, 10, false
	autoloop := Defaults()
	autoloop.Weapon, autoloop.FireIntervalMs, autoloop.BurstShots, autoloop.BurstPauseMs = WeaponRapid, 66.7, 7, 250
	autoloop.BurstAutoLoop, autoloop.Observers = true, 2
	autoloop.Down.JitterMs, autoloop.Down.LossPct, autoloop.Up.LossPct = 40, 15, 5
	naive := singleShots(burstcounter.Naive, 20, 20, 20)
	naive.Observers = 1
	lossy := Defaults() // whole bursts missed
	lossy.Weapon, lossy.FireIntervalMs, lossy.BurstShots, lossy.BurstPauseMs = WeaponRapid, 50, 2, 400
	lossy.BurstEncoding, lossy.Down.LossPct = burstcounter.Naive, 50
	var seen BurstRecord // every figure seen non-zero at some frame, so the test checks something
	for _, run := range []struct {
		name string
		c    Config
	}{{"relevancy", relevancy}, {"autoloop", autoloop}, {"naive", naive}, {"lossy", lossy}} {
		name, c := run.name, run.c
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		var clone *Sim
		for at := model.Time(0); at <= 40*model.Second; at += 97 * model.Millisecond {
			if clone == nil && at >= 20*model.Second {
				clone = s.Clone()
				slower := c
				slower.Down.LatencyMs += 1000 // settle grows 2 s: the cutoff moves back
				if err := s.SetConfig(slower); err != nil {
					t.Fatal(err)
				}
			}
			for _, sim := range []*Sim{s, clone} {
				if sim == nil {
					continue
				}
				sim.Step(at)
				f := sim.Frame()
				for k, ln := range f.Fire.Lanes {
					want := exactLane(sim, ln.Client, f.Fire.From)
					if fmt.Sprintf("%#v", ln) != fmt.Sprintf("%#v", want) {
						t.Fatalf("%s, lane %d at %v:\nrunning %#v\nexact   %#v", name, k, at, ln, want)
					}
					r := ln.Record
					seen.ShotsCulled += r.ShotsCulled
					seen.ShotsPending += r.ShotsPending
					seen.ShotsWithoutEffect += r.ShotsWithoutEffect
					seen.ExtraEffects += r.ExtraEffects
					seen.BogusBursts += r.BogusBursts
					seen.SingleShotsMissed += r.SingleShotsMissed
					seen.BurstsMissed += r.BurstsMissed
				}
				if got, want := sim.BurstRecords(), exactRecords(sim); fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
					t.Fatalf("%s at %v: BurstRecords %#v, exact %#v", name, at, got, want)
				}
			}
		}
	}
	if seen.ShotsCulled == 0 || seen.ShotsPending == 0 || seen.ShotsWithoutEffect == 0 || seen.ExtraEffects == 0 || seen.BogusBursts == 0 || seen.SingleShotsMissed == 0 || seen.BurstsMissed == 0 {
		t.Fatalf("the test saw too little: %+v", seen)
	}
}

func exactRecords(s *Sim) []BurstRecord {
	var rs []BurstRecord
	for i := 1; i < len(s.Clients); i++ {
		r, _ := s.burstRecord(i)
		rs = append(rs, r)
	}
	return rs
}

// An effect that comes for a burst the running record has already
// judged (a value delayed past the settle window) corrects the folded
// counts: the lane still equals the from-scratch account.
func TestLateEffectCorrectsTheFoldedBursts(t *testing.T) {
	c := Defaults() // bursts of two, whole ones missed
	c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = WeaponRapid, 50, 2, 400
	c.BurstEncoding, c.Down.LossPct = burstcounter.Naive, 50
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(20 * model.Second)
	s.Frame()
	tl := s.fx.Tally(TargetPawn)
	rec, _ := s.burstRecord(TargetPawn)
	if tl.Folded() < 5 || rec.BurstsMissed == 0 {
		t.Fatalf("%d bursts folded, %d missed: nothing to correct", tl.Folded(), rec.BurstsMissed)
	}
	rf := &s.fx.Clients[TargetPawn]
	for b := 0; b < tl.Folded(); b++ {
		if tl.PerBurst(b) == 0 { // a missed burst: it gets an effect
			rf.Effects.Add(fireeffects.PlayedEffect{T: s.Now, Cause: burstcounter.CauseOnRep, Burst: b}, nil)
		} else if b%2 == 0 { // a played one: it gets an extra
			rf.Effects.Add(fireeffects.PlayedEffect{T: s.Now, Cause: burstcounter.CauseLoop, Burst: b}, nil)
		}
	}
	got := s.Frame().Fire.Lanes[0]
	if want := exactLane(s, TargetPawn, s.Now-FireWindow); fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
		t.Fatalf("running %#v\nexact   %#v", got, want)
	}
	if got.Record.BurstsMissed != 0 || got.Record.ExtraEffects == 0 {
		t.Fatalf("the late effects were not counted: %+v", got.Record)
	}
}

// A projectile figure over nothing is no value (NaN), never a perfect 0
// a chart would draw as a measurement (a run's summary line prints it
// null: records' TestProjectileFiguresOverNothingAreNull).
func TestProjectileFiguresOverNothingAreNaN(t *testing.T) {
	// a projectile still in flight has no detonation pair yet
	ps := SummarizeProjectiles([]ProjectileRecord{{LinkOffsetM: 0.5, MaxDivergenceM: 0.25, DetonationDistM: math.NaN()}})
	if ps.MeanLinkOffsetM != 0.5 || ps.MaxDivergenceM != 0.25 || !math.IsNaN(ps.MeanDetDistM) {
		t.Errorf("one projectile in flight: %+v", ps)
	}
	if ps := SummarizeProjectiles(nil); !math.IsNaN(ps.MeanLinkOffsetM) || !math.IsNaN(ps.MaxDivergenceM) || !math.IsNaN(ps.MeanDetDistM) {
		t.Errorf("no projectile: %+v", ps)
	}
}

// The per-shot spreads are the nearest-rank quantiles and the largest of
// the shots' own fields: twenty traced shots with rewind errors 1…20 m,
// extra rewinds −10…9 ms and arrival delays 0, 5, 10 … 95 ms give the
// 10th and 19th of each sorted, and the last; a shot the server took the
// client's word for (client mode) counts in the arrival delays only.
func TestSummarySpreadsAreNearestRankPercentiles(t *testing.T) {
	var recs []ShotRecord
	for i := 20; i >= 1; i-- { // backwards: the fold must not rely on order
		r := ShotRecord{Outcome: OutcomeJudged, RewindErrorM: float64(i),
			Judged: 1000 * model.Millisecond, IdealTo: 900 * model.Millisecond,
			ArrivalDelay: model.Time(i-1) * 5 * model.Millisecond}
		r.RewindTo = r.IdealTo - model.Time(i-11)*model.Millisecond // extra rewind i−11 ms
		recs = append(recs, r)
	}
	recs = append(recs, ShotRecord{Outcome: OutcomeJudged, Rules: []Rule{rule.ClientAuthority}, ArrivalDelay: 500 * model.Millisecond})
	s := Summarize(recs)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"p50_rewind_error_m", s.P50RewindErrM, 10}, {"p95_rewind_error_m", s.P95RewindErrM, 19}, {"max_rewind_error_m", s.MaxRewindErrM, 20},
		{"p50_extra_rewind_ms", s.P50ExtraRewindMs, -1}, {"p95_extra_rewind_ms", s.P95ExtraRewindMs, 8}, {"max_extra_rewind_ms", s.MaxExtraRewindMs, 9},
		// 21 judged shots: delays 0…95 and 500; ranks ⌈0.5×21⌉ = 11 and ⌈0.95×21⌉ = 20
		{"p50_arrival_delay_ms", s.P50ArrivalDelayMs, 50}, {"p95_arrival_delay_ms", s.P95ArrivalDelayMs, 95}, {"max_arrival_delay_ms", s.MaxArrivalDelayMs, 500},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	none := Summarize([]ShotRecord{{Outcome: OutcomeLost}})
	for _, v := range []float64{none.P50RewindErrM, none.MaxRewindErrM, none.P95ExtraRewindMs, none.MaxArrivalDelayMs} {
		if !math.IsNaN(v) {
			t.Errorf("a run with no judged shot has spread %v, want no value (NaN)", v)
		}
	}
}
