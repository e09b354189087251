package lagcomp

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// checkAccounted asserts the identity every summary keeps, any weapon:
// every shot fired is judged, spawned as a projectile, rejected, lost or
// still in flight — exactly one of them — and every projectile fired
// ends in exactly one projectile outcome, the same count each way.
func checkAccounted(t *testing.T, s *Sim, what string) {
	t.Helper()
	sum := s.Summary()
	if got := sum.Shots + sum.ProjectilesSpawned + sum.Rejected + sum.ShotsLost + sum.ShotsInFlight; got != sum.ShotsFired {
		t.Fatalf("%s at %v: %d shots fired but judged %d + spawned %d + rejected %d + lost %d + in flight %d = %d",
			what, s.Now, sum.ShotsFired, sum.Shots, sum.ProjectilesSpawned, sum.Rejected, sum.ShotsLost, sum.ShotsInFlight, got)
	}
	live := s.projectileSummary()
	fresh := SummarizeProjectiles(s.Projectiles())
	out := map[ProjectileOutcome]int{}
	total := 0
	for _, c := range fresh.Outcomes {
		out[c.Rule] += c.Count
		total += c.Count
	}
	if fmt.Sprint(live.Outcomes) != fmt.Sprint(fresh.Outcomes) || fmt.Sprint(live.ServerRules) != fmt.Sprint(fresh.ServerRules) || live.Count != fresh.Count {
		t.Fatalf("%s at %v: the running projectile summary %v %v differs from the fold from scratch %v %v", what, s.Now, live.Outcomes, live.ServerRules, fresh.Outcomes, fresh.ServerRules)
	}
	if total != fresh.Count {
		t.Fatalf("%s at %v: %d projectiles fired, outcomes %v add up to %d", what, s.Now, fresh.Count, fresh.Outcomes, total)
	}
	spawned := out[ProjectileHit] + out[ProjectileDetonated] + out[ProjectileExpired] + out[ProjectileFlying]
	if spawned != sum.ProjectilesSpawned {
		t.Fatalf("%s at %v: outcomes %v count %d spawned, the summary %d", what, s.Now, fresh.Outcomes, spawned, sum.ProjectilesSpawned)
	}
	if s.cfg.Weapon.IsProjectile() && !s.cfg.Duel {
		// one weapon the whole run: the projectile outcomes are the shots' fates
		if fresh.Count != sum.ShotsFired || out[ProjectileNeverSpawned] != sum.ShotsLost ||
			out[ProjectileRejected] != sum.Rejected || out[ProjectileCommandLate] != sum.ShotsInFlight || sum.Shots != 0 {
			t.Fatalf("%s at %v: projectile outcomes %v against the shots' figures %+v", what, s.Now, fresh.Outcomes, sum)
		}
	}
	if !s.cfg.Weapon.IsProjectile() && (fresh.Count != 0 || sum.ProjectilesSpawned != 0) {
		t.Fatalf("%s: %d projectiles from a %s", what, fresh.Count, s.cfg.Weapon)
	}
}

// The identity over every weapon and every link setting that loses,
// duplicates, reorders, resends or refuses commands, on several seeds,
// checked while the run goes (shots in flight) and at its end.
func TestEveryShotOfEveryWeaponIsAccounted(t *testing.T) {
	links := []struct {
		name string
		set  func(c *Config)
	}{
		{"clean", func(c *Config) {}},
		{"15% up loss, no backups", func(c *Config) { c.Up.LossPct, c.CmdBackup = 15, 0 }},
		{"40% up loss, 2 backups", func(c *Config) { c.Up.LossPct, c.CmdBackup = 40, 2 }},
		{"reliable fire, 25% up loss", func(c *Config) { c.ReliableFire, c.Up.LossPct = true, 25 }},
		{"reordered and duplicated", func(c *Config) {
			c.Up.JitterMs, c.Up.ReorderPct, c.Up.DupPct, c.CmdBackup, c.FireIntervalMs = 80, 100, 30, 0, 30
		}},
		{"replayed commands", func(c *Config) { c.CheatResend = true }},
		{"30% down loss", func(c *Config) { c.Down.LossPct = 30 }},
		{"every command lost", func(c *Config) { c.Up.LossPct = 100 }},
		{"1 s each way", func(c *Config) { c.Up.LatencyMs, c.Down.LatencyMs = 1000, 1000 }},
	}
	for _, w := range []WeaponKind{WeaponRifle, WeaponRapid, WeaponRocket, WeaponBolt} {
		rejected := 0
		for _, l := range links {
			for seed := uint64(1); seed <= 3; seed++ {
				c := constantVelocity()
				c.Weapon, c.Seed, c.FireIntervalMs = w, seed, 150
				c.Walls, _ = model.ParseWalls("30,-20,31,20")
				if w == WeaponRapid {
					c.BurstShots, c.BurstPauseMs = 5, 200
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
				}
				sum := s.Summary()
				if sum.ShotsFired < 10 {
					t.Fatalf("%s: only %d shots fired", what, sum.ShotsFired)
				}
				rejected += sum.Rejected
			}
		}
		if rejected == 0 {
			t.Fatalf("%s: no command refused in any setting: the test did not attack the rejected branch", w)
		}
	}
}

// A projectile command judged while its shooter is dead on the server
// spawns nothing, and says why: shooter_dead, a rejection. (The copy that
// arrives later is a duplicate.)
func TestDeadShooterSpawnsNoProjectile(t *testing.T) {
	c := rockets()
	c.Control, c.FireIntervalMs = ControlBot, 300
	c.Target = model.Motion{Kind: model.Stationary, Origin: model.V(15, 0), Yaw: math.Pi}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	refused := uint32(0)
	for at := model.Time(0); at < 6*model.Second; at += model.Millisecond {
		s.Step(at)
		if refused != 0 {
			continue
		}
		for _, p := range s.projs {
			if ps := s.shot(p.seq); p.server == nil && !ps.arrived && !ps.lost && len(ps.sentAt) > 0 {
				pw := &s.Server.Pawns[ShooterPawn].Pose
				pw.Alive = false
				s.judge(ps.cmd, s.Now, arrivedCopy{sent: ps.sentAt[0]})
				pw.Alive, refused = true, p.seq
				break
			}
		}
	}
	checkAccounted(t, s, "a dead shooter")
	for _, r := range s.Projectiles() {
		if r.Seq != refused {
			continue
		}
		if r.Outcome != ProjectileRejected || !slices.Equal(r.ServerRules, []Rule{rule.ShooterDead}) || r.Spawned {
			t.Fatalf("refused projectile %d: outcome %s, rules %v, spawned %v", r.Seq, r.Outcome, r.ServerRules, r.Spawned)
		}
	}
	if refused == 0 || s.Summary().Rejected != 1 {
		t.Fatalf("projectile %d refused, the summary says %d", refused, s.Summary().Rejected)
	}
}

// The run, in miniature: rockets on a lossy up link without
// backups. Before the projectile figures, the spawned rockets were in no
// outcome at all; now each is, and a lost command is a never_spawned
// projectile and a lost shot alike.
func TestSpawnedRocketsHaveOutcomes(t *testing.T) {
	c := rockets()
	c.Control, c.FireIntervalMs, c.CmdBackup, c.Up.LossPct = ControlBot, 200, 0, 15
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Yaw: math.Pi, Speed: 5, Amplitude: 3}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(20 * model.Second)
	checkAccounted(t, s, "rockets at 15% up loss")
	sum, ps := s.Summary(), SummarizeProjectiles(s.Projectiles())
	if sum.ProjectilesSpawned < 50 || sum.ShotsLost == 0 {
		t.Fatalf("%d spawned, %d lost: the run did not exercise both", sum.ProjectilesSpawned, sum.ShotsLost)
	}
	n := map[ProjectileOutcome]int{}
	for _, o := range ps.Outcomes {
		n[o.Rule] = o.Count
	}
	if n[ProjectileHit]+n[ProjectileDetonated] == 0 {
		t.Fatalf("no rocket met anything: %v", ps.Outcomes)
	}
	for _, r := range s.Projectiles() {
		if (r.Outcome == ProjectileNeverSpawned) != slices.Contains(r.Rules, projectile.ReconcileNeverSpawned) || r.Outcome == ProjectileHit && len(r.Hits) == 0 {
			t.Fatalf("projectile %d: outcome %s, rules %v, hits %v", r.Seq, r.Outcome, r.Rules, r.Hits)
		}
	}
}
