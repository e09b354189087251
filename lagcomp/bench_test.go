package lagcomp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

func shotWorld(tb testing.TB, n int, cull bool) (*Sim, model.Vec, model.Vec, model.Time) {
	c := Defaults()
	c.ExtraPawns = n - 2
	c.TickHz = 64
	s, err := New(c)
	if err != nil {
		tb.Fatal(err)
	}
	s.Step(3 * model.Second)
	s.Server.noCull = !cull
	o := s.Server.Pawns[ShooterPawn].Pose.Pos
	d := s.Server.Pawns[TargetPawn].Pose.Pos.Sub(o).Unit()
	return s, o, d, s.Server.Now - 150*model.Millisecond
}

// shoot is the server's cost of one hitscan shot: rewind what the broad
// phase lets through, then trace.
func shoot(s *Sim, o, d model.Vec, t model.Time) model.Hit {
	srv := s.Server
	srv.rewindAll(&s.cfg, ShooterPawn, t, o, d, rewind.Options{Rotation: rewind.LerpShortest, Guard: true})
	return model.Raycast(o, d, s.cfg.RangeM, s.cfg.Walls, srv.targets)
}

func BenchmarkShot(b *testing.B) {
	for _, n := range []int{64, 1000} {
		for _, cull := range []bool{true, false} {
			b.Run(fmt.Sprintf("pawns=%d/broadphase=%v", n, cull), func(b *testing.B) {
				s, o, d, t := shotWorld(b, n, cull)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					shoot(s, o, d, t)
				}
			})
		}
	}
}

// The broad phase is only worth having if it never changes a verdict.
func TestBroadPhaseNeverChangesAVerdict(t *testing.T) {
	a, o, _, _ := shotWorld(t, 300, true)
	bsim, _, _, _ := shotWorld(t, 300, false)
	rng := rand.New(rand.NewPCG(4, 4))
	culledSome := false
	for i := 0; i < 2000; i++ {
		d := model.Dir(rng.Float64() * 2 * math.Pi)
		at := a.Server.Now - model.Time(rng.Int64N(int64(400*model.Millisecond)))
		ha, hb := shoot(a, o, d, at), shoot(bsim, o, d, at)
		if ha.Pawn != hb.Pawn || ha.Part != hb.Part || math.Abs(ha.Dist-hb.Dist) > 1e-12 {
			t.Fatalf("ray %d: with broad phase %+v, without %+v", i, ha, hb)
		}
		r, c := a.Server.rewindAll(&a.cfg, ShooterPawn, at, o, d, rewind.Options{})
		culledSome = culledSome || c > r
	}
	if !culledSome {
		t.Fatal("the broad phase never culled most pawns")
	}
}

// BenchmarkSim reports simulated seconds per wall second.
func BenchmarkSim(b *testing.B) {
	cases := []struct {
		name string
		cfg  func() Config
	}{
		{"default", Defaults},
		{"pawns=64/hz=128", func() Config {
			c := Defaults()
			c.ExtraPawns, c.TickHz, c.SnapshotHz = 62, 128, 64
			return c
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			const simulated = 10 * model.Second
			for i := 0; i < b.N; i++ {
				s, err := New(tc.cfg())
				if err != nil {
					b.Fatal(err)
				}
				s.Step(simulated)
			}
			b.ReportMetric(simulated.Seconds()*float64(b.N)/b.Elapsed().Seconds(), "sim-s/s")
		})
	}
}
