package lagcomp

import (
	"math"
	"testing"

	"lagscope/model"
)

// On clean links the gap is produced by the pipeline, not added: the
// peeker's movement reaches the server the input buffer's offset later
// (its input frame, its first input's wait for a command packet, its
// link, input_buffer_ms), and the holder shows the server's path down +
// interp behind, plus the frame its newest snapshot waited; the two
// sightings are each quantised to a frame. Every seed's gap lies in
// [LowMs, HighMs]; over 30 seeds the mean is the analytic mean of those
// sampled waits within its sampling error (the three frame waits are
// uniform: a standard deviation of frame/√12 each).
func TestPeekersAdvantageEmergesFromThePipeline(t *testing.T) {
	for _, tc := range []struct {
		up, down, victim, interp float64
		tick, snap, fps, cmd     int
	}{
		{40, 40, 60, 32, 64, 64, 144, 64},
		{20, 20, 20, 100, 128, 64, 60, 64},
		{80, 80, 10, 0, 30, 30, 240, 30},
		{40, 40, 60, 32, 20, 20, 30, 64}, // coarse frames and ticks
	} {
		cfg := peekConfig()
		cfg.Up.LatencyMs, cfg.Down.LatencyMs = tc.up, tc.down
		cfg.VictimUp.LatencyMs, cfg.VictimDown.LatencyMs = tc.victim, tc.victim
		cfg.InterpMs, cfg.TickHz, cfg.SnapshotHz, cfg.FPS, cfg.CmdRateHz = tc.interp, tc.tick, tc.snap, tc.fps, tc.cmd
		const seeds = 30
		var sum float64
		var p PeekersAdvantage
		for seed := uint64(1); seed <= seeds; seed++ {
			cfg.Seed = seed
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			s.Step(4 * model.Second)
			p, _ = s.PeekersAdvantage()
			m, ok := p.MeasuredMs()
			if !ok {
				t.Fatalf("%+v seed %d: no sighting measured: %+v", tc, seed, p)
			}
			sum += m
			if m < p.LowMs || m > p.HighMs {
				t.Errorf("%+v seed %d: measured %.3f ms outside [%.3f, %.3f]", tc, seed, m, p.LowMs, p.HighMs)
			}
			if m < tc.victim+tc.down+tc.interp {
				t.Errorf("%+v seed %d: measured %.3f ms below the network sum", tc, seed, m)
			}
			if p.FirstSaw() != TargetPawn {
				t.Errorf("%+v seed %d: first saw %d, want the peeker", tc, seed, p.FirstSaw())
			}
			// the server learns in between
			if !p.ServerSeen || p.ServerSaw < p.PeekerSaw || p.ServerSaw > p.HolderSaw {
				t.Errorf("%+v seed %d: server saw at %v, outside [%v, %v]", tc, seed, p.ServerSaw, p.PeekerSaw, p.HolderSaw)
			}
		}
		mean := sum / seeds
		// three uniform frame waits, and the snapshot's when it shows
		sd := math.Sqrt(3*p.PeekerFrameMs*p.PeekerFrameMs/12 + b2f(p.SnapshotWaitMs > 0)*p.SnapshotMs*p.SnapshotMs/12)
		if tol := 4*sd/math.Sqrt(seeds) + 1; math.Abs(mean-p.PredictedMs) > tol {
			t.Errorf("%+v: mean gap %.2f ms, analytic mean %.2f ± %.2f", tc, mean, p.PredictedMs, tol)
		}
		if net := tc.victim + tc.down + tc.interp; mean <= net {
			t.Errorf("%+v: mean gap %.2f ms not above the network sum %.2f", tc, mean, net)
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
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
	cfg.VictimUp.LatencyMs, cfg.VictimDown.LatencyMs = 60, 60
	cfg.TickHz, cfg.SnapshotHz, cfg.FPS, cfg.InterpMs = 64, 64, 144, 32
	cfg.Weapon = WeaponRifle
	cfg.Target = model.Motion{Kind: model.Peek, Origin: model.V(20, 3), Heading: model.V(0, -1).Angle(), Speed: 6, Amplitude: 3, Period: 2 * model.Second}
	cfg.Walls, _ = model.ParseWalls("18.8,0.8,19.4,6")
	return cfg
}

// The target shoots back through the same path: its commands are judged
// with the shot's mode against the shooter, and the records say who
// fired. With no aim error on clean links the peeker fires at its first
// sight, its command leaves with its next command packet (at most a
// command interval and a frame later: the first frame at or after the
// beat) and the server confirms it at the first tick
// after its one-way latency: it wins.
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
		if wait := model.TickTime(1, cfg.cmdRate()) + model.TickTime(1, cfg.FPS); p.WonAt < arrive || p.WonAt >= arrive+wait+cfg.Tick() {
			t.Errorf("seed %d: won at %v, want a tick in [%v, %v)", seed, p.WonAt, arrive, arrive+wait+cfg.Tick())
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
