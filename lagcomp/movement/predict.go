package movement

import "lagscope/model"

// Predictor is a client's prediction of its own pawn (client-side
// prediction): every input moves the pawn at once, and is kept until the
// server has played it. When a snapshot says where the server's pawn
// stood after playing this client's inputs up to some client time, the
// client reconciles — resets to that state and replays the inputs the
// server has not played yet (Source's prediction; Gambetta's server
// reconciliation). If that puts the pawn somewhere else than predicted,
// the prediction was wrong: a correction, counted with its size.
type Predictor struct {
	Pose    model.Pose // the predicted present
	pending []Input    // inputs the server has not wholly played, oldest first, from head on
	head    int        // pending[:head] are played (dropped by moving head: no shift at every snapshot)
	packed  []byte     // in a keyframe's copy only (Pack): pending as bytes

	Corrections    int
	MaxCorrectionM float64
}

// Ack is what a snapshot tells a client of its own pawn: the server has
// played its inputs up to client time Cursor, and the pawn stood at Pose.
type Ack struct {
	Cursor model.Time
	Pose   model.Pose
}

// Correction is one reconciliation that moved the predicted pawn: at the
// client frame At, from where it was predicted to where the replay put it.
type Correction struct {
	At       model.Time
	From, To model.Vec
	M        float64
}

// CorrectionMinM is the smallest disagreement counted as a correction:
// below a millimetre it is the rounding of server and client cutting the
// same inputs at different instants (its ticks, their frames), not a
// misprediction.
const CorrectionMinM = 0.001

// shiftPlayed is how many played inputs Reconcile lets pile up before
// it shifts the pending list down (and only when they are half of it).
const shiftPlayed = 64

// pendingRoom is what the pending list is made with: what Reconcile lets
// it hold before it shifts (shiftPlayed played and as many unacked, and
// some).
const pendingRoom = 2*shiftPlayed + 32

// Predict applies a new input at once and keeps it for replay.
func (p *Predictor) Predict(in Input, walls []model.Wall) {
	apply(&p.Pose, &in, in.T, in.End(), walls)
	if p.pending == nil {
		// room for what Reconcile lets it hold before it shifts
		// (shiftPlayed played and as many unacked, and some), made once
		// rather than grown by doubling in every run
		p.pending = make([]Input, 0, pendingRoom)
	}
	p.pending = append(p.pending, in)
}

// Pending is how many inputs await the server.
func (p *Predictor) Pending() int { return len(p.pending) - p.head }

// Reconcile takes the server's state for this client's pawn: the inputs
// it has wholly played are forgotten, and the pawn is put at the server's
// pose and moved again by the rest (the part of a frame the server has
// not played yet included). at is the client frame it happens at. It
// reports the correction when the replayed present differs from the
// predicted one by CorrectionMinM or more.
func (p *Predictor) Reconcile(a Ack, at model.Time, walls []model.Wall) (Correction, bool) {
	return p.settle(a, at, walls, true)
}

// Snap is Reconcile without the replay: a client that predicts but does
// not reconcile (Gabriel Gambetta, "Fast-Paced Multiplayer": client-side
// prediction without server reconciliation) puts its pawn where the
// server's word has it and forgets nothing it has not played, so the pawn
// snaps back by the movement still in flight and walks on from there. The
// inputs the server has not played stay pending (counted by Pending); the
// jump, when CorrectionMinM or more, is a correction as Reconcile's.
func (p *Predictor) Snap(a Ack, at model.Time) (Correction, bool) {
	return p.settle(a, at, nil, false)
}

// settle forgets the inputs the server has wholly played and puts the
// pawn at the server's pose, replaying the rest when replays says so.
func (p *Predictor) settle(a Ack, at model.Time, walls []model.Wall, replays bool) (Correction, bool) {
	for p.head < len(p.pending) && p.pending[p.head].End() <= a.Cursor {
		p.head++
	}
	if p.head >= shiftPlayed && 2*p.head >= len(p.pending) { // shifted rarely, in place (a clone copies it)
		p.pending, p.head = p.pending[:copy(p.pending, p.pending[p.head:])], 0
	}
	pending := p.pending[p.head:]
	pose := a.Pose
	if replays {
		pose = replay(a.Pose, pending, a.Cursor, walls)
	}
	if len(pending) == 0 && p.Pose.Epoch != pose.Epoch {
		pose.Epoch = p.Pose.Epoch
	}
	c := Correction{At: at, From: p.Pose.Pos, To: pose.Pos, M: p.Pose.Pos.Dist(pose.Pos)}
	p.Pose = pose
	if c.M < CorrectionMinM {
		return c, false
	}
	p.Corrections++
	p.MaxCorrectionM = max(p.MaxCorrectionM, c.M)
	return c, true
}

// replay is apply over each of the pending inputs in turn, from where
// the server stopped (max(T, cursor)) to its end.
func replay(pose model.Pose, pending []Input, cursor model.Time, walls []model.Wall) model.Pose {
	for i := range pending {
		in := &pending[i]
		apply(&pose, in, max(in.T, cursor), in.End(), walls)
	}
	return pose
}

// Clone is a copy sharing nothing written later.
func (p *Predictor) Clone() *Predictor {
	c := *p
	if p.packed != nil { // a keyframe's (Pack)
		c.pending, c.packed = UnpackInputs(p.packed), nil
		if len(c.pending) == 0 {
			c.pending = nil // as the append below gives
		}
		return &c
	}
	c.pending, c.head = append([]Input(nil), p.pending[p.head:]...), 0
	return &c
}

// Pack is a copy for a keyframe to keep: its pending inputs as bytes
// (PackInputs), which Clone unpacks. Nothing may read it but Clone.
func (p *Predictor) Pack() *Predictor {
	c := *p
	c.pending, c.head, c.packed = nil, 0, PackInputs(p.pending[p.head:])
	if c.packed == nil {
		c.packed = PackInputs([]Input{})
	}
	return &c
}
