package lagcomp

import (
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/rule"
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

// An old weapon packet never overwrites a newer value: under 150 ms of
// jitter with every packet free to overtake (down_reorder_pct = 100),
// the values a client applies were sent in order, the counter never goes
// back, so no effect plays for a shot already played or for none, and
// the dropped updates are counted and named; when the firing stops, the
// client ends with the server's value (the drops were resent). With
// reordering off nothing is stale. Both encodings, several seeds.
func TestStaleWeaponPacketsAreDropped(t *testing.T) {
	for _, enc := range burstcounter.Encodings {
		for seed := uint64(1); seed <= 4; seed++ {
			for _, reorder := range []float64{100, 0} {
				c := Defaults()
				c.Seed, c.BurstEncoding = seed, enc
				c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = WeaponRapid, 66.7, 15, 2500
				c.NetUpdateHz, c.Observers = 30, 1
				c.Down.JitterMs, c.Down.ReorderPct = 150, reorder
				s, err := New(c)
				if err != nil {
					t.Fatal(err)
				}
				s.Step(20 * model.Second)
				// on into a pause, 1.5 s after the server's last change
				for s.Now-s.fx.Values.At(s.fx.Values.Len()-1).T < 1500*model.Millisecond {
					s.Step(s.Now + 100*model.Millisecond)
				}
				for i := 1; i < len(s.Clients); i++ {
					r, _ := s.burstRecord(i)
					ups := s.fx.Clients[i].Updates.All()
					for j := 1; j < len(ups); j++ {
						if ups[j].Sent < ups[j-1].Sent {
							t.Fatalf("%s seed %d client %d: an update sent at %v applied after one sent at %v", enc, seed, i, ups[j].Sent, ups[j-1].Sent)
						}
					}
					if reorder == 0 {
						if r.UpdatesStale != 0 || slices.Contains(r.Rules, rule.StaleUpdate) {
							t.Fatalf("%s seed %d: %d stale updates with reordering off", enc, seed, r.UpdatesStale)
						}
						continue
					}
					if r.UpdatesStale == 0 || !slices.Contains(r.Rules, rule.StaleUpdate) || r.Resends < int64(r.UpdatesStale)/2 {
						t.Fatalf("%s seed %d: %d stale updates, %d resends, rules %v", enc, seed, r.UpdatesStale, r.Resends, r.Rules)
					}
					if enc == burstcounter.Robust && (r.ExtraEffects != 0 || r.BogusBursts != 0) {
						t.Fatalf("%s seed %d client %d: %d extra effects (%d bogus)", enc, seed, i, r.ExtraEffects, r.BogusBursts)
					}
					if got, want := s.Clients[i].weapon.BurstCounter, s.Server.weapon.BurstCounter; got.Value() != want.Value() || got.Firing() != want.Firing() {
						t.Fatalf("%s seed %d client %d: ends with %d (firing %v), the server has %d (%v)", enc, seed, i, got.Value(), got.Firing(), want.Value(), want.Firing())
					}
				}
			}
		}
	}
}
