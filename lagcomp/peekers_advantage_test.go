package lagcomp

import (
	"math"
	"testing"

	"lagscope/model"
)

// On clean links the measured gap is Riot's sum up to the quantisation
// of frames and ticks. The peeker sees the holder at its first frame
// with its predicted pose (server time + its one-way latency) in sight:
// tp ∈ [T0−up, T0−up+F). The holder's render time is the newest
// snapshot's stamp, advanced by frames since it arrived, minus interp:
// it reaches T0 (linear motion: the interpolated path crosses where the
// true one does) at td ∈ [T0+down+interp, T0+down+interp+2F+snap), the
// last term only when the render runs past the newest snapshot. So
// core−F < gap < core+2F+snap, with core = up+down+interp and the
// predicted sum = core+F+snap: predicted−2F−snap < gap < predicted+F.
func TestPeekersAdvantageMatchesRiotsSum(t *testing.T) {
	for _, tc := range []struct {
		up, down, victim, interp float64
		tick, fps                int
	}{
		{40, 40, 60, 32, 64, 144},
		{20, 20, 20, 100, 128, 60},
		{80, 80, 10, 0, 30, 240},
	} {
		cfg := peekConfig()
		cfg.Up.LatencyMs, cfg.Down.LatencyMs, cfg.VictimLatencyMs = tc.up, tc.down, tc.victim
		cfg.InterpMs, cfg.TickHz, cfg.SnapshotHz, cfg.FPS = tc.interp, tc.tick, tc.tick, tc.fps
		for seed := uint64(1); seed <= 6; seed++ {
			cfg.Seed = seed
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			s.Step(4 * model.Second)
			p, _ := s.PeekersAdvantage()
			core := tc.victim + tc.down + tc.interp
			if math.Abs(p.PredictedMs-(core+p.PeekerFrameMs+p.ServerTermMs)) > 1e-9 {
				t.Fatalf("%+v: predicted %.3f, want %.3f + frame + tick", tc, p.PredictedMs, core)
			}
			m, ok := p.MeasuredMs()
			if !ok {
				t.Fatalf("%+v seed %d: no sighting measured: %+v", tc, seed, p)
			}
			F, snap := p.PeekerFrameMs, p.ServerTermMs
			if m <= p.PredictedMs-2*F-snap || m >= p.PredictedMs+F {
				t.Errorf("%+v seed %d: measured %.3f ms outside (%.3f, %.3f) around predicted %.3f", tc, seed, m, p.PredictedMs-2*F-snap, p.PredictedMs+F, p.PredictedMs)
			}
			if p.FirstSaw() != TargetPawn {
				t.Errorf("%+v seed %d: first saw %d, want the peeker", tc, seed, p.FirstSaw())
			}
			// the server learns in between
			if !p.ServerSeen || p.ServerSaw < p.PeekerSaw || p.ServerSaw > p.DefenderSaw {
				t.Errorf("%+v seed %d: server saw at %v, outside [%v, %v]", tc, seed, p.ServerSaw, p.PeekerSaw, p.DefenderSaw)
			}
		}
	}
}

// Without the duel nothing is measured or printed.
func TestPeekersAdvantageOffWithoutDuel(t *testing.T) {
	cfg := peekConfig()
	cfg.Duel = false
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(2 * model.Second)
	if _, ok := s.PeekersAdvantage(); ok {
		t.Fatal("a breakdown without the duel")
	}
}

func TestDuelNeedsRifle(t *testing.T) {
	cfg := peekConfig()
	cfg.Weapon = WeaponRapid
	if _, err := New(cfg); err == nil {
		t.Fatal("duel with a rapid-fire weapon accepted")
	}
}

func peekConfig() Config {
	cfg := Defaults()
	cfg.Duel = true
	cfg.Up.LatencyMs, cfg.Down.LatencyMs = 40, 40
	cfg.VictimLatencyMs = 60
	cfg.TickHz, cfg.SnapshotHz, cfg.FPS, cfg.InterpMs = 64, 64, 144, 32
	cfg.Weapon = WeaponRifle
	cfg.Target = model.Motion{Kind: model.Peek, Origin: model.V(20, 3), Heading: model.V(0, -1).Angle(), Speed: 6, Amplitude: 3, Period: 2 * model.Second}
	cfg.Walls, _ = model.ParseWalls("18.8,0.8,19.4,6")
	return cfg
}

// The target shoots back through the same path: its commands are judged
// with the shot's mode against the shooter, and the records say who
// fired. With no aim error on clean links the peeker's first shot leaves
// at its first sight and the server confirms it at the first tick after
// its one-way latency: it wins.
func TestDuelPeekerWins(t *testing.T) {
	cfg := peekConfig()
	// both bots ready at the first sighting: a trigger pull at most 50 ms
	// after the displays fill, long before the first peek
	cfg.AimErrorDeg, cfg.FireIntervalMs = 0, 50
	for seed := uint64(1); seed <= 6; seed++ {
		cfg.Seed = seed
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(4 * model.Second)
		p, _ := s.PeekersAdvantage()
		if p.Winner != TargetPawn {
			t.Fatalf("seed %d: winner %d, want the peeker: %+v", seed, p.Winner, p)
		}
		arrive := p.PeekerSaw + model.MsF(p.PeekerUpMs)
		if p.WonAt < arrive || p.WonAt >= arrive+cfg.Tick() {
			t.Errorf("seed %d: won at %v, want the first tick in [%v, %v)", seed, p.WonAt, arrive, arrive+cfg.Tick())
		}
		var byTarget, hits int
		for _, r := range s.Shots.Records() {
			if r.Shooter == TargetPawn {
				byTarget++
				if r.Target != ShooterPawn {
					t.Fatalf("seed %d: the target's shot #%d aimed at pawn %d", seed, r.Seq, r.Target)
				}
				if r.ServerHit {
					hits++
				}
			}
		}
		if byTarget == 0 || hits == 0 {
			t.Fatalf("seed %d: the target fired %d shots, %d server hits", seed, byTarget, hits)
		}
	}
}

// Without the duel the target never fires.
func TestNoDuelTargetHoldsFire(t *testing.T) {
	cfg := peekConfig()
	cfg.Duel = false
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(4 * model.Second)
	for _, r := range s.Shots.Records() {
		if r.Shooter != ShooterPawn {
			t.Fatalf("shot #%d fired by pawn %d without a duel", r.Seq, r.Shooter)
		}
	}
}

// The duel changes the world (a second bot, its random streams): a live
// change is refused, not half applied.
func TestDuelNeedsRestart(t *testing.T) {
	cfg := peekConfig()
	cfg.Duel = false
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(model.Second)
	on := cfg
	on.Duel = true
	if err := s.SetConfig(on); err == nil {
		t.Fatal("duel switched on in a running simulation")
	}
}

// The server's term is the wait for its next snapshot: a tick when a
// snapshot goes out every tick, the snapshot interval when they are
// slower — named so, never shown as the tick.
func TestPeekersAdvantageNamesTheServersTerm(t *testing.T) {
	for _, tc := range []struct {
		tick, snap     int
		tickMs, termMs float64
		term           string
	}{
		{64, 64, 15.625, 15.625, ServerTermTick},
		{64, 20, 15.625, 50, ServerTermSnapshot},
		{20, 64, 50, 50, ServerTermTick}, // snapshots no faster than ticks
	} {
		cfg := peekConfig()
		cfg.TickHz, cfg.SnapshotHz = tc.tick, tc.snap
		p := PredictPeekersAdvantage(&cfg)
		sum := p.PeekerFrameMs + p.PeekerUpMs + p.DefenderDownMs + p.DefenderInterpMs
		if p.ServerTickMs != tc.tickMs || p.ServerTermMs != tc.termMs || p.ServerTerm != tc.term || math.Abs(p.PredictedMs-sum-tc.termMs) > 1e-9 {
			t.Errorf("tick %d Hz, snapshots %d Hz: tick %v ms, term %v ms (%s), predicted %v; want %v, %v (%s)",
				tc.tick, tc.snap, p.ServerTickMs, p.ServerTermMs, p.ServerTerm, p.PredictedMs, tc.tickMs, tc.termMs, tc.term)
		}
	}
}
