package lagcomp

import (
	"math"

	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// judge is the server's handling of one shot command at its present tick,
// recorded with the ground truth of what the client saw beside it. via is
// the copy of the command that arrived. A copy of a command already
// handled is refused as a duplicate and named on the shot's one record.
func (s *Sim) judge(cmd *Command, arrival model.Time, via arrivedCopy) {
	cfg := &s.cfg
	srv := s.Server
	now := srv.Now
	cn := srv.conns[cmd.Client]
	rule := cn.checkSeq(cmd.Seq)
	if rule == RuleDuplicate {
		s.duplicate(cmd.Seq, rule)
		return
	}
	ps := pendingShot{delivery: delivery{cmd: cmd, rec: -1}} // a command the bot never sent (a test's forgery) has no ground truth
	if p := s.shot(cmd.Seq); p != nil {
		p.arrived = true
		ps = *p
	}
	shooter := &srv.Pawns[cmd.Client]
	victim := foe(cmd.Client) // the target, or in a duel the shooter for the target's shots
	if cmd.Weapon.IsProjectile() {
		s.spawnProjectile(cmd, rule, shooter.Pose, via)
		return
	}
	r := s.clientRecord(&ps)
	r.Outcome, r.Arrival, r.Judged, r.RewindTo, r.Settled = OutcomeJudged, arrival, now, now, now
	r.ServerNow, r.Rewound, r.Origin = srv.Pawns[victim].Pose, srv.Pawns[victim].Pose, shooter.Pose.Pos
	switch {
	case rule != "":
		r.Outcome, r.Rejected, r.Rules, r.ServerEnd = OutcomeRejected, true, []Rule{rule}, r.Origin
	case cfg.Mode == ModeClient:
		s.acceptClaim(&r, cmd, victim)
	default:
		s.trace(&r, cn, cmd, victim)
	}
	if !r.Rejected && cmd.Client == ShooterPawn { // the weapon channel carries the shooter's weapon only
		s.weaponFired()
	}
	if r.Traced() { // the rewind and trace figures exist only for a traced shot
		r.RewindErrorM = r.ClientSaw.Pos.Dist(r.Rewound.Pos)
		r.TruthErrorM = r.Rewound.Pos.Dist(srv.Pawns[victim].Motion.At(r.RewindTo).Pos)
		r.YawErrorDeg = math.Abs(model.AngleDiff(r.ClientSaw.Yaw, r.Rewound.Yaw)) * 180 / math.Pi
		r.MissByM = r.Rewound.Box().LateralGap(r.Origin, r.Dir)
	}
	if r.ServerHit {
		r.BehindCover = s.victimBehindCover(&r)
	}
	s.arrivalRules(&r, &ps, via)
	if p := s.shot(cmd.Seq); p != nil {
		p.rec = s.Shots.Len()
	}
	s.duelWin(&r)
	s.Shots.Append(r)
}

// arrivalRules name how late the copy that arrived was, and why.
func (s *Sim) arrivalRules(r *ShotRecord, ps *pendingShot, via arrivedCopy) {
	rule, delay, resends := s.arrival(ps, via)
	r.Resends, r.Sends, r.ArrivalDelay = resends, len(ps.sentAt), delay
	if rule != "" {
		r.Rules = append(r.Rules, rule)
	}
}

// arrival is how late the copy of a command that arrived was, against a
// first copy that had arrived with the same transit: sent that much
// later, plus any wait in its reliable channel behind an earlier message.
func (s *Sim) arrival(ps *pendingShot, via arrivedCopy) (Rule, model.Time, int) {
	var delay model.Time
	if len(ps.sentAt) > 0 {
		delay = via.sent - ps.sentAt[0]
	}
	delay += via.held
	switch {
	case via.backup:
		return RuleCommandBackup, delay, via.resends
	case via.reliable && via.resends > 0:
		return RuleCommandResent, delay, via.resends
	case via.held > 0:
		return RuleCommandHeld, delay, via.resends
	}
	return "", delay, via.resends
}

// acceptClaim is ZeroPing: the server does no trace and credits whatever
// the client says it hit. Forged hits pass; there is nothing to stop them.
func (s *Sim) acceptClaim(r *ShotRecord, cmd *Command, victim int) {
	r.Rules = []Rule{RuleClientAuthority}
	r.ServerHit = cmd.ClaimHit && cmd.ClaimTarget == victim
	r.ServerHitPawn = -1
	if cmd.ClaimHit {
		r.ServerHitPawn, r.ServerPart = cmd.ClaimTarget, cmd.ClaimPart
	}
	r.ServerEnd = r.ClientEnd
}

// trace rewinds the world to the mode's target time and traces the shot
// from the shooter's present position, as UT2003's DoTrace does between
// TimeShiftPawns and UnShiftPawns (here on copies, so nothing to undo).
func (s *Sim) trace(r *ShotRecord, cn *conn, cmd *Command, victim int) {
	cfg := &s.cfg
	srv := s.Server
	target, claimed, hasClaimed, rules := srv.rewindTarget(cfg, cn, cmd, srv.Now)
	r.Claimed, r.HasClaimed, r.Rules = claimed, hasClaimed, rules
	opt := rewind.Options{Rotation: cfg.Rotation, Guard: cfg.TeleportGuard}
	r.Rewinds, r.Culls = srv.rewindAll(cfg, cmd.Client, target, r.Origin, r.Dir, opt)
	r.RewoundPawns = append([]int(nil), srv.rewound...)
	r.BroadPhase = srv.grid.Visited(srv.cells)
	rw := srv.Pawns[victim].History.RewindTo(target, opt)
	r.RewindTo, r.RewindRule = rw.T, rw.Rule
	if rw.Rule != rewind.Empty {
		r.Rewound = rw.Pose
	}
	switch rw.Rule {
	case rewind.Oldest:
		r.Rules = append(r.Rules, RuleTrailExhausted)
	case rewind.Guarded:
		r.Rules = append(r.Rules, RuleTeleportGuard)
	}
	hit := model.Raycast(r.Origin, r.Dir, cfg.RangeM, cfg.Walls, srv.targets)
	r.ServerEnd, r.ServerHitPawn, r.ServerPart = hit.Point, hit.Pawn, hit.Part
	r.ServerHit = hit.Pawn == victim
	if !r.ServerHit {
		r.Rules = append(r.Rules, s.missRules(r, hit, victim)...)
	}
}

// missRules name why a trace that lined up with the victim's rewound
// hitbox did not hit it, so a record never shows miss_by_m < 0 beside a
// miss unexplained: a wall came first (the trace starts at the shooter's
// present position, not where his client drew him, so it can meet a wall
// the client's did not), or the hitbox lay beyond range_m.
func (s *Sim) missRules(r *ShotRecord, hit model.Hit, victim int) []Rule {
	if !r.Rewound.Alive {
		return nil
	}
	box := []model.Target{{Pawn: victim, Box: r.Rewound.Box()}}
	clear := model.Raycast(r.Origin, r.Dir, math.Inf(1), nil, box)
	switch {
	case clear.Pawn != victim:
		return nil
	case hit.Part == model.PartWall && hit.Dist < clear.Dist:
		return []Rule{RuleBlockedByWall}
	case clear.Dist > s.cfg.RangeM:
		return []Rule{RuleOutOfRange}
	}
	return nil
}

// victimBehindCover is "I was already behind the wall": when the server
// judged the hit, the victim's own screen (its latest frame) showed a
// wall between itself, where it predicts itself, and the shooter as it
// displays him. It notes what that screen showed in the record.
func (s *Sim) victimBehindCover(r *ShotRecord) bool {
	victim, shooter := r.Target, r.Shooter
	v := &s.Clients[victim].Display
	if len(v.Poses) <= victim || !v.Shown[shooter] {
		return false
	}
	r.victimAt, r.victimSelf, r.victimShooter = v.T, v.Poses[victim].Pos, v.Poses[shooter].Pos
	d := r.victimSelf.Sub(r.victimShooter)
	return len(s.cfg.Walls) > 0 && d.Len() > 0 &&
		model.Raycast(r.victimShooter, d.Unit(), d.Len(), s.cfg.Walls, nil).Part == model.PartWall
}
