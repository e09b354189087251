package packetlog

import "lagscope/lagcomp/rule"

// Entry is a packet log entry: a Frame's Header without its slices and
// its Cut, which most packets leave empty and the log keeps beside
// (Extras), so the entry holds no pointer. A run logs every packet it
// sends, while views read only the last window of them and only at their
// frames: Frames are made of these entries when a frame asks, not a
// 168-byte frame with four pointers filled, copied and scanned by the
// collector for every packet.
type Entry struct {
	Header
	// More is one plus the global number of its Extras in the log's
	// extras; 0: it has none (every slice nil, no Cut)
	More int
}

// Extras are a logged packet's slices and cut, as its Frame holds them
// (shared with it: never written after logging).
type Extras struct {
	Shots    []uint32
	Messages []Message
	Backup   []uint32
	Cut      rule.Rule
}

// Has says whether f has anything Extras holds.
func Has(f *Frame) bool {
	return f.Shots != nil || f.Messages != nil || f.Backup != nil || f.Cut != ""
}

// ExtrasOf are f's slices and cut.
func ExtrasOf(f *Frame) Extras {
	return Extras{Shots: f.Shots, Messages: f.Messages, Backup: f.Backup, Cut: f.Cut}
}

// FrameOf makes f the Frame of header h and extras x (nil: none).
func FrameOf(f *Frame, h *Header, x *Extras) {
	*f = Frame{Header: *h}
	if x != nil {
		f.Shots, f.Messages, f.Backup, f.Cut = x.Shots, x.Messages, x.Backup, x.Cut
	}
}

// Ring is a queue of entries by their global number: the live ones, Lo
// to N, each at its number modulo the array's length, a power of two.
// Nothing outside the log holds a window of it, so it is written over as
// entries leave: a run's log stays in one array (made at its first
// packet), however long it runs.
type Ring[T any] struct {
	Buf   []T
	Lo, N int
}

// At is the entry numbered i.
func (r *Ring[T]) At(i int) *T { return &r.Buf[i&(len(r.Buf)-1)] }

// Add is the place of the entry numbered N (what was there is the
// caller's to write over); the ring grows first, to room entries at
// least, when it is full.
func (r *Ring[T]) Add(room int) *T {
	if r.N-r.Lo == len(r.Buf) {
		r.Grow(room)
	}
	r.N++
	return r.At(r.N - 1)
}

// Grow moves the live entries to an array of at least room entries and
// twice the old one's, a power of two.
func (r *Ring[T]) Grow(room int) {
	m := 1
	for m < max(room, 2*len(r.Buf)) {
		m *= 2
	}
	next := make([]T, m)
	for i := r.Lo; i < r.N; i++ {
		next[i&(m-1)] = *r.At(i)
	}
	r.Buf = next
}
