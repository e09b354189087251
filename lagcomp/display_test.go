package lagcomp

import (
	"math"
	"math/rand/v2"
	"testing"

	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// lerpShown is rewind.LerpPose with the shortest turn, bit for bit:
// random yaws in range, turns on and beside ±pi, yaws at 0 and just below
// 2*pi, unwound yaws, a teleport's epochs and both halves of f.
func TestLerpShownIsLerpPose(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	yaws := []float64{0, math.Pi, -math.Pi, 2 * math.Pi, math.Nextafter(2*math.Pi, 0), math.Nextafter(math.Pi, 0), math.Nextafter(math.Pi, 4), 7, -0.5, math.NaN(), math.Inf(1)}
	for i := 0; i < 100000; i++ {
		ya, yb := r.Float64()*2*math.Pi, r.Float64()*2*math.Pi
		if i%4 == 0 {
			ya, yb = yaws[r.IntN(len(yaws))], yaws[r.IntN(len(yaws))]
		}
		if i%8 == 1 {
			yb = ya + math.Pi*(1-2*r.Float64()*1e-15)
		}
		a := model.Pose{Pos: model.V(r.NormFloat64()*20, r.NormFloat64()*20), Yaw: ya, Alive: r.IntN(2) == 0, Epoch: r.IntN(2)}
		b := model.Pose{Pos: model.V(r.NormFloat64()*20, r.NormFloat64()*20), Yaw: yb, Alive: r.IntN(2) == 0, Epoch: r.IntN(2)}
		f := r.Float64()
		got, want := lerpShown(&a, &b, f), rewind.LerpPose(a, b, f, rewind.LerpShortest)
		if math.Float64bits(got.Pos.X) != math.Float64bits(want.Pos.X) || math.Float64bits(got.Pos.Y) != math.Float64bits(want.Pos.Y) ||
			math.Float64bits(got.Yaw) != math.Float64bits(want.Yaw) && !(math.IsNaN(got.Yaw) && math.IsNaN(want.Yaw)) ||
			got.Alive != want.Alive || got.Epoch != want.Epoch {
			t.Fatalf("lerpShown(%+v, %+v, %v) = %+v, LerpPose %+v", a, b, f, got, want)
		}
	}
}

// An interpolating client's view, written when first read, is the
// interpolation of its buffer at the frame's render time: checked at
// every client at many instants of runs whose snapshots arrive jittered,
// reordered and lost (late ones inserted before the pair, gaps that drop
// it), with bystanders, against rewind.LerpPose on the buffer itself.
func TestViewIsTheFramesInterpolation(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		c := Defaults()
		c.Seed, c.ExtraPawns = seed, 6
		c.Down.LatencyMs, c.Down.JitterMs, c.Down.ReorderPct, c.Down.LossPct = 60, 80, 30, 10
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 9))
		checked := 0
		for at := model.Time(0); at < 20*model.Second; at += model.Time(r.Int64N(int64(60 * model.Millisecond))) {
			s.Step(at)
			for _, cl := range s.Clients {
				v := cl.view()
				if !v.Filled || len(cl.snaps) < 2 || v.Render <= cl.snaps[0].Stamp || v.Render >= cl.snaps[len(cl.snaps)-1].Stamp {
					continue
				}
				i := 1
				for cl.snaps[i].Stamp <= v.Render {
					i++
				}
				a, b := cl.snaps[i-1], cl.snaps[i]
				f := float64(v.Render-a.Stamp) / float64(b.Stamp-a.Stamp)
				for j := range v.Poses {
					want := rewind.LerpPose(a.Poses[j], b.Poses[j], f, rewind.LerpShortest)
					if a.Poses[j].Epoch != b.Poses[j].Epoch {
						want = a.Poses[j]
						if f >= 0.5 {
							want = b.Poses[j]
						}
					}
					if j == cl.Index {
						want = cl.pred.Pose
					}
					if v.Poses[j] != want {
						t.Fatalf("seed %d at %v: client %d shows pawn %d at %+v, its buffer at render %v gives %+v", seed, at, cl.Index, j, v.Poses[j], v.Render, want)
					}
					checked++
				}
			}
		}
		if checked < 1000 {
			t.Fatalf("seed %d: only %d poses checked", seed, checked)
		}
	}
}

// The view a frame left unwritten stays that frame's while the buffer
// moves under it: a late snapshot inserted before its pair, the window
// sliding on by one, a gap of over a second that drops the pair itself.
func TestViewSurvivesTheBufferMoving(t *testing.T) {
	cfg := Defaults()
	keep := model.MsF(cfg.InterpMs) + model.Second
	snap := func(ms float64) *Snapshot {
		return &Snapshot{Stamp: model.MsF(ms), Poses: []model.Pose{{}, {Pos: model.V(ms/10, -ms/20), Yaw: math.Mod(ms/100, 2*math.Pi), Alive: true}}}
	}
	cases := []struct {
		name string
		next float64 // the stamp that arrives after the frame, ms
	}{
		{"late, before the pair", 1880},
		{"late, between the pair", 1920},
		{"the window slides on", 2030},
		{"a gap drops the pair", 6000},
	}
	for _, tc := range cases {
		c := &Client{Index: 0}
		for ms := 0.0; ms <= 2000; ms += 20 {
			if ms != 1880 && ms != 1920 { // held back: the late ones
				c.receive(snap(ms), keep)
			}
		}
		c.PackageTimeStamp += model.MsF(13) // frames since: a render time of 1913 ms, between 1900 and 1940
		own := model.Pose{Pos: model.V(1, 1)}
		c.display(&cfg, model.MsF(2013), own, 2)
		a, b := snap(1900), snap(1940)
		want := rewind.LerpPose(a.Poses[1], b.Poses[1], 13.0/40, rewind.LerpShortest)
		c.receive(snap(tc.next), keep)
		if v := c.view(); v.Poses[1] != want || v.Poses[0] != own {
			t.Errorf("%s: the view shows %+v, %+v; the frame showed %+v, %+v", tc.name, v.Poses[0], v.Poses[1], own, want)
		}
	}
}
