package compensation

import (
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Source is Source's lag compensation (CLagCompensationManager): the
// command carries the client's tick and interpolation delay, and the
// server rewinds to the tick minus the interpolation — as long as that is
// within source_window_ms of its own estimate, latency + interpolation
// clamped to sv_maxunlag (here max_rewind_ms + interp_ms, so the latency
// is clamped to max_rewind_ms). A command time farther off is not
// believed. With stamp_precision = tick the command's tick and lerp are
// whole ticks, and so is the estimate it falls back to (targettick =
// tickcount − TIME_TO_TICKS(correct)). That clamp is Source's only one: a tick it believes is
// rewound to as far as the history reaches (BacktrackPlayer walks its
// records and takes the oldest if the tick is older), so the cap every
// other mode shares does not apply.
const Source Mode = "source"

// commandTick rewinds to the command's tick less its interpolation.
type commandTick struct{}

func (commandTick) Want(sh Shot) Rewind {
	cfg := &sh.Settings
	claimed := sh.TickTime - sh.Interp
	rw := Rewind{To: claimed, Claimed: claimed, HasClaimed: true}
	if !sh.Conn.Measured.Known {
		// no estimate to clamp (the connect handshake never completed):
		// the claim is held to the shared cap instead
		return rw
	}
	rw.OwnCap = true
	rtt := sh.Conn.Measured.Ms
	latency, capped := model.MsF(rtt), rtt > cfg.MaxRewindMs
	if capped {
		latency = model.MsF(cfg.MaxRewindMs)
	}
	lerp := cfg.Interp
	if cfg.Precision == Tick { // correct += TICKS_TO_TIME(lerpTicks)
		lerp = model.TickTime(TimeToTicks(lerp, cfg.TickHz), cfg.TickHz)
	}
	correct := latency + lerp
	if d := (sh.Now - rw.To) - correct; d > model.MsF(cfg.SourceWindowMs) || -d > model.MsF(cfg.SourceWindowMs) {
		rw.To = sh.Now - correct
		if cfg.Precision == Tick {
			// targettick = gpGlobals->tickcount − TIME_TO_TICKS(correct)
			rw.To = model.TickTime(TickAt(sh.Now, cfg.TickHz)-TimeToTicks(correct, cfg.TickHz), cfg.TickHz)
		}
		rw.Rules = append(rw.Rules, rule.SourceWindow)
		if capped {
			rw.Rules = append(rw.Rules, rule.MaxRewindCap)
		}
	}
	return rw
}

func (commandTick) ClientJudges() bool { return false }

// ReadsStamp: the command's tick is the client's clock.
func (commandTick) ReadsStamp() bool { return true }

// KeepsTrailOnTeleport: Source never clears a player's lag-compensation
// records on a teleport or respawn; BacktrackPlayer's walk back gives up
// at a dead record or a jump longer than the teleport distance
// (teleport_guard), and rewinds through a shorter one.
func (commandTick) KeepsTrailOnTeleport() bool { return true }
