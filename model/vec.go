package model

import "math"

// Vec is a point or direction in the arena, in metres.
type Vec struct{ X, Y float64 }

// V is shorthand for Vec{x, y}.
func V(x, y float64) Vec { return Vec{x, y} }

func (a Vec) Add(b Vec) Vec             { return Vec{a.X + b.X, a.Y + b.Y} }
func (a Vec) Sub(b Vec) Vec             { return Vec{a.X - b.X, a.Y - b.Y} }
func (a Vec) Scale(s float64) Vec       { return Vec{a.X * s, a.Y * s} }
func (a Vec) Dot(b Vec) float64         { return a.X*b.X + a.Y*b.Y }
func (a Vec) Cross(b Vec) float64       { return a.X*b.Y - a.Y*b.X }
func (a Vec) Len() float64              { return math.Hypot(a.X, a.Y) }
func (a Vec) Dist(b Vec) float64        { return a.Sub(b).Len() }
func (a Vec) Lerp(b Vec, t float64) Vec { return Vec{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }

// Unit is a scaled to length 1; the zero vector stays zero.
func (a Vec) Unit() Vec {
	l := a.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{a.X / l, a.Y / l}
}

// Rotate turns a by ang radians counter-clockwise.
func (a Vec) Rotate(ang float64) Vec {
	s, c := math.Sincos(ang)
	return Vec{a.X*c - a.Y*s, a.X*s + a.Y*c}
}

// Dir is the unit vector at angle ang (radians).
func Dir(ang float64) Vec {
	s, c := math.Sincos(ang)
	return Vec{c, s}
}

// Angle is the direction of a in radians, in (-pi, pi].
func (a Vec) Angle() float64 { return math.Atan2(a.Y, a.X) }
