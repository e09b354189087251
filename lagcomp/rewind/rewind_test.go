package rewind

import (
	"math"
	"math/rand/v2"
	"testing"

	"lagscope/model"
)

// rewindBySearch is RewindTo the plain way, as it was before the fast
// path: a linear search for the first newer sample, every rule in order,
// and model's yaw lerps. The fast path must give the same bits.
func rewindBySearch(h *History, t model.Time, opt Options) Rewound {
	if h.Len() == 0 {
		return Rewound{Rule: Empty, T: t}
	}
	newest, _ := h.Newest()
	if opt.Guard && h.lostTrack(t) {
		return Rewound{Pose: newest.Pose, T: newest.T, Rule: Guarded}
	}
	i := linearSearch(h, t)
	switch {
	case i == h.Len():
		rule := Latest
		if newest.T == t {
			rule = Exact
		}
		return Rewound{Pose: newest.Pose, T: newest.T, Rule: rule}
	case i == 0:
		return Rewound{Pose: h.At(0).Pose, T: h.At(0).T, Rule: Oldest}
	}
	old, late := h.At(i-1), h.At(i)
	if old.T == t {
		return Rewound{Pose: old.Pose, T: t, Rule: Exact}
	}
	f := float64(t-old.T) / float64(late.T-old.T)
	p := model.Pose{Pos: old.Pose.Pos.Lerp(late.Pose.Pos, f), Alive: old.Pose.Alive, Epoch: old.Pose.Epoch}
	if f >= 0.5 {
		p.Alive, p.Epoch = late.Pose.Alive, late.Pose.Epoch
	}
	p.Yaw = model.LerpAngle(old.Pose.Yaw, late.Pose.Yaw, f)
	if opt.Rotation == LerpNaive {
		p.Yaw = model.LerpAngleNaive(old.Pose.Yaw, late.Pose.Yaw, f)
	}
	return Rewound{Pose: p, T: t, Rule: Interpolated}
}

func sameRewound(a, b Rewound) bool {
	bits := math.Float64bits
	return a.T == b.T && a.Rule == b.Rule && a.Pose.Alive == b.Pose.Alive && a.Pose.Epoch == b.Pose.Epoch &&
		bits(a.Pose.Pos.X) == bits(b.Pose.Pos.X) && bits(a.Pose.Pos.Y) == bits(b.Pose.Pos.Y) && bits(a.Pose.Yaw) == bits(b.Pose.Yaw)
}

// RewindTo's fast path (index arithmetic, an inlined yaw lerp) must agree
// bit for bit with the plain search and model's lerps, for every rule and
// both rotations, over random histories: tick-rate changes, skipped
// ticks, trail resets, deaths, teleports, yaws stored out of [0, 2*pi),
// and stamps on samples, between them, before and after the trail, and
// at the ends of time.
func TestRewindFastPathAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	rates := []int{128, 64, 20, 1000, 60, 33, 7}
	fast, total := 0, 0
	for trial := 0; trial < 6; trial++ {
		trail := model.Time(rng.IntN(900)+100) * model.Millisecond
		h := NewHistory(trail, 1+rng.IntN(64))
		hz, base, n := rates[rng.IntN(len(rates))], model.Time(rng.IntN(1000)), int64(0)
		yaw, alive, epoch, pos := rng.Float64()*2*math.Pi, true, 0, model.V(0, 0)
		for step := 0; step < 1500; step++ {
			switch r := rng.IntN(300); {
			case r == 0: // the tick rate changes live
				base, n, hz = base+model.TickTime(n, hz), 0, rates[rng.IntN(len(rates))]
			case r == 1:
				h.Reset()
			case r == 2: // a skipped tick
				n++
			case r == 3:
				alive = !alive
			case r == 4: // a teleport
				pos, epoch = pos.Add(model.V(40, 0)), epoch+1
			case r == 5: // a yaw the lerps must normalise: negative, a turn or more, or the seam
				yaw = []float64{-0.5, 2*math.Pi + 0.25, 7 * math.Pi, -1e-300, 2 * math.Pi, math.Nextafter(2*math.Pi, 0)}[rng.IntN(6)]
			default:
				yaw = model.NormalizeAngle(yaw + (rng.Float64()-0.5)*4) // big turns cross the seam
			}
			n++
			now := base + model.TickTime(n, hz)
			pos = pos.Add(model.V(rng.Float64()-0.5, rng.Float64()-0.5))
			h.Push(Sample{T: now, Pose: model.Pose{Pos: pos, Yaw: yaw, Alive: alive, Epoch: epoch}}, 5)
			checkUnwound(t, h)
			for k := 0; k < 6; k++ {
				stamp := now - model.Time(rng.Int64N(int64(trail+200*model.Millisecond))) + 20*model.Millisecond
				if k == 5 && h.Len() > 0 { // exactly on a sample
					stamp = h.At(rng.IntN(h.Len())).T
				}
				if k == 4 && rng.IntN(10) == 0 { // far out: the estimate's count wraps
					stamp = []model.Time{math.MinInt64, math.MaxInt64, -1, 0}[rng.IntN(4)]
				}
				for _, opt := range []Options{{Rotation: LerpNaive}, {Rotation: LerpShortest}, {Rotation: LerpShortest, Guard: true}, {Rotation: LerpNaive, Guard: true}} {
					got, want := h.RewindTo(stamp, opt), rewindBySearch(h, stamp, opt)
					if !sameRewound(got, want) {
						t.Fatalf("trial %d step %d stamp %v %+v: fast %+v, search %+v", trial, step, stamp, opt, got, want)
					}
				}
				total++
				if i, ok := h.estimate(stamp); ok && h.at(i-1).T <= stamp && stamp < h.at(i).T {
					fast++
				}
			}
		}
	}
	// The fast path must carry most lookups, or the benchmark measures
	// something the simulation does not do.
	t.Logf("fast path answered %d of %d lookups", fast, total)
	if fast < total*45/100 {
		t.Fatalf("fast path answered only %d of %d lookups", fast, total)
	}
}

// checkUnwound recounts what Push keeps as unwound.
func checkUnwound(t *testing.T, h *History) {
	t.Helper()
	want := 0
	for i := 0; i < h.Len(); i++ {
		if y := h.At(i).Pose.Yaw; !(y >= 0 && y < 2*math.Pi) {
			want++
		}
	}
	if h.unwound != want {
		t.Fatalf("unwound %d, %d held yaws out of [0, 2*pi)", h.unwound, want)
	}
}

// Within one tick rate the fast path answers every stamp in the trail,
// on a sample or between two (index arithmetic exact, not off by one),
// at 128 Hz's uneven 7812/7813 µs gaps and 64 Hz's even ones, whatever
// the trail's length.
func TestEstimateFindsTheSandwichWithinATickRate(t *testing.T) {
	for _, hz := range []int{64, 128, 20} {
		for _, trail := range []model.Time{400 * model.Millisecond, 5 * model.Second} {
			h := NewHistory(trail, 4)
			fill(h, hz, trail+3*model.Second, linearPose, 0)
			missed := 0
			check := func(stamp model.Time) {
				if i, ok := h.estimate(stamp); !ok || i != linearSearch(h, stamp) {
					missed++
				}
			}
			for stamp := h.At(0).T; stamp < h.At(h.Len()-1).T; stamp += 331 {
				check(stamp)
			}
			for i := 0; i < h.Len()-1; i++ {
				check(h.At(i).T)
			}
			if missed > 0 {
				t.Errorf("%d Hz, %v trail: index arithmetic missed %d stamps", hz, trail, missed)
			}
		}
	}
}

// lerpYawFast must be model's yaw lerps bit for bit wherever it answers,
// and must not answer where they wrap.
func TestLerpYawFastIsModelsLerp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	edges := []float64{0, math.Copysign(0, -1), 1e-300, math.Pi, math.Nextafter(math.Pi, 0), math.Nextafter(math.Pi, 4),
		2 * math.Pi, math.Nextafter(2*math.Pi, 0), -1e-300, -math.Pi, 3 * math.Pi, 100, math.NaN(), math.Inf(1)}
	pick := func() float64 {
		if rng.IntN(4) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return rng.Float64()*2*math.Pi + []float64{0, 0, 0, -2 * math.Pi, 2 * math.Pi}[rng.IntN(5)]
	}
	answered := 0
	for i := 0; i < 200000; i++ {
		a, b, f := pick(), pick(), rng.Float64()
		for _, rot := range []RotationLerp{LerpNaive, LerpShortest} {
			inRange := unwound(a)+unwound(b) == 0
			got, ok := lerpYawFast(a, b, f, rot, inRange)
			want := lerpYaw(a, b, f, rot)
			if !ok {
				continue
			}
			answered++
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%v lerp %v → %v at %v: fast %v, model %v", rot, a, b, f, got, want)
			}
		}
	}
	if answered < 100000 || answered > 300000 {
		t.Fatalf("the fast yaw lerp answered %d of 400000: the test no longer reaches both paths", answered)
	}
}
