package movement

import (
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// NewPredictor is a predictor at pose whose pending inputs go into room,
// an array an earlier run is done with (lagcomp's Recycler hands a
// finished sweep point's to the next), or into one made at its first
// input as before when room is too small (nil: always). It appends from
// room's start and reads only what it appended, so it runs exactly as
// &Predictor{Pose: pose} does.
func NewPredictor(pose model.Pose, room []Input) *Predictor {
	p := &Predictor{Pose: pose}
	if cap(room) >= pendingRoom {
		p.pending = room[:0]
	}
	return p
}

// Room takes back the predictor's array of pending inputs for a later
// predictor (NewPredictor): p is emptied, and must not be used again.
func (p *Predictor) Room() []Input {
	r := p.pending
	*p = Predictor{}
	return r[:0]
}

// NewBuffer is a buffer with lead whose queue and knots go into arrays an
// earlier run is done with (nil: made as they grow). It reads only what
// it appended — the queue from head by Seq, the knots by length — so it
// runs exactly as &Buffer{Lead: lead} does.
func NewBuffer(lead model.Time, queue []Input, knots []rewind.Sample) *Buffer {
	return &Buffer{Lead: lead, queue: queue[:0], Knots: knots[:0]}
}

// Rooms takes back the buffer's queue and knots arrays for a later buffer
// (NewBuffer): b is emptied, and must not be used again.
func (b *Buffer) Rooms() (queue []Input, knots []rewind.Sample) {
	queue, knots = b.queue[:0], b.Knots[:0]
	*b = Buffer{}
	return queue, knots
}
