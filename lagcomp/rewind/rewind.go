package rewind

import (
	"fmt"
	"math"

	"lagscope/model"
)

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

// RotationLerp chooses how a rewind interpolates yaw. It is a number
// named by String (the rotation_lerp key's values), not the name itself:
// every rewind tests it, and a number is one comparison.
type RotationLerp uint8

const (
	// LerpShortest turns along the shortest arc.
	LerpShortest RotationLerp = iota
	// LerpNaive lerps the stored component as UT2003's TimeShiftPawns did,
	// so 359 deg to 1 deg sweeps through 180 deg.
	LerpNaive
)

var rotationLerpNames = [...]string{"shortest", "naive"}

func (r RotationLerp) String() string {
	if int(r) < len(rotationLerpNames) {
		return rotationLerpNames[r]
	}
	return fmt.Sprintf("RotationLerp(%d)", r)
}

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
//
// It runs for every pawn of every shot, so its common case (t inside the
// newest tick rate's samples) costs one index computation and no call:
// the pose is built field by field straight into the named result r,
// because a Pose is too large to live in registers and copying one whole
// through the stack just after writing it stalls the CPU's store
// forwarding (a local Rewound returned is copied so: 12 ns, not 6.6).
func (h *History) RewindTo(t model.Time, opt Options) (r Rewound) {
	if opt.Guard && h.n > 0 && h.lostTrack(t) {
		s := h.at(h.n - 1) // the present: a pawn dead now stays dead
		return Rewound{Pose: s.Pose, T: s.T, Rule: Guarded}
	}
	var old, late *Sample
	if i, ok := h.estimate(t); ok {
		old, late = h.at(i-1), h.at(i)
	}
	if old == nil || old.T > t || late.T <= t {
		if h.n == 0 {
			return Rewound{Rule: Empty, T: t}
		}
		switch i := h.search(t); i {
		case h.n:
			s := h.at(h.n - 1)
			rule := Latest
			if s.T == t {
				rule = Exact
			}
			return Rewound{Pose: s.Pose, T: s.T, Rule: rule}
		case 0:
			s := h.at(0)
			return Rewound{Pose: s.Pose, T: s.T, Rule: Oldest}
		default:
			old, late = h.at(i-1), h.at(i)
		}
	}
	if old.T == t {
		return Rewound{Pose: old.Pose, T: t, Rule: Exact}
	}
	a, b := &old.Pose, &late.Pose
	f := float64(t-old.T) / float64(late.T-old.T)
	yaw, ok := lerpYawFast(a.Yaw, b.Yaw, f, opt.Rotation, h.unwound == 0)
	if !ok {
		yaw = lerpYaw(a.Yaw, b.Yaw, f, opt.Rotation)
	}
	// Alive and epoch come from the nearer sample, picked by index: a
	// branch on f would be mispredicted about every other rewind.
	k := 0
	if f >= 0.5 {
		k = 1
	}
	near := [2]*model.Pose{a, b}[k]
	r.Pose.Pos, r.Pose.Yaw = a.Pos.Lerp(b.Pos, f), yaw
	r.Pose.Alive, r.Pose.Epoch = near.Alive, near.Epoch
	r.T, r.Rule = t, Interpolated
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
	near := &a
	if f >= 0.5 {
		near = &b
	}
	return model.Pose{Pos: a.Pos.Lerp(b.Pos, f), Yaw: lerpYaw(a.Yaw, b.Yaw, f, rot), Alive: near.Alive, Epoch: near.Epoch}
}

// lerpYaw interpolates yaw by rot.
func lerpYaw(a, b, f float64, rot RotationLerp) float64 {
	if rot == LerpNaive {
		return model.LerpAngleNaive(a, b, f)
	}
	return model.LerpAngle(a, b, f)
}

// lerpYawFast is lerpYaw where nothing wraps, small enough to inline
// into a rewind: both yaws stored in [0, 2*pi) (inRange), where
// model.LerpAngleNaive normalises neither; or a shortest turn d in
// (-pi, pi] landing in [0, 2*pi), where model.LerpAngle wraps neither.
// Both then reduce to this same a + d*f, so the yaw is theirs bit for
// bit; ok is false elsewhere.
func lerpYawFast(a, b, f float64, rot RotationLerp, inRange bool) (yaw float64, ok bool) {
	d := b - a
	yaw = a + d*f
	if rot == LerpNaive {
		return yaw, inRange
	}
	return yaw, d > -math.Pi && d <= math.Pi && yaw >= 0 && yaw < 2*math.Pi
}

// ParseRule is the rule a record names ("interpolated"), as String
// gives it; ok false for a name that is none of them.
func ParseRule(name string) (Rule, bool) {
	for i, n := range rewindRuleNames {
		if n == name {
			return Rule(i), true
		}
	}
	return 0, false
}
