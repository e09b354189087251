package lagcomp

import (
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Who wins the duel, and the figures that explain it (health > 0). A
// duel is one exposure up to its first kill: the first kill between the
// peeker and the holder once the sightings armed ends it, and a kill the
// first victim's shot makes after it, judged under dead_shooter = trade
// (rule trade), makes it a trade — both dead. Each duel figure is of that
// exposure only: a shot the victim fired once its client was told of its
// death is a shot of its next life (the dead do not fire: it came after
// its respawn), not of this duel, and the gap at the server has no value
// when one side died before any shot of its reached the server — at
// health 100 peekers-advantage's holder, told of its death before its
// screen showed the peeker, fired next two seconds later, from its
// respawn, and the gap read 2167.5 ms across the death.
//
// Time-to-kill is as each player experienced it, from its own screen:
// from its screen's first sighting of the other (centre to centre, the
// sightings') to its killing shot's fire (ttk: negative when it fired at
// a part of the other its screen showed before the centres' sighting),
// and to its client being told of its own death by a snapshot
// (told_dead: negative when told before its screen ever showed the
// killer — a death without seeing; a dead player's screen still shows
// the world). Killed behind cover is the victim's own screen showing
// cover (no line of sight, centre to centre) at its last frame before
// the server's killing tick: the document's shot behind cover, at its
// most felt (Riot's "died behind the wall").

// duelOutcome is what the duel's kills did, by side (0 the peeker, 1
// the holder; duelSide). A value: a clone copies it.
type duelOutcome struct {
	ended  bool       // the duel's first kill happened
	endAt  model.Time // its server tick
	traded bool       // the first victim's shot killed the first killer (rule trade)
	first  int        // the first killer's side
	// per side: whether it killed in the duel and its killing shot's
	// fire on its client; whether it died in it, and when its client was
	// told (a snapshot's pose of it not alive)
	killed, dead, told [2]bool
	killFire, toldAt   [2]model.Time
	behindCover        bool // the first victim's screen showed cover at the kill
	// the last look of each client observer (sightPeeker, sightHolder):
	// whether it had them in sight, and whether it has looked at all
	visible, looked [3]bool
}

// duelKill notes a judged shot's kill between the duellists: the first
// once the sightings armed ends the duel, the first victim's killing the
// first killer after it is a trade.
func (s *Sim) duelKill(r *ShotRecord) {
	w := &s.sight
	o := &w.out
	side, _ := duelSide(r.Shooter)
	vside, vwho := duelSide(r.ServerHitPawn)
	if !r.Killed || !w.armed || side < 0 || vside < 0 || side == vside {
		return
	}
	switch {
	case !o.ended:
		o.ended, o.endAt, o.first = true, r.Judged, side
		o.behindCover = o.looked[vwho] && !o.visible[vwho]
	case !o.traded && side != o.first && r.HasRule(rule.Trade):
		o.traded = true
	default:
		return // a kill of a later life: not this duel's
	}
	o.killed[side], o.killFire[side], o.dead[vside] = true, r.Fire, true
}

// duelTold notes a duellist's client told of its death in the duel.
func (s *Sim) duelTold(c *Client, t model.Time) {
	o := &s.sight.out
	side, _ := duelSide(c.Index)
	if side < 0 || !c.dead || !o.dead[side] || o.told[side] {
		return
	}
	o.told[side], o.toldAt[side] = true, t
}

// ofTheDuel is whether a shot fired at fire by side is of the duel: all
// are until its first kill; after it, a dead side's fired before its
// client was told of its death, a living side's before the kill.
func (o *duelOutcome) ofTheDuel(side int, fire model.Time) bool {
	switch {
	case !o.ended:
		return true
	case o.dead[side]:
		return !o.told[side] || fire < o.toldAt[side]
	}
	return fire <= o.endAt
}

// DuelWinner is who won a duel (the duel line's winner).
type DuelWinner string

// The outcomes, as the duel line's winner names them.
const (
	WinnerHolder DuelWinner = "holder" // the holder killed the peeker
	WinnerPeeker DuelWinner = "peeker" // the peeker killed the holder
	WinnerTrade  DuelWinner = "trade"  // both died: the victim's shot, judged after its death, killed back
	WinnerNone   DuelWinner = "none"   // no kill (health 0, or the run ended first)
)

// DuelOutcome is the duel's end as the run measured it: the kills, the
// fire of each side's killing shot, when each side's client was told of
// its death, and whether the victim's screen showed cover.
type DuelOutcome struct {
	Ended             bool
	EndAt             model.Time // the first kill's server tick
	Traded            bool
	FirstKiller       int // the first killer's pawn (-1: none)
	Killed, Dead      [2]bool
	KillFire          [2]model.Time
	Told              [2]bool
	ToldAt            [2]model.Time
	KilledBehindCover bool
}

// sidePawn is the pawn of a duel side (0 the peeker, 1 the holder).
func (p *PeekersAdvantage) sidePawn(side int) int {
	if side == 0 {
		return p.Peeker
	}
	return p.Holder
}

// Outcome is who won the duel: the kills', where Winner is whose hit the server confirmed first.
func (p *PeekersAdvantage) Outcome() DuelWinner {
	switch {
	case !p.End.Ended:
		return WinnerNone
	case p.End.Traded:
		return WinnerTrade
	case p.End.FirstKiller == p.Holder:
		return WinnerHolder
	}
	return WinnerPeeker
}

// HolderWon is the duel as a win rate's sample: 1 the holder won, 0 the
// peeker; no value for a trade or no kill (not a decided duel).
func (p *PeekersAdvantage) HolderWon() (float64, bool) {
	switch p.Outcome() {
	case WinnerHolder:
		return 1, true
	case WinnerPeeker:
		return 0, true
	}
	return 0, false
}

// sawAt is when side's own screen first showed the other.
func (p *PeekersAdvantage) sawAt(side int) (model.Time, bool) {
	if side == 0 {
		return p.PeekerSaw, p.PeekerSeen
	}
	return p.HolderSaw, p.HolderSeen
}

// TTKMs is side's time to kill as it experienced it: from its screen's
// first sighting of the other to its killing shot's fire (no value
// unless it killed in the duel and its screen saw the other).
func (p *PeekersAdvantage) TTKMs(side int) (float64, bool) {
	saw, ok := p.sawAt(side)
	if !ok || !p.End.Killed[side] {
		return 0, false
	}
	return (p.End.KillFire[side] - saw).Millis(), true
}

// ToldDeadMs is from side's screen's first sighting of the other to its
// client being told of its own death (no value unless it died in the
// duel, was told and its screen saw the other).
func (p *PeekersAdvantage) ToldDeadMs(side int) (float64, bool) {
	saw, ok := p.sawAt(side)
	if !ok || !p.End.Told[side] {
		return 0, false
	}
	return (p.End.ToldAt[side] - saw).Millis(), true
}

// KilledBehindCover is the first victim's screen showing cover at the
// kill; no value without a kill.
func (p *PeekersAdvantage) KilledBehindCover() (bool, bool) {
	return p.End.KilledBehindCover, p.End.Ended
}

// end is the duel's outcome in its measured form.
func (o *duelOutcome) end(p *PeekersAdvantage) DuelOutcome {
	d := DuelOutcome{Ended: o.ended, EndAt: o.endAt, Traded: o.traded, FirstKiller: -1,
		Killed: o.killed, Dead: o.dead, KillFire: o.killFire, Told: o.told, ToldAt: o.toldAt,
		KilledBehindCover: o.behindCover}
	if o.ended {
		d.FirstKiller = p.sidePawn(o.first)
	}
	return d
}
