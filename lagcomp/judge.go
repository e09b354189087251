package lagcomp

import (
	"math"

	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// judge is the server's handling of one shot command at its present tick,
// recorded with the ground truth of what the client saw beside it.
func (s *Sim) judge(cmd *Command, arrival model.Time) {
	cfg := &s.cfg
	srv := s.Server
	now := srv.Now
	cn := srv.conns[cmd.Client]
	var ps pendingShot // a command the bot never sent (a test's forgery) has no ground truth
	if cmd.Seq >= 1 && int(cmd.Seq) <= len(s.pending) {
		ps = s.pending[cmd.Seq-1]
	}
	shooter := &srv.Pawns[cmd.Client]
	r := ShotRecord{
		ID: ps.id, Seq: cmd.Seq, Shooter: cmd.Client, Target: TargetPawn, Mode: cfg.Mode, Weapon: cfg.Weapon,
		Fire: ps.fire, Arrival: arrival, Judged: now, IdealTo: ps.idealT, RewindTo: now,
		ClientSaw: ps.saw, ServerNow: srv.Pawns[TargetPawn].Pose, Rewound: srv.Pawns[TargetPawn].Pose,
		Origin: shooter.Pose.Pos, Dir: cmd.Dir, ClientOrigin: ps.origin, ClientEnd: ps.hit.Point,
		ClientHit: ps.clientHit, ClientPart: ps.hit.Part, ServerHitPawn: -1,
	}
	if cmd.Weapon.IsProjectile() {
		s.spawnProjectile(cmd, cn.checkSeq(cmd.Seq), shooter.Pose)
		return
	}
	switch rule := cn.checkSeq(cmd.Seq); {
	case rule != "":
		r.Rejected, r.Rules, r.ServerEnd = true, []Rule{rule}, r.Origin
	case !shooter.Pose.Alive:
		r.Rejected, r.Rules, r.ServerEnd = true, []Rule{RuleShooterDead}, r.Origin
	case cfg.Mode == ModeClient:
		s.acceptClaim(&r, cmd)
	default:
		s.trace(&r, cn, cmd)
	}
	if !r.Rejected {
		s.weaponFired()
	}
	r.RewindErrorM = r.ClientSaw.Pos.Dist(r.Rewound.Pos)
	r.TruthErrorM = r.Rewound.Pos.Dist(srv.Pawns[TargetPawn].Motion.At(r.RewindTo).Pos)
	r.YawErrorDeg = math.Abs(model.AngleDiff(r.ClientSaw.Yaw, r.Rewound.Yaw)) * 180 / math.Pi
	r.MissByM = r.Rewound.Box().LateralGap(r.Origin, r.Dir)
	if r.ServerHit {
		r.BehindCover = s.victimBehindCover(now)
	}
	s.Shots = append(s.Shots, r)
}

// acceptClaim is ZeroPing: the server does no trace and credits whatever
// the client says it hit. Forged hits pass; there is nothing to stop them.
func (s *Sim) acceptClaim(r *ShotRecord, cmd *Command) {
	r.Rules = []Rule{RuleClientAuthority}
	r.ServerHit = cmd.ClaimHit && cmd.ClaimTarget == TargetPawn
	r.ServerHitPawn = -1
	if cmd.ClaimHit {
		r.ServerHitPawn, r.ServerPart = cmd.ClaimTarget, cmd.ClaimPart
	}
	r.ServerEnd = r.ClientEnd
}

// trace rewinds the world to the mode's target time and traces the shot
// from the shooter's present position, as UT2003's DoTrace does between
// TimeShiftPawns and UnShiftPawns (here on copies, so nothing to undo).
func (s *Sim) trace(r *ShotRecord, cn *conn, cmd *Command) {
	cfg := &s.cfg
	srv := s.Server
	target, claimed, hasClaimed, rules := srv.rewindTarget(cfg, cn, cmd, srv.Now)
	r.Claimed, r.HasClaimed, r.Rules = claimed, hasClaimed, rules
	opt := rewind.Options{Rotation: cfg.Rotation, Guard: cfg.TeleportGuard}
	r.Rewinds, r.Culls = srv.rewindAll(cfg, cmd.Client, target, r.Origin, r.Dir, opt)
	r.RewoundPawns = append([]int(nil), srv.rewound...)
	r.BroadPhase = srv.grid.Visited(srv.cells)
	rw := srv.Pawns[TargetPawn].History.RewindTo(target, opt)
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
	r.ServerHit = hit.Pawn == TargetPawn
}

// victimBehindCover is "I was already behind the wall": when the victim
// learns of the hit (one downstream latency later) its own view — ahead of
// the server by its upstream latency — has it out of the shooter's sight.
func (s *Sim) victimBehindCover(now model.Time) bool {
	if len(s.cfg.Walls) == 0 {
		return false
	}
	v := s.Clients[TargetPawn]
	told := now + model.MsF(v.down.Config().LatencyMs)
	own := s.Server.Pawns[TargetPawn].Motion.At(told + model.MsF(v.up.Config().LatencyMs))
	from := s.Server.Pawns[ShooterPawn].Motion.At(told).Pos
	d := own.Pos.Sub(from)
	return model.Raycast(from, d.Unit(), d.Len(), s.cfg.Walls, nil).Part == model.PartWall
}
