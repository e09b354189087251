package rewind

import "lagscope/model"

// Rule says how a rewind found its pose.
type Rule uint8

const (
	Empty        Rule = iota // no history: the live pose was used
	Interpolated             // between the two samples that sandwich the time
	Exact                    // a sample at exactly that time
	Oldest                   // older than the trail: clamped to the oldest sample, as UT2003 and Source (the trail is exhausted)
	Latest                   // newer than every sample: the latest sample
	Guarded                  // walking back meets a death or a teleport: not rewound at all (the present), as Source's BacktrackPlayer
)

var rewindRuleNames = [...]string{"empty", "interpolated", "exact", "oldest_sample", "latest_sample", "teleport_guard"}

func (r Rule) String() string { return rewindRuleNames[r] }

// RotationLerp chooses how a rewind interpolates yaw.
type RotationLerp string

const (
	// LerpShortest turns along the shortest arc.
	LerpShortest RotationLerp = "shortest"
	// LerpNaive lerps the stored component as UT2003's TimeShiftPawns did,
	// so 359 deg to 1 deg sweeps through 180 deg.
	LerpNaive RotationLerp = "naive"
)

// Options are the knobs of a rewind.
type Options struct {
	Rotation RotationLerp
	// Guard is Source's BacktrackPlayer: walking back from the present,
	// a record where the pawn was dead, or a jump longer than the
	// teleport distance (LAG_COMPENSATION_TELEPORTED_DISTANCE), means
	// the track is lost and the pawn is not rewound at all.
	Guard bool
}

// Rewound is a pawn's pose at a past time, computed as a copy: the live
// world is never moved, so there is nothing to UnShiftPawns afterwards.
type Rewound struct {
	Pose model.Pose
	T    model.Time // the time the pose is from, after any clamp
	Rule Rule
}

// RewindTo is the pose of the pawn at time t according to its history.
// It follows UT2003's TimeShiftPawns: interpolate between the samples
// that sandwich t; older than all of them, take the oldest; newer than
// all, the latest. With the guard it first walks back as Source's
// BacktrackPlayer does and gives up on a lost track (lostTrack).
func (h *History) RewindTo(t model.Time, opt Options) Rewound {
	if h.n == 0 {
		return Rewound{Rule: Empty, T: t}
	}
	if opt.Guard && h.lostTrack(t) {
		s := h.at(h.n - 1) // the present: a pawn dead now stays dead
		return Rewound{Pose: s.Pose, T: s.T, Rule: Guarded}
	}
	i := h.search(t)
	switch {
	case i == h.n:
		s := h.At(h.n - 1)
		rule := Latest
		if s.T == t {
			rule = Exact
		}
		return Rewound{Pose: s.Pose, T: s.T, Rule: rule}
	case i == 0:
		s := h.At(0)
		return Rewound{Pose: s.Pose, T: s.T, Rule: Oldest}
	}
	old, late := h.at(i-1), h.at(i)
	if old.T == t {
		return Rewound{Pose: old.Pose, T: t, Rule: Exact}
	}
	f := float64(t-old.T) / float64(late.T-old.T)
	r := Rewound{T: t, Rule: Interpolated}
	lerpPose(&r.Pose, &old.Pose, &late.Pose, f, opt.Rotation)
	return r
}

// lostTrack is BacktrackPlayer's walk from the newest record back to
// the first one at or before t: it stops at a dead record or at a jump
// longer than the teleport distance between neighbours. Walking back
// visits the record before a jump (or the last dead record of a run)
// exactly when t is older than the record after it, which Push keeps as
// breakAt; a break whose older side has left the trail is invisible.
func (h *History) lostTrack(t model.Time) bool {
	if !h.at(h.n - 1).Pose.Alive {
		return true
	}
	return h.breakAt > h.at(0).T && t < h.breakAt
}

// LerpPose interpolates two poses; alive and epoch come from the nearer.
func LerpPose(a, b model.Pose, f float64, rot RotationLerp) model.Pose {
	var p model.Pose
	lerpPose(&p, &a, &b, f, rot)
	return p
}

// lerpPose is LerpPose into p, reading a and b in place: it sits on every
// rewind's path, where copying the poses through the stack cost more than
// the arithmetic (a lookup took half the time this way).
func lerpPose(p, a, b *model.Pose, f float64, rot RotationLerp) {
	p.Pos = a.Pos.Lerp(b.Pos, f)
	p.Alive, p.Epoch = a.Alive, a.Epoch
	if f >= 0.5 {
		p.Alive, p.Epoch = b.Alive, b.Epoch
	}
	if rot == LerpNaive {
		p.Yaw = model.LerpAngleNaive(a.Yaw, b.Yaw, f)
	} else {
		p.Yaw = model.LerpAngle(a.Yaw, b.Yaw, f)
	}
}
