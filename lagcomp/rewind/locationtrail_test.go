package rewind

import "lagscope/model"

// LocationTrail is a straight port of UT2003's linked-list trail
// (newest first) and TimeShiftPawns' scan, kept as the baseline the ring
// buffer is checked and benchmarked against.
type LocationTrail struct {
	TimeStamp model.Time
	Pose      model.Pose
	Next      *LocationTrail
}

// legacyPawn holds the head of the list, as PredictedPawn does.
type legacyPawn struct {
	trail           *LocationTrail
	maxTrailSeconds model.Time
}

// tick is PredictedPawn.Tick: push a node, then cut the list after the
// first node older than MaxTrailSeconds.
func (p *legacyPawn) tick(now model.Time, pose model.Pose) {
	p.trail = &LocationTrail{TimeStamp: now, Pose: pose, Next: p.trail}
	for t := p.trail; t != nil; t = t.Next {
		if now-t.TimeStamp > p.maxTrailSeconds {
			t.Next = nil
			break
		}
	}
}

// timeShift is TimeShiftPawns for one pawn: find the sandwiching nodes,
// lerp (clamped), or move to the late node if the stamp is older than
// every node; with only older nodes the pawn is not moved (live pose).
func (p *legacyPawn) timeShift(stamp model.Time, live model.Pose) model.Pose {
	var late, old *LocationTrail
	for cur := p.trail; cur != nil; cur = cur.Next {
		if cur.TimeStamp > stamp {
			late = cur
		} else if old == nil {
			old = cur
		} else {
			break
		}
	}
	switch {
	case late != nil && old != nil:
		f := float64(stamp-old.TimeStamp) / float64(late.TimeStamp-old.TimeStamp)
		f = max(0, min(1, f))
		return LerpPose(old.Pose, late.Pose, f, LerpNaive)
	case late != nil:
		return late.Pose
	}
	return live
}
