package lagcomp

import (
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// UT2003's server refire check, as the Hit Prediction implementation's
// ServerPredictedStartFire has it:
//
//	if ( (FireMode[Mode].NextFireTime <= Level.TimeSeconds + FireMode[Mode].PreFireTime)
//	    && StartFire(Mode) ) { … bServerDelayStartFire = false; }
//	else
//	    FireMode[Mode].bServerDelayStartFire = true;
//
// A StartFire that reaches the server before its weapon may fire again —
// the shot before it arrived late, this one early, the client's own
// refire a FireRate apart in its time — is not refused: the fire mode
// starts it at the first tick its NextFireTime allows. Each shot fired
// moves NextFireTime a FireRate (fire_interval_ms) past the later of it
// and now. The check is UT2003's server's: refire_check turns it on (the
// ut2003-instagib preset does); the shot it held says refire_delayed,
// judged at the tick it was let through (judged_ms), its arrival
// unchanged, and the summary counts it (rules.refire_delayed).

// preFireTime is FireMode.PreFireTime: lagscope's weapons have no
// wind-up before the shot (the shock rifle's beam fires at once).
const preFireTime model.Time = 0

// delayedFire is a StartFire the refire check held, with how it came.
type delayedFire struct {
	cmd     *Command
	arrival model.Time
	via     arrivedCopy
}

// refires reports whether the server checks a StartFire against its
// weapon's NextFireTime (refire_check: UT2003's server).
func (s *Sim) refires() bool { return s.cfg.RefireCheck }

// holdForRefire holds cmd when the refire check delays it (or an earlier
// command of the connection is still held: they start in order) and
// reports whether it did.
func (s *Sim) holdForRefire(cn *conn, cmd *Command, arrival model.Time, via arrivedCopy) bool {
	if !s.refires() || via.refire {
		return false
	}
	if len(cn.delayed) == 0 && (!cmd.StartFire || cn.nextFire <= s.Server.Now+preFireTime) {
		return false
	}
	via.refire = true
	cn.delayed = append(cn.delayed, delayedFire{cmd: cmd, arrival: arrival, via: via})
	return true
}

// fired moves the connection's NextFireTime a FireRate past the shot the
// server fired. The document's code shows the check, not the update:
// UT's weapon fire brings a NextFireTime gone by up to now when it starts
// firing and adds FireRate at each shot, so a weapon firing on its
// schedule keeps it and one that waited longer starts a new one.
func (s *Sim) fired(cn *conn) {
	if s.refires() {
		cn.nextFire = max(cn.nextFire, s.Server.Now) + model.MsF(s.cfg.FireIntervalMs)
	}
}

// releaseRefires starts the held StartFires whose NextFireTime has come,
// in order (UT2003's fire mode does at its tick: bServerDelayStartFire
// and NextFireTime <= now + PreFireTime).
func (s *Sim) releaseRefires() {
	for _, cn := range s.Server.conns {
		for len(cn.delayed) > 0 {
			d := cn.delayed[0]
			if d.cmd.StartFire && cn.nextFire > s.Server.Now+preFireTime {
				break
			}
			cn.delayed = cn.delayed[1:]
			s.judge(d.cmd, d.arrival, d.via)
		}
	}
}

// refireRule names a held shot on its record.
func refireRule(via arrivedCopy) []Rule {
	if via.refire {
		return []Rule{rule.RefireDelayed}
	}
	return nil
}
