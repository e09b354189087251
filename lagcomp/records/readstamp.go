package records

import (
	"math"
	"slices"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
)

// stampFields are the fields each precision's stamp carries; a line that
// gives one its stamp_precision does not carry is refused, as is one
// that leaves one out.
var stampFields = map[compensation.Precision][]string{
	compensation.Continuous: {},
	compensation.Tick:       {"stamp_tick", "stamp_lerp_ticks"},
	compensation.Subtick:    {"stamp_tick", "stamp_tick_fraction", "interp_from_tick", "interp_to_tick", "interp_fraction"},
}

// stamp reads what a shot's command carried of its time beyond the
// continuous stamp: stamp_precision (left out: continuous) and the
// fields it carries (stampFields).
func (l *lineReader) stamp(r *lagcomp.ShotRecord) {
	st := &r.Stamp
	st.Precision = compensation.Precision(l.str("stamp_precision", false))
	if st.Precision == "" {
		st.Precision = compensation.Continuous
	}
	want, ok := stampFields[st.Precision]
	if !ok {
		l.fail("stamp_precision", "want %q, %q or %q, got %q", compensation.Continuous, compensation.Tick, compensation.Subtick, st.Precision)
		return
	}
	for _, f := range []string{"stamp_tick", "stamp_lerp_ticks", "stamp_tick_fraction", "interp_from_tick", "interp_to_tick", "interp_fraction"} {
		if has := l.present(f); has != slices.Contains(want, f) {
			if has {
				l.fail(f, "given, but a stamp_precision %q command does not carry it", st.Precision)
			} else {
				l.fail(f, "missing: a stamp_precision %q command carries it", st.Precision)
			}
			return
		}
	}
	switch st.Precision {
	case compensation.Tick:
		st.Tick, st.LerpTicks = l.tick("stamp_tick"), l.tick("stamp_lerp_ticks")
		if st.LerpTicks < 0 {
			l.fail("stamp_lerp_ticks", "want a whole number of ticks ≥ 0, got %d", st.LerpTicks)
		}
	case compensation.Subtick:
		st.Tick, st.Fraction = l.tick("stamp_tick"), l.fraction("stamp_tick_fraction", false)
		st.InterpFrom, st.InterpTo = l.tick("interp_from_tick"), l.tick("interp_to_tick")
		st.InterpFraction = l.fraction("interp_fraction", true)
		if l.err == nil && st.InterpTo < st.InterpFrom {
			l.fail("interp_to_tick", "is %d, before interp_from_tick %d", st.InterpTo, st.InterpFrom)
		}
	}
}

// tick is a whole number of ticks within ±2^31.
func (l *lineReader) tick(field string) int64 {
	x, _ := l.num(field, true, false)
	if x != math.Trunc(x) || math.Abs(x) > 1<<31 {
		l.fail(field, "want a whole number of ticks within ±2^31, got %v", x)
	}
	return int64(x)
}

// fraction is a fraction of a tick: from 0 to below 1 (to 1 with end).
func (l *lineReader) fraction(field string, end bool) float32 {
	x, _ := l.num(field, true, false)
	if !(x >= 0 && (x < 1 || end && x == 1)) {
		top := "below 1"
		if end {
			top = "1"
		}
		l.fail(field, "want a fraction from 0 to %s, got %v", top, x)
	}
	return float32(x)
}
