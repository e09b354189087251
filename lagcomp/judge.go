package lagcomp

import (
	"math"
	"slices"

	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
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
	var refused Rule
	if !via.refire { // a held command's sequence was checked when it came
		refused = cn.checkSeq(cmd.Seq)
	}
	if refused == rule.Duplicate {
		s.duplicate(cmd.Seq, refused)
		return
	}
	if refused == "" && !cmd.Weapon.IsProjectile() && s.holdForRefire(cn, cmd, arrival, via) {
		if p := s.shot(cmd.Seq); p != nil {
			p.arrived = true
		}
		return
	}
	ps := pendingShot{atFire: &atFire{}, delivery: delivery{cmd: cmd, rec: -1}} // a command the bot never sent (a test's forgery) has no ground truth
	if p := s.shot(cmd.Seq); p != nil {
		p.arrived = true
		ps = *p
	}
	shooter := &srv.Pawns[cmd.Client]
	victim := foe(cmd.Client) // the target, or in a duel the shooter for the target's shots
	var trade bool
	if refused == "" && cfg.mortal() {
		refused, trade = s.deadShooter(cmd, arrival)
	}
	if cmd.Weapon.IsProjectile() {
		s.spawnProjectile(cmd, refused, shooter.Pose, via)
		return
	}
	r := s.clientRecord(&ps)
	r.Outcome, r.Arrival, r.Judged, r.RewindTo, r.Settled = OutcomeJudged, arrival, now, now, now
	r.ServerNow, r.Rewound, r.Origin = srv.Pawns[victim].Pose, srv.Pawns[victim].Pose, srv.shotOrigin(cfg, cmd)
	switch {
	case refused != "":
		r.Outcome, r.Rejected, r.Rules, r.ServerEnd = OutcomeRejected, true, []Rule{refused}, r.Origin
	case compensation.ChecksClaims(cfg.Mode):
		s.checkClaim(&r, cn, cmd, victim)
	case compensation.For(cfg.Mode).ClientJudges():
		s.acceptClaim(&r, cmd, victim)
	default:
		s.trace(&r, cn, cmd, victim)
	}
	if trade {
		r.Rules = append(r.Rules, rule.Trade)
	}
	if !r.Rejected {
		r.Rules = append(r.Rules, refireRule(via)...)
		s.fired(cn)
	}
	if !r.Rejected && cmd.Client == ShooterPawn { // the weapon channel carries the shooter's weapon only
		s.weaponFired(cmd)
	}
	if r.Traced() { // the rewind and trace figures exist only for a traced shot
		r.RewindErrorM = r.ClientSaw.Pos.Dist(r.Rewound.Pos)
		r.TruthErrorM = r.Rewound.Pos.Dist(srv.Pawns[victim].TruthAt(r.RewindTo).Pos)
		r.VictimInputDelay, r.HasVictimInputDelay = srv.Pawns[victim].inputDelayAt(r.RewindTo)
		r.YawErrorDeg = math.Abs(model.AngleDiff(r.ClientSaw.Yaw, r.Rewound.Yaw)) * 180 / math.Pi
		r.MissByM = r.Rewound.Box().LateralGap(r.Origin, r.Dir)
	}
	if r.ServerHit {
		r.BehindCover = s.victimBehindCover(&r)
	}
	if cfg.mortal() {
		s.judgedDamage(&r, trade)
	}
	s.predictedMarker(&r)
	s.judgedMarker(&r, s.Shots.Len())
	s.arrivalRules(&r, &ps, via)
	if p := s.shot(cmd.Seq); p != nil {
		p.rec = s.Shots.Len()
	}
	s.duelShot(&r)
	s.Shots.add(r, s.spares.shotChunks())
}

// arrivalRules name how late the copy that arrived was, and why.
func (s *Sim) arrivalRules(r *ShotRecord, ps *pendingShot, via arrivedCopy) {
	why, delay, resends := s.arrival(ps, via)
	r.Resends, r.Sends, r.ArrivalDelay = resends, len(ps.sentAt), delay
	if why != "" {
		r.Rules = append(r.Rules, why)
	}
	if via.held > 0 && why != rule.CommandHeld {
		// a resent command that then waited behind an earlier one too:
		// its arrival is its release, which the wait is part of
		r.Rules = append(r.Rules, rule.CommandHeld)
	}
	r.Rules = append(r.Rules, cutRules(ps.cutBy)...)
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
		return rule.CommandBackup, delay, via.resends
	case via.reliable && via.resends > 0:
		return rule.CommandResent, delay, via.resends
	case via.held > 0:
		return rule.CommandHeld, delay, via.resends
	}
	return "", delay, via.resends
}

// acceptClaim is ZeroPing: the server does no trace and credits whatever
// the client says it hit. Forged hits pass; there is nothing to stop them.
func (s *Sim) acceptClaim(r *ShotRecord, cmd *Command, victim int) {
	r.Rules = []Rule{rule.ClientAuthority}
	r.ServerHit = cmd.ClaimHit && cmd.ClaimTarget == victim
	r.ServerHitPawn = -1
	if cmd.ClaimHit {
		r.ServerHitPawn, r.ServerPart = cmd.ClaimTarget, cmd.ClaimPart
	}
	r.ServerEnd = r.ClientEnd
}

// checkClaim is client_checked (ShooterGame's ServerNotifyHit): a
// claimed hit on the target is credited as acceptClaim credits it when
// the point it claims passes compensation.Check against the target's box
// rewound by the server's own latency estimate and at the present, else
// refused with the check's rule. A claimed miss is taken as ZeroPing
// takes it: there is nothing to check.
func (s *Sim) checkClaim(r *ShotRecord, cn *conn, cmd *Command, victim int) {
	cfg := &s.cfg
	srv := s.Server
	if cmd.ClaimHit && cmd.ClaimTarget == victim {
		at := compensation.RewindTo(cfg.Mode, s.compensationShot(cn, cmd))
		opt := rewind.Options{Rotation: cfg.Rotation, Guard: cfg.TeleportGuard}
		rw := srv.Pawns[victim].History.RewindTo(at.To, opt)
		rewound := srv.Pawns[victim].Pose
		if rw.Rule != rewind.Empty {
			rewound = rw.Pose
		}
		claim := compensation.Claim{Point: cmd.ClaimPoint, Dir: cmd.Dir, Origin: r.Origin, Rewound: rewound.Box(), Present: srv.Pawns[victim].Pose.Box()}
		if why := compensation.Check(claim, cfg.HitLeewayM, cfg.ViewDotMin); why != "" {
			r.Outcome, r.Rejected, r.Rules, r.ServerEnd = OutcomeRejected, true, append(at.Rules, why), r.Origin
			return
		}
	}
	s.acceptClaim(r, cmd, victim)
}

// trace rewinds the world to the mode's target time and traces the shot
// from the shooter's present position, as UT2003's DoTrace does between
// TimeShiftPawns and UnShiftPawns (here on copies, so nothing to undo).
func (s *Sim) trace(r *ShotRecord, cn *conn, cmd *Command, victim int) {
	cfg := &s.cfg
	srv := s.Server
	at := compensation.RewindTo(cfg.Mode, s.compensationShot(cn, cmd))
	target := at.To
	r.Claimed, r.HasClaimed, r.Rules = at.Claimed, at.HasClaimed, at.Rules
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
		r.Rules = append(r.Rules, rule.TrailExhausted)
	case rewind.Guarded:
		r.Rules = append(r.Rules, rule.TeleportGuard)
	}
	hit := model.Raycast(r.Origin, r.Dir, cfg.RangeM, cfg.Walls, srv.targets)
	r.ServerEnd, r.ServerHitPawn, r.ServerPart = hit.Point, hit.Pawn, hit.Part
	r.ServerHit = hit.Pawn == victim
	if !r.ServerHit {
		r.Rules = append(r.Rules, s.missRules(r, hit, victim)...)
	}
	if s.trueVerdict(cn, cmd, target, victim, opt, r.ServerHit) != r.ServerHit {
		r.Rules = append(r.Rules, rule.ClockError)
	}
}

// trueVerdict judges a shot again as if its stamp had been the time the
// client's display showed (its stamp less the clock's error): the
// verdict an exact clock would have had. It keeps its own memory of
// StartFire and its own targets, touching nothing the record reads;
// where the true stamp asks for the same rewind, the verdict is the
// one given.
func (s *Sim) trueVerdict(cn *conn, cmd *Command, target model.Time, victim int, opt rewind.Options, given bool) bool {
	cfg := &s.cfg
	srv := s.Server
	sh := s.compensationShot(cn, cmd)
	sh.Conn.StartFire = &cn.trueStartFire
	sh.TickTime -= cmd.ClockError
	if sh.HasStamp {
		sh.Stamp -= cmd.ClockError
	}
	at := compensation.RewindTo(cfg.Mode, sh)
	if at.To == target {
		return given
	}
	var targets []model.Target
	for i := range srv.Pawns {
		if i == cmd.Client {
			continue
		}
		rw := srv.Pawns[i].History.RewindTo(at.To, opt)
		if rw.Rule == rewind.Empty {
			rw.Pose = srv.Pawns[i].Pose
		}
		if rw.Pose.Alive {
			targets = append(targets, model.Target{Pawn: i, Box: rw.Pose.Box()})
		}
	}
	return model.Raycast(srv.shotOrigin(cfg, cmd), cmd.Dir, cfg.RangeM, cfg.Walls, targets).Pawn == victim
}

// compensationShot is what the modes read of a shot command at the
// server's present: its timing, the shooter's connection (its memory of
// StartFire, the ping it reported, the server's own measurement) and the
// keys that shape a rewind.
func (s *Sim) compensationShot(cn *conn, cmd *Command) compensation.Shot {
	cfg := &s.cfg
	measured, hasMeasured := cn.measured.ExactPing()
	return compensation.Shot{
		Now:    s.Server.Now,
		Timing: cmd.Timing,
		Conn: compensation.Conn{
			StartFire: &cn.startFire,
			Reported:  compensation.ExactPing{Ms: cn.reported, Known: cn.hasReport},
			Overflow:  cn.overflow,
			Measured:  compensation.ExactPing{Ms: measured, Known: hasMeasured},
		},
		Settings: compensation.Settings{
			Bias: cfg.Bias, MaxRewindMs: cfg.MaxRewindMs, Interp: cfg.interpDelay(), SourceWindowMs: cfg.SourceWindowMs,
			PingToleranceMs: cfg.PingToleranceMs, LatencyReductionMs: cfg.LatencyReductionMs,
			MaxPredictionPingMs: cfg.MaxPredictionPingMs, CorrectionFactor: cfg.CorrectionFactor,
			Precision: cfg.StampPrecision, TickHz: cfg.TickHz,
		},
	}
}

// rewindAll computes the rewound hitboxes at t the trace can meet into
// s.targets (by pawn index), leaving out the shooter (UT2003 does not shift
// the attacker). With the broad phase on, only the pawns the grid finds
// near the ray are considered, nearest cells first, until the ray has met
// something nearer than the next cell; of those, a pawn that could not
// have reached the ray in the time rewound (MaxSpeed × rewind, unless it
// teleported within the trail) is skipped without rewinding. Every pawn
// the ray could meet first is rewound, so the verdict is the exhaustive
// search's. It returns how many pawns were rewound and skipped.
func (s *Server) rewindAll(cfg *Config, shooter int, t model.Time, o, d model.Vec, opt rewind.Options) (rewound, culled int) {
	s.targets, s.rewound, s.cells = s.targets[:0], s.rewound[:0], s.cells[:0]
	if s.noCull {
		for i := range s.Pawns {
			if i != shooter {
				s.rewindOne(i, t, opt)
			}
		}
		return len(s.rewound), 0
	}
	s.indexBounds()
	reach := model.Raycast(o, d, cfg.RangeM, cfg.Walls, nil).Dist // walls stop the ray
	back := (s.Now - t).Seconds() + cfg.Tick().Seconds()
	window := t - model.MsF(cfg.MaxTrailMs) - cfg.Tick()
	s.cells = s.grid.Trace(o, d, reach, shooter, func(i int) float64 {
		p := &s.Pawns[i]
		if p.LastJump < window && !model.SegmentNearCircle(o, d, reach, p.Pose.Pos, model.BoundRadius+p.MaxSpeed*back) {
			return math.Inf(1)
		}
		if tg, ok := s.rewindOne(i, t, opt); ok {
			if h := model.Raycast(o, d, reach, nil, []model.Target{tg}); h.Part != model.PartNone {
				return h.Dist
			}
		}
		return math.Inf(1)
	}, s.cells)
	slices.SortFunc(s.targets, func(a, b model.Target) int { return a.Pawn - b.Pawn })
	slices.Sort(s.rewound)
	return len(s.rewound), len(s.Pawns) - 1 - len(s.rewound)
}

// rewindOne rewinds pawn i to t and adds its hitbox to the targets if it
// was alive then.
func (s *Server) rewindOne(i int, t model.Time, opt rewind.Options) (model.Target, bool) {
	p := &s.Pawns[i]
	rw := p.History.RewindTo(t, opt)
	s.rewound = append(s.rewound, i)
	if rw.Rule == rewind.Empty {
		rw.Pose = p.Pose
	}
	if !rw.Pose.Alive {
		return model.Target{}, false
	}
	tg := model.Target{Pawn: i, Box: rw.Pose.Box()}
	s.targets = append(s.targets, tg)
	return tg, true
}

// missRules name why a trace that lined up with the victim's rewound
// hitbox did not hit it, so a record never shows miss_by_m < 0 beside a
// miss unexplained: a wall came first (the trace starts at the shooter's
// present position, not where his client drew him, so it can meet a wall
// the client's did not), another pawn did (a bystander, rewound with the
// rest: the record keeps its pose as Blocker, for the pictures to draw),
// or the hitbox lay beyond range_m.
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
		return []Rule{rule.BlockedByWall}
	case hit.Pawn >= 0 && hit.Pawn != victim && hit.Dist < clear.Dist:
		for _, tg := range s.Server.targets {
			if tg.Pawn == hit.Pawn {
				r.Blocker = model.Pose{Pos: tg.Box.Center, Yaw: tg.Box.Yaw, Alive: true}
			}
		}
		return []Rule{rule.BlockedByPawn}
	case clear.Dist > s.cfg.RangeM:
		return []Rule{rule.OutOfRange}
	}
	return nil
}

// victimBehindCover is "I was already behind the wall": when the server
// judged the hit, the victim's own screen (its latest frame) showed a
// wall between itself, where it predicts itself, and the shooter as it
// displays him. It notes what that screen showed in the record.
func (s *Sim) victimBehindCover(r *ShotRecord) bool {
	victim, shooter := r.Target, r.Shooter
	v := s.Clients[victim].view()
	if len(v.Poses) <= victim || !v.Shown[shooter] {
		return false
	}
	r.victimAt, r.victimSelf, r.victimShooter = v.T, v.Poses[victim].Pos, v.Poses[shooter].Pos
	d := r.victimSelf.Sub(r.victimShooter)
	return len(s.cfg.Walls) > 0 && d.Len() > 0 &&
		model.Raycast(r.victimShooter, d.Unit(), d.Len(), s.cfg.Walls, nil).Part == model.PartWall
}
