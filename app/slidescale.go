package app

import "math"

// sliderScale maps a slider's position (0 to 1) to a key's value and
// back. A logarithmic scale is fine where it matters for latencies, loss
// and the like — 1 ms steps around 40 ms, 30 ms steps near 1 s — where a
// linear one moved 8 ms per pixel in a narrow sidebar (a short drag took
// 90 ms to 804 ms). It maps lo..hi through log(1 + value − lo), so lo
// itself (0, or -1 for "same as the shooter") stays on the scale.
type sliderScale struct {
	lo, hi, step float64
	log          bool
}

// positions is how finely a slider's track is divided.
const positions = 1000

// value is the key's value at position pos, rounded to the step.
func (s sliderScale) value(pos float64) float64 {
	pos = math.Max(0, math.Min(1, pos))
	v := s.lo + pos*(s.hi-s.lo)
	if s.log {
		v = s.lo + math.Expm1(pos*math.Log1p(s.hi-s.lo))
	}
	if s.step > 0 {
		v = s.lo + math.Round((v-s.lo)/s.step)*s.step
	}
	// decimals a step implies, so 0.1 steps give 0.3, not 0.30000000000000004
	return math.Max(s.lo, math.Min(s.hi, roundTo(v, s.step)))
}

// pos is where value v sits on the track (clamped to the ends).
func (s sliderScale) pos(v float64) float64 {
	v = math.Max(s.lo, math.Min(s.hi, v))
	if s.log {
		return math.Log1p(v-s.lo) / math.Log1p(s.hi-s.lo)
	}
	return (v - s.lo) / (s.hi - s.lo)
}

func roundTo(v, step float64) float64 {
	if step <= 0 || step >= 1 {
		return math.Round(v*1e9) / 1e9
	}
	d := math.Pow(10, math.Ceil(-math.Log10(step)))
	return math.Round(v*d) / d
}
