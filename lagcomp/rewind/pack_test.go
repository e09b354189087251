package rewind

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"lagscope/model"
)

// Unpack gives back exactly what Pack was given: repeats, straight lines,
// turns, jumps, equal times, NaNs, infinities and negative zeros, nil and
// empty.
func TestPackGivesBackTheSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s []Sample
	pose := model.Pose{Alive: true}
	tm := model.Time(1000)
	for i := range 2000 {
		switch rng.IntN(6) {
		case 0: // stands
		case 1, 2: // a line
			pose.Pos.Y -= 0.0416 * float64(rng.IntN(3))
		case 3:
			pose.Pos.X, pose.Yaw = rng.Float64()*40-20, rng.Float64()*2*math.Pi
		case 4:
			pose.Epoch, pose.Alive = pose.Epoch+rng.IntN(3)-1, !pose.Alive
		case 5:
			pose.Pos.X = []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, math.MaxFloat64, math.SmallestNonzeroFloat64}[i%7]
		}
		tm += model.Time(rng.IntN(3) * rng.IntN(9000))
		s = append(s, Sample{T: tm, Pose: pose})
	}
	for _, in := range [][]Sample{nil, {}, s[:1], s} {
		out := Pack(in).Unpack()
		if (in == nil) != (out == nil) || len(in) != len(out) {
			t.Fatalf("%d samples (nil %v) came back as %d (nil %v)", len(in), in == nil, len(out), out == nil)
		}
		for i := range in {
			a, b := in[i], out[i]
			bits := math.Float64bits
			if a.T != b.T || bits(a.Pose.Pos.X) != bits(b.Pose.Pos.X) || bits(a.Pose.Pos.Y) != bits(b.Pose.Pos.Y) || bits(a.Pose.Yaw) != bits(b.Pose.Yaw) || a.Pose.Alive != b.Pose.Alive || a.Pose.Epoch != b.Pose.Epoch {
				t.Fatalf("sample %d: %+v came back as %+v", i, a, b)
			}
		}
	}
	// a pawn standing, and one strafing: a few bytes a sample
	stand, strafe := make([]Sample, 400), make([]Sample, 400)
	for i := range stand {
		tm := model.Time(i) * 8333
		stand[i] = Sample{T: tm, Pose: model.Pose{Pos: model.V(20, 0), Yaw: math.Pi, Alive: true}}
		strafe[i] = Sample{T: tm, Pose: model.Pose{Pos: model.V(20, -1.9+tm.Seconds()*-5), Yaw: math.Pi, Alive: true}}
	}
	for name, in := range map[string][]Sample{"standing": stand, "strafing": strafe} {
		if n := len(Pack(in)); n > 6*len(in) {
			t.Errorf("%s: %d bytes for %d samples, more than 6 a sample", name, n, len(in))
		}
		if !slices.Equal(Pack(in).Unpack(), in) {
			t.Errorf("%s: not given back", name)
		}
	}
}
