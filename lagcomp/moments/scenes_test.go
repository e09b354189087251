package moments

import (
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The scenarios below are lagcomp's test scenarios of the same names
// (sim_test.go, peekers_advantage_test.go), repeated: a package's own
// tests cannot be imported.

// constantVelocity is the analytic scenario: a target crossing at 5 m/s,
// clean 40 ms links, 100 ms interpolation, no aim error.
func constantVelocity() lagcomp.Config {
	c := lagcomp.Defaults()
	c.Target = model.Motion{Kind: model.Linear, Origin: model.V(20, -10), Heading: math.Pi / 2, Speed: 5}
	c.FireIntervalMs = 250
	c.MaxRewindMs = 1000
	return c
}

// peekConfig is a duel: the peeker comes out from behind a wall at the
// holder, each on its own link.
func peekConfig() lagcomp.Config {
	cfg := lagcomp.Defaults()
	cfg.Duel = true
	cfg.Up.LatencyMs, cfg.Down.LatencyMs = 40, 40
	cfg.VictimUp.LatencyMs, cfg.VictimDown.LatencyMs = 60, 60
	cfg.TickHz, cfg.SnapshotHz, cfg.FPS, cfg.InterpMs = 64, 64, 144, 32
	cfg.Weapon = lagcomp.WeaponRifle
	cfg.Target = model.Motion{Kind: model.Peek, Origin: model.V(20, 3), Heading: model.V(0, -1).Angle(), Speed: 6, Amplitude: 3, Period: 2 * model.Second}
	cfg.Walls, _ = model.ParseWalls("18.8,0.8,19.4,6")
	return cfg
}

func run(t *testing.T, c lagcomp.Config, d model.Time) *lagcomp.Sim {
	t.Helper()
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(d)
	if s.Shots.Len() < 5 {
		t.Fatalf("only %d shots", s.Shots.Len())
	}
	return s
}
