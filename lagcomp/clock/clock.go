// Package clock is a client's clock and its estimate of the server's
// time: the value a client stamps its shots with. A real client's
// oscillator is not the server's: it starts off by some error and runs
// fast or slow by some parts per million. Each engine keeps its estimate
// tied to what the server sends, by one of the schemes the sources
// describe:
//
//   - package_timestamp, UT2003's Hit Prediction
//     (UnrealWiki, "Hit Prediction", the UT2003 implementation): the server replicates PackageTimeStamp
//     "constantly" and PredictedPlayer.PlayerTick advances the client's
//     copy by its own DeltaTime between updates. Each newer value replaces
//     the estimate, so an initial error never survives the first update
//     and drift only accumulates between two (drift × the snapshot
//     interval: 5 µs at 100 ppm and 20 Hz).
//   - tick_count, Source's usercmd tick_count kept by CClockDriftMgr: the
//     client's tick clock runs on its own oscillator; each snapshot's
//     server tick is compared with it, the last 16 differences are
//     averaged, and each frame nudges the clock toward the server by up
//     to cl_clock_correction_adjustment_max_amount (200 ms a second),
//     nothing under cl_clock_correction_adjustment_min_offset (10 ms),
//     the full rate from ..._max_offset (90 ms); off by more than
//     cl_clockdrift_max_ms (150 ms), it is slammed to the server's tick.
//     Its error is therefore bounded by the spread of the snapshots'
//     arrivals (jitter) plus the 10 ms it tolerates, not by the clock.
//   - none: the estimate is set once, from the first snapshot, and then
//     free-runs on the client's oscillator: the initial error stays and
//     the drift grows linearly — what a client that synchronised once
//     would stamp.
//
// The reference an estimate is measured against is what the client
// displays: the server time of the newest snapshot plus the time since
// it was taken in (the replicated PackageTimeStamp advanced by true
// time), the value an exact clock stamps and the interpolation renders
// from. The estimate stamps shots only; the picture stays the
// snapshots', so the rewind a stamp buys is off by exactly the
// estimate's error.
//
// Times are integer microseconds, as everywhere in lagcomp: the drift is
// applied from the first reading (round(elapsed × ppm / 10⁶)), never
// accumulated frame by frame, so it grows exactly linearly.
package clock

import (
	"math"

	"lagscope/model"
)

// Sync is how a client keeps its estimate of server time: the values of
// the clock_sync key.
type Sync string

// The schemes.
const (
	None             Sync = "none"
	PackageTimeStamp Sync = "package_timestamp"
	TickCount        Sync = "tick_count"
)

// Syncs lists the schemes in the order the UI offers them.
var Syncs = []Sync{PackageTimeStamp, TickCount, None}

// Source's CClockDriftMgr constants (clockdriftmgr.cpp, their defaults).
const (
	Samples      = 16                      // NUM_CLOCKDRIFT_SAMPLES
	MinOffset    = 10 * model.Millisecond  // cl_clock_correction_adjustment_min_offset
	MaxOffset    = 90 * model.Millisecond  // cl_clock_correction_adjustment_max_offset
	MaxAmount    = 0.2                     // cl_clock_correction_adjustment_max_amount: 200 ms a second
	SlamDistance = 150 * model.Millisecond // cl_clockdrift_max_ms
)

// Settings are a client clock's keys.
type Settings struct {
	Sync     Sync
	Offset   model.Time // clock_offset_ms: the first reading's error
	DriftPPM float64    // clock_drift_ppm: > 0 the client's oscillator runs fast
}

// Exact reports whether s can never differ from the reference: UT2003's
// replicated stamp on an oscillator that does not drift.
func (s Settings) Exact() bool { return s.Sync == PackageTimeStamp && s.DriftPPM == 0 }

// Clock is one client's estimate of server time. Its zero value has no
// estimate; a Clock is a value, copied whole with the client.
type Clock struct {
	S       Settings
	started bool
	est     model.Time // the estimate now
	elapsed model.Time // true time since the first reading
	drifted model.Time // the drift applied so far: round(elapsed × ppm)
	// tick_count: the clock's lead on each of the last Samples server
	// ticks (estimate − tick at its arrival), Source's m_ClockOffsets
	diffs [Samples]model.Time
	next  int
	// Slams counts the times tick_count set the clock to the server's
	// tick (the first snapshot is not counted).
	Slams int
}

// New is a clock with settings s and no estimate yet.
func New(s Settings) Clock { return Clock{S: s} }

// Started reports whether the clock has an estimate (a snapshot came).
func (c *Clock) Started() bool { return c.started }

// Now is the estimate of server time.
func (c *Clock) Now() model.Time { return c.est }

// Advance runs the clock through dt of true time (a render frame's
// DeltaTime, as the client's oscillator measures it); tick_count also
// applies that frame's correction (CClockDriftMgr::AdjustFrameTime).
func (c *Clock) Advance(dt model.Time) {
	if !c.started || dt <= 0 {
		return
	}
	c.elapsed += dt
	var drift model.Time
	if c.S.DriftPPM != 0 { // a true oscillator's drift is 0 (driftAfter of ±0 ppm), with no product, division and rounding at every frame
		drift = driftAfter(c.elapsed, c.S.DriftPPM)
	}
	local := dt + drift - c.drifted
	c.drifted = drift
	c.est += local
	if c.S.Sync == TickCount {
		c.correct(local)
	}
}

// driftAfter is how far an oscillator ppm parts per million fast has
// drifted after elapsed of true time, to the microsecond.
func driftAfter(elapsed model.Time, ppm float64) model.Time {
	return model.Time(math.Round(float64(elapsed) * ppm / 1e6))
}

// Snapshot takes in the server time of a snapshot newer than any before,
// at the render frame that takes it in.
func (c *Clock) Snapshot(stamp model.Time) {
	if !c.started {
		// the first snapshot sets the clock, off by the offset (UT2003's
		// replicated value, never off, is the exception)
		c.started, c.est = true, stamp+c.S.Offset
		if c.S.Sync == PackageTimeStamp {
			c.est = stamp
		}
		return
	}
	switch c.S.Sync {
	case PackageTimeStamp:
		c.est = stamp // the replicated value replaces the client's copy
	case TickCount:
		c.setServerTick(stamp)
	}
}

// setServerTick is CClockDriftMgr::SetServerTick: off by more than
// cl_clockdrift_max_ms, the clock is slammed to the server's tick and
// the history cleared; the lead on this tick joins the last Samples.
func (c *Clock) setServerTick(stamp model.Time) {
	lead := c.est - stamp
	if lead > SlamDistance || -lead > SlamDistance {
		c.est, lead = stamp, 0
		c.diffs = [Samples]model.Time{}
		c.Slams++
	}
	c.diffs[c.next] = lead
	c.next = (c.next + 1) % Samples
}

// Difference is the average lead of the last Samples ticks
// (GetCurrentClockDifference; empty slots count as 0, as Source's
// zeroed array does).
func (c *Clock) Difference() float64 {
	var sum model.Time
	for _, d := range c.diffs {
		sum += d
	}
	return float64(sum) / Samples
}

// correct is AdjustFrameTime: ahead of the server by more than
// MinOffset on average, the clock is slowed by up to MaxAmount of the
// frame (the rate ramps from 0 at MinOffset to MaxAmount at MaxOffset),
// never by more than the difference; behind, it is sped up the same way.
// The stored differences then move with the correction, so the average
// follows it (AdjustAverageDifferenceBy) and the clock does not keep
// answering an error it has already taken out.
func (c *Clock) correct(frame model.Time) {
	diff := c.Difference()
	mag := math.Abs(diff)
	if mag <= float64(MinOffset) {
		return
	}
	rate := MaxAmount * (math.Min(mag, float64(MaxOffset)) - float64(MinOffset)) / float64(MaxOffset-MinOffset)
	adj := math.Min(float64(frame)*rate, mag)
	if diff > 0 {
		adj = -adj
	}
	a := model.Time(math.Round(adj))
	c.est += a
	for i := range c.diffs {
		c.diffs[i] += a
	}
}
