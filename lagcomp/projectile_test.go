package lagcomp

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp/internal/testscene"
	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// rockets is the document's configuration: bias 0.5, a 15 ms latency
// reduction, a 100 ms MaxPredictionPing; a wall far down range.
func rockets() Config {
	c := Defaults()
	c.Weapon, c.Bias, c.LatencyReductionMs, c.MaxPredictionPingMs = WeaponRocket, 0.5, 15, 100
	c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(15, 6), Yaw: math.Pi}
	c.Walls, _ = model.ParseWalls("30,-20,31,20")
	c.Control = ControlUser
	return c
}

// fireAt runs cfg, has the user fire at aim every period, and returns the
// records after d.
func fireAt(t *testing.T, c Config, aim model.Vec, period, d model.Time) []ProjectileRecord {
	t.Helper()
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for at := 500 * model.Millisecond; at < d; at += period {
		s.Step(at)
		s.QueueFire(aim)
	}
	s.Step(d + 2*model.Second)
	return s.Projectiles()
}

func TestServerFastForwardsAndClientCatchesUp(t *testing.T) {
	c := rockets()
	rs := fireAt(t, c, model.V(30, 0), 700*model.Millisecond, 4*model.Second)
	for _, r := range rs {
		if !r.Spawned || !r.Done {
			t.Fatalf("projectile %d not finished: %+v", r.Seq, r)
		}
		// the server perceives 80 ms + up to a tick and a frame
		if r.Forward < model.MsF(0.5*(80-15)) || r.Forward > model.MsF(0.5*(80+1000.0/64+1000.0/120-15)) {
			t.Fatalf("forward prediction %v", r.Forward)
		}
		if d := r.SpawnPos.Dist(r.Origin); math.Abs(d-20*r.Forward.Seconds()) > 1e-9 {
			t.Fatalf("spawned %v m ahead, want speed x forward = %v", d, 20*r.Forward.Seconds())
		}
		// CatchupTick: speed x half the tracked ping (80..104 ms)
		if r.CatchupM < 20*0.040 || r.CatchupM > 20*0.052 {
			t.Fatalf("catch-up %v m", r.CatchupM)
		}
		if !slices.Equal(r.Rules, []Reconcile{projectile.ReconcileConfirmed}) || r.FX.X != 30 || r.FXFake {
			t.Fatalf("a rocket into a wall: rules %v, effects at %v (fake %v)", r.Rules, r.FX, r.FXFake)
		}
		if r.DetonationDistM > 1e-9 || r.RemoteJumpM != 0 {
			t.Fatalf("twins apart %v m, remote jump %v", r.DetonationDistM, r.RemoteJumpM)
		}
	}
}

func TestFakeSpawnIsDelayedAboveMaxPredictionPing(t *testing.T) {
	c := rockets()
	c.Up.LatencyMs, c.Down.LatencyMs = 75, 75 // 150 ms ping, cap 100
	rs := fireAt(t, c, model.V(30, 0), 900*model.Millisecond, 4*model.Second)
	// the ping less PredictionLatencyReduction above the cap
	want := 50 - c.LatencyReductionMs
	for _, r := range rs[1:] { // the first shot may precede the first ping
		// the tracked ping is 150 ms plus up to a frame and a tick
		if r.FakeDelay < model.MsF(want) || r.FakeDelay > model.MsF(want+1000.0/64+1000.0/120) {
			t.Fatalf("fake delay %v, want %v ms and a little processing", r.FakeDelay, want)
		}
	}
	c.MaxPredictionPingMs = 1000
	for _, r := range fireAt(t, c, model.V(30, 0), 900*model.Millisecond, 3*model.Second) {
		if r.FakeDelay != 0 {
			t.Fatalf("under the cap: %v", r.FakeDelay)
		}
	}
}

func TestBiasMovesTheAuthoritativeSpawn(t *testing.T) {
	c := rockets()
	var ff [2]model.Time
	for i, b := range []float64{0, 1} {
		c.Bias = b
		rs := fireAt(t, c, model.V(30, 0), time500, 3*model.Second)
		ff[i] = rs[len(rs)-1].Forward
	}
	if ff[0] != 0 || ff[1] < model.MsF(80-15) {
		t.Fatalf("bias 0 forward %v (want 0), bias 1 forward %v (want >= 65 ms)", ff[0], ff[1])
	}
}

const time500 = 500 * model.Millisecond

func TestRemoteResimulationVersusJumpAhead(t *testing.T) {
	c := rockets()
	c.Bias = 1
	on := fireAt(t, c, model.V(30, 0), 700*model.Millisecond, 3*model.Second)
	c.RemoteResim = false
	off := fireAt(t, c, model.V(30, 0), 700*model.Millisecond, 3*model.Second)
	for i := range on {
		if on[i].RemoteJumpM != 0 {
			t.Fatalf("resimulated copy appeared %v m ahead of the muzzle", on[i].RemoteJumpM)
		}
		if want := 20 * off[i].Forward.Seconds(); math.Abs(off[i].RemoteJumpM-want) > 1e-9 || want < 1 {
			t.Fatalf("without resimulation the copy should jump speed x forward = %v m, got %v", want, off[i].RemoteJumpM)
		}
	}
}

func TestUnpredictedHasNoFake(t *testing.T) {
	c := rockets()
	c.PredictProjectiles = false
	for _, r := range fireAt(t, c, model.V(30, 0), 700*model.Millisecond, 3*model.Second) {
		if r.FakeDet != nil || !slices.Equal(r.Rules, []Reconcile{projectile.ReconcileUnpredicted}) || r.FX.X != 30 {
			t.Fatalf("unpredicted: %+v", r)
		}
	}
}

// A wall at the muzzle: the fast-forward detonates the rocket on spawn,
// and the downlink reorders packets. The reliability layer delivers a
// projectile's spawn and tear-off in order on its channel, so the owner
// never hears of a detonation before the projectile itself (the
// reconciler's TornOff path for that order is tested alone in
// TestReconciliationRules).
func TestTearOffNeverOvertakesItsSpawn(t *testing.T) {
	c := rockets()
	c.Walls, _ = model.ParseWalls("0.6,-5,1,5")
	c.Down.JitterMs, c.Down.ReorderPct, c.Down.LossPct, c.FireIntervalMs = 60, 100, 20, 250
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	reordered := 0
	for at := model.Time(0); at < 8*model.Second; at += model.Millisecond {
		if at%(300*model.Millisecond) == 0 {
			s.QueueFire(model.V(30, 0))
		}
		s.Step(at)
		for _, p := range s.projs {
			if p.rec.DetonationBeforeLink() {
				t.Fatalf("projectile %d: the tear-off reached the owner before its spawn", p.seq)
			}
		}
		reordered = s.Link(ShooterPawn, false).Stats.Reordered
	}
	if reordered == 0 || s.Server.conns[ShooterPawn].rel.Stats.Resends == 0 || len(s.projs) < 20 {
		t.Fatalf("%d packets reordered, %d resends, %d projectiles: the test did not exercise the layer",
			reordered, s.Server.conns[ShooterPawn].rel.Stats.Resends, len(s.projs))
	}
}

func TestRejectedShotDestroysTheFake(t *testing.T) {
	c := rockets()
	c.Up.JitterMs, c.Up.ReorderPct, c.FireIntervalMs = 150, 100, 20
	rs := fireAt(t, c, model.V(30, 0), 30*model.Millisecond, 3*model.Second)
	rejected := 0
	for _, r := range rs {
		if r.Rule == projectile.ReconcileRejected {
			rejected++
			if r.Spawned || r.FakeDet != nil && r.FakeDet.X == 30 {
				t.Fatalf("a rejected shot flew on: %+v", r)
			}
		}
	}
	if rejected == 0 {
		t.Fatal("reordered commands produced no rejection")
	}
}

// A target crossing the line of fire: the owner's fake meets the target
// where the client shows it (in the past), the server's rocket meets it
// where it is, so every mismatch rule gets its turn.
func TestCrossingTargetTriggersMismatchRules(t *testing.T) {
	c := rockets()
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Speed: 6, Amplitude: 2, Yaw: math.Pi}
	c.Up.LatencyMs, c.Down.LatencyMs, c.SwitchExtraMs = 70, 70, 20
	rs := fireAt(t, c, model.V(30, 0), 130*model.Millisecond, 20*model.Second)
	seen := map[Reconcile]int{}
	for _, r := range rs {
		for _, rule := range r.Rules {
			seen[rule]++
		}
		if r.Done && r.AuthDet != nil && r.Rule != projectile.ReconcileConfirmed && r.FX != *r.AuthDet {
			t.Fatalf("%v: effects at %v, not where the auth detonated %v", r.Rules, r.FX, *r.AuthDet)
		}
	}
	// a switch-to-auth timer longer than the flight to the wall leaves
	// both detonations standing, far apart
	c.SwitchExtraMs = 2000
	for _, r := range fireAt(t, c, model.V(30, 0), 130*model.Millisecond, 20*model.Second) {
		for _, rule := range r.Rules {
			seen[rule]++
		}
	}
	for _, want := range []Reconcile{projectile.ReconcileConfirmed, projectile.ReconcileSwitchTimer, projectile.ReconcileFakeGone, projectile.ReconcileAuthFirst, projectile.ReconcileTooFarApart} {
		if seen[want] == 0 {
			t.Errorf("rule %s never fired (saw %v)", want, seen)
		}
	}
}

func TestProjectilesAreDeterministic(t *testing.T) {
	c := rockets()
	c.Control, c.Down.JitterMs, c.Up.LossPct = ControlBot, 20, 10
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Speed: 6, Amplitude: 2}
	c.FireIntervalMs = 200
	enc := func() []byte {
		s, _ := New(c)
		s.Step(6 * model.Second)
		var b bytes.Buffer
		for _, r := range s.Projectiles() {
			b.Write(testscene.Bytes(r))
		}
		return b.Bytes()
	}
	a := enc()
	if len(a) == 0 || !bytes.Equal(a, enc()) {
		t.Fatal("same seed, different projectiles")
	}
}

// BenchmarkProjectiles steps 1000 authoritative projectiles one server tick.
func BenchmarkProjectiles(b *testing.B) {
	c := rockets()
	c.ExtraPawns = 30
	s, _ := New(c)
	s.Step(model.Second)
	now := s.Server.Now
	for i := 0; i < 1000; i++ {
		fl := projectile.Flight{From: model.V(0, 0), Dir: model.Dir(float64(i) * 0.001), Speed: 20, T0: now}
		p := &projState{seq: uint32(i + 1), spec: c.spec(), server: &fl, srvAt: now}
		p.spec.Lifetime = 1 << 62 // keep them flying
		s.projs = append(s.projs, p)
	}
	tick := model.TickTime(1, c.TickHz)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Server.Now += tick
		s.projTargets()
		for _, p := range s.projs {
			if p.srvDone { // those that reached the wall start over
				p.srvDone, p.srvAt = false, s.Server.Now
				p.server.T0, p.srvPath = s.Server.Now, p.srvPath[:0]
			}
			s.stepServerProjectile(p, s.Server.Now)
		}
	}
}

// A target in front of the muzzle: every auth detonates in its spawn
// fast-forward, reaches the owner already detonated (on FIFO links the
// spawn and the tear-off come in order) and takes the TornOff path.
func TestAuthDetonatingOnSpawnIsTornOff(t *testing.T) {
	c := rockets()
	c.Bias, c.LatencyReductionMs, c.MaxPredictionPingMs = 1, 0, 255 // under the cap
	c.Up.LatencyMs, c.Down.LatencyMs = 80, 80                       // 160 ms x 20 m/s = 3.2 m of fast-forward
	c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(2.5, 0), Yaw: math.Pi}
	rs := fireAt(t, c, model.V(2.5, 0), 700*model.Millisecond, 4*model.Second)
	for _, r := range rs {
		if r.AuthDet == nil || r.Forward < 100*model.Millisecond || r.SpawnPos != *r.AuthDet {
			t.Fatalf("projectile %d did not detonate in its fast-forward: %+v", r.Seq, r)
		}
		if !slices.Contains(r.Rules, projectile.ReconcileTornOff) || r.CatchupM != 0 {
			t.Fatalf("projectile %d: rules %v, catch-up %v m", r.Seq, r.Rules, r.CatchupM)
		}
	}
}

// SwitchToAuthTimer is ping + switch_extra_ms however the fake detonates:
// in open ground both twins run out of lifetime an upstream latency apart,
// which the timer covers, so none switches to the auth.
func TestLifetimeExpiryWaitsThePingToo(t *testing.T) {
	c := rockets()
	c.Walls, c.Bias = nil, 0 // the auth spawns an upstream latency after the fake
	c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(-15, 6)}
	rs := fireAt(t, c, model.V(30, 0), 700*model.Millisecond, 4*model.Second)
	done := 0
	for _, r := range rs {
		if !r.Done { // still flying its 4 s when the run ends
			continue
		}
		done++
		if slices.Contains(r.Rules, projectile.ReconcileSwitchTimer) || r.Rule != projectile.ReconcileConfirmed {
			t.Fatalf("projectile %d expired in open ground: %v", r.Seq, r.Rules)
		}
	}
	if done < 2 {
		t.Fatalf("%d projectiles expired", done)
	}
}

// Remote clients simulate their copy locally, collisions included: fired
// at a wall, the victim's copy meets it on its own, where the server's
// did, before the tear-off arrives (it resimulates to catch up).
func TestRemoteCopiesCollideLocally(t *testing.T) {
	c := rockets()
	c.Up.LatencyMs, c.Down.LatencyMs, c.ResimSpeedup = 100, 100, 4
	rs := fireAt(t, c, model.V(30, 0), 700*model.Millisecond, 4*model.Second)
	own := 0
	for _, r := range rs {
		if r.RemoteDet == nil || math.IsNaN(r.RemoteDetDistM) {
			t.Fatalf("projectile %d: no remote detonation", r.Seq)
		}
		if r.RemoteDelay < 0 {
			own++
			if r.RemoteDetDistM > 1e-6 { // the wall is where it is on every machine
				t.Fatalf("projectile %d: remote hit the wall %v m from the server's", r.Seq, r.RemoteDetDistM)
			}
		}
	}
	if own == 0 {
		t.Fatal("no remote copy detonated on its own before TornOff")
	}
	// a target the remote shows elsewhere than the server has it: the
	// remote's own detonation is somewhere else, and TornOff leaves it
	c = rockets()
	c.Up.LatencyMs, c.Down.LatencyMs, c.ResimSpeedup, c.FireIntervalMs = 100, 100, 4, 200
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Speed: 6, Amplitude: 2, Yaw: math.Pi}
	rs = fireAt(t, c, model.V(30, 0), 230*model.Millisecond, 8*model.Second)
	apart := 0
	for _, r := range rs {
		if r.RemoteDetDistM > 1 {
			apart++
		}
	}
	if apart == 0 {
		t.Fatal("every remote copy detonated where the server's did")
	}
}

// MaxPredictionPing bounds the server's fast-forward as it bounds the
// owner's fake: at 1000 ms of ping a rocket is fast-forwarded bias × cap
// (50 ms), not bias × ping (492.5 ms), and each record names the clamp;
// under the cap nothing is clamped or named. Jitter and loss on several
// seeds: a fast-forward is at most bias × cap, exactly that when named.
func TestMaxPredictionPingBoundsTheFastForward(t *testing.T) {
	for _, tc := range []struct {
		name      string
		latency   float64
		jitter    float64
		loss      float64
		max       float64
		all, none bool
	}{
		{"1000 ms ping, 100 ms cap", 500, 0, 0, 100, true, false},
		{"100 ms ping, 100 ms cap", 50, 0, 0, 100, false, true},
		{"jittery, near the cap", 55, 40, 10, 100, false, false},
		{"a cap of 0", 50, 0, 0, 0, true, false},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			c := rockets()
			c.Control, c.FireIntervalMs, c.Seed, c.MaxPredictionPingMs = ControlBot, 300, seed, tc.max
			c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Yaw: math.Pi, Speed: 5, Amplitude: 3}
			c.Up.LatencyMs, c.Down.LatencyMs, c.Up.JitterMs, c.Down.JitterMs, c.Up.LossPct = tc.latency, tc.latency, tc.jitter, tc.jitter, tc.loss
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			s.Step(15 * model.Second)
			capFF := model.MsF(c.Bias * tc.max)
			named, spawned := 0, 0
			for _, r := range s.Projectiles() {
				if !r.Spawned {
					continue
				}
				spawned++
				clamped := slices.Contains(r.ServerRules, rule.MaxPredictionPing)
				named += b2i(clamped)
				if r.Forward > capFF || clamped && r.Forward != capFF {
					t.Fatalf("%s, seed %d: projectile %d fast-forwarded %v (cap %v), clamp named %v", tc.name, seed, r.Seq, r.Forward, capFF, clamped)
				}
			}
			sum := SummarizeProjectiles(s.Projectiles())
			counted := 0
			for _, rc := range sum.ServerRules {
				if rc.Rule == rule.MaxPredictionPing {
					counted = rc.Count
				}
			}
			if spawned < 10 || counted != named || tc.all && named != spawned || tc.none && named != 0 {
				t.Fatalf("%s, seed %d: %d of %d spawned named the clamp, the summary counts %d", tc.name, seed, named, spawned, counted)
			}
		}
	}
}
