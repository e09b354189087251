package lagcomp

import (
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// shooterBot is the shooter's player: when its client shows the target
// alive and in sight and the weapon is ready, it aims at the target's
// body as displayed (plus aim error), judges the shot itself — the beam is
// drawn at once on the client, as the Lag Compensation article says it
// must be — and sends the command. In a duel the target's client runs
// the same bot at the shooter (always a bot: the user holds the shooter).
func (s *Sim) shooterBot(c *Client, t model.Time) {
	cfg := &s.cfg
	v := &c.Display
	other := foe(c.Index)
	user := cfg.Control == ControlUser && c.Index == ShooterPawn
	if c.dead { // told of its death: the dead do not fire
		c.firing = false
		return
	}
	if !c.armed {
		// a player fires at what the screen shows once it shows the world
		// as it was, not while the interpolation buffer fills; the first
		// trigger pull comes a seeded phase of the fire interval later
		if cfg.Control == ControlBot {
			if !v.Filled {
				return
			}
			c.nextFire = t + c.firePhase
		}
		c.armed = true
	}
	if t < c.nextFire {
		return
	}
	v = c.view() // it looks: the remote pawns' poses, written
	origin := v.Poses[c.Index].Pos
	seen := v.Poses[other]
	forge := model.MsF(cfg.CheatStampMs)
	aimAt := seen // what the bot aims at: what it sees, unless it backtracks
	backtracked := false
	if s.backtracks(c, user) {
		aimAt, forge = s.backtrack(c, seen, origin)
		backtracked = forge > 0
	}
	claim := forged(s.stampNow(c), forge)
	var dir model.Vec
	if user {
		if s.fireAt == nil {
			c.firing = false
			return
		}
		dir = s.fireAt.Sub(origin).Unit()
		s.fireAt = nil
		if dir == (model.Vec{}) {
			return
		}
	} else {
		toTarget := aimAt.Pos.Sub(origin)
		if !v.Filled || !v.Shown[other] {
			c.firing, c.seeing = false, false // trigger released: the next shot is a StartFire again
			return
		}
		if !s.inSight(origin, aimAt) {
			c.firing, c.seeing = false, false
			if !c.noSight { // a wall, the range or a dead target: counted (fire_held_no_sight)
				c.noSight = true
				c.noSightHeld++
			}
			return
		}
		c.noSight = false
		if c.reacting(t) {
			return
		}
		dir = model.Dir(toTarget.Angle() + s.aimError(c))
	}
	hit := model.Raycast(origin, dir, cfg.RangeM, cfg.Walls, s.clientTargets(v, c.Index))

	startFire := !c.firing
	if cfg.Duel {
		// both duellists' commands share one numbering (pending shots
		// are kept by it); each connection's still only grows
		c.seq = uint32(s.pending.Len())
	}
	c.seq++
	cmd := &Command{
		Seq: c.seq, Client: c.Index, Usercmd: c.usercmdOf(t), Fire: t, Dir: dir, Weapon: cfg.Weapon, AfterRelease: c.released,
		Timing: claim,
	}
	if compensation.Stamps(cfg.Mode) {
		cmd.ClockError, cmd.HasClockError = c.Clock.Now()-c.PackageTimeStamp, true
	}
	cmd.StartFire = startFire
	if cfg.Weapon == WeaponRapid && cfg.StampMode == StampStartFire && !startFire {
		cmd.HasStamp = false
	}
	said := hit
	if backtracked && compensation.For(cfg.Mode).ClientJudges() {
		// a backtrack cheat against a server that takes the client's
		// word claims the hit on the pose it shot at (it kept it), not on
		// what its screen shows now
		said = model.Raycast(origin, dir, cfg.RangeM, cfg.Walls, []model.Target{{Pawn: other, Box: aimAt.Box()}})
	}
	cmd.ClaimHit, cmd.ClaimTarget, cmd.ClaimPart, cmd.ClaimPoint = said.Pawn == other, said.Pawn, said.Part, said.Point
	if cfg.CheatForgeHits && c.Index == ShooterPawn {
		cmd.ClaimHit, cmd.ClaimTarget, cmd.ClaimPart = true, TargetPawn, model.PartHead
	}
	s.pending.AddFrom(pendingShot{
		atFire: &atFire{id: s.ids.Next(), fire: t, idealT: v.IdealT, saw: seen, hit: hit,
			origin: origin, dir: dir, clientHit: hit.Pawn == other},
		delivery: delivery{cmd: cmd, rec: -1, relPending: cfg.ReliableFire},
	}, ownSent, s.spares.firedChunks())
	if cfg.Weapon.IsProjectile() {
		s.fireProjectile(c, cmd, origin, t)
	}
	c.queued = append(c.queued, cmd) // it leaves with the next command packet (sendInputs)
	c.released = false
	s.nextShot(c, t)
	if c.Index == ShooterPawn { // the weapon channel (ShooterGame's BurstCounter article) carries the shooter's weapon only
		s.holdTrigger(c, t)
	}
}

// inSight is whether a bot at origin sees a target at pose p: alive,
// within range and no wall between.
func (s *Sim) inSight(origin model.Vec, p model.Pose) bool {
	to := p.Pos.Sub(origin)
	dist := to.Len()
	return p.Alive && dist > 0 && dist < s.cfg.RangeM &&
		model.Raycast(origin, to.Unit(), dist, s.cfg.Walls, nil).Part == model.PartNone
}

// stampNow is what an honest shot fired now claims of its time: the
// client's tick (its own estimate of server time, whose error is measured
// against the time its display shows: lagcomp/clock) and the stamp, less
// the interpolation delay when the client interpolates.
func (s *Sim) stampNow(c *Client) compensation.Timing {
	cfg := &s.cfg
	tm := compensation.Timing{HasStamp: true, TickTime: c.Clock.Now()}
	tm.Stamp = tm.TickTime
	if cfg.Display == DisplayInterp {
		tm.Interp = model.MsF(cfg.InterpMs)
		if cfg.StampSubtractsInterp {
			tm.Stamp -= tm.Interp
			tm.StampLessInterp = true
		}
	}
	tm.Drawn = c.Display.IdealT
	tm.DrawnFrom, tm.DrawnTo, tm.Lerped = c.drawnPair(cfg)
	return tm
}

// forged is a cheat's claim (cheat_stamp_ms, a backtrack): the honest
// timing moved back by forge, every time it states alike; a forged
// sub-tick stamp claims the time alone, not the pair the client drew.
func forged(tm compensation.Timing, forge model.Time) compensation.Timing {
	if forge == 0 {
		return tm
	}
	tm.TickTime -= forge
	tm.Stamp -= forge
	tm.Drawn -= forge
	tm.Lerped = false
	return tm
}

// stampSent is what cmd carried of its time (its record's Stamp).
func (s *Sim) stampSent(cmd *Command) compensation.Stamp {
	_, st := cmd.Timing.Sent(s.cfg.StampPrecision, s.cfg.TickHz)
	return st
}

// backtracks reports whether client c's bot is a backtrack cheater: it
// may forge its stamps up to cheat_stamp_ms and, with cheat_backtrack,
// picks the time to claim (see backtrack).
func (s *Sim) backtracks(c *Client, user bool) bool {
	return s.cfg.CheatBacktrack && s.cfg.CheatStampMs > 0 && c.Index == ShooterPawn && !user && c.seenTrail != nil
}

// backtrack is the cheat's choice of what to shoot at: the target as its
// screen shows it when it is in sight (no forgery), else the newest pose
// of the last cheat_stamp_ms of the trail of snapshots the client kept
// (seenTrail, as such cheats record them) in which it was in sight —
// the pose a server that trusts the stamp rewinds to — with the stamp
// forged back to that time. With none in sight it returns what it sees
// (and does not fire).
func (s *Sim) backtrack(c *Client, seen model.Pose, origin model.Vec) (model.Pose, model.Time) {
	if s.inSight(origin, seen) {
		return seen, 0
	}
	honest := s.stampNow(c).Stamp
	oldest := honest - model.MsF(s.cfg.CheatStampMs)
	for i := c.seenTrail.Len() - 1; i >= 0; i-- {
		smp := c.seenTrail.At(i)
		if smp.T > honest {
			continue
		}
		if smp.T < oldest {
			break
		}
		if s.inSight(origin, smp.Pose) {
			return smp.Pose, honest - smp.T
		}
	}
	return seen, 0
}

// nextShot schedules the weapon: a rifle waits its interval; a rapid-fire
// gun fires bursts of BurstShots, then pauses.
func (s *Sim) nextShot(c *Client, t model.Time) {
	cfg := &s.cfg
	c.nextFire = t + model.MsF(cfg.FireIntervalMs)
	c.firing = cfg.Weapon == WeaponRapid
	if !c.firing {
		return
	}
	c.burstShots++
	if c.burstShots >= cfg.BurstShots {
		c.burstShots, c.firing = 0, false
		c.nextFire += model.MsF(cfg.BurstPauseMs)
	}
}

// clientTargets are the hitboxes a client shows, except its own.
func (s *Sim) clientTargets(v *ClientView, self int) []model.Target {
	ts := make([]model.Target, 0, len(v.Poses))
	for i, p := range v.Poses {
		if i != self && v.Shown[i] && p.Alive {
			ts = append(ts, model.Target{Pawn: i, Box: p.Box()})
		}
	}
	return ts
}
