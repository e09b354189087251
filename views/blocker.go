package views

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// A picture never contradicts its verdict: a server trace that lined up
// with the rewound target (miss_by_m < 0) and yet missed was stopped by
// something its rules name — another pawn (blocked_by_pawn), a wall
// (blocked_by_wall), the range (out_of_range) — and the panes say that
// rather than "hit, … to spare" beside "server: miss". With 64
// bystanders, 75 of the default scene's 273 shots in 300 s were stopped
// by one, drawn nowhere.

// gapSays says by how much the server's trace missed or hit the target,
// or, for a trace that lined up with it and missed, what stopped it.
// Records from an engine may name no rule: their server_hit_pawn or
// server_part still says what the trace met, and a miss that nothing
// explains says so, never "hit, … to spare" beside "server: miss".
func gapSays(r *lagcomp.ShotRecord) string {
	if r.MissByM <= 0 && !r.ServerHit && r.Traced() {
		switch {
		case blockedByPawn(r):
			return fmt.Sprintf("blocked by pawn %d", r.ServerHitPawn)
		case stoppedByWall(r):
			return "blocked by a wall"
		case r.HasRule(rule.OutOfRange):
			return "beyond range"
		case r.MissByM < 0:
			return fmt.Sprintf("lined up (%.3f m inside), missed: no rule says why", -r.MissByM)
		}
	}
	return gapText(r.MissByM)
}

// blockedByPawn reports whether another pawn stopped shot r's server
// trace (it is r.ServerHitPawn): the rule blocked_by_pawn says so, or, in
// records that name no rule, a lined-up miss whose trace met another
// pawn (server_hit_pawn).
func blockedByPawn(r *lagcomp.ShotRecord) bool {
	return r.HasRule(rule.BlockedByPawn) ||
		unruledLinedUpMiss(r) && r.ServerHitPawn >= 0 && r.ServerHitPawn != r.Target
}

// stoppedByWall reports whether a wall stopped shot r's server trace: the
// rule blocked_by_wall says so, or, in records that name no rule, a
// lined-up miss whose trace ended on a wall (server_part "wall").
func stoppedByWall(r *lagcomp.ShotRecord) bool {
	return r.HasRule(rule.BlockedByWall) || unruledLinedUpMiss(r) && r.ServerPart == model.PartWall
}

// unruledLinedUpMiss is a server miss whose trace lined up with the
// target (miss_by_m < 0) on a record that names no rule (an engine's):
// what the trace met is all that says why.
func unruledLinedUpMiss(r *lagcomp.ShotRecord) bool {
	return len(r.Rules) == 0 && !r.ServerHit && r.MissByM < 0
}

// blocker draws the pawn that stopped shot r's server trace (rule
// blocked_by_pawn) where the server rewound it, in the server's blue
// (a hitbox it rewound); a is how visible the shot is (a fading ghost).
func (p *pane) blocker(r *lagcomp.ShotRecord, a float64) {
	if !r.HasRule(rule.BlockedByPawn) || !r.Blocker.Alive || !p.o.Layers.Rewound {
		return
	}
	p.hitbox(r.Blocker, alpha(ServerBlue, a), 0.3*a, 2, false)
	p.key(keyRewound)
}

// blockerNamed names the pawn that stopped shot r's trace beside its
// box, or the wall beside the trace's end; a shot read from records has
// the pawn's number alone, and a note says so.
func (p *pane) blockerNamed(r *lagcomp.ShotRecord) {
	switch {
	case stoppedByWall(r) && r.Traced() && p.o.Layers.Traces:
		// where the trace ended on the wall (framed by frameBlock)
		p.label(r.ServerEnd, "a wall stopped the trace", p.pal.Text)
	case !blockedByPawn(r) || !p.o.Layers.Rewound:
	case !r.Blocker.Alive:
		p.note(blockerUnknown(r), p.pal.Dim)
	default: // with its box, as the gap's label goes with the target's
		p.label(r.Blocker.Pos, fmt.Sprintf("pawn %d stopped the trace", r.ServerHitPawn), ServerBlue)
	}
}

// blockerUnknown is the note of a blocked shot whose blocker's pose is
// not known (read from records).
func blockerUnknown(r *lagcomp.ShotRecord) string {
	if !r.HasRule(rule.BlockedByPawn) {
		return fmt.Sprintf("blocked by pawn %d (its server_hit_pawn; the record names no rule): where the server had it is not in the records", r.ServerHitPawn)
	}
	return fmt.Sprintf("blocked by pawn %d: where the server had it is not in the records", r.ServerHitPawn)
}

// blockReach is the room, in metres, kept round the point where a
// blocker stopped the server's trace: the wall's face or the pawn's edge
// and the end of the trace beside it, with room for the mark.
const blockReach = 0.5

// frameBlock adds to fr what stopped shot r's server trace when its
// rules say a wall or another pawn did (blocked_by_wall, blocked_by_pawn):
// the point where the trace ended on it, and the blocking pawn's box, so
// that the blocker and the trace up to it are in the picture. A wall 18 m
// behind the framed hitboxes (prediction-correction's shot 15) was
// otherwise left out, and the picture said "blocked by a wall" beside no
// wall and no trace.
func (p *pane) frameBlock(fr *framer, r *lagcomp.ShotRecord) {
	if r == nil || !r.Traced() || !(stoppedByWall(r) || blockedByPawn(r)) {
		return
	}
	if r.HasRule(rule.BlockedByPawn) && r.Blocker.Alive && p.o.Layers.Rewound {
		fr.pose(r.Blocker) // the trace ended on its box, which holds the point
		return
	}
	fr.point(r.ServerEnd, blockReach)
}
