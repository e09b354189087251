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
	origin := v.Poses[c.Index].Pos
	seen := v.Poses[other]
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
		toTarget := seen.Pos.Sub(origin)
		dist := toTarget.Len()
		visible := v.Filled && v.Shown[other] && seen.Alive && dist > 0 && dist < cfg.RangeM &&
			model.Raycast(origin, toTarget.Unit(), dist, cfg.Walls, nil).Part == model.PartNone
		if !visible {
			c.firing = false // trigger released: the next shot is a StartFire again
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
	// the stamp is the client's own estimate of server time; its error
	// is measured against the time the display shows (lagcomp/clock)
	cmd := &Command{
		Seq: c.seq, Client: c.Index, Fire: t, Dir: dir, Weapon: cfg.Weapon,
		Timing: compensation.Timing{StartFire: startFire, HasStamp: true,
			TickTime: c.Clock.Now() - model.MsF(cfg.CheatStampMs)},
		ClockError: c.Clock.Now() - c.PackageTimeStamp,
	}
	cmd.Stamp = cmd.TickTime
	if cfg.Display == DisplayInterp {
		cmd.Interp = model.MsF(cfg.InterpMs)
		if cfg.StampSubtractsInterp {
			cmd.Stamp -= cmd.Interp
		}
	}
	if cfg.Weapon == WeaponRapid && cfg.StampMode == StampStartFire && !startFire {
		cmd.HasStamp = false
	}
	cmd.ClaimHit, cmd.ClaimTarget, cmd.ClaimPart = hit.Pawn == other, hit.Pawn, hit.Part
	if cfg.CheatForgeHits && c.Index == ShooterPawn {
		cmd.ClaimHit, cmd.ClaimTarget, cmd.ClaimPart = true, TargetPawn, model.PartHead
	}
	s.pending.Add(pendingShot{
		id: s.ids.Next(), fire: t, idealT: v.IdealT, saw: seen, hit: hit,
		origin: origin, dir: dir, clientHit: hit.Pawn == other,
		delivery: delivery{cmd: cmd, rec: -1, relPending: cfg.ReliableFire},
	}, ownSent)
	if cfg.Weapon.IsProjectile() {
		s.fireProjectile(c, cmd, origin, t)
	}
	s.sendCommand(c, cmd)
	s.nextShot(c, t)
	if c.Index == ShooterPawn { // the weapon channel (../shared/sources/001_*) carries the shooter's weapon only
		s.holdTrigger(c, t)
	}
}

// sendCommand sends a shot command the way the configured engine does:
// as a reliable message riding the packet sent now (UT2003's reliable
// ServerPredictedStartFire), or in a packet of its own that later
// packets repeat as a backup (Source). cheat_resend replays it in a
// second packet: a copy the server must refuse.
func (s *Sim) sendCommand(c *Client, cmd *Command) {
	pk := Packet{Kind: PacketCommand, Client: c.Index, Up: true, Cmd: cmd}
	s.takeInputs(c, &pk) // the frame's movement rides with the shot, as in a usercmd
	if s.cfg.ReliableFire {
		s.sendReliable(relMsg{Kind: PacketCommand, Cmd: cmd}, c, true, fireChannel)
		pk.Cmd = nil
	} else {
		c.remember(cmd, s.cfg.CmdBackup)
	}
	s.send(pk, c)
	if s.cfg.CheatResend {
		s.send(Packet{Kind: PacketCommand, Client: c.Index, Up: true, Cmd: cmd}, c)
	}
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
