package model

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestAngles(t *testing.T) {
	a, b := 359*math.Pi/180, 1*math.Pi/180
	mid := LerpAngle(a, b, 0.5)
	if !near(math.Abs(AngleDiff(0, mid)), 0, 1e-12) {
		t.Fatalf("shortest lerp 359->1 midpoint = %v deg, want 0", mid*180/math.Pi)
	}
	naive := LerpAngleNaive(a, b, 0.5)
	if !near(naive*180/math.Pi, 180, 1e-9) {
		t.Fatalf("naive lerp 359->1 midpoint = %v deg, want 180 (UT2003's artefact)", naive*180/math.Pi)
	}
	if d := AngleDiff(0.1, 2*math.Pi-0.1); !near(d, -0.2, 1e-12) {
		t.Fatalf("AngleDiff = %v", d)
	}
	if n := NormalizeAngle(-math.Pi / 2); !near(n, 1.5*math.Pi, 1e-12) {
		t.Fatalf("NormalizeAngle = %v", n)
	}
}

func TestTickTimeHasNoDrift(t *testing.T) {
	// 128 Hz is 7812.5 us: accumulating a rounded interval would drift by
	// 0.5 us a tick; the exact schedule lands on the second.
	if TickTime(128, 128) != Second || TickTime(128*3600, 128) != 3600*Second {
		t.Fatal("128 Hz ticks drift")
	}
	if TickTime(1, 128) != 7812 || TickTime(3, 128) != 23437 {
		t.Fatalf("got %v %v", TickTime(1, 128), TickTime(3, 128))
	}
}

func TestLinearMotionIsExact(t *testing.T) {
	m := Motion{Kind: Linear, Origin: V(1, 2), Heading: math.Pi / 2, Speed: 5}
	p := m.At(Ms(1500))
	if !near(p.Pos.X, 1, 1e-12) || !near(p.Pos.Y, 2+7.5, 1e-12) || !near(p.Yaw, math.Pi/2, 1e-12) {
		t.Fatalf("got %+v", p)
	}
	if m.MaxSpeed() != 5 {
		t.Fatal("max speed")
	}
}

func TestStrafeIsATriangleWave(t *testing.T) {
	m := Motion{Kind: Strafe, Origin: V(0, 0), Heading: 0, Speed: 2, Amplitude: 1}
	// 2 m/s over +-1 m: 0 -> +1 at 0.5 s, back to 0 at 1 s, -1 at 1.5 s, 0 at 2 s.
	for _, c := range []struct {
		ms int64
		x  float64
	}{{0, 0}, {250, 0.5}, {500, 1}, {750, 0.5}, {1000, 0}, {1500, -1}, {2000, 0}, {2250, 0.5}} {
		if x := m.At(Ms(c.ms)).Pos.X; !near(x, c.x, 1e-9) {
			t.Errorf("t=%dms x=%v want %v", c.ms, x, c.x)
		}
	}
}

func TestCircleFacesAlongPath(t *testing.T) {
	m := Motion{Kind: Circle, Origin: V(0, 0), Amplitude: 2, Speed: 2 * math.Pi} // half a lap a second
	p := m.At(Second)
	if !near(p.Pos.X, -2, 1e-9) || !near(p.Pos.Y, 0, 1e-9) {
		t.Fatalf("half a lap: %+v", p.Pos)
	}
	if !near(p.Yaw, 1.5*math.Pi, 1e-9) {
		t.Fatalf("yaw %v, want 270 deg (tangent)", p.Yaw*180/math.Pi)
	}
}

func TestPeekPhases(t *testing.T) {
	// 1 m out at 2 m/s = 0.5 s each way; period 2 s leaves 0.5 s hidden
	// and 0.5 s exposed.
	m := Motion{Kind: Peek, Origin: V(0, 0), Heading: 0, Speed: 2, Amplitude: 1, Period: 2 * Second}
	for _, c := range []struct {
		ms int64
		x  float64
	}{{100, 0}, {750, 0.5}, {1100, 1}, {1750, 0.5}, {2100, 0}} {
		if x := m.At(Ms(c.ms)).Pos.X; !near(x, c.x, 1e-9) {
			t.Errorf("t=%dms out=%v want %v", c.ms, x, c.x)
		}
	}
}

func TestTeleportEpochsAndDeath(t *testing.T) {
	m := Motion{Kind: Teleport, Origin: V(0, 0), Amplitude: 10, Speed: 1, Period: Second, Dead: 200 * Millisecond, Seed: 3}
	p0, p1, p2 := m.At(900*Millisecond), m.At(1100*Millisecond), m.At(1300*Millisecond)
	if p0.Epoch != 0 || p1.Epoch != 1 || p2.Epoch != 1 {
		t.Fatalf("epochs %d %d %d", p0.Epoch, p1.Epoch, p2.Epoch)
	}
	if !p0.Alive || p1.Alive || !p2.Alive {
		t.Fatalf("alive %v %v %v: want dead for the first 200 ms after the jump", p0.Alive, p1.Alive, p2.Alive)
	}
	if d := p2.Pos.Dist(V(0, 0)); d < 9 || d > 11 {
		t.Fatalf("respawned %v m from the anchor, want ~10", d)
	}
}

func TestRandomWalkIsSeededAndBounded(t *testing.T) {
	m := Motion{Kind: RandomWalk, Origin: V(5, 5), Amplitude: 3, Speed: 4, Period: Second, Seed: 42}
	other := m
	other.Seed = 43
	differs := false
	for ms := int64(0); ms < 20000; ms += 37 {
		p := m.At(Ms(ms))
		if p != m.At(Ms(ms)) {
			t.Fatal("not a pure function of time")
		}
		if math.Abs(p.Pos.X-5) > 3 || math.Abs(p.Pos.Y-5) > 3 {
			t.Fatalf("left its box: %+v", p.Pos)
		}
		differs = differs || other.At(Ms(ms)) != p
	}
	if !differs {
		t.Fatal("a different seed gave the same walk")
	}
	// Speed stays within MaxSpeed.
	for ms := int64(0); ms < 10000; ms += 10 {
		d := m.At(Ms(ms + 10)).Pos.Dist(m.At(Ms(ms)).Pos)
		if d/0.01 > m.MaxSpeed()+1e-9 {
			t.Fatalf("moved %v m/s, MaxSpeed %v", d/0.01, m.MaxSpeed())
		}
	}
}

// The walker moves at target_speed_mps: exactly that fast while walking,
// never faster, and a different speed is a different walk.
func TestRandomWalkHonoursSpeed(t *testing.T) {
	for _, speed := range []float64{2, 5, 12} {
		m := Motion{Kind: RandomWalk, Origin: V(0, 0), Amplitude: 4, Speed: speed, Period: 500 * Millisecond, Seed: 9}
		if m.MaxSpeed() != speed {
			t.Fatalf("MaxSpeed %v, want %v", m.MaxSpeed(), speed)
		}
		walking := 0
		for us := int64(0); us < 60_000_000; us += 1000 {
			v := m.At(Time(us+1000)).Pos.Dist(m.At(Time(us)).Pos) / 0.001
			if v > speed+1e-6 {
				t.Fatalf("speed %v: moved at %v m/s", speed, v)
			}
			if math.Abs(v-speed) < 1e-6 {
				walking++
			}
		}
		if walking < 10000 {
			t.Fatalf("speed %v: only %d ms spent walking at that speed", speed, walking)
		}
	}
	a := Motion{Kind: RandomWalk, Amplitude: 4, Speed: 2, Period: Second, Seed: 9}
	b := a
	b.Speed = 5
	if a.At(3*Second) == b.At(3*Second) {
		t.Fatal("speeds 2 and 5 walk the same")
	}
}

// Phase starts a motion part-way through its cycle.
func TestPhaseShiftsTheCycle(t *testing.T) {
	m := Motion{Kind: Strafe, Heading: 0, Speed: 5, Amplitude: 2}
	if m.Cycle() != 1600*Millisecond { // 4 x 2 m / 5 m/s
		t.Fatalf("strafe cycle %v", m.Cycle())
	}
	p := m
	p.Phase = 300 * Millisecond
	if p.At(0) != m.At(300*Millisecond) || p.At(m.Cycle()) != p.At(0) {
		t.Fatal("phase is not a shift of time")
	}
	if (Motion{Kind: Linear, Speed: 5}).Cycle() != 0 || (Motion{Kind: Teleport, Period: Second}).Cycle() != Second {
		t.Fatal("cycles")
	}
}

func TestMotionValidate(t *testing.T) {
	bad := []Motion{
		{Kind: "fly"},
		{Kind: Peek},
		{Kind: Teleport, Period: Second, Dead: Second},
		{Kind: Strafe, Speed: -1},
	}
	for _, m := range bad {
		if m.Validate() == nil {
			t.Errorf("%+v accepted", m)
		}
	}
}

// AtLeg is At bit for bit, whatever order the times come in (forward by
// ticks, jumps back, other legs) and when the motion changes under it.
func TestAtLegIsAtBitForBit(t *testing.T) {
	m := Motion{Kind: RandomWalk, Origin: V(3, -2), Speed: 4.5, Amplitude: 6, Period: 1700 * Millisecond, Seed: 99, Phase: 333 * Millisecond}
	var c WalkLeg
	r := rand.New(rand.NewPCG(3, 4))
	check := func(m Motion, at Time) {
		if got, want := m.AtLeg(at, &c), m.At(at); got != want {
			t.Fatalf("%+v at %v: %+v, want %+v", m, at, got, want)
		}
	}
	for at := Time(0); at < 30*Second; at += 7813 {
		check(m, at)
	}
	for i := 0; i < 2000; i++ {
		check(m, Time(r.Int64N(int64(60*Second)))-10*Second)
	}
	m2 := m
	m2.Seed, m2.Speed = 7, 1 // a leg longer than the period
	check(m2, 5*Second)
	check(m, 5*Second)
	m2.Speed = 0
	check(m2, 5*Second)
	// every field the legs depend on, changed alone, starts a new leg
	m3 := m
	check(m3, 5*Second)
	m3.Origin = V(-4, 1)
	check(m3, 5*Second)
	m3.Amplitude = 2
	check(m3, 5*Second)
	m3.Period = 9 * Second // a leg long enough that 5 s is another leg
	check(m3, 5*Second)
	m3.Seed = 12345
	check(m3, 5*Second)
	m3.Speed = 0.5 // slow enough that crossing the box, not the period, sets the leg
	check(m3, 20*Second)
	check(m, 5*Second)
	check(Motion{Kind: Strafe, Speed: 3, Amplitude: 2}, 5*Second)
}

// TestModIsMathModBitForBit holds mod, the strafe's one-division
// remainder, to math.Mod bit for bit: random operands over many
// magnitudes, operands a few ulps either side of an exact multiple (where
// the division rounds to the next integer and the correction must act),
// the strafe's own operands, and the edges math.Mod is left to.
func TestModIsMathModBitForBit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 21))
	check := func(x, y float64) {
		t.Helper()
		if got, want := mod(x, y), math.Mod(x, y); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("mod(%v, %v) = %v (%x), math.Mod %v (%x)", x, y, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	for i := 0; i < 200000; i++ {
		y := math.Ldexp(r.Float64()+0.5, r.IntN(40)-20)
		x := y * math.Ldexp(r.Float64(), r.IntN(60))
		check(x, y)
		check(-x, y)
		k := float64(r.IntN(1 << 20))
		near := k * y
		lo, hi := near, near
		for s := 0; s < 3; s++ {
			lo, hi = math.Nextafter(lo, 0), math.Nextafter(hi, math.Inf(1))
			check(lo, y)
			check(hi, y)
		}
		check(near, y)
		check(-lo, y)
		check(-hi, y)
	}
	// the strafe's: speed × seconds + amplitude over 4 × amplitude
	for i := 0; i < 100000; i++ {
		a, speed := 0.1+5*r.Float64(), 10*r.Float64()
		s := Time(r.Int64N(int64(10 * 3600 * Second))).Seconds()
		check(speed*s+a, 4*a)
	}
	tiny := math.SmallestNonzeroFloat64
	for _, c := range [][2]float64{{0, 1}, {math.Copysign(0, -1), 1}, {-3.5, 2}, {3.5, -2}, {-3.5, -2}, {7, 0}, {math.Inf(-1), 1}, {-1, math.Inf(1)}, {-tiny, 1}, {-1e300, 1e-300}, {math.NaN(), 1}, {1, math.NaN()},
		{math.Inf(1), 1}, {1, math.Inf(1)}, {math.MaxFloat64, 3}, {1e300, 1e-300}, {tiny, 1}, {1, tiny}, {5 * tiny, 2 * tiny},
		{1 << 52, 1}, {1<<51 + 0.5, 1}, {1<<51 - 0.5, 1}, {8, 4}, {12, 4}, {0.3, 0.1}, {0.7, 0.1}, {1, 0.1}} {
		check(c[0], c[1])
	}
}

// A strafe's direction remembered in a WalkLeg is Dir's bit for bit: at
// every sample, with the heading changed between samples (a negative
// zero, not equal in its bits to zero, included) and a NaN heading, the
// pose's every bit is At's.
func TestAtLegStrafeIsAtBitForBit(t *testing.T) {
	bits := func(p Pose) [4]uint64 {
		return [4]uint64{math.Float64bits(p.Pos.X), math.Float64bits(p.Pos.Y), math.Float64bits(p.Yaw), uint64(p.Epoch)}
	}
	var c WalkLeg
	r := rand.New(rand.NewPCG(8, 9))
	negZero := math.Copysign(0, -1)
	headings := []float64{0, negZero, 0, 1.25, math.Pi / 2, negZero, -2.5, math.NaN(), 0.5, math.NaN(), negZero}
	changed, last := 0, uint64(0)
	for i := 0; i < 5000; i++ {
		h := headings[(i/3)%len(headings)] // each heading for three samples
		if math.Float64bits(h) != last {
			changed++
			last = math.Float64bits(h)
		}
		m := Motion{Kind: Strafe, Origin: V(negZero, negZero), Heading: h, Speed: 3, Amplitude: 2, Phase: 250 * Millisecond}
		if i%3 == 0 {
			m.Origin = V(r.Float64()*10-5, r.Float64()*10-5)
		}
		at := Time(r.Int64N(int64(120 * Second)))
		if got, want := m.AtLeg(at, &c), m.At(at); bits(got) != bits(want) || got.Alive != want.Alive {
			t.Fatalf("heading %v at %v: %+v (%x), At %+v (%x)", h, at, got, bits(got), want, bits(want))
		}
	}
	if changed < 1000 {
		t.Fatalf("the heading changed %d times", changed)
	}
}
