package compensation

import (
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// ClientChecked is ShooterGame's hit verification (the sample the
// Unreal networking articles build on): the client traces, claims its
// hit and where it met the target (ServerNotifyHit), as ZeroPing's
// client does, but the server checks the claim before it credits it.
// The claimed hit point must lie within hit_leeway_m of the target's box
// as the server has it — rewound by its own estimate of the shooter's
// latency (Source's: the measured round trip plus the interpolation
// delay, never a time the client states) or at the present — and the
// direction from the shooter's muzzle to it within view_dot_min of the
// aim the client sent (AllowedViewDotHitDir). ShooterGame's
// ClientSideHitLeeway scales the box's extent and checks the present box
// alone; here the leeway is a distance in metres and the rewound box
// counts too, so an honest claim against a moving target passes. A claim
// that fails is refused with its rule (hit_leeway, view_dot), counted.
const ClientChecked Mode = "client_checked"

// serverCheckedHit lets the client judge, then checks its claim.
type serverCheckedHit struct{}

// Want is the box the server checks the claim against: rewound by the
// server's own estimate of the latency (the measured round trip plus the
// interpolation delay), held to the shared cap; the present when it has
// no measurement yet. The claim's own time is never read, so a forged
// stamp buys nothing.
func (serverCheckedHit) Want(sh Shot) Rewind {
	if !sh.Conn.Measured.Known {
		return Rewind{To: sh.Now, Rules: []rule.Rule{rule.PingUnknown}}
	}
	return Rewind{To: sh.Now - model.MsF(sh.Conn.Measured.Ms) - sh.Settings.Interp}
}

func (serverCheckedHit) ClientJudges() bool { return true }

// ChecksClaim: the server verifies the client's claimed hit.
func (serverCheckedHit) ChecksClaim() bool { return true }

// ChecksClaims reports whether mode m's server checks a client's claimed
// hit (client_checked) rather than believing it (client).
func ChecksClaims(m Mode) bool {
	k, ok := For(m).(interface{ ChecksClaim() bool })
	return ok && k.ChecksClaim()
}

// Claim is a client's claimed hit as the server checks it: where the
// claim says the trace met the target, the aim the command sent, the
// shooter's muzzle on the server, and the target's box rewound (the
// mode's Want) and at the present.
type Claim struct {
	Point, Dir, Origin model.Vec
	Rewound, Present   model.Hitbox
}

// Check is the server's verdict on a claimed hit: "" accepted, or the
// rule that refused it, in ShooterGame's order (ServerNotifyHit): the
// direction from the muzzle to the point outside viewDotMin of the aim
// (view_dot; a point at the muzzle itself has no direction and passes
// this test), then the point farther than leewayM from both boxes
// (hit_leeway).
func Check(c Claim, leewayM, viewDotMin float64) rule.Rule {
	if to := c.Point.Sub(c.Origin); to.Len() > 0 && to.Unit().Dot(c.Dir) < viewDotMin {
		return rule.ViewDot
	}
	if min(c.Rewound.Dist(c.Point), c.Present.Dist(c.Point)) > leewayM {
		return rule.HitLeeway
	}
	return ""
}
