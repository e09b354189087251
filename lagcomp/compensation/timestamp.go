package compensation

import (
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Timestamp is UT2003's Hit Prediction (UnrealWiki, "Hit Prediction", the UT2003 implementation): the
// client stamps each shot with its PackageTimeStamp (the server time it
// is displaying, advanced by frame time), sent with
// ServerPredictedStartFire, and the server's DoTrace calls
// TimeShiftPawns(ClientStartFireTime) before tracing.
const Timestamp Mode = "timestamp"

// hitPrediction rewinds to the time the command's stamp claims.
type hitPrediction struct{}

func (hitPrediction) Want(sh Shot) Rewind {
	claimed, ok, rules := sh.Conn.StartFire.stamp(sh.Timing, sh.Now)
	if ok && sh.Conn.StartFire.clientStartFireTime(sh.Timing) <= 0 {
		// DoTrace shifts pawns only if ClientStartFireTime > 0: a client
		// with no server time yet is judged at the present
		return Rewind{To: sh.Now, Claimed: claimed, HasClaimed: true, Rules: append(rules, rule.StampNotPositive)}
	}
	return Rewind{To: claimed, Claimed: claimed, HasClaimed: ok, Rules: rules}
}

func (hitPrediction) ClientJudges() bool { return false }

// ReadsStamp: the server rewinds to ClientStartFireTime, the client's
// own clock.
func (hitPrediction) ReadsStamp() bool { return true }

// StartFire is what the server remembers of a rapid-fire burst's
// StartFire: UT2003's guns "only send StartFire and a StopFire signals,
// so ... the ClientTimeStamp would also be replicated only once".
type StartFire struct {
	Stamp model.Time // the StartFire command's stamp
	At    model.Time // the server time it was judged
	Seen  bool
}

// clientStartFireTime is UT2003's ClientStartFireTime for a command: its
// own stamp, or in start_fire mode the stamp of the burst's StartFire.
func (sf *StartFire) clientStartFireTime(t Timing) model.Time {
	if t.HasStamp {
		return t.Stamp
	}
	return sf.Stamp
}

// stamp is the time a command claims. A rapid-fire gun in start_fire
// mode only stamps StartFire; later shots get that stamp advanced by the
// server time since ("the ClientFireTime time has to be increased just
// like the ServerFireTime ... it can lead to inaccuracies with flakey
// latency"), so jitter between the shots' arrivals becomes error:
// UT2003's open problem, made visible. Without a StartFire seen there is
// no claim and the present is the answer.
func (sf *StartFire) stamp(t Timing, now model.Time) (model.Time, bool, []rule.Rule) {
	if t.HasStamp {
		if t.StartFire {
			*sf = StartFire{Stamp: t.Stamp, At: now, Seen: true}
		}
		return t.Stamp, true, nil
	}
	if !sf.Seen {
		return now, false, []rule.Rule{rule.NoStartFire}
	}
	return sf.Stamp + (now - sf.At), true, []rule.Rule{rule.StampAdvanced}
}
