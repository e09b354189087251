package fit

import "math"

// iputils ping prints a round trip to three significant digits: from
// 100 ms on a whole millisecond ("time=123 ms"), so a reading there is
// the true round trip rounded, ±0.5 ms — ±0.25 ms one way, once halved.
// Read as exact, a log's delays sit on a 0.5 ms grid and the KS distance
// to any continuous model is the grid's steps (a 5 000-probe log of a
// uniform delay: D 0.048, FITS BADLY); the fit compares the model rounded
// as ping rounds it instead.
const (
	pingWholeFromMs = 100  // round trips from here print as whole milliseconds
	pingRoundHalfMs = 0.25 // the rounding's half-width, one way
)

// roundHalf is the half-width of the rounding a ping log's one-way
// reading of delayMs carries: pingRoundHalfMs where its round trip is a
// whole millisecond of at least pingWholeFromMs, else 0 (read as exact).
func roundHalf(ping bool, delayMs float64) float64 {
	rtt := 2 * delayMs
	if ping && rtt >= pingWholeFromMs && math.Abs(rtt-math.Round(rtt)) < 1e-9 {
		return pingRoundHalfMs
	}
	return 0
}
