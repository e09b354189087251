package ping

import (
	"math"

	"lagscope/model"
)

// Style is how a tracker turns round trips into ExactPing.
type Style string

const (
	// UE4 is APlayerState::UpdatePing, which the latency-tracking article
	// builds on (CalculatePing calls Super::UpdatePing): each reply's
	// round trip, capped at 1.1 s and floored to a whole millisecond,
	// goes into the current one-second bucket of four, at most seven a
	// bucket; once a second has passed since the bucket opened, the next
	// reply first recomputes ExactPing as the mean of every sample in the
	// four buckets (so it misses that newest sample and moves at most once
	// a second), then opens the next bucket with it. CheckSendPing sends a
	// bounce when the interval is exceeded since the last send or reply.
	UE4 Style = "ue4"
	// EWMA is an exponentially weighted moving average of every reply
	// (weight Smoothing), updated at once; the bounce goes out every
	// interval whether or not the last one came back.
	EWMA Style = "ewma"
)

// Styles are the ping styles: UE4's first, the engine's own and the
// key's default.
var Styles = []Style{UE4, EWMA}

// UE4's PingBucket: four buckets of a second, at most seven samples each,
// samples capped at 1.1 s (PingSum is 13 bits: 7 x 1170 fits).
const (
	buckets       = 4
	bucketSamples = 7
	bucketSpan    = model.Second
	maxSampleMs   = 1100
)

// bucket is one second's samples (UE4's PingAvgData).
type bucket struct{ sum, count int }

// Tracker measures round-trip time the way the latency-tracking
// article does: every PingUpdateInterval a bounce message carrying the
// send time goes out (ServerBouncePing), comes back (ClientReturnPing),
// and RoundTripTime = now - TimeStamp feeds ExactPing, as Style says.
// The same tracker runs on the server for its own estimate of each
// client.
type Tracker struct {
	Style     Style
	Interval  model.Time // PingUpdateInterval
	Smoothing float64    // EWMA: weight of each new RTT, in (0, 1]; 1 = no smoothing
	lastSend  model.Time // EWMA: the last send; UE4: LastPingUpdateTime, the last send or reply
	exact     float64    // ExactPing, ms; NaN until the first measurement
	samples   int
	// UE4's buckets: the current one and when it opened
	bucket   [buckets]bucket
	cur      int
	curStamp model.Time
	// Capped counts samples above 1.1 s cut to it; Dropped, replies a
	// full bucket (seven samples already) did not take. Both UE4's.
	Capped, Dropped int
}

// NewTracker starts a tracker with no measurement yet.
func NewTracker(style Style, interval model.Time, smoothing float64) *Tracker {
	return &Tracker{Style: style, Interval: interval, Smoothing: smoothing, lastSend: math.MinInt64 / 2, exact: math.NaN()}
}

// Connect seeds ExactPing with the round trip measured while the
// connection was set up: engines time their handshake, so both ends have
// a ping before the first bounce returns. It is not counted as a reply.
// EWMA smooths the first bounce from it; UE4 keeps it as the first
// bucket's first sample, averaged in at the first recomputation.
func (p *Tracker) Connect(rttMs float64) {
	if !math.IsNaN(p.exact) || rttMs < 0 {
		return
	}
	p.exact = rttMs
	if p.Style == UE4 {
		ms := math.Floor(math.Min(rttMs, maxSampleMs))
		p.exact = ms
		p.bucket[p.cur] = bucket{sum: int(ms), count: 1}
	}
}

// Due is CheckSendPing: whether a bounce should be sent at now; if so it
// remembers now as the last send. UE4 sends once the interval is
// exceeded (WorldSeconds - LastPingUpdateTime > PingUpdateInterval).
func (p *Tracker) Due(now model.Time) bool {
	since := now - p.lastSend
	if since < p.Interval || p.Style == UE4 && since == p.Interval {
		return false
	}
	p.lastSend = now
	return true
}

// Return is ClientReturnPing: the bounce stamped sent came back at now.
// Negative round trips are ignored, as CalculatePing ignores overflow.
// It reports whether ExactPing changed (CalculatePing sends
// ServerUpdatePing only then).
func (p *Tracker) Return(sent, now model.Time) bool {
	rtt := (now - sent).Millis()
	if rtt < 0 {
		return false
	}
	p.samples++
	old := p.exact
	if p.Style == UE4 {
		p.lastSend = now // CalculatePing: LastPingUpdateTime = now
		p.updatePing(rtt, now)
	} else if math.IsNaN(p.exact) || p.Smoothing >= 1 {
		p.exact = rtt
	} else {
		p.exact += p.Smoothing * (rtt - p.exact)
	}
	return p.exact != old && !(math.IsNaN(old) && math.IsNaN(p.exact))
}

// updatePing is APlayerState::UpdatePing at now for a round trip of ms.
func (p *Tracker) updatePing(ms float64, now model.Time) {
	if ms > maxSampleMs { // "to avoid overflowing PingBucket values"
		ms = maxSampleMs
		p.Capped++
	}
	floored := int(math.Floor(ms))
	if now-p.curStamp >= bucketSpan {
		// recomputed while every bucket is full: misses this sample
		p.recalculateAvgPing()
		p.cur = (p.cur + 1) % buckets
		p.curStamp = now
		p.bucket[p.cur] = bucket{sum: floored, count: 1}
		return
	}
	if p.bucket[p.cur].count >= bucketSamples {
		p.Dropped++
		return
	}
	p.bucket[p.cur].sum += floored
	p.bucket[p.cur].count++
}

// recalculateAvgPing is APlayerState::RecalculateAvgPing: the mean of
// every sample in the four buckets. UE4 sets 0 when they hold none; here
// the ping stays unknown (and what needs one says so: ping_unknown).
func (p *Tracker) recalculateAvgPing() {
	sum, count := 0, 0
	for _, b := range p.bucket {
		sum += b.sum
		count += b.count
	}
	if count > 0 {
		p.exact = float64(sum) / float64(count)
	}
}

// ExactPing is the tracked RTT in ms; ok is false until the handshake
// or the measurements gave one.
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
