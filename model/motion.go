package model

import (
	"fmt"
	"math"
)

// Pose is where a pawn is at one instant: the ground truth of the world.
type Pose struct {
	Pos   Vec
	Yaw   float64 // facing, radians in [0, 2*pi)
	Alive bool
	// Epoch counts the pawn's discontinuities (teleports, respawns): two
	// samples with different epochs must never be interpolated between.
	Epoch int
}

// Box is the pose's hitbox.
func (p Pose) Box() Hitbox { return Hitbox{Center: p.Pos, Yaw: p.Yaw} }

// MotionKind names a motion script.
type MotionKind string

// The motion scripts a pawn can follow.
const (
	Stationary MotionKind = "stationary"
	Linear     MotionKind = "linear"     // constant velocity, for checking the arithmetic
	Strafe     MotionKind = "strafe"     // A-D strafing along an axis
	Circle     MotionKind = "circle"     // circling a centre, facing along the path
	RandomWalk MotionKind = "randomwalk" // seeded waypoints walked at Speed, one leg per period
	Peek       MotionKind = "peek"       // out from behind cover and back
	Teleport   MotionKind = "teleport"   // strafes, and jumps to a new spawn each period (dies first if Dead > 0)
)

// MotionKinds lists every kind, in the order the UI offers them.
var MotionKinds = []MotionKind{Stationary, Linear, Strafe, Circle, RandomWalk, Peek, Teleport}

// Motion is a motion script: a pure function from time to pose, so the
// simulator always knows the exact truth at any instant.
type Motion struct {
	Kind      MotionKind
	Origin    Vec     // start, centre, or spawn anchor
	Yaw       float64 // facing for stationary, strafe, peek and teleport
	Heading   float64 // direction of travel (linear) or of the strafe/peek axis, radians
	Speed     float64 // m/s
	Amplitude float64 // strafe half-width, circle radius, peek distance, walk box half-size, spawn spread; m
	Period    Time    // peek cycle, walk leg, time between teleports
	Dead      Time    // teleport: time spent dead before respawning
	Seed      uint64  // random walk waypoints and teleport spawns
	// Phase is where in its cycle the script starts (At(0) is the pose
	// Phase into it): drawn from the run's seed, so different seeds sample
	// different parts of a periodic motion.
	Phase Time
}

// Validate reports a script that cannot run (a zero period where one is
// needed), so bad input fails at load time, not as NaN positions.
func (m Motion) Validate() error {
	switch m.Kind {
	case Stationary, Linear, Circle, Strafe:
	case RandomWalk, Peek, Teleport:
		if m.Period <= 0 {
			return fmt.Errorf("%s motion needs a period > 0", m.Kind)
		}
		if m.Kind == Teleport && m.Dead >= m.Period {
			return fmt.Errorf("teleport motion: dead time %v must be shorter than the period %v", m.Dead, m.Period)
		}
	default:
		return fmt.Errorf("unknown motion %q", m.Kind)
	}
	if m.Speed < 0 || m.Amplitude < 0 {
		return fmt.Errorf("%s motion: speed and amplitude must be >= 0", m.Kind)
	}
	return nil
}

// MaxSpeed bounds how far the pawn can move per second between
// discontinuities; the broad phase of a rewind relies on it.
func (m Motion) MaxSpeed() float64 {
	switch m.Kind {
	case Stationary:
		return 0
	default:
		return m.Speed
	}
}

// Cycle is how long the motion takes to repeat itself (a random walk:
// one leg; 0 for motions that never repeat), the range a Phase is drawn
// from.
func (m Motion) Cycle() Time {
	if m.Speed <= 0 && m.Kind != Teleport {
		return 0
	}
	switch m.Kind {
	case Strafe:
		return secs(4 * m.Amplitude / m.Speed)
	case Circle:
		return secs(2 * math.Pi * m.Amplitude / m.Speed)
	case Peek:
		return max(m.Period, secs(2*m.Amplitude/m.Speed))
	case Teleport:
		return m.Period
	case RandomWalk:
		return m.leg()
	}
	return 0
}

func secs(s float64) Time { return Time(math.Round(s * float64(Second))) }

// At is the pawn's true pose at time t.
func (m Motion) At(t Time) Pose { return m.at(t, nil) }

// at is At, read through a pointer (AtLeg: no copy of the script at
// every sample), a strafe's direction from c when c is given.
func (m *Motion) at(t Time, c *WalkLeg) Pose {
	t += m.Phase
	p := Pose{Pos: m.Origin, Yaw: NormalizeAngle(m.Yaw), Alive: true}
	switch m.Kind { // t.Seconds() (a division) only where it is read: not a standing pawn's every frame
	case Linear:
		p.Pos = m.Origin.Add(Dir(m.Heading).Scale(m.Speed * t.Seconds()))
		p.Yaw = NormalizeAngle(m.Heading)
	case Strafe:
		p.Pos = m.Origin.Add(c.dir(m.Heading).Scale(triangle(m.Speed*t.Seconds(), m.Amplitude)))
	case Circle:
		if m.Amplitude > 0 {
			ang := m.Heading + m.Speed*t.Seconds()/m.Amplitude
			p.Pos = m.Origin.Add(Dir(ang).Scale(m.Amplitude))
			p.Yaw = NormalizeAngle(ang + math.Pi/2)
		}
	case RandomWalk:
		p = m.walk(t)
	case Peek:
		p.Pos = m.Origin.Add(Dir(m.Heading).Scale(m.peekOut(t)))
	case Teleport:
		p = m.teleport(t)
	}
	return p
}

// triangle is an A-D strafe: distance d travelled back and forth between
// -a and +a, starting at 0 moving toward +a.
func triangle(d, a float64) float64 {
	if a <= 0 {
		return 0
	}
	x := mod(d+a, 4*a) // 0 at -a going up
	if x < 0 {
		x += 4 * a
	}
	if x < 2*a {
		return x - a
	}
	return 3*a - x
}

// mod is math.Mod(x, y) bit for bit, by one division where math.Mod
// loops over the quotient's bits (a strafing bot's every frame paid ~500
// instructions for it). A remainder is exact whatever the method: for
// x > 0, finite y > 0 and a quotient below 2^51, q = floor(x/y) is the
// true quotient or one more (a correctly rounded division never crosses
// an integer below 2^53 the wrong way), x − q·y is then the remainder or
// the remainder less y — both representable (the second by Sterbenz's
// lemma: the division rounded up only if the remainder is above y/2) —
// so the fused multiply-add, rounding once, gives it exactly, and adding
// y back is exact too. Anything else (0, negatives, NaN, infinities, a
// huge quotient) takes math.Mod.
func mod(x, y float64) float64 {
	if q := math.Floor(x / y); x > 0 && y > 0 && y <= math.MaxFloat64 && q < 1<<51 {
		r := math.FMA(-q, y, x)
		if r < 0 {
			r += y
		}
		return r
	}
	return math.Mod(x, y)
}

// walk goes from waypoint to waypoint at Speed, one leg per leg(): it
// walks the straight line, then waits at the waypoint (looking along the
// way it came) for the rest of the leg. Fixed-length legs keep the pose a
// pure function of time; a leg is never shorter than crossing the box
// diagonally takes, so the walker never has to exceed Speed.
func (m Motion) walk(t Time) Pose {
	var c WalkLeg
	return m.walkLeg(t, &c)
}

// WalkLeg remembers the leg a random walk was last sampled on (its
// waypoints, length and heading), so a pawn sampled every tick computes
// them once a leg instead of at every sample — the hashes, square roots
// and arctangent were most of a crowd's server tick. It remembers a
// strafe's direction likewise (its sine and cosine, at a bot's every
// frame). AtLeg with it is At bit for bit: the same operations on the
// same values.
type WalkLeg struct {
	m      walkKey // what of the motion it was computed for (any change recomputes)
	ok     bool
	leg    Time
	k      int64
	a, b   Vec
	l, yaw float64
	// a strafe's Dir(heading), for the heading's bits (so -0 is not 0)
	heading uint64
	hasDir  bool
	dirV    Vec
}

// dir is Dir(heading), remembered in c (a nil c computes it).
func (c *WalkLeg) dir(heading float64) Vec {
	if c == nil {
		return Dir(heading)
	}
	if h := math.Float64bits(heading); !c.hasDir || c.heading != h {
		c.heading, c.hasDir, c.dirV = h, true, Dir(heading)
	}
	return c.dirV
}

// walkKey is every field of a Motion a random walk's legs depend on
// (leg, waypoint and walkLeg read no other): comparing these, not the
// whole script, is what a crowd's every tick pays.
type walkKey struct {
	origin           Vec
	speed, amplitude float64
	period           Time
	seed             uint64
}

func (m *Motion) walkKey() walkKey {
	return walkKey{origin: m.Origin, speed: m.Speed, amplitude: m.Amplitude, period: m.Period, seed: m.Seed}
}

// of is k == m.walkKey(), field by field in line (no key built, no call).
func (k *walkKey) of(m *Motion) bool {
	return k.origin == m.Origin && k.speed == m.Speed && k.amplitude == m.Amplitude && k.period == m.Period && k.seed == m.Seed
}

// AtLeg is At(t), remembering the random walk's current leg in c, or the
// strafe's direction (other motions ignore c). A pointer: a crowd's
// scripts are not copied every tick.
func (m *Motion) AtLeg(t Time, c *WalkLeg) Pose {
	if m.Kind != RandomWalk {
		return m.at(t, c)
	}
	return m.walkLeg(t+m.Phase, c)
}

func (m *Motion) walkLeg(t Time, c *WalkLeg) Pose {
	if !c.ok || !c.m.of(m) {
		*c = WalkLeg{m: m.walkKey(), ok: true, leg: m.leg(), k: math.MinInt64}
	}
	leg := c.leg
	if leg <= 0 || m.Speed <= 0 {
		return Pose{Pos: m.waypoint(0), Alive: true}
	}
	k := int64(t / leg)
	if t%leg < 0 {
		k--
	}
	if k != c.k {
		c.k = k
		c.a, c.b = m.waypoint(k), m.waypoint(k+1)
		d := c.b.Sub(c.a)
		c.l, c.yaw = d.Len(), NormalizeAngle(d.Angle())
	}
	into := (t - Time(k)*leg).Seconds()
	f := 1.0
	if c.l > 0 {
		f = min(1, into*m.Speed/c.l) // math.Min's answer, NaN and zeros included, in line
	}
	return Pose{Pos: c.a.Lerp(c.b, f), Yaw: c.yaw, Alive: true}
}

// leg is how long one random-walk leg lasts: the period, or the time to
// cross the box diagonally at Speed if that is longer.
func (m Motion) leg() Time {
	if m.Speed <= 0 {
		return m.Period
	}
	return max(m.Period, secs(2*math.Sqrt2*m.Amplitude/m.Speed))
}

// waypoint k of a random walk: a seeded hash of k, so any leg can be
// computed without replaying the ones before it.
func (m Motion) waypoint(k int64) Vec {
	h := splitmix(m.Seed ^ uint64(k)*0x9e3779b97f4a7c15)
	u := float64(h>>11) / (1 << 53)
	w := float64(splitmix(h)>>11) / (1 << 53)
	return m.Origin.Add(V((2*u-1)*m.Amplitude, (2*w-1)*m.Amplitude))
}

// peekOut is how far out of cover a peeking pawn is: hidden, move out,
// exposed, move back, each phase a share of the period.
func (m Motion) peekOut(t Time) float64 {
	if m.Speed <= 0 || m.Amplitude <= 0 {
		return 0
	}
	move := m.Amplitude / m.Speed
	period := math.Max(m.Period.Seconds(), 2*move)
	hold := (period - 2*move) / 2
	x := math.Mod(t.Seconds(), period)
	if x < 0 {
		x += period
	}
	switch {
	case x < hold:
		return 0
	case x < hold+move:
		return (x - hold) * m.Speed
	case x < 2*hold+move:
		return m.Amplitude
	default:
		return math.Max(0, m.Amplitude-(x-2*hold-move)*m.Speed)
	}
}

func (m Motion) teleport(t Time) Pose {
	k := int64(t / m.Period)
	if t < 0 {
		k--
	}
	into := t - Time(k)*m.Period
	spawn := m.Origin
	if k > 0 {
		h := splitmix(m.Seed ^ uint64(k)*0xbf58476d1ce4e5b9)
		ang := float64(h>>11) / (1 << 53) * 2 * math.Pi
		spawn = m.Origin.Add(Dir(ang).Scale(m.Amplitude))
	}
	p := Pose{Yaw: NormalizeAngle(m.Yaw), Alive: true, Epoch: int(k)}
	if k > 0 && into < m.Dead {
		// Dead: the body stays at the spawn it is about to use, hidden.
		p.Alive = false
		p.Pos = spawn
		return p
	}
	p.Pos = spawn.Add(Dir(m.Heading).Scale(triangle(m.Speed*(into-m.deadIf(k)).Seconds(), 1)))
	return p
}

func (m Motion) deadIf(k int64) Time {
	if k > 0 {
		return m.Dead
	}
	return 0
}

// splitmix is SplitMix64's finaliser: a good, cheap integer hash.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
