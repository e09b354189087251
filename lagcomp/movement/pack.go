package movement

import (
	"encoding/binary"
	"math"

	"lagscope/model"
)

// PackInputs is a list of inputs as bytes, for the timeline's keyframes
// (lagcomp's Sim.Keyframe), which hold a client's unacknowledged inputs
// in its predictor, its backups and the packets in flight: 80 bytes an
// input, most of them the next frame of the same hands (numbered on,
// starting where the last ended, as long, the same move and aim). Each
// is a byte of flags saying which fields go on from the input before,
// and the others: numbers as differences, floats as the difference of
// their bits from the input before's. UnpackInputs gives back every
// input exactly, nil as nil and empty as empty.
func PackInputs(in []Input) []byte {
	if in == nil {
		return nil
	}
	b := AppendInputs(make([]byte, 0, 4*len(in)+binary.MaxVarintLen64), in)
	return append([]byte(nil), b...) // no spare room: a keyframe keeps it for the session
}

// AppendInputs appends in as PackInputs writes it (nil as empty) to b:
// UnpackInputs reads it back from where it starts, whatever follows.
func AppendInputs(b []byte, in []Input) []byte {
	b = binary.AppendUvarint(b, uint64(len(in)))
	var prev Input
	for i := range in {
		x := &in[i]
		flags := 0
		if x.Seq == prev.Seq+1 {
			flags |= inNextSeq
		}
		if x.T == prev.End() {
			flags |= inNextT
		}
		if x.Dt == prev.Dt {
			flags |= inSameDt
		}
		if sameBits(x.Vel.X, prev.Vel.X) && sameBits(x.Vel.Y, prev.Vel.Y) {
			flags |= inSameVel
		}
		if sameBits(x.Yaw, prev.Yaw) {
			flags |= inSameYaw
		}
		if x.Epoch == prev.Epoch && x.Alive == prev.Alive && sameBits(x.Jump.X, prev.Jump.X) && sameBits(x.Jump.Y, prev.Jump.Y) {
			flags |= inSameLife
		}
		if x.Fire {
			flags |= inFire
		}
		if x.HasPos {
			flags |= inHasPos
		}
		b = append(b, byte(flags))
		if flags&inNextSeq == 0 {
			b = binary.AppendVarint(b, int64(x.Seq)-int64(prev.Seq))
		}
		if flags&inNextT == 0 {
			b = binary.AppendVarint(b, int64(x.T-prev.End()))
		}
		if flags&inSameDt == 0 {
			b = binary.AppendVarint(b, int64(x.Dt-prev.Dt))
		}
		if flags&inSameVel == 0 {
			b = appendBits(b, x.Vel.X, prev.Vel.X)
			b = appendBits(b, x.Vel.Y, prev.Vel.Y)
		}
		if flags&inSameYaw == 0 {
			b = appendBits(b, x.Yaw, prev.Yaw)
		}
		if flags&inSameLife == 0 {
			b = binary.AppendVarint(b, int64(x.Epoch)-int64(prev.Epoch))
			b = append(b, b2b(x.Alive))
			b = appendBits(b, x.Jump.X, prev.Jump.X)
			b = appendBits(b, x.Jump.Y, prev.Jump.Y)
		}
		if x.HasPos {
			b = appendBits(b, x.Pos.X, prev.Pos.X)
			b = appendBits(b, x.Pos.Y, prev.Pos.Y)
		}
		prev = *x
		if !x.HasPos {
			prev.Pos = model.Vec{} // as UnpackInputs has it
		}
	}
	return b
}

// UnpackInputs is the list PackInputs was given.
func UnpackInputs(b []byte) []Input {
	if b == nil {
		return nil
	}
	n, k := binary.Uvarint(b)
	b = b[k:]
	in := make([]Input, n)
	var prev Input
	v := func() int64 {
		x, k := binary.Varint(b)
		b = b[k:]
		return x
	}
	f := func(p float64) float64 {
		return math.Float64frombits(math.Float64bits(p) + uint64(v()))
	}
	for i := range in {
		flags := int(b[0])
		b = b[1:]
		x := &in[i]
		*x = prev
		x.Seq, x.T, x.Fire = prev.Seq+1, prev.End(), flags&inFire != 0
		if flags&inNextSeq == 0 {
			x.Seq = uint32(int64(prev.Seq) + v())
		}
		if flags&inNextT == 0 {
			x.T = prev.End() + model.Time(v())
		}
		if flags&inSameDt == 0 {
			x.Dt = prev.Dt + model.Time(v())
		}
		if flags&inSameVel == 0 {
			x.Vel.X = f(prev.Vel.X)
			x.Vel.Y = f(prev.Vel.Y)
		}
		if flags&inSameYaw == 0 {
			x.Yaw = f(prev.Yaw)
		}
		if flags&inSameLife == 0 {
			x.Epoch = int32(int64(prev.Epoch) + v())
			x.Alive, b = b[0] != 0, b[1:]
			x.Jump.X = f(prev.Jump.X)
			x.Jump.Y = f(prev.Jump.Y)
		}
		x.HasPos, x.Pos = flags&inHasPos != 0, model.Vec{}
		if x.HasPos {
			x.Pos.X = f(prev.Pos.X)
			x.Pos.Y = f(prev.Pos.Y)
		}
		prev = *x
	}
	return in
}

// input flags: which fields go on from the input before
const (
	inNextSeq  = 1 << iota // Seq one on
	inNextT                // T where it ended
	inSameDt               // as long
	inSameVel              // the same Vel
	inSameYaw              // the same Yaw
	inSameLife             // the same Epoch, Alive and Jump
	inFire                 // Fire
	inHasPos               // a client-reported Pos follows (movement_authority = client)
)

func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// appendBits writes v as the difference of its bits from prev's.
func appendBits(b []byte, v, prev float64) []byte {
	return binary.AppendVarint(b, int64(math.Float64bits(v)-math.Float64bits(prev)))
}

func b2b(x bool) byte {
	if x {
		return 1
	}
	return 0
}
