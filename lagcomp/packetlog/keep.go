package packetlog

import (
	"encoding/binary"
	"slices"

	"lagscope/lagcomp/rule"
)

// Keep is a log as bytes, as a keyframe keeps it: each entry's link
// (client, direction, channel) first, then its fields as Fields' codes
// say: its shape (flags, kind, acked bits, shot and input counts: the
// CodeShape rows) only when it differs from the last entry's on its link,
// Sent from the entry before, the rest as differences from the link's
// last entry. An entry costs about 10 bytes, not a Frame's 170. Unkeep
// makes the log again, entry for entry.
func Keep(log []Frame) []byte {
	var e coder
	b := make([]byte, 0, 24*len(log)+8)
	b = binary.AppendUvarint(b, uint64(len(log)))
	for i := range log {
		b = e.put(b, &log[i])
	}
	return slices.Clone(b) // no spare room: a keyframe keeps it for the session
}

// Unkeep is the log Keep wrote.
func Unkeep(b []byte) []Frame {
	var d coder
	n, k := binary.Uvarint(b)
	b = b[k:]
	log := make([]Frame, n)
	for i := range log {
		b = d.get(b, &log[i])
	}
	return log
}

// the flags of an entry's shape beyond its CodeFlag rows (which follow
// them, a bit each in Fields' order, then a bit for each CodeSinceSent
// row at 0)
const (
	fLost     = 1 << iota
	fMessages // Messages is not nil
	fBackup   // Backup is not nil
	fCut
	fShots // Shots is not nil
	fRows  // the first row's bit
)

// coder is what both sides of Keep remember between entries.
type coder struct {
	sent int64
	link map[int]*linkCoded // per client, direction and channel
}

// linkCoded is the last entry's fields on one link that the next is
// written as differences from (by Fields' index: a CodeDeliver row's is
// its latency, a CodeSinceSent row's its time from Sent), and its shape
// (the flags, then the CodeShape rows').
type linkCoded struct {
	vals  []int64
	shape []int64
}

func (c *coder) linkOf(h *Header) (int, *linkCoded) {
	if c.link == nil {
		c.link = map[int]*linkCoded{}
	}
	k := h.Client * 4
	if h.Up {
		k++
	}
	if h.Weapon {
		k += 2
	}
	l := c.link[k]
	if l == nil {
		l = &linkCoded{vals: make([]int64, len(Fields)), shape: make([]int64, 1, 8)}
		c.link[k] = l
	}
	return k, l
}

// rowBit is each CodeFlag and CodeSinceSent row's bit in the shape's
// flags, in Fields' order after the entry's own (0: none)
var rowBit = func() []int64 {
	bits, bit := make([]int64, len(Fields)), int64(fRows)
	for i := range Fields {
		if c := Fields[i].Code; c == CodeFlag || c == CodeSinceSent {
			bits[i], bit = bit, bit<<1
		}
	}
	return bits
}()

func isShape(c Code) bool { return c == CodeShape || c == CodeShapeOnes }

func (c *coder) put(b []byte, f *Frame) []byte {
	h := &f.Header
	flags := int64(0)
	for _, x := range []struct {
		on   bool
		flag int64
	}{{h.Deliver == -1, fLost}, {f.Messages != nil, fMessages}, {f.Backup != nil, fBackup}, {f.Cut != "", fCut}, {f.Shots != nil, fShots}} {
		if x.on {
			flags |= x.flag
		}
	}
	var shape [8]int64
	sh := shape[:1]
	for i := range Fields {
		r := &Fields[i]
		switch v := r.Get(h); {
		case r.Code == CodeFlag && v != 0 || r.Code == CodeSinceSent && v == 0:
			flags |= rowBit[i]
		case isShape(r.Code):
			sh = append(sh, v)
		}
	}
	sh[0] = flags
	k, prev := c.linkOf(h)
	same := int64(0)
	if slices.Equal(sh, prev.shape) {
		same = 1
	}
	b = binary.AppendVarint(b, int64(k)*2+same) // the link (client, direction, channel), and whether the shape repeats
	if same == 0 {
		b = binary.AppendUvarint(b, uint64(flags))
		j := 1
		for i := range Fields {
			switch Fields[i].Code {
			case CodeShape:
				b = binary.AppendUvarint(b, uint64(sh[j]))
				j++
			case CodeShapeOnes:
				b = binary.AppendUvarint(b, uint64(^uint32(sh[j])))
				j++
			}
		}
		prev.shape = append(prev.shape[:0], sh...)
	}
	var sent int64
	for i := range Fields {
		if r := &Fields[i]; r.Code == CodeSent {
			sent = r.Get(h)
			b = binary.AppendVarint(b, sent-c.sent)
		}
	}
	c.sent = sent
	for i := range Fields {
		r := &Fields[i]
		v := r.Get(h)
		switch r.Code {
		case CodeDeliver:
			if v != -1 {
				b = binary.AppendVarint(b, v-sent-prev.vals[i])
				prev.vals[i] = v - sent
			}
		case CodeLinkStep:
			b = binary.AppendVarint(b, v-prev.vals[i])
			prev.vals[i] = v
		case CodeSinceSent:
			if v != 0 {
				b = binary.AppendVarint(b, v-sent-prev.vals[i])
				prev.vals[i] = v - sent
			}
		}
	}
	if f.Messages != nil {
		b = binary.AppendUvarint(b, uint64(len(f.Messages)))
		for _, m := range f.Messages {
			b = append(b, byte(m.Kind), m.Channel)
			b = binary.AppendUvarint(b, uint64(m.ID))
			b = binary.AppendUvarint(b, uint64(m.Resends))
			b = binary.AppendUvarint(b, uint64(m.Shot))
		}
	}
	if f.Backup != nil {
		b = appendSeqs(b, f.Backup)
	}
	if f.Cut != "" {
		b = binary.AppendUvarint(b, uint64(len(f.Cut)))
		b = append(b, f.Cut...)
	}
	if f.Shots != nil {
		b = appendSeqs(b, f.Shots)
	}
	return b
}

func appendSeqs(b []byte, xs []uint32) []byte {
	b = binary.AppendUvarint(b, uint64(len(xs)))
	for _, x := range xs {
		b = binary.AppendUvarint(b, uint64(x))
	}
	return b
}

func (c *coder) get(b []byte, f *Frame) []byte {
	r := &BytesIn{b}
	u, v := r.U, r.V
	h := &f.Header
	*f = Frame{}
	lk := v()
	h.Client = int(lk >> 3) // the link: client*4 (+1 up, +2 weapon), times 2, +1 when the shape repeats
	h.Up, h.Weapon = lk&2 != 0, lk&4 != 0
	_, prev := c.linkOf(h)
	if lk&1 == 0 {
		prev.shape = append(prev.shape[:0], int64(u()))
		for i := range Fields {
			switch Fields[i].Code {
			case CodeShape:
				prev.shape = append(prev.shape, int64(u()))
			case CodeShapeOnes:
				prev.shape = append(prev.shape, int64(^uint32(u())))
			}
		}
	}
	flags, j := prev.shape[0], 1
	var sent int64
	for i := range Fields {
		switch rw := &Fields[i]; rw.Code {
		case CodeFlag:
			rw.Set(h, b2i(flags&rowBit[i] != 0))
		case CodeShape, CodeShapeOnes:
			rw.Set(h, prev.shape[j])
			j++
		case CodeSent:
			sent = c.sent + v()
			rw.Set(h, sent)
		}
	}
	c.sent = sent
	for i := range Fields {
		rw := &Fields[i]
		switch rw.Code {
		case CodeDeliver:
			if flags&fLost != 0 {
				rw.Set(h, -1)
				continue
			}
			prev.vals[i] += v()
			rw.Set(h, sent+prev.vals[i])
		case CodeLinkStep:
			prev.vals[i] += v()
			rw.Set(h, prev.vals[i])
		case CodeSinceSent:
			if flags&rowBit[i] != 0 {
				rw.Set(h, 0)
				continue
			}
			prev.vals[i] += v()
			rw.Set(h, sent+prev.vals[i])
		}
	}
	if flags&fMessages != 0 {
		f.Messages = make([]Message, u())
		for i := range f.Messages {
			m := &f.Messages[i]
			m.Kind, m.Channel = Kind(r.B[0]), r.B[1]
			r.B = r.B[2:]
			m.ID = uint32(u())
			m.Resends = int(u())
			m.Shot = uint32(u())
		}
	}
	if flags&fBackup != 0 {
		f.Backup = r.seqs()
	}
	if flags&fCut != 0 {
		n := u()
		f.Cut = rule.Rule(r.B[:n])
		r.B = r.B[n:]
	}
	if flags&fShots != 0 {
		f.Shots = r.seqs()
	}
	return r.B
}

// BytesIn reads in order what a keyframe's coders wrote (this
// package's, and the Sim's snapshot keeper): varints, and raw bytes from
// B.
type BytesIn struct{ B []byte }

// U reads an unsigned varint.
func (r *BytesIn) U() uint64 {
	x, k := binary.Uvarint(r.B)
	r.B = r.B[k:]
	return x
}

// V reads a signed varint.
func (r *BytesIn) V() int64 {
	x, k := binary.Varint(r.B)
	r.B = r.B[k:]
	return x
}

func (r *BytesIn) seqs() []uint32 {
	xs := make([]uint32, r.U())
	for i := range xs {
		xs[i] = uint32(r.U())
	}
	return xs
}
