package rewind

import (
	"math"
	"math/rand/v2"
	"testing"

	"lagscope/model"
)

func linearPose(t model.Time) model.Pose {
	return model.Pose{Pos: model.V(3*t.Seconds(), -2*t.Seconds()), Yaw: 1, Alive: true}
}

func fill(h *History, hz int, until model.Time, pose func(model.Time) model.Pose, guard float64) {
	for n := int64(0); model.TickTime(n, hz) <= until; n++ {
		t := model.TickTime(n, hz)
		h.Push(Sample{T: t, Pose: pose(t)}, guard)
	}
}

func TestRewindInterpolatesBetweenSandwichingSamples(t *testing.T) {
	h := NewHistory(400*model.Millisecond, 4)
	fill(h, 64, 2*model.Second, linearPose, 0)
	want := linearPose(1900*model.Millisecond + 123)
	got := h.RewindTo(1900*model.Millisecond+123, Options{})
	if got.Rule != Interpolated || got.Pose.Pos.Dist(want.Pos) > 1e-9 {
		t.Fatalf("got %+v, want %+v", got, want.Pos)
	}
	if r := h.RewindTo(model.TickTime(120, 64), Options{}); r.Rule != Exact {
		t.Fatalf("a sample's own time: %v", r.Rule)
	}
}

func TestHistoryIsBoundedLikeMaxTrailSeconds(t *testing.T) {
	h := NewHistory(400*model.Millisecond, 4) // grows from a small hint
	fill(h, 64, 3*model.Second, linearPose, 0)
	oldest := h.At(0).T
	newest, _ := h.Newest()
	// Keeps everything within 0.4 s plus the first sample beyond, as
	// PredictedPawn.Tick does.
	if newest.T-oldest <= 400*model.Millisecond || newest.T-h.At(1).T > 400*model.Millisecond {
		t.Fatalf("trail spans %v..%v", oldest, newest.T)
	}
	if h.Len() != 27 {
		t.Fatalf("%d samples, want 27 (0.4 s at 64 Hz + 1)", h.Len())
	}
}

func TestRewindFallsBackLikeTimeShiftPawns(t *testing.T) {
	h := NewHistory(400*model.Millisecond, 32)
	fill(h, 64, model.Second, linearPose, 0)
	old := h.RewindTo(0, Options{})
	if old.Rule != Oldest || old.T != h.At(0).T {
		t.Fatalf("older than the trail: %+v", old)
	}
	late := h.RewindTo(2*model.Second, Options{})
	if newest, _ := h.Newest(); late.Rule != Latest || late.Pose != newest.Pose {
		t.Fatalf("newer than the trail: %+v", late)
	}
	if e := NewHistory(model.Second, 1).RewindTo(0, Options{}); e.Rule != Empty {
		t.Fatalf("empty: %v", e.Rule)
	}
}

// The ring buffer must answer exactly as the port of UT2003's list does
// (where they overlap: the port leaves the pawn live for future stamps),
// across tick-rate changes, skipped ticks and trail resets, and its index
// arithmetic must agree with a plain binary search everywhere.
func TestRingAgreesWithLinkedListPort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	h := NewHistory(400*model.Millisecond, 4)
	legacy := &legacyPawn{maxTrailSeconds: 400 * model.Millisecond}
	pose := func(t model.Time) model.Pose {
		return model.Pose{Pos: model.V(math.Sin(t.Seconds()), math.Cos(t.Seconds()*3)), Yaw: model.NormalizeAngle(t.Seconds() * 5), Alive: true}
	}
	rates := []int{128, 64, 20, 1000, 60, 33}
	hz, base, n := 128, model.Time(0), int64(0)
	guessed := 0
	for step := 0; step < 4000; step++ {
		switch r := rng.IntN(400); {
		case r == 0: // the tick rate changes live: re-based as metronome does
			base, n, hz = base+model.TickTime(n, hz), 0, rates[rng.IntN(len(rates))]
		case r == 1: // a respawn with trail_reset
			h.Reset()
			legacy.trail = nil
		case r == 2: // a skipped tick
			n++
		}
		n++
		now := base + model.TickTime(n, hz)
		p := pose(now)
		h.Push(Sample{T: now, Pose: p}, 0)
		legacy.tick(now, p)
		for k := 0; k < 5; k++ {
			stamp := now - model.Time(rng.Int64N(int64(600*model.Millisecond)))
			if k == 4 && h.Len() > 0 { // exactly on a sample
				stamp = h.At(rng.IntN(h.Len())).T
			}
			if got, want := h.search(stamp), linearSearch(h, stamp); got != want {
				t.Fatalf("step %d stamp %v: index %d, binary search %d", step, stamp, got, want)
			}
			if _, ok := h.guess(stamp); ok {
				guessed++
			}
			a := h.RewindTo(stamp, Options{Rotation: LerpNaive}).Pose
			b := legacy.timeShift(stamp, p)
			if h.Len() < 2 && stamp > h.At(0).T { // the port keeps the live pose
				continue
			}
			if a.Pos.Dist(b.Pos) > 1e-12 || math.Abs(a.Yaw-b.Yaw) > 1e-12 {
				t.Fatalf("step %d stamp %v: ring %+v, list %+v", step, stamp, a, b)
			}
		}
	}
	t.Logf("index arithmetic answered %d of %d lookups", guessed, 4000*5)
	if guessed < 4000*5*8/10 {
		t.Fatalf("index arithmetic answered only %d of %d lookups", guessed, 4000*5)
	}
}

// Within one tick rate every lookup inside the trail is answered by index
// arithmetic, at 128 Hz's uneven 7812/7813 µs gaps too; before a rate
// change inside the trail it falls back to search.
func TestIndexArithmeticCoversTheNewestTickRate(t *testing.T) {
	h := NewHistory(model.Second, 4)
	fill(h, 128, 3*model.Second, linearPose, 0)
	for stamp := h.At(0).T; stamp < 3*model.Second+model.Second; stamp += 997 {
		if i, ok := h.guess(stamp); !ok || i != linearSearch(h, stamp) {
			t.Fatalf("stamp %v: guess %d %v, want %d", stamp, i, ok, linearSearch(h, stamp))
		}
	}
	change, _ := h.Newest()
	for n := int64(1); n <= 20; n++ { // 20 samples at 64 Hz
		t := change.T + model.TickTime(n, 64)
		h.Push(Sample{T: t, Pose: linearPose(t)}, 0)
	}
	if _, ok := h.guess(change.T - 3*model.Millisecond); ok {
		t.Fatal("a stamp before the rate change was answered by 64 Hz arithmetic")
	}
	if i, ok := h.guess(change.T + 100*model.Millisecond); !ok || i != linearSearch(h, change.T+100*model.Millisecond) {
		t.Fatalf("after the change: %d %v", i, ok)
	}
}

func linearSearch(h *History, t model.Time) int {
	i := 0
	for i < h.Len() && h.At(i).T <= t {
		i++
	}
	return i
}

// Source's BacktrackPlayer: a jump longer than the teleport distance
// between the present and the wanted time means no rewind at all.
func TestTeleportGuardGivesUpAtTheJump(t *testing.T) {
	jump := 500 * model.Millisecond
	pose := func(t model.Time) model.Pose {
		p := linearPose(t)
		if t >= jump {
			p.Pos = p.Pos.Add(model.V(50, 0))
		}
		return p
	}
	h := NewHistory(model.Second, 64)
	fill(h, 64, 800*model.Millisecond, pose, 2)
	newest, _ := h.Newest()
	for _, at := range []model.Time{450 * model.Millisecond, jump - 1, 0} {
		g := h.RewindTo(at, Options{Guard: true})
		if g.Rule != Guarded || g.T != newest.T || g.Pose != newest.Pose {
			t.Fatalf("guarded rewind to %v: %+v, want the present %+v", at, g, newest)
		}
	}
	// At or after the sample that follows the jump the walk never meets it.
	if g := h.RewindTo(jump, Options{Guard: true}); g.Rule != Exact {
		t.Fatalf("rewind to the jump's later sample: %+v", g)
	}
	if g := h.RewindTo(jump+3*model.Millisecond, Options{Guard: true}); g.Rule != Interpolated {
		t.Fatalf("rewind after the jump: %+v", g)
	}
	// Without the guard the rewind slides through the 50 m in between.
	u := h.RewindTo(jump-5*model.Millisecond, Options{})
	if u.Rule != Interpolated || u.Pose.Pos.X < 5 || u.Pose.Pos.X > 49 {
		t.Fatalf("unguarded rewind should land between spawns: %+v", u.Pose.Pos)
	}
}

// A dead record anywhere on the walk back (including the older of the two
// sandwiching samples) loses the track; a pawn dead now is never rewound.
func TestGuardGivesUpAtADeadRecord(t *testing.T) {
	dead := func(t model.Time) bool { return t >= 200*model.Millisecond && t < 400*model.Millisecond }
	pose := func(t model.Time) model.Pose {
		p := linearPose(t)
		p.Alive = !dead(t)
		return p
	}
	h := NewHistory(model.Second, 64)
	fill(h, 64, 600*model.Millisecond, pose, 2)
	newest, _ := h.Newest()
	lastDead := model.TickTime(25, 64) // 390.6 ms, the last dead record
	for _, at := range []model.Time{300 * model.Millisecond, lastDead, lastDead + 1, 100 * model.Millisecond} {
		if g := h.RewindTo(at, Options{Guard: true}); g.Rule != Guarded || g.T != newest.T || !g.Pose.Alive {
			t.Fatalf("rewind to %v across a death: %+v, want the present", at, g)
		}
	}
	if g := h.RewindTo(model.TickTime(26, 64), Options{Guard: true}); g.Rule != Exact || !g.Pose.Alive {
		t.Fatalf("rewind to the respawn: %+v", g)
	}
	// Dead now: whatever the time, the present (dead) pose.
	h.Push(Sample{T: 610 * model.Millisecond, Pose: model.Pose{Pos: model.V(1, 1)}}, 2)
	if g := h.RewindTo(500*model.Millisecond, Options{Guard: true}); g.Rule != Guarded || g.Pose.Alive {
		t.Fatalf("a pawn dead now was rewound: %+v", g)
	}
}

// A break that has left the trail cannot be seen: the walk runs out of
// records first and takes the oldest, as Source does.
func TestGuardForgetsABreakThatLeftTheTrail(t *testing.T) {
	pose := func(t model.Time) model.Pose {
		p := linearPose(t)
		if t >= 100*model.Millisecond {
			p.Pos = p.Pos.Add(model.V(50, 0))
		}
		return p
	}
	h := NewHistory(400*model.Millisecond, 64)
	fill(h, 64, 2*model.Second, pose, 2)
	if g := h.RewindTo(50*model.Millisecond, Options{Guard: true}); g.Rule != Oldest || g.T != h.At(0).T {
		t.Fatalf("%+v", g)
	}
}

func TestNaiveRotationLerpArtefact(t *testing.T) {
	h := NewHistory(model.Second, 8)
	deg := math.Pi / 180
	h.Push(Sample{T: 0, Pose: model.Pose{Yaw: 359 * deg, Alive: true}}, 0)
	h.Push(Sample{T: 10 * model.Millisecond, Pose: model.Pose{Yaw: 1 * deg, Alive: true}}, 0)
	mid := 5 * model.Millisecond
	if y := h.RewindTo(mid, Options{Rotation: LerpNaive}).Pose.Yaw / deg; math.Abs(y-180) > 1e-9 {
		t.Fatalf("naive: %v deg, want 180", y)
	}
	if y := h.RewindTo(mid, Options{Rotation: LerpShortest}).Pose.Yaw / deg; math.Abs(model.AngleDiff(0, y*deg)) > 1e-9 {
		t.Fatalf("shortest: %v deg, want 0", y)
	}
}

// beyond answers a.Dist(b) > d everywhere: random points, distances on
// and beside the boundary (one ulp either way), zeros, tiny and huge
// scales, NaN and infinities.
func TestBeyondIsDistCompared(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(a, b model.Vec, d float64) {
		t.Helper()
		if got, want := beyond(a, b, d), a.Dist(b) > d; got != want {
			t.Fatalf("beyond(%v, %v, %v) = %v, Dist %v", a, b, d, got, a.Dist(b))
		}
	}
	for i := 0; i < 200000; i++ {
		scale := math.Pow(10, float64(r.IntN(40)-20))
		a := model.V(r.NormFloat64()*scale, r.NormFloat64()*scale)
		b := model.V(r.NormFloat64()*scale, r.NormFloat64()*scale)
		dist := a.Dist(b)
		for _, d := range []float64{dist, math.Nextafter(dist, 0), math.Nextafter(dist, math.Inf(1)), dist * (1 + 1e-10), dist * (1 - 1e-10), dist * r.Float64() * 2, 1} {
			check(a, b, d)
		}
	}
	inf, nan := math.Inf(1), math.NaN()
	for _, v := range []model.Vec{{}, model.V(inf, 0), model.V(nan, 1), model.V(1e200, 1e200), model.V(1e-200, 0), model.V(-0.0, 3)} {
		for _, d := range []float64{1, 1e-200, 1e200, inf, 0.5, 0, -1, nan} {
			check(v, model.V(0, 0), d)
			check(model.V(2, 2), v, d)
		}
	}
}
