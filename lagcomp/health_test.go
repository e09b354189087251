package lagcomp

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// checkLives asserts the identities health keeps, any weapon: the
// damage the summary says the shooter dealt is its shot records' damage
// plus its projectiles', every shot record that killed has its kill line
// (and every kill line its shot or projectile), and the target's health
// adds up: without a duel only the shooter hurts it, so what it dealt is
// a whole health for each kill plus what the target's present life has
// lost.
func checkLives(t *testing.T, s *Sim, what string) {
	t.Helper()
	sum := s.Summary()
	dealt, killed := 0, map[uint32]bool{}
	for i := range s.Shots.Len() {
		r := s.Shots.At(i)
		if r.HasServerSide() != r.HasDamage {
			t.Fatalf("%s: shot %d (%s) has damage %v", what, r.Seq, r.Outcome, r.HasDamage)
		}
		if (r.Rejected || !r.ServerHit) && (r.Damage != 0 || r.Killed) {
			t.Fatalf("%s: shot %d, not a hit, dealt %d (killed %v)", what, r.Seq, r.Damage, r.Killed)
		}
		if r.Killed && r.Damage == 0 {
			t.Fatalf("%s: shot %d killed with no damage", what, r.Seq)
		}
		if r.Shooter == ShooterPawn {
			dealt += r.Damage
		}
		if r.Killed {
			killed[r.Seq] = true
		}
	}
	for _, p := range s.projs {
		dealt += p.damage
	}
	if dealt != sum.DamageDealt {
		t.Fatalf("%s: the records deal %d, the summary %d", what, dealt, sum.DamageDealt)
	}
	kills := 0
	for _, k := range s.Kills() {
		if k.Killer == ShooterPawn && k.Victim == TargetPawn {
			kills++
		}
		if s.proj(k.Seq) == nil && !killed[k.Seq] {
			t.Fatalf("%s: kill %+v has no shot that killed", what, k)
		}
		delete(killed, k.Seq)
	}
	if len(killed) > 0 {
		t.Fatalf("%s: shots %v killed with no kill line", what, killed)
	}
	if kills != sum.Kills {
		t.Fatalf("%s: %d kills of the target, the summary %d", what, kills, sum.Kills)
	}
	if s.cfg.Duel {
		return
	}
	l := s.Server.Pawns[TargetPawn].life
	lost := s.cfg.Health - l.hp
	if l.dead {
		lost = 0 // its last life is a kill already
	}
	if want := s.cfg.Health*kills + lost; sum.DamageDealt != want {
		t.Fatalf("%s: dealt %d, but %d kills of %d health and %d lost since make %d", what, sum.DamageDealt, kills, s.cfg.Health, lost, want)
	}
}

// Every weapon deals its damage through the server's judgement, on
// links that lose, resend and refuse, and the damage, the kills and the
// target's health agree with the shot records, while the run goes and at
// its end; the shot accounting still holds.
func TestDamageAndKillsAreTheShotRecords(t *testing.T) {
	links := []struct {
		name string
		set  func(c *Config)
	}{
		{"clean", func(c *Config) {}},
		{"15% up loss, no backups", func(c *Config) { c.Up.LossPct, c.CmdBackup = 15, 0 }},
		{"reliable fire, 25% up loss", func(c *Config) { c.ReliableFire, c.Up.LossPct = true, 25 }},
		{"replayed commands", func(c *Config) { c.CheatResend = true }},
	}
	for _, w := range []WeaponKind{WeaponRifle, WeaponRapid, WeaponRocket, WeaponBolt} {
		kills := 0
		for _, l := range links {
			for seed := uint64(1); seed <= 2; seed++ {
				c := constantVelocity()
				c.Weapon, c.Seed, c.FireIntervalMs = w, seed, 150
				c.Health, c.RespawnMs = 100, 700
				if w == WeaponRapid {
					c.BurstShots, c.BurstPauseMs = 5, 200
				}
				if w.IsProjectile() { // a target it can reach: a projectile is aimed where the target was
					c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(15, 0), Yaw: 3.14159}
				}
				l.set(&c)
				s, err := New(c)
				if err != nil {
					t.Fatal(err)
				}
				what := fmt.Sprintf("%s, %s, seed %d", w, l.name, seed)
				for at := model.Second; at <= 6*model.Second; at += 500 * model.Millisecond {
					s.Step(at)
					checkAccounted(t, s, what)
					checkLives(t, s, what)
				}
				kills += s.Summary().Kills
			}
		}
		if kills == 0 {
			t.Fatalf("%s: no kill in any setting: the test did not attack the kills", w)
		}
	}
}

// tradeDuel is two stationary duellists 10 m apart in the open, no aim
// error, on clean links of 100 ms each way, the instagib rifle at 100
// health: both bots fire at the first frame their screens fill (the
// same frame: the same links and frames), the target delay later.
func tradeDuel(t *testing.T, delay model.Time, dead DeadShooter, windowMs float64) *Sim {
	t.Helper()
	c := Defaults()
	c.Duel, c.Weapon, c.Health, c.RespawnMs = true, WeaponRifle, 100, 5000
	c.Up.LatencyMs, c.Down.LatencyMs = 100, 100
	c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(10, 0), Yaw: 3.14159}
	c.Walls, c.AimErrorDeg, c.FireIntervalMs = nil, 0, 1000
	c.DeadShooter, c.TradeWindowMs = dead, windowMs
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Clients[ShooterPawn].firePhase, s.Clients[TargetPawn].firePhase = 0, delay
	s.Step(model.Second)
	return s
}

// firstShots are each duellist's first shot record.
func firstShots(t *testing.T, s *Sim) (shooter, target *ShotRecord) {
	t.Helper()
	for i := range s.Shots.Len() {
		r := s.Shots.At(i)
		if r.Shooter == ShooterPawn && shooter == nil {
			shooter = r
		}
		if r.Shooter == TargetPawn && target == nil {
			target = r
		}
	}
	if shooter == nil || target == nil {
		t.Fatalf("a duellist never fired: %d records", s.Shots.Len())
	}
	return shooter, target
}

// Both fire at the same frame: the same frame, the same command beat,
// the same latency, so both commands reach the server at the same
// instant and are judged at the same tick. The first judged kills; the
// second arrives no later than the death (its tick), so with dead_shooter
// = trade it is judged even with a window of 0 — a trade, both dead —
// and with reject it is refused (shooter_dead), the dead do not fire.
func TestSameTickShotsTradeOrAreRefused(t *testing.T) {
	s := tradeDuel(t, 0, DeadShooterTrade, 0)
	a, b := firstShots(t, s)
	if a.Arrival != b.Arrival || a.Judged != b.Judged {
		t.Fatalf("same frame, beat and link: arrivals %v and %v, judged %v and %v", a.Arrival, b.Arrival, a.Judged, b.Judged)
	}
	ks := s.Kills()
	if len(ks) != 2 || ks[0].Trade || !ks[1].Trade || ks[0].Killer != ks[1].Victim || ks[0].At != ks[1].At {
		t.Fatalf("want a kill and its trade at one tick, got %+v", ks)
	}
	second := a
	if ks[1].Killer == TargetPawn {
		second = b
	}
	if !second.HasRule(rule.Trade) || !second.Killed || second.Rejected {
		t.Fatalf("the traded shot: rules %v, killed %v", second.Rules, second.Killed)
	}
	if sum := s.Summary(); sum.Trades != 1 || sum.Kills != 1 || sum.Deaths != 1 || sum.DeadRejected != 0 {
		t.Fatalf("summary: %d trades, %d kills, %d deaths, %d refused", sum.Trades, sum.Kills, sum.Deaths, sum.DeadRejected)
	}

	s = tradeDuel(t, 0, DeadShooterReject, 0)
	a, b = firstShots(t, s)
	ks = s.Kills()
	second = a
	if len(ks) == 1 && ks[0].Killer == ShooterPawn {
		second = b
	}
	if len(ks) != 1 || !second.Rejected || !slices.Equal(second.Rules, []Rule{rule.ShooterDead}) || second.Damage != 0 {
		t.Fatalf("reject: kills %+v, the second shot rejected %v rules %v", ks, second.Rejected, second.Rules)
	}
	if sum := s.Summary(); sum.Trades != 0 || sum.DeadRejected != 1 {
		t.Fatalf("reject: %d trades, %d refused", sum.Trades, sum.DeadRejected)
	}
}

// The target fires 100 ms after the shooter. By hand: its trigger frame
// is the first frame at or after that (up to 8.3 ms later at 120 fps),
// each command waits up to a command beat (15.6 ms at 64 Hz) for its
// packet, and the shooter's is judged at the first tick at or after its
// arrival (up to 15.6 ms); so the target's shot reaches the server 68.8
// to 124 ms after the shooter's killed it — after the death reached
// nothing yet: the death's snapshot needs 100 ms down, after a shot
// fired ≥ 100 ms after the shooter's own left. A window of 20 ms refuses
// it (shooter_dead: a dead shooter's shot in flight); 150 ms takes it (a
// trade).
func TestTradeWindowDecidesAShotInFlight(t *testing.T) {
	for _, tc := range []struct {
		windowMs float64
		trade    bool
	}{{20, false}, {150, true}} {
		s := tradeDuel(t, 100*model.Millisecond, DeadShooterTrade, tc.windowMs)
		a, b := firstShots(t, s)
		gap := (b.Arrival - a.Judged).Millis()
		if gap <= 68.8 || gap > 124 {
			t.Fatalf("window %v: the target's shot arrived %.3f ms after the kill, outside the hand's 68.8–124", tc.windowMs, gap)
		}
		ks := s.Kills()
		if len(ks) == 0 || ks[0].Killer != ShooterPawn || ks[0].At != a.Judged {
			t.Fatalf("window %v: the shooter's shot at %v did not kill first: %+v", tc.windowMs, a.Judged, ks)
		}
		if b.Fire >= ks[0].At+100*model.Millisecond {
			t.Fatalf("the target fired at %v, after its death could have reached it", b.Fire)
		}
		if tc.trade {
			if len(ks) != 2 || !ks[1].Trade || ks[1].Killer != TargetPawn || !b.HasRule(rule.Trade) || !b.Killed {
				t.Fatalf("window %v: want a trade, got kills %+v, rules %v", tc.windowMs, ks, b.Rules)
			}
			continue
		}
		if len(ks) != 1 || !b.Rejected || !slices.Equal(b.Rules, []Rule{rule.ShooterDead}) || b.Damage != 0 || b.Killed {
			t.Fatalf("window %v: want the shot refused, got kills %+v, rejected %v rules %v", tc.windowMs, ks, b.Rejected, b.Rules)
		}
		if sum := s.Summary(); sum.DeadRejected != 1 || sum.Trades != 0 || sum.Deaths != 0 {
			t.Fatalf("window %v: %d refused, %d trades, %d deaths", tc.windowMs, sum.DeadRejected, sum.Trades, sum.Deaths)
		}
	}
}

// The instagib duel of peekers-advantage on clean links, where the gap
// at the server decides who wins (Tokey et al. 2024): by hand it is at
// least the holder's one-way latency down (40 ms), its interpolation
// (32) and its one-way latency up (40) less what can delay the peeker's
// shot beyond its sighting — its frame (6.9 at 144 fps) and a command
// beat (15.6) — so positive: on every seed whose peek starts from cover
// (the script's phase is the seed's: a seed that starts the peeker in the
// open is no peek) the peeker's first shot kills the holder, the first
// kill of the run, the duel's winner; the holder, dead, has no hit
// credited after it: its shots that reach the server are refused
// (shooter_dead), and once told it fires no more.
func TestInstagibDuelTheGapAtTheServerDecides(t *testing.T) {
	cfg := peekConfig()
	cfg.AimErrorDeg, cfg.FireIntervalMs = 0, 50
	cfg.Health, cfg.RespawnMs = 100, 10000
	p := PredictPeekersAdvantage(&cfg)
	bound := p.HolderDownMs + p.HolderInterpMs + p.HolderDownMs - p.PeekerFrameMs - p.PeekerCmdMs
	if bound <= 0 {
		t.Fatalf("the hand's gap %.1f ms is not positive", bound)
	}
	peeks := 0
	for seed := uint64(1); seed <= 24; seed++ {
		cfg.Seed = seed
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		holder, m := s.Server.Pawns[ShooterPawn].Pose.Pos, s.Server.Pawns[TargetPawn].Motion
		hidden := true
		for at := model.Time(0); at <= 400*model.Millisecond; at += model.Millisecond {
			hidden = hidden && !inSight(cfg.Walls, holder, m.At(at).Pos)
		}
		if !hidden {
			continue
		}
		peeks++
		s.Step(4 * model.Second)
		pa, _ := s.PeekersAdvantage()
		ks := s.Kills()
		if len(ks) != 1 || ks[0].Killer != TargetPawn || ks[0].Victim != ShooterPawn || pa.Winner != TargetPawn || pa.WonAt != ks[0].At {
			t.Fatalf("seed %d: the peeker should kill the holder, once: kills %+v, the duel's winner %d at %v", seed, ks, pa.Winner, pa.WonAt)
		}
		if w, ok := pa.HolderWon(); pa.Outcome() != WinnerPeeker || !ok || w != 0 || pa.End.EndAt != ks[0].At {
			t.Fatalf("seed %d: the duel line's winner %q (win-rate sample %v %v), ended %v: want the peeker, at the kill %v", seed, pa.Outcome(), w, ok, pa.End.EndAt, ks[0].At)
		}
		if gap, ok := pa.AtServerGapMs(); ok && gap < bound {
			t.Fatalf("seed %d: the gap at the server %.3f ms is under the hand's %.1f", seed, gap, bound)
		}
		for i := range s.Shots.Len() {
			r := s.Shots.At(i)
			if r.Shooter != ShooterPawn || !r.HasServerSide() || r.Judged <= ks[0].At {
				continue
			}
			if !r.Rejected || !r.HasRule(rule.ShooterDead) || r.ServerHit {
				t.Fatalf("seed %d: the dead holder's shot %d judged at %v: rejected %v, rules %v", seed, r.Seq, r.Judged, r.Rejected, r.Rules)
			}
		}
	}
	if peeks < 4 {
		t.Fatalf("only %d of 24 seeds start the peeker behind cover", peeks)
	}
}

// A killed pawn stays where it died, not alive, whatever its inputs
// say, until the first tick respawn_ms after its death; then it stands
// at its script's anchor (within a tick's walk of it), one epoch on, so
// its trail starts again (trail_reset) and its last jump is that tick,
// with its whole health.
func TestDeathHoldsThePawnAndRespawnIsAJump(t *testing.T) {
	c := constantVelocity()
	c.Health, c.RespawnMs = 100, 500
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	tick := c.Tick()
	var died model.Time
	for at := tick; at < 5*model.Second && len(s.Kills()) == 0; at += tick {
		s.Step(at)
	}
	if len(s.Kills()) == 0 {
		t.Fatal("no kill in 5 s")
	}
	k := s.Kills()[0]
	died = k.At
	p := &s.Server.Pawns[TargetPawn]
	at, epoch := p.Pose.Pos, p.Pose.Epoch
	respawn := died + 500*model.Millisecond
	for now := died + tick; now < respawn; now += tick {
		s.Step(now)
		if p.Pose.Alive || p.Pose.Pos != at || p.Pose.Epoch != epoch {
			t.Fatalf("at %v, %v after its death, the pawn is %+v, not dead at %v", now, now-died, p.Pose, at)
		}
	}
	first := (respawn + tick - 1) / tick * tick // the first tick at or after it
	s.Step(first - 1)
	if p.Pose.Alive {
		t.Fatalf("alive before its respawn tick %v", first)
	}
	s.Step(first)
	if !p.Pose.Alive || p.Pose.Epoch != epoch+1 || p.LastJump != first || p.History.Len() != 1 {
		t.Fatalf("at its respawn tick %v: pose %+v (epoch was %d), last jump %v, %d trail samples", first, p.Pose, epoch, p.LastJump, p.History.Len())
	}
	if d := p.Pose.Pos.Dist(c.Target.Origin); d > c.Target.Speed*tick.Seconds()+1e-9 {
		t.Fatalf("respawned %.3f m from its anchor %v, more than a tick's walk", d, c.Target.Origin)
	}
	if s.Server.Pawns[TargetPawn].life.hp != c.Health {
		t.Fatalf("respawned with %d health", s.Server.Pawns[TargetPawn].life.hp)
	}
}

// A respawn is not a correction: the target of constant-velocity walks
// away from its anchor, is killed and respawns there, metres from where
// its client predicted it. Its client's reconciliation takes it there
// and counts it in respawns, once for each respawn the server made (all
// told by the end but those of the last second), and no correction is
// half as large as the shortest jump (those left are the walk its client
// predicted between its death and being told of it). Without the rule
// each jump is a correction of metres.
func TestRespawnIsNotACorrection(t *testing.T) {
	c := constantVelocity()
	c.Health, c.RespawnMs, c.FireIntervalMs = 100, 500, 1500 // a second and a half's walk between kills
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	end := 10 * model.Second
	p := &s.Server.Pawns[TargetPawn]
	jump, respawns, told := math.Inf(1), 0, 0
	for at, prev := c.Tick(), p.Pose; at <= end; at += c.Tick() {
		s.Step(at)
		if p.Pose.Alive && !prev.Alive {
			jump = min(jump, prev.Pos.Dist(p.Pose.Pos))
			respawns++
			told += b2i(at < end-model.Second)
		}
		prev = p.Pose
	}
	m := s.Movement()[TargetPawn]
	if told == 0 || m.Respawns < told || m.Respawns > respawns {
		t.Fatalf("the client met %d respawns; the server made %d, %d of them a second before the end", m.Respawns, respawns, told)
	}
	if jump < 1 || m.MaxCorrectionM > jump/2 {
		t.Errorf("largest correction %.3f m (%d corrections); the shortest respawn jump %.2f m", m.MaxCorrectionM, m.Corrections, jump)
	}
}
