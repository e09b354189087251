package lagcomp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"lagscope/model"
)

// BenchmarkRewind compares the ring buffer's binary search with the
// straight port of UT2003's linked-list scan, per lookup.
func BenchmarkRewind(b *testing.B) {
	for _, trail := range []model.Time{400 * model.Millisecond, model.Second} {
		for _, hz := range []int{64, 128} {
			h := NewHistory(trail, 4)
			legacy := &legacyPawn{maxTrailSeconds: trail}
			var now model.Time
			for n := int64(0); n < int64(hz)*3; n++ {
				now = model.TickTime(n, hz)
				p := linearPose(now)
				h.Push(Sample{T: now, Pose: p}, 0)
				legacy.tick(now, p)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			stamps := make([]model.Time, 1024)
			for i := range stamps {
				stamps[i] = now - model.Time(rng.Int64N(int64(trail)))
			}
			name := fmt.Sprintf("trail=%v/hz=%d", trail.Seconds(), hz)
			b.Run(name+"/ring", func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					// the port lerps yaw naively; compare like with like
					h.RewindTo(stamps[i&1023], RewindOptions{Rotation: LerpNaive})
				}
			})
			b.Run(name+"/linkedlist", func(b *testing.B) {
				live := linearPose(now)
				for i := 0; i < b.N; i++ {
					legacy.timeShift(stamps[i&1023], live)
				}
			})
		}
	}
}

// shotWorld is a server mid-game with n pawns and a full history.
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
	srv.rewindAll(&s.cfg, ShooterPawn, t, o, d, RewindOptions{Rotation: LerpShortest, Guard: true})
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
		r, c := a.Server.rewindAll(&a.cfg, ShooterPawn, at, o, d, RewindOptions{})
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
