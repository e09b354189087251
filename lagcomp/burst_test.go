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

// naiveMissRate is the share of single shots the naive counter never
// replicates: 1 − (d'/T)(1 − p), d' the hold rounded up to the client's
// frame. The bot fires at a render frame and lets the trigger up at the
// first frame at least d later, so ServerStopFire follows the shot by
// d' = ⌈d·fps⌉/fps; both cross the same up link and are handled at the
// server's next tick, so the counter is 1 over ticks spanning d' on
// average. A net update is due at the first tick at or after each
// multiple of T = 1/net_update_hz, 1/T of them a second, so when no two
// can fall in one hold (d' + 1/tick_hz ≤ T) one does with chance d'/T;
// its packet arrives with chance 1 − p, and a resend, a round trip
// later, carries the value after the reset. (1 − (d/T)(1 − p) forgets
// the frame: for burst-single-shot-loss, d = 30 ms at 120 fps is 33.3.)
func naiveMissRate(d, p float64, fps, hz int) float64 {
	held := math.Ceil(d*float64(fps)/1000-1e-9) * 1000 / float64(fps)
	return 1 - held*float64(hz)/1000*(1-p/100)
}

// The naive counter misses naiveMissRate of single shots, within
// sampling error over many seeds (each its own firing phase), where the
// hold is a whole number of frames and where it is rounded up (then the
// formula without the rounding is far outside the bounds); the robust
// one misses none.
func TestNaiveMissesSingleShotsAsAnalysed(t *testing.T) {
	for _, c := range []struct {
		d, p          float64
		fps, tick, hz int
		seeds         uint64
		secs          model.Time
	}{
		{40, 20, 1000, 1000, 10, 2, 150},
		{30, 5, 120, 64, 20, 20, 60}, // burst-single-shot-loss
		{20, 20, 60, 128, 20, 8, 60},
	} {
		want := naiveMissRate(c.d, c.p, c.fps, c.hz)
		unrounded := 1 - c.d*float64(c.hz)/1000*(1-c.p/100)
		for _, enc := range burstcounter.Encodings {
			missed, judged := 0, 0
			for seed := uint64(1); seed <= c.seeds; seed++ {
				cfg := singleShots(enc, c.d, c.p, c.hz)
				cfg.Seed, cfg.FPS, cfg.TickHz = seed, c.fps, c.tick
				s, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				s.Step(c.secs * model.Second)
				r, _ := s.burstRecord(TargetPawn)
				if r.BurstsMissed != 0 || enc == burstcounter.Robust && (r.SingleShotsMissed != 0 || r.ShotsWithoutEffect != 0 || r.UpdatesLost == 0) {
					t.Fatalf("%s %+v seed %d: %+v", enc, c, seed, r)
				}
				missed += r.SingleShotsMissed
				judged += r.ShotsFired - r.ShotsPending - r.ShotsCulled
			}
			if enc == burstcounter.Robust {
				continue
			}
			rate := float64(missed) / float64(judged)
			sigma := math.Sqrt(want * (1 - want) / float64(judged))
			if judged < 350 || math.Abs(rate-want) > 4*sigma {
				t.Fatalf("%+v: naive missed %.3f of %d single shots, want %.3f ± %.3f", c, rate, judged, want, 4*sigma)
			}
			if unrounded != want && math.Abs(rate-unrounded) < 4*sigma {
				t.Fatalf("%+v: %.3f measured is within 4σ of the unrounded %.3f too: the case cannot tell them apart", c, rate, unrounded)
			}
			t.Logf("%+v: naive missed %.3f of %d single shots; 1 − (d'/T)(1 − p) = %.3f (σ %.3f), unrounded %.3f", c, rate, judged, want, sigma, unrounded)
		}
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
		// (at 900 and 950 ms a shot falls in the net update before a cull: its
		// burst counts as missed while the copy still stood)
		c.FireIntervalMs = 1000
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

// unseenJudged counts the judged shots client i's copy never played
// because of when it heard of them: fired after the last value it
// applied (past the settle time), or before the packet that opened its
// channel left the server (the CreationTime check plays nothing for the
// value the open packet brings; it takes long at 90 % loss). beforeOpen
// counts the latter, judged or not.
func unseenJudged(s *Sim, i int) (n, beforeOpen int) {
	cutoff := s.burstCutoff(i)
	opened := s.fx.Clients[i].Updates.At(0).Sent
	for j := range s.fx.Shots.Len() {
		sh := s.fx.Shots.At(j)
		sb := s.fx.Bursts.At(sh.Burst)
		beforeOpen += b2i(sh.T <= opened)
		if j >= int(s.Clients[i].weapon.Tag()) || sh.T <= opened {
			n += b2i(sb.Stop >= 0 && sb.Stop <= cutoff)
		}
	}
	return n, beforeOpen
}

// Shots merged into one update: when every update for a single shot is
// lost until the next shot, both arrive in one update, and the
// document's OnRep plays one flash for both. With the robust counter
// every missed single is merged or not heard of yet; burst_play_count
// plays NumShotsFired flashes, one per shot, so nothing is merged and
// every shot the client heard of has its flash. The naive int32 has no
// count: the key changes nothing there. 50 and 90 % loss, 3 seeds.
func TestMergedShotsAreNamed(t *testing.T) {
	merged := 0
	for _, loss := range []float64{50, 90} {
		for seed := uint64(1); seed <= 3; seed++ {
			var naive [2]int
			for k, count := range []bool{false, true} {
				for _, enc := range burstcounter.Encodings {
					c := singleShots(enc, 40, loss, 10)
					c.Seed, c.BurstPlayCount, c.Observers = seed, count, 1
					// the bot stops firing 10 s before the end, so every
					// burst has settled when the records are read: a shot
					// merged into a late update while its burst is still
					// pending would be merged but not yet missed
					c.Events = "110s:shooter_control=user"
					s, err := New(c)
					if err != nil {
						t.Fatal(err)
					}
					s.Step(120 * model.Second)
					sum := s.Summary()
					total := 0
					for i := 1; i < len(s.Clients); i++ {
						r, _ := s.burstRecord(i)
						total += r.MergedShots
						if enc == burstcounter.Naive { // single shots: the count is never above 1
							if r.MergedShots != 0 {
								t.Fatalf("loss %v seed %d: the naive counter merged %d single shots", loss, seed, r.MergedShots)
							}
							naive[k] += r.EffectsPlayed
							continue
						}
						unseen, beforeOpen := unseenJudged(s, i)
						if r.ShotsPending != 0 {
							t.Fatalf("loss %v seed %d client %d: %d shots pending 10 s after the last", loss, seed, i, r.ShotsPending)
						}
						if r.SingleShotsMissed != r.MergedShots+unseen || r.BurstsMissed != 0 || r.ExtraEffects != 0 ||
							slices.Contains(r.Rules, rule.MergedShots) != (r.MergedShots > 0) {
							t.Fatalf("loss %v seed %d count %v client %d: %d singles missed, %d merged, %d not heard of, %d extra, rules %v",
								loss, seed, count, i, r.SingleShotsMissed, r.MergedShots, unseen, r.ExtraEffects, r.Rules)
						}
						if heard := int(s.Clients[i].weapon.Tag()) - beforeOpen; count && (r.MergedShots != 0 || r.EffectsPlayed != heard) {
							t.Fatalf("loss %v seed %d client %d, burst_play_count: %d merged, %d effects for %d shots heard of",
								loss, seed, i, r.MergedShots, r.EffectsPlayed, heard)
						}
						if !count {
							merged += r.MergedShots
						}
					}
					if sum.MergedShots != total {
						t.Fatalf("summary merged_shots %d, the records add up to %d", sum.MergedShots, total)
					}
				}
			}
			if naive[0] != naive[1] {
				t.Fatalf("loss %v seed %d: burst_play_count changed the naive encoding's effects %d -> %d", loss, seed, naive[0], naive[1])
			}
		}
	}
	if merged < 50 {
		t.Fatalf("only %d shots merged over the runs: the test proves little", merged)
	}
}

// StopFire never overtakes the shots it ends: it rides the command stream
// behind them (the trigger's state in every command packet, Source's
// usercmd buttons; with reliable_fire a reliable ServerStopFire on the fire
// commands' own channel), and a shot fired after a release says so. So a
// single-shot weapon fires single-shot server bursts whatever the up link
// does to the packets — loss, jitter, no backups, reliable resends — on
// several seeds, and every single shot the victim missed is a shot
// without effect (none merged into a two-shot server burst). While the
// StopFire travelled apart, a shot whose packet was lost (and came in a
// backup after the StopFire) joined the next shot's burst.
func TestStopFireKeepsSingleShotsSingle(t *testing.T) {
	for _, tc := range []struct {
		name     string
		set      func(c *Config)
		reliable bool
	}{
		{"loss", func(c *Config) { c.Up.LossPct = 10 }, false},
		{"loss, no backups", func(c *Config) { c.Up.LossPct, c.CmdBackup = 10, 0 }, false},
		{"jitter", func(c *Config) { c.Up.JitterMs = 60 }, false},
		{"jitter and loss, no backups", func(c *Config) { c.Up.JitterMs, c.Up.LossPct, c.CmdBackup = 60, 10, 0 }, false},
		{"reliable, loss", func(c *Config) { c.Up.LossPct = 20 }, true},
		{"reliable, jitter", func(c *Config) { c.Up.JitterMs = 60 }, true},
	} {
		shots := 0
		for seed := uint64(1); seed <= 4; seed++ {
			c := singleShots(burstcounter.Naive, 30, 5, 20)
			c.TickHz, c.FPS = 64, 120
			c.Up.LatencyMs, c.Seed, c.ReliableFire = 40, seed, tc.reliable
			tc.set(&c)
			s := run(t, c, 60*model.Second)
			for i := range s.fx.Bursts.Len() {
				if b := s.fx.Bursts.At(i); b.N != 1 {
					t.Fatalf("%s, seed %d: a server burst of %d shots at %v: the StopFire between them came late or not at all", tc.name, seed, b.N, b.Start)
				}
			}
			for _, b := range s.BurstRecords() {
				if b.SingleShotsMissed != b.ShotsWithoutEffect {
					t.Fatalf("%s, seed %d, %s: %d single shots missed, %d shots without effect", tc.name, seed, b.Name, b.SingleShotsMissed, b.ShotsWithoutEffect)
				}
			}
			shots += s.fx.Bursts.Len()
		}
		if shots < 200 {
			t.Fatalf("%s: only %d server bursts over four seeds", tc.name, shots)
		}
	}
}
