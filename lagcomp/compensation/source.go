package compensation

import (
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Source is Source's lag compensation: the command carries the client's
// tick and interpolation delay, and the server rewinds to the tick minus
// the interpolation — as long as that is within source_window_ms of its
// own estimate, latency + interpolation (with the latency clamped to
// sv_maxunlag's share). A command time farther off is not believed.
const Source Mode = "source"

// commandTick rewinds to the command's tick less its interpolation.
type commandTick struct{}

func (commandTick) Want(sh Shot) Rewind {
	cfg := &sh.Settings
	claimed := sh.TickTime - sh.Interp
	rw := Rewind{To: claimed, Claimed: claimed, HasClaimed: true}
	if !sh.Conn.Measured.Known {
		return rw
	}
	rtt := sh.Conn.Measured.Ms
	latency, capped := model.MsF(rtt), rtt > cfg.MaxRewindMs
	if capped {
		latency = model.MsF(cfg.MaxRewindMs)
	}
	correct := latency + cfg.Interp
	if d := (sh.Now - rw.To) - correct; d > model.MsF(cfg.SourceWindowMs) || -d > model.MsF(cfg.SourceWindowMs) {
		rw.To = sh.Now - correct
		rw.Rules = append(rw.Rules, rule.SourceWindow)
		if capped {
			rw.Rules = append(rw.Rules, rule.MaxRewindCap)
		}
	}
	return rw
}

func (commandTick) ClientJudges() bool { return false }
