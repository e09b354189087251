package compensation

import (
	"math"

	"lagscope/model"
)

// Precision is how finely a command says when it was fired: the values
// of the stamp_precision key. The client's clock and display are the
// same under each; what differs is what the command carries of them, and
// so the time the server can rewind to.
type Precision string

// The precisions.
const (
	// Continuous stamps the client's time to the microsecond: the
	// command's tick (Source) or PackageTimeStamp (UT2003) as a time, and
	// the interpolation delay as configured.
	Continuous Precision = "continuous"
	// Tick stamps whole ticks, as Source and CS:GO do: the usercmd's
	// tick_count is the client's integer tick (the frame's remainder is
	// not sent), and the server reads the lerp as TIME_TO_TICKS(lerp)
	// (StartLagCompensation: targettick = tick_count − lerpTicks), so
	// the rewind lands on a whole tick, up to a tick off what the client
	// drew (and the lerp's rounding more: lagscope's client draws
	// interp_ms exactly, where Source's own draws whole ticks too).
	Tick Precision = "tick"
	// Subtick stamps the trigger pull within the frame, as Counter-Strike
	// 2's sub-tick usercmd does (cs_usercmd.proto's input history entry:
	// render_tick_count and render_tick_fraction, and the interpolation
	// the client drew then, its source tick, destination tick and
	// fraction): the server rewinds to the interpolation state, the time
	// the client drew, whatever its clock said.
	Subtick Precision = "subtick"
)

// Precisions lists the precisions in the order the UI offers them.
var Precisions = []Precision{Continuous, Tick, Subtick}

// Stamp is what a command carries of its time beyond the continuous
// stamp: the whole ticks of tick, the render tick and interpolation
// state of subtick. A shot's record keeps it.
type Stamp struct {
	Precision Precision
	// Tick is tick's tick_count, subtick's render_tick_count.
	Tick int64
	// LerpTicks is tick's TIME_TO_TICKS(lerp): the interpolation delay
	// in whole ticks, as Source's server reads it.
	LerpTicks int64
	// Fraction is subtick's render_tick_fraction: how far into Tick the
	// render time at the trigger pull was (a float, as the proto's).
	Fraction float32
	// InterpFrom, InterpTo and InterpFraction are subtick's interpolation
	// state: the server ticks of the snapshots the client drew between
	// and how far between (From = To: it held one snapshot).
	InterpFrom, InterpTo int64
	InterpFraction       float32
}

// TimeToTicks is Source's TIME_TO_TICKS: (int)(0.5 + dt / TICK_INTERVAL),
// the nearest whole tick (halves up), in integers.
func TimeToTicks(dt model.Time, hz int) int64 {
	n := int64(dt) * int64(hz)
	return floorDiv(2*n+int64(model.Second), 2*int64(model.Second))
}

// TickAt is the tick whose start t lies in: the largest n with
// model.TickTime(n, hz) ≤ t (the client's integer tick_count at t).
func TickAt(t model.Time, hz int) int64 {
	n := floorDiv(int64(t)*int64(hz), int64(model.Second))
	for model.TickTime(n+1, hz) <= t {
		n++
	}
	for model.TickTime(n, hz) > t {
		n--
	}
	return n
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// tickLerp is the time a fraction f of the way from tick from to tick to.
func tickLerp(from, to int64, f float32, hz int) model.Time {
	a, b := model.TickTime(from, hz), model.TickTime(to, hz)
	return a + model.Time(math.Round(float64(f)*float64(b-a)))
}

// Sent is the command's timing as precision p sends it at hz ticks a
// second, and what it carries beyond the continuous stamp. Continuous
// is t itself. Tick and subtick replace the times the modes read
// (TickTime and Interp for Source, Stamp for UT2003's) with what the
// whole or sub-tick stamp gives the server; a stamp not carried
// (HasStamp false: start_fire's later shots) stays not carried.
func (t Timing) Sent(p Precision, hz int) (Timing, Stamp) {
	st := Stamp{Precision: p}
	switch p {
	case Tick:
		st.Tick, st.LerpTicks = TickAt(t.TickTime, hz), TimeToTicks(t.Interp, hz)
		// the lerp as the time between the two ticks (TickTime rounds each
		// tick down, so this, not TickTime(LerpTicks), lands on tick
		// Tick − LerpTicks exactly, where the server's history has a record)
		t.TickTime = model.TickTime(st.Tick, hz)
		t.Interp = t.TickTime - model.TickTime(st.Tick-st.LerpTicks, hz)
		t.Stamp = t.TickTime
		if t.StampLessInterp {
			t.Stamp -= t.Interp
		}
	case Subtick:
		render := t.TickTime - t.Interp // the client's clock at the pull, less its interpolation
		st.Tick = TickAt(render, hz)
		st.Fraction = float32(float64(render-model.TickTime(st.Tick, hz)) / float64(model.TickTime(st.Tick+1, hz)-model.TickTime(st.Tick, hz)))
		st.InterpFrom, st.InterpTo, st.InterpFraction = t.interpState(hz)
		drawn := tickLerp(st.InterpFrom, st.InterpTo, st.InterpFraction, hz)
		t.TickTime, t.Stamp = drawn+t.Interp, drawn
	}
	return t, st
}

// interpState is the interpolation state of the display at the pull:
// the pair of snapshots it lerped between (both the one it held), or,
// for a display that does not interpolate between snapshots, the ticks
// around the time it showed.
func (t Timing) interpState(hz int) (from, to int64, f float32) {
	if t.Lerped {
		from, to = TickAt(t.DrawnFrom, hz), TickAt(t.DrawnTo, hz)
		if to > from {
			a, b := model.TickTime(from, hz), model.TickTime(to, hz)
			f = float32(float64(t.Drawn-a) / float64(b-a))
		}
		return from, to, f
	}
	from = TickAt(t.Drawn, hz)
	a, b := model.TickTime(from, hz), model.TickTime(from+1, hz)
	return from, from + 1, float32(float64(t.Drawn-a) / float64(b-a))
}
