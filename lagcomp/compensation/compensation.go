// Package compensation is the hitscan lag-compensation modes as a table of
// strategies: each mode is one file beside its source document's words
// (UT2003's Hit Prediction, the latency-tracking article's
// GetPredictionTime, Source's command tick, the Lag Compensation article's
// ZeroPing), each saying the time it wants a shot judged at; the steps
// every mode shares (no later than the present, bias, the cap) are here.
// The table (table.go) is the one list of modes: the `mode` key's
// choices and the window's order derive from it.
package compensation

import (
	"math"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Strategy is one compensation mode.
type Strategy interface {
	// Want is the time the mode would judge the shot at, the time the
	// command claimed (if it claimed one) and the rules that shaped them,
	// before the steps every mode shares.
	Want(sh Shot) Rewind
	// ClientJudges reports whether the server takes the client's own
	// verdict instead of tracing (ZeroPing); then nothing is rewound.
	ClientJudges() bool
}

// Rewind is the time the server judges a shot at and how it came to it.
type Rewind struct {
	To         model.Time // the server time the targets are rewound to
	Claimed    model.Time // the time the command claimed (or the server advanced for it)
	HasClaimed bool
	Rules      []rule.Rule
	// OwnCap says the mode bounded the rewind itself (Source clamps its
	// own estimate to sv_maxunlag and honours a tick it believes): the
	// shared cap is not applied.
	OwnCap bool
}

// RewindTo is the heart of every mode: the server time to judge sh at,
// and the rules that shaped it. The mode's strategy says what it wants;
// every mode's want is then held to the present, scaled by bias and
// capped. The mode reads the command's timing as stamp_precision sends
// it (Timing.Sent). (A want of the present itself, as none, client or a stamp not
// positive give, passes those steps unchanged.)
func RewindTo(m Mode, sh Shot) Rewind {
	sh.Timing, _ = sh.Timing.Sent(sh.Settings.Precision, sh.Settings.TickHz)
	return shared(For(m).Want(sh), &sh)
}

// shared are the steps every mode's want passes: no later than the
// present, scaled by bias, capped.
func shared(rw Rewind, sh *Shot) Rewind {
	now, cfg := sh.Now, &sh.Settings
	if rw.To > now {
		rw.To = now
		rw.Rules = append(rw.Rules, rule.FutureStamp)
	}
	// bias scales the compensation: 0 judges at the present (favours the
	// target), 1 gives the full rewind (favours the shooter)
	rw.To = now - model.Time(math.Round(cfg.Bias*float64(now-rw.To)))
	// the cap bounds the latency compensated, the rewind beyond the
	// interpolation delay the server lets clients use (the Lag
	// Compensation article's ~200 ms); the whole rewind is then at most
	// cap + interp (Source's own rule is its strategy's: see source.go)
	if max := model.MsF(cfg.MaxRewindMs) + cfg.Interp; !rw.OwnCap && now-rw.To > max {
		rw.To = now - max
		rw.Rules = append(rw.Rules, rule.MaxRewindCap)
	}
	return rw
}

// Stamps reports whether mode m's commands carry a stamp of the client's
// clock that the server reads (UT2003's ClientStartFireTime, Source's
// command tick): only they have a clock error. The ping, none and client
// modes read no client time (the clock's offset cannot move their
// rewind), so a shot of theirs has no clock_error_ms.
func Stamps(m Mode) bool {
	k, ok := For(m).(interface{ ReadsStamp() bool })
	return ok && k.ReadsStamp()
}

// KeepsTrail reports whether mode m keeps a pawn's history across a
// teleport or respawn whatever trail_reset says (Source does: its guard
// is the walk back, not a reset).
func KeepsTrail(m Mode) bool {
	k, ok := For(m).(interface{ KeepsTrailOnTeleport() bool })
	return ok && k.KeepsTrailOnTeleport()
}
