package model

import "math"

// Hitbox dimensions of every pawn, seen from above: an oriented body box
// and a head circle pushed forward along the facing, so that a pawn's
// rotation changes what a trace hits, as it does in a shooter.
const (
	BodyHalfDepth = 0.20 // along the facing, m
	BodyHalfWidth = 0.35 // across the facing (shoulders), m
	HeadOffset    = 0.18 // head centre ahead of the body centre, m
	HeadRadius    = 0.13 // m
)

// BoundRadius is the radius of a circle around the pawn's position that
// contains every part of its hitbox at any rotation: the broad phase uses it.
var BoundRadius = math.Max(math.Hypot(BodyHalfDepth, BodyHalfWidth), HeadOffset+HeadRadius)

// Part names which part of a hitbox a trace met.
type Part uint8

const (
	PartNone Part = iota
	PartBody
	PartHead
	PartWall
)

func (p Part) String() string {
	return [...]string{"none", "body", "head", "wall"}[p]
}

// Hitbox is a pawn's hit volume at one pose.
type Hitbox struct {
	Center Vec     // body centre
	Yaw    float64 // facing, radians
}

// Head is the centre of the head circle.
func (h Hitbox) Head() Vec { return h.Center.Add(Dir(h.Yaw).Scale(HeadOffset)) }

// Corners are the body box's corners, counter-clockwise.
func (h Hitbox) Corners() [4]Vec {
	f := Dir(h.Yaw).Scale(BodyHalfDepth)
	s := Dir(h.Yaw + math.Pi/2).Scale(BodyHalfWidth)
	c := h.Center
	return [4]Vec{c.Add(f).Add(s), c.Sub(f).Add(s), c.Sub(f).Sub(s), c.Add(f).Sub(s)}
}

// Intersect is the first distance along the ray (origin o, unit direction d)
// at which it enters the hitbox, no further than maxT, and which part it met.
func (h Hitbox) Intersect(o, d Vec, maxT float64) (float64, Part, bool) {
	best, part := math.Inf(1), PartNone
	// Body: take the ray into the box's frame and use the slab test.
	rel := o.Sub(h.Center).Rotate(-h.Yaw)
	ld := d.Rotate(-h.Yaw)
	if t, ok := raySlab(rel, ld, Vec{-BodyHalfDepth, -BodyHalfWidth}, Vec{BodyHalfDepth, BodyHalfWidth}, maxT); ok {
		best, part = t, PartBody
	}
	if t, ok := rayCircle(o, d, h.Head(), HeadRadius, maxT); ok && t < best {
		best, part = t, PartHead
	}
	return best, part, part != PartNone
}

// raySlab intersects a ray with an axis-aligned box [lo, hi]. A ray that
// starts inside counts as a hit at distance 0.
func raySlab(o, d, lo, hi Vec, maxT float64) (float64, bool) {
	tmin, tmax := 0.0, maxT
	for _, ax := range [2][4]float64{{o.X, d.X, lo.X, hi.X}, {o.Y, d.Y, lo.Y, hi.Y}} {
		p, v, a, b := ax[0], ax[1], ax[2], ax[3]
		if v == 0 {
			if p < a || p > b {
				return 0, false
			}
			continue
		}
		t1, t2 := (a-p)/v, (b-p)/v
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		tmin, tmax = math.Max(tmin, t1), math.Min(tmax, t2)
		if tmin > tmax {
			return 0, false
		}
	}
	return tmin, true
}

// rayCircle intersects a ray with a circle; inside counts as distance 0.
func rayCircle(o, d, c Vec, r, maxT float64) (float64, bool) {
	m := o.Sub(c)
	b := m.Dot(d)
	cc := m.Dot(m) - r*r
	if cc <= 0 {
		return 0, true
	}
	if b > 0 {
		return 0, false
	}
	disc := b*b - cc
	if disc < 0 {
		return 0, false
	}
	t := -b - math.Sqrt(disc)
	if t > maxT {
		return 0, false
	}
	return t, true
}

// SegmentNearCircle reports whether the segment from o along unit d for
// length l passes within r of c: the broad phase's conservative test.
func SegmentNearCircle(o, d Vec, l float64, c Vec, r float64) bool {
	t := c.Sub(o).Dot(d)
	t = math.Max(0, math.Min(l, t))
	p := o.Add(d.Scale(t))
	dx, dy := p.X-c.X, p.Y-c.Y
	return dx*dx+dy*dy <= r*r
}

// LateralGap is the signed sideways distance between the line through o
// along unit d and the hitbox: positive, the line passes that far from it
// (a miss by that much); negative, it passes that deep inside the nearest
// edge (a hit with that much to spare). Only the part ahead of o counts.
func (h Hitbox) LateralGap(o, d Vec) float64 {
	n := Vec{-d.Y, d.X}
	gap := func(lo, hi float64) float64 {
		switch {
		case lo > 0:
			return lo
		case hi < 0:
			return -hi
		default:
			return -min(-lo, hi)
		}
	}
	c := h.Head().Sub(o).Dot(n)
	best := gap(c-HeadRadius, c+HeadRadius)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range h.Corners() {
		x := p.Sub(o).Dot(n)
		lo, hi = min(lo, x), max(hi, x)
	}
	return min(best, gap(lo, hi))
}

// Dist is how far point p lies from the hitbox, seen from above: 0 on or
// inside the body box or the head circle, else the distance to the
// nearer of them (a server checking a client's claimed hit point
// measures its leeway with it).
func (h Hitbox) Dist(p Vec) float64 {
	rel := p.Sub(h.Center).Rotate(-h.Yaw)
	dx := math.Max(math.Abs(rel.X)-BodyHalfDepth, 0)
	dy := math.Max(math.Abs(rel.Y)-BodyHalfWidth, 0)
	head := math.Max(p.Dist(h.Head())-HeadRadius, 0)
	return math.Min(math.Hypot(dx, dy), head)
}
