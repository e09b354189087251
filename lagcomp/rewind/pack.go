package rewind

import (
	"encoding/binary"
	"math"
	"slices"

	"lagscope/model"
)

// Packed is a list of samples as bytes, for the timeline's keyframes
// (lagcomp's Sim.Keyframe), which keep a driven pawn's exact path: a knot
// at every input boundary, some 400 of 48 bytes each, most of them
// repeating the knot before or going on along the same straight line.
// Each sample is a byte of flags, its time as the difference from the
// sample before, and each of x, y and yaw that does not repeat the sample
// before as the difference of its bits from the straight line through
// the two before (the line's slope times the time since): a byte or two
// while the line holds, at most ten when it does not. The bits are what
// is restored, not arithmetic, so Unpack gives back every value exactly
// (NaNs and infinities too), whatever the line predicted.
type Packed []byte

// sample flags: what repeats the sample before
const (
	packSameX = 1 << iota
	packSameY
	packSameYaw
	packSameLife // Alive and Epoch
	packBackT    // its time is before the sample before's (the difference written is back)
)

// Pack is s as bytes (nil for nil: Unpack gives back nil or empty as s
// was).
func Pack(s []Sample) Packed {
	if s == nil {
		return nil
	}
	b := make([]byte, 0, 8*len(s)+binary.MaxVarintLen64)
	b = binary.AppendUvarint(b, uint64(len(s)))
	var l packLine
	for i := range s {
		x := &s[i]
		p := &x.Pose
		r := l.ratio(x.T)
		flags := 0
		if l.same(p.Pos.X, l.x) {
			flags |= packSameX
		}
		if l.same(p.Pos.Y, l.y) {
			flags |= packSameY
		}
		if l.same(p.Yaw, l.yaw) {
			flags |= packSameYaw
		}
		if p.Alive == l.alive && p.Epoch == l.epoch {
			flags |= packSameLife
		}
		dt := uint64(x.T - l.t[1])
		if x.T < l.t[1] {
			flags |= packBackT
			dt = uint64(l.t[1] - x.T)
		}
		b = append(b, byte(flags))
		b = binary.AppendUvarint(b, dt)
		for k, v := range [3]float64{p.Pos.X, p.Pos.Y, p.Yaw} {
			if flags&(1<<k) == 0 {
				b = binary.AppendVarint(b, int64(math.Float64bits(v)-math.Float64bits(l.predict(k, r))))
			}
		}
		if flags&packSameLife == 0 {
			life := uint64(int64(p.Epoch)-int64(l.epoch))<<1 | b2u(p.Alive)
			b = binary.AppendUvarint(b, life)
		}
		l.push(x)
	}
	return slices.Clone(b) // no spare room: a keyframe keeps it for the session
}

// Unpack is the samples Pack was given.
func (b Packed) Unpack() []Sample {
	if b == nil {
		return nil
	}
	return b.unpack(0)
}

// unpack is the samples Pack was given, in a slice at least min long.
func (b Packed) unpack(min int) []Sample {
	n, k := binary.Uvarint(b)
	b = b[k:]
	all := make([]Sample, max(int(n), min))
	s := all[:n]
	var l packLine
	for i := range s {
		flags := int(b[0])
		dt, k := binary.Uvarint(b[1:])
		b = b[1+k:]
		x := &s[i]
		x.T = l.t[1] + model.Time(dt)
		if flags&packBackT != 0 {
			x.T = l.t[1] - model.Time(dt)
		}
		r := l.ratio(x.T)
		var v [3]float64
		for j := range v {
			if flags&(1<<j) != 0 {
				v[j] = l.last(j)
				continue
			}
			d, k := binary.Varint(b)
			b = b[k:]
			v[j] = math.Float64frombits(math.Float64bits(l.predict(j, r)) + uint64(d))
		}
		x.Pose.Pos.X, x.Pose.Pos.Y, x.Pose.Yaw = v[0], v[1], v[2]
		x.Pose.Alive, x.Pose.Epoch = l.alive, l.epoch
		if flags&packSameLife == 0 {
			life, k := binary.Uvarint(b)
			b = b[k:]
			x.Pose.Alive, x.Pose.Epoch = life&1 != 0, int(int64(l.epoch)+int64(life)>>1)
		}
		l.push(x)
	}
	return all
}

// packLine is what both sides of Pack remember: the last two samples.
type packLine struct {
	t         [2]model.Time // the one before last, the last
	x, y, yaw [2]float64
	alive     bool
	epoch     int
}

// same is whether v repeats the last value of the pair, bit for bit.
func (packLine) same(v float64, pair [2]float64) bool {
	return math.Float64bits(v) == math.Float64bits(pair[1])
}

func (l *packLine) last(k int) float64 { return l.pair(k)[1] }

func (l *packLine) pair(k int) *[2]float64 {
	switch k {
	case 0:
		return &l.x
	case 1:
		return &l.y
	}
	return &l.yaw
}

// ratio is how far along the line through the last two samples a sample
// at t lies, in their own spacing (0 when they share a time).
func (l *packLine) ratio(t model.Time) float64 {
	if gap := l.t[1] - l.t[0]; gap > 0 {
		return float64(t-l.t[1]) / float64(gap)
	}
	return 0
}

// predict is value k on the line at ratio r.
func (l *packLine) predict(k int, r float64) float64 {
	p := l.pair(k)
	return p[1] + (p[1]-p[0])*r
}

func (l *packLine) push(s *Sample) {
	l.t = [2]model.Time{l.t[1], s.T}
	l.x = [2]float64{l.x[1], s.Pose.Pos.X}
	l.y = [2]float64{l.y[1], s.Pose.Pos.Y}
	l.yaw = [2]float64{l.yaw[1], s.Pose.Yaw}
	l.alive, l.epoch = s.Pose.Alive, s.Pose.Epoch
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
