package model

import "fmt"

// Time is simulation time in integer microseconds. lagscope never
// accumulates floating-point time: tick n of a clock at hz happens at
// exactly TickTime(n, hz), so a 128 Hz server does not drift.
type Time int64

// Common durations.
const (
	Microsecond Time = 1
	Millisecond Time = 1000
	Second      Time = 1_000_000
)

// Ms makes a Time from whole milliseconds.
func Ms(ms int64) Time { return Time(ms) * Millisecond }

// MsF makes a Time from fractional milliseconds, rounding to the microsecond.
func MsF(ms float64) Time {
	if ms < 0 {
		return Time(ms*1000 - 0.5)
	}
	return Time(ms*1000 + 0.5)
}

// Millis is t in milliseconds.
func (t Time) Millis() float64 { return float64(t) / 1000 }

// Seconds is t in seconds.
func (t Time) Seconds() float64 { return float64(t) / 1e6 }

func (t Time) String() string { return fmt.Sprintf("%.3fms", t.Millis()) }

// TickTime is the exact time of tick n of a clock running at hz.
func TickTime(n int64, hz int) Time {
	return Time(n * int64(Second) / int64(hz))
}
