package movement

import "lagscope/model"

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
