package ping

import (
	"math"

	"lagscope/model"
)

// Tracker measures round-trip time the way the latency-tracking
// article does: every PingUpdateInterval a bounce message carrying the
// send time goes out (ServerBouncePing), comes back (ClientReturnPing),
// and RoundTripTime = now - TimeStamp feeds a smoothed ExactPing. The
// same tracker runs on the server for its own estimate of each client.
type Tracker struct {
	Interval  model.Time // PingUpdateInterval
	Smoothing float64    // weight of each new RTT, in (0, 1]; 1 = no smoothing
	lastSend  model.Time
	exact     float64 // ExactPing, ms; NaN until the first reply
	samples   int
}

// NewTracker starts a tracker with no measurement yet.
func NewTracker(interval model.Time, smoothing float64) *Tracker {
	return &Tracker{Interval: interval, Smoothing: smoothing, lastSend: math.MinInt64 / 2, exact: math.NaN()}
}

// Connect seeds ExactPing with the round trip measured while the
// connection was set up: engines time their handshake, so both ends have
// a ping before the first bounce returns. It is not counted as a sample;
// the first bounce is smoothed from it like any other.
func (p *Tracker) Connect(rttMs float64) {
	if math.IsNaN(p.exact) && rttMs >= 0 {
		p.exact = rttMs
	}
}

// Due is CheckSendPing: whether a bounce should be sent at now; if so it
// remembers now as the last send.
func (p *Tracker) Due(now model.Time) bool {
	if now-p.lastSend < p.Interval {
		return false
	}
	p.lastSend = now
	return true
}

// Return is ClientReturnPing: the bounce stamped sent came back at now.
// Negative round trips are ignored, as CalculatePing ignores overflow.
func (p *Tracker) Return(sent, now model.Time) {
	rtt := (now - sent).Millis()
	if rtt < 0 {
		return
	}
	p.samples++
	if math.IsNaN(p.exact) || p.Smoothing >= 1 {
		p.exact = rtt
		return
	}
	p.exact += p.Smoothing * (rtt - p.exact)
}

// ExactPing is the smoothed RTT in ms; ok is false until the handshake
// or the first reply measured one.
func (p *Tracker) ExactPing() (float64, bool) { return p.exact, !math.IsNaN(p.exact) }

// Samples is how many replies have been measured.
func (p *Tracker) Samples() int { return p.samples }

// Compress is ServerUpdatePing's replication format: the ping divided
// by 4 in a byte, 255 on overflow, so 1020 ms is the most it can say and
// every value is rounded down to a multiple of 4 ms.
func Compress(ms float64) uint8 {
	q := math.Floor(ms / 4)
	if q < 0 || q > 255 || math.IsNaN(q) {
		return 255
	}
	return uint8(q)
}

// Decompress is the ping a compressed byte stands for, in ms.
func Decompress(b uint8) float64 { return float64(b) * 4 }

// Overflowed reports whether ServerUpdatePing's overflow branch applies:
// the ping does not fit the byte, so Ping is 255 and ExactPing itself is
// set to 255 x 4 = 1020 ms.
func Overflowed(ms float64) bool { return !(ms >= 0 && ms < 256*4) }

// GetPredictionTime is the article's rewind for a given ping:
// clamp(ping, 0, MaxPredictionPing) x PredictionCorrectionFactor. The
// factor is empirical ("1.8 seems good enough"); lagscope's ideal-rewind
// column shows what it should have been.
func GetPredictionTime(pingMs, maxPredictionPingMs, correctionFactor float64) model.Time {
	return model.MsF(math.Max(0, math.Min(pingMs, maxPredictionPingMs)) * correctionFactor)
}
