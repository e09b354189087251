package movement

import "lagscope/model"

// Input is what a player's hands did over one client frame: Source's
// usercmd (move direction and speed, view angles, buttons) with the frame
// time it covers. Sampled at the frame at T+Dt, it moves the pawn over
// [T, T+Dt) on the client's clock.
type Input struct {
	Seq uint32     // numbered per client from 1, in sampling order
	T   model.Time // the start of the frame it covers
	Dt  model.Time // how long that frame lasted
	Vel model.Vec  // move direction × speed, m/s
	Yaw float64    // aim, radians
	// Fire: the trigger was pulled at this frame (the shot itself travels
	// as a shot command in the same packets).
	Fire bool
	// Epoch, Alive and Jump carry a scripted scene's teleports, deaths and
	// respawns (the scene's rule, not the player's hands): when Epoch
	// differs from the pawn's, the pawn is put at Jump as the input's frame
	// begins; Alive is the pawn's state over the frame.
	Epoch int32
	Alive bool
	Jump  model.Vec
	// Pos is where the client's prediction put the pawn at the input's
	// end, sent with it when HasPos (movement_authority = client: Unreal's
	// ServerMove carries the client's ClientLoc).
	Pos    model.Vec
	HasPos bool
}

// End is when the frame the input covers ends: the client time it was
// sampled at.
func (in *Input) End() model.Time { return in.T + in.Dt }

// Apply moves pose by the part [from, to) of input in's frame: the jump
// first if in starts a new epoch, then the input's velocity for the time
// given, stopped by the walls. Server and predicting client both move
// with it, so on the same inputs they agree.
func Apply(pose model.Pose, in *Input, from, to model.Time, walls []model.Wall) model.Pose {
	apply(&pose, in, from, to, walls)
	return pose
}

// apply is Apply on the pose where it lies: the server's and the
// predictor's every input (not a pose copied in and out at each).
func apply(pose *model.Pose, in *Input, from, to model.Time, walls []model.Wall) {
	if int(in.Epoch) != pose.Epoch {
		pose.Pos, pose.Epoch = in.Jump, int(in.Epoch)
	}
	pose.Alive, pose.Yaw = in.Alive, in.Yaw
	if to > from {
		// move(pose.Pos, d, walls), its common case written in line (the
		// replays of every reconciliation go through here)
		d := in.Vel.Scale((to - from).Seconds())
		if len(walls) == 0 && d.X-d.X == 0 && d.Y-d.Y == 0 {
			if d.X != 0 || d.Y != 0 {
				pose.Pos.X, pose.Pos.Y = pose.Pos.X+d.X, pose.Pos.Y+d.Y
			}
		} else {
			pose.Pos = moveWalls(pose.Pos, d, walls)
		}
	}
}

// Skin is how far short of a wall a blocked move stops, metres: on the
// wall's face itself every direction would count as into it.
const Skin = 1e-6

// Move is pos moved at vel for dt, stopped Skin short of the first wall
// its path enters. A wall the pawn already stands inside does not hold
// it (it walks out): a scene placed in a wall is not frozen there.
func Move(pos, vel model.Vec, dt model.Time, walls []model.Wall) model.Vec {
	return move(pos, vel.Scale(dt.Seconds()), walls)
}

// move is Move by the step d. Without walls nothing stops it: the length
// and direction moveWalls finds would only give back pos + d (a zero step
// pos itself, its zeros' signs kept), so they are skipped; a step not
// finite (x-x is not 0) is left to moveWalls (its direction is NaN).
func move(pos, d model.Vec, walls []model.Wall) model.Vec {
	if len(walls) == 0 && d.X-d.X == 0 && d.Y-d.Y == 0 {
		if d.X != 0 || d.Y != 0 {
			pos.X, pos.Y = pos.X+d.X, pos.Y+d.Y // pos.Add(d)
		}
		return pos
	}
	return moveWalls(pos, d, walls)
}

// moveWalls is move against the walls.
func moveWalls(pos, d model.Vec, walls []model.Wall) model.Vec {
	dist := d.Len()
	if dist == 0 {
		return pos
	}
	dir := d.Scale(1 / dist)
	reach := dist
	for _, w := range walls {
		if inside(pos, w) {
			continue
		}
		// a path ending within Skin of the face stops Skin short too: a
		// pawn never rests on a face, where moving away would count as in
		if t, ok := w.Intersect(pos, dir, reach+Skin); ok && t-Skin < reach {
			reach = max(0, t-Skin)
		}
	}
	if reach == dist {
		return pos.Add(d)
	}
	return pos.Add(dir.Scale(reach))
}

func inside(p model.Vec, w model.Wall) bool {
	return p.X > w.Min.X && p.X < w.Max.X && p.Y > w.Min.Y && p.Y < w.Max.Y
}
