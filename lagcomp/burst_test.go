package lagcomp

import (
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/fireeffects"
	"lagscope/model"
)

// singleShots is a single-shot weapon whose trigger is held d ms, with
// down-link loss p %, replicated at hz: clean 1 ms ticks and frames so
// the hold reaches the server unquantised, and an interval no multiple
// of the update period so shots fall at every phase of it.
func singleShots(enc burstcounter.Encoding, d, p float64, hz int) Config {
	c := Defaults()
	c.TickHz, c.FPS, c.SnapshotHz = 1000, 1000, 20
	c.NetUpdateHz = hz
	c.TriggerHoldMs = d
	c.Down.LossPct = p
	c.FireIntervalMs = 733
	c.BurstEncoding = enc
	c.Observers = 0
	c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(20, 0), Yaw: math.Pi}
	return c
}

// With loss p on a single-shot weapon whose trigger is held d < T =
// 1/net_update_hz, a shot reaches a client only if a net update falls
// inside the hold (d/T) and that packet arrives (1 − p): a resend carries
// the value after the reset. So the naive encoding misses
// 1 − (d/T)(1 − p) of single shots; the robust one misses none.
func TestNaiveMissesSingleShotsAsAnalysed(t *testing.T) {
	const d, p, hz = 40.0, 20.0, 10
	for _, enc := range burstcounter.Encodings {
		s, err := New(singleShots(enc, d, p, hz))
		if err != nil {
			t.Fatal(err)
		}
		s.Step(300 * model.Second)
		r, _ := s.burstRecord(TargetPawn)
		judgedShots := r.ShotsFired - r.ShotsPending - r.ShotsCulled
		if judgedShots < 350 || r.BurstsMissed != 0 {
			t.Fatalf("%s: %+v", enc, r)
		}
		rate := float64(r.SingleShotsMissed) / float64(judgedShots)
		if enc == burstcounter.Robust {
			if r.SingleShotsMissed != 0 || r.ShotsWithoutEffect != 0 || r.UpdatesLost == 0 {
				t.Fatalf("robust missed %d single shots (%d updates lost)", r.SingleShotsMissed, r.UpdatesLost)
			}
			continue
		}
		want := 1 - d*float64(hz)/1000*(1-p/100)
		sigma := math.Sqrt(want * (1 - want) / float64(judgedShots))
		if math.Abs(rate-want) > 4*sigma {
			t.Fatalf("naive missed %.3f of %d single shots, want %.3f ± %.3f", rate, judgedShots, want, 4*sigma)
		}
		t.Logf("naive missed %.3f of %d single shots, analytic %.3f (σ %.3f)", rate, judgedShots, want, sigma)
	}
}

// The encoding changes only what the clients play: the same seed fires
// the same shots at the same times and judges them identically.
func TestEncodingsFireTheSameShots(t *testing.T) {
	var shots [2][]fireeffects.ServerShot
	var recs [2][]ShotRecord
	var played [2]int
	for k, enc := range burstcounter.Encodings {
		c := Defaults()
		c.Weapon, c.FireIntervalMs, c.BurstShots = WeaponRapid, 66.7, 4
		c.Up.JitterMs, c.Down.JitterMs, c.Up.LossPct, c.Down.LossPct = 30, 30, 5, 5
		c.Observers, c.BurstEncoding = 2, enc
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(20 * model.Second)
		shots[k], recs[k] = s.fx.Shots.All(), s.Shots.Records()
		played[k] = s.fx.Clients[2].Effects.Len()
	}
	if len(shots[0]) < 100 || !slices.Equal(shots[0], shots[1]) {
		t.Fatalf("the shots fired differ: %d vs %d", len(shots[0]), len(shots[1]))
	}
	if len(recs[0]) != len(recs[1]) {
		t.Fatal("the shot records differ")
	}
	for i := range recs[0] {
		a, b := &recs[0][i], &recs[1][i]
		if a.ID != b.ID || a.HasServerSide() != b.HasServerSide() || a.ServerHit != b.ServerHit || a.Judged != b.Judged {
			t.Fatalf("shot %d judged differently", i)
		}
	}
	if played[0] == played[1] {
		t.Logf("both encodings played %d effects", played[0])
	}
}

// An observer that walks out of relevancy and back while the shooter
// keeps firing: its copy of the weapon is destroyed and re-created with
// the latest state; with the CreationTime check off the open-channel
// packet plays a bogus burst, with it on none.
func TestRelevancyReentry(t *testing.T) {
	for _, check := range []bool{false, true} {
		c := Defaults()
		c.Observers, c.RelevancyM = 1, 50
		c.Observer = model.Motion{Kind: model.Strafe, Origin: model.V(0, 60), Heading: math.Pi / 2, Speed: 10, Amplitude: 30}
		c.BurstCreationCheck = check
		c.FireIntervalMs = 900
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(30 * model.Second)
		rf := s.fx.Clients[2]
		r, _ := s.burstRecord(2)
		if len(rf.Culled) < 3 || r.ShotsCulled == 0 {
			t.Fatalf("check %v: culled %d times, %d shots culled", check, len(rf.Culled)-1, r.ShotsCulled)
		}
		if check && r.BogusBursts != 0 {
			t.Fatalf("with the CreationTime check: %d bogus bursts", r.BogusBursts)
		}
		if !check && r.BogusBursts == 0 {
			t.Fatalf("without the check no bogus burst in %d re-entries", len(rf.Culled)-1)
		}
		if r.SingleShotsMissed != 0 {
			t.Fatalf("check %v: %d single shots missed while relevant", check, r.SingleShotsMissed)
		}
	}
}

// BenchmarkReplicateBurstCounter is one server frame's net update of the
// BurstCounter for 64 shooters to 64 connections: compare with what was
// last sent, pack the changed values.
func BenchmarkReplicateBurstCounter(b *testing.B) {
	cfg := Defaults()
	weapons := make([]fireeffects.ServerWeapon, 64)
	chans := make([][]fireeffects.WeaponChannel, 64)
	for i := range weapons {
		weapons[i] = fireeffects.NewServerWeapon(cfg.BurstEncoding, cfg.BurstCompressByte)
		chans[i] = make([]fireeffects.WeaponChannel, 64)
	}
	b.ReportAllocs()
	for n := 0; b.Loop(); n++ {
		now := model.Time(n) * model.TickTime(1, 64)
		for i := range weapons {
			weapons[i].HandleFireShot()
			shared := weapons[i].BurstCounter.Marshal()
			for j := range chans[i] {
				if m := chans[i][j].Replicate(now, &weapons[i], true, shared); m != nil {
					chans[i][j].Sent(now, 80*model.Millisecond, m, true)
				}
			}
		}
	}
}
