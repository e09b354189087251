package rewind

import (
	"math"
	"math/bits"

	"lagscope/model"
)

// Sample is one entry of a pawn's history: UT2003's LocationTrail node
// (TimeStamp, Location, Rotation) plus whether the pawn was alive and its
// teleport epoch, which Source's lag compensation also records.
type Sample struct {
	T    model.Time
	Pose model.Pose
}

// History is a pawn's bounded trail of samples, oldest first, in a ring
// buffer. UT2003 kept a linked list and scanned it on every shot; a ring
// gives the same answers by index arithmetic (search) and no garbage.
type History struct {
	buf      []Sample
	head, n  int
	maxTrail model.Time
	// breakAt is the time of the newest sample that follows a
	// discontinuity (a jump longer than the teleport distance, or a
	// respawn after death); Source never rewinds past one.
	breakAt model.Time
	// pushed counts every sample ever pushed: the absolute index of the
	// next one. seg is the newest run at one tick rate (see segment).
	pushed int64
	seg    segment
	// anchor is where index arithmetic starts, kept by Push and Reset
	// so a lookup need not work it out: the index of the newest segment's
	// oldest held sample, its time, and how many samples follow it (0
	// when index arithmetic cannot answer).
	anchor  int
	anchorT model.Time
	after   int
	// unwound counts the held samples whose yaw is outside [0, 2*pi):
	// while there are none, a naive yaw lerp needs no normalising.
	unwound int
	// packed, in a keyframe's copy only (Pack), holds the samples as bytes
	// and buf none
	packed Packed
}

// NewHistory keeps maxTrail of samples; capacity is a hint (samples
// expected in maxTrail) and grows if the tick rate rises.
func NewHistory(maxTrail model.Time, capacity int) *History {
	return &History{buf: make([]Sample, max(capacity, 4)), maxTrail: maxTrail, breakAt: -1 << 62}
}

// Len is the number of samples held.
func (h *History) Len() int { return h.n }

// At is the i-th sample, oldest first.
func (h *History) At(i int) Sample { return *h.at(i) }

// at indexes the ring without a division: it sits on every rewind's path.
func (h *History) at(i int) *Sample {
	j := h.head + i
	if j >= len(h.buf) {
		j -= len(h.buf)
	}
	return &h.buf[j]
}

// Newest is the latest sample; ok is false when empty.
func (h *History) Newest() (Sample, bool) {
	if h.n == 0 {
		return Sample{}, false
	}
	return h.At(h.n - 1), true
}

// Reset drops every sample, as UT2003's open problem asks on respawn or
// teleport: otherwise a rewind interpolates through places the pawn never
// visited.
func (h *History) Reset() {
	h.head, h.n, h.unwound = 0, 0, 0
	h.seg.restart(h.pushed)
	h.after = 0
}

// SetMaxTrail changes how much history is kept from the next Push on.
func (h *History) SetMaxTrail(d model.Time) { h.maxTrail = d }

// Push appends a sample (times must increase) and frees the ones older
// than maxTrail. Like UT2003's PredictedPawn.Tick it keeps the first
// sample beyond the bound, so a stamp exactly maxTrail old still has a
// sample on each side.
func (h *History) Push(s Sample, teleportDist float64) {
	if h.n > 0 { // the newest sample, read in place (a Push a tick for every pawn)
		prev := h.at(h.n - 1)
		if teleportDist > 0 {
			jumped := beyond(prev.Pose.Pos, s.Pose.Pos, teleportDist)
			respawned := !prev.Pose.Alive && s.Pose.Alive
			if jumped || respawned {
				h.breakAt = s.T
			}
		}
		h.seg.extend(h.pushed, s.T, prev.T)
	}
	h.pushed++
	if h.n == len(h.buf) {
		h.grow()
	}
	*h.at(h.n) = s
	h.n++
	h.unwound += unwound(s.Pose.Yaw)
	for h.n > 2 && s.T-h.at(1).T > h.maxTrail {
		h.unwound -= unwound(h.at(0).Pose.Yaw)
		if h.head++; h.head == len(h.buf) {
			h.head = 0
		}
		h.n--
	}
	h.setAnchor()
}

// unwound is 1 for a yaw outside [0, 2*pi), the range NormalizeAngle
// leaves alone, else 0.
func unwound(yaw float64) int {
	if yaw >= 0 && yaw < 2*math.Pi {
		return 0
	}
	return 1
}

// beyond is a.Dist(b) > d without the square root where the squares
// decide it: 1e-9 apart, far beyond their rounding (and the root's), and
// all of normal size — or no step at all (a pawn standing still: the
// distance is 0). Near the boundary, or with a NaN, an infinity or a
// square out of range, it is the distance itself.
func beyond(a, b model.Vec, d float64) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	if dx == 0 && dy == 0 {
		return 0 > d
	}
	if q, dd := dx*dx+dy*dy, d*d; q > 1e-300 && q < 1e300 && dd > 1e-300 && dd < 1e300 {
		if q < dd*(1-1e-9) {
			return false
		}
		if q > dd*(1+1e-9) {
			return true
		}
	}
	return a.Dist(b) > d
}

// setAnchor finds the newest segment's oldest held sample: the samples
// before it (older segments, or ones the trail has dropped) are not at
// its tick rate.
func (h *History) setAnchor() {
	a := max(int(h.seg.first-(h.pushed-int64(h.n))), 0)
	h.anchor, h.after = a, 0
	if h.seg.gapMin != 0 && h.seg.rate != 0 && a < h.n-1 {
		h.anchorT, h.after = h.at(a).T, h.n-a-1
	}
}

func (h *History) grow() {
	nb := make([]Sample, 2*len(h.buf))
	for i := 0; i < h.n; i++ {
		nb[i] = h.At(i)
	}
	h.buf, h.head = nb, 0
}

// search is the index of the first sample newer than t (h.n if none).
// UT2003 walked its list from the newest node; here the samples sit at
// known tick times, so the index is computed from t (segment) and only
// checked against its neighbours. Where that fails (t before the newest
// tick-rate change, or off by more than one) a binary search answers: the
// result is the same either way, only its cost differs.
func (h *History) search(t model.Time) int {
	if i, ok := h.guess(t); ok {
		return i
	}
	lo, hi := 0, h.n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if h.at(m).T > t {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// guess is search by index arithmetic within the newest segment: from
// the segment's oldest held sample a (the anchor), the first sample newer
// than t is about a + 1 + (t − T_a)·rate (estimate), or one either side of
// it. The answer is accepted only if the samples each side of it sandwich
// t, so a wrong guess costs a search, never a wrong rewind.
func (h *History) guess(t model.Time) (int, bool) {
	a := h.anchor
	if h.after == 0 {
		return 0, false
	}
	if t < h.anchorT {
		return 0, a == 0 // older than the whole trail: UT2003's oldest-sample case
	}
	k, ok := h.estimate(t)
	if !ok {
		k = h.n
	}
	for _, i := range [3]int{k, k + 1, k - 1} {
		if i > a && i <= h.n && h.at(i-1).T <= t && (i == h.n || h.at(i).T > t) {
			return i, true
		}
	}
	return 0, false
}

// estimate is guess's first try alone, small enough to inline into a
// rewind: the index of the first sample newer than t if the newest
// segment's tick rate held from its anchor to t. ok says the index is
// one of the samples after the anchor (t before the anchor wraps to a
// huge count); whether they sandwich t is the caller's to check.
func (h *History) estimate(t model.Time) (i int, ok bool) {
	k, _ := bits.Mul64(uint64(t-h.anchorT), h.seg.rate) // ⌊(t − T_a)·rate⌋
	return h.anchor + 1 + int(k), k < uint64(h.after)
}
