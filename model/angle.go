package model

import "math"

// NormalizeAngle maps a to [0, 2*pi), the range yaw is stored in, like an
// Unreal rotator's unsigned yaw.
func NormalizeAngle(a float64) float64 {
	if a >= 0 && a < 2*math.Pi { // the common case, small enough to inline
		return a
	}
	return normalizeAngle(a)
}

// normalizeAngle is NormalizeAngle's division, out of line.
func normalizeAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	if a < 0 {
		a += 2 * math.Pi
	}
	if a >= 2*math.Pi { // -tiny + 2*pi rounds up to 2*pi
		a = 0
	}
	return a
}

// AngleDiff is the signed shortest turn from a to b, in (-pi, pi].
func AngleDiff(a, b float64) float64 {
	if d := b - a; d > -math.Pi && d <= math.Pi { // the common case, inlined
		return d
	}
	return angleDiff(b - a)
}

// angleDiff wraps a turn d outside (-pi, pi] into it, out of line.
func angleDiff(d float64) float64 {
	d = math.Mod(d, 2*math.Pi)
	switch {
	case d > math.Pi:
		d -= 2 * math.Pi
	case d <= -math.Pi:
		d += 2 * math.Pi
	}
	return d
}

// LerpAngle turns from a toward b along the shortest arc.
func LerpAngle(a, b, t float64) float64 {
	return NormalizeAngle(a + AngleDiff(a, b)*t)
}

// LerpAngleNaive interpolates the stored components as UT2003's
// TimeShiftPawns does (Lerp on Rotation.Yaw): between 359 deg and 1 deg it
// sweeps back through 180 deg instead of turning 2 deg. Kept so the
// artefact can be shown.
func LerpAngleNaive(a, b, t float64) float64 {
	a, b = NormalizeAngle(a), NormalizeAngle(b)
	return a + (b-a)*t
}
