package records

import (
	"math"
	"slices"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// outcomes are the shot outcomes a line may name.
var outcomes = []lagcomp.Outcome{lagcomp.OutcomeJudged, lagcomp.OutcomeRejected, lagcomp.OutcomeLost, lagcomp.OutcomeInFlight}

// shot is a shot line read back into the record Shot printed it from.
// What every shot needs: seq, outcome, fire_ms, the stamp it carried
// (claimed_stamp_ms, null for none), client_saw and client_hit. A shot
// the server handled (judged, rejected) also needs judged_ms and
// server_hit; one it rewound and traced (judged, not client_authority)
// rewind_to_ms and rewound. The rest is optional; a figure that needs an
// optional field a record left out has no value (Missing).
func (l *lineReader) shot(missing map[string]int) lagcomp.ShotRecord {
	r := lagcomp.ShotRecord{ID: l.id("id"), Target: lagcomp.TargetPawn, ServerHitPawn: -1}
	r.Seq = uint32(l.count("seq", true, 0))
	r.Outcome = lagcomp.Outcome(l.str("outcome", true))
	if l.err == nil && !slices.Contains(outcomes, r.Outcome) {
		l.fail("outcome", `want "judged", "rejected", "lost" or "in_flight", got %q`, r.Outcome)
	}
	r.Shooter, r.Target = l.count("shooter", false, lagcomp.ShooterPawn), l.count("target", false, lagcomp.TargetPawn)
	r.Mode, r.Weapon = lagcomp.Mode(l.str("mode", false)), lagcomp.WeaponKind(l.str("weapon", false))
	r.Fire, _ = l.ms("fire_ms", true, false)
	r.Settled, _ = l.ms("settled_ms", false, true)
	r.Sent, r.HasSent = l.ms("sent_ms", false, true)
	r.Sends = l.count("sends", false, 1)
	r.Usercmd = uint32(l.count("usercmd", false, 0))
	r.Claimed, r.HasClaimed = l.ms("claimed_stamp_ms", true, true)
	l.stamp(&r)
	r.ClientSaw, _ = l.pose("client_saw", true, false)
	r.ClientHit, _ = l.boolean("client_hit", true, false)
	r.ClientPart = l.part("client_part")
	for _, x := range l.strings("rules") {
		r.Rules = append(r.Rules, lagcomp.Rule(x))
	}
	r.Rejected = r.Outcome == lagcomp.OutcomeRejected
	if rej, ok := l.boolean("rejected", false, false); ok && rej != r.Rejected {
		l.fail("rejected", "is %v, but the outcome is %q", rej, r.Outcome)
	}
	if o, e, ok := l.segment("client_trace"); ok {
		r.ClientOrigin, r.ClientEnd = o, e
	}
	if d := r.ClientEnd.Sub(r.ClientOrigin); d.Len() > 0 {
		r.Dir = d.Scale(1 / d.Len())
	}
	server := r.HasServerSide()
	l.serverSide(&r, server)
	r.IdealTo, _ = l.ms("ideal_rewind_to_ms", false, false)
	// null where the shot carried no stamp (modes ping, none, client)
	r.ClockError, r.HasClockError = l.ms("clock_error_ms", false, true)
	l.traced(&r, missing)
	if r.Outcome == lagcomp.OutcomeJudged {
		// the arrival-delay spreads are over the judged shots: one left
		// out would count as 0
		if _, ok := l.num("arrival_delay_ms", false, true); !ok {
			missing["arrival_delay_ms"]++
		}
		if bc, ok := l.boolean("behind_cover", false, true); ok {
			r.BehindCover = bc
		} else {
			missing["behind_cover"]++
		}
		// left out, the clock figures would be over fewer shots unsaid
		if _, given := l.fields["clock_error_ms"]; !given {
			missing["clock_error_ms"]++
		}
	}
	if l.present("damage") || l.present("killed") { // health > 0: both, or neither
		r.Damage, r.HasDamage = l.count("damage", true, 0), true
		r.Killed, _ = l.boolean("killed", true, false)
	}
	if shown, ok := l.boolean("hit_marker", false, false); ok { // health > 0
		r.HasFeedback, r.HasHitMarker = true, shown
		if shown {
			r.HitMarker, _ = l.ms("hit_marker_ms", true, false)
			r.MarkerAgreed, _ = l.boolean("hit_marker_agreed", true, false)
		}
	}
	l.agree(&r)
	l.inOrder(&r)
	l.untold(&r)
	return r
}

// untold marks the optional fields line l leaves out or gives as null
// where the shot would have a value: a gap (miss_by_m) for a shot the
// server traced, a part for a hit, a settling time for a shot not still
// in flight. lagscope's own lines leave out none (TestEverySimRunReadsBack).
func (l *lineReader) untold(r *lagcomp.ShotRecord) {
	for _, u := range lagcomp.UntoldFields {
		has := true
		switch u.Bit {
		case lagcomp.UntoldMissBy:
			has = r.Traced()
		case lagcomp.UntoldClientPart:
			has = r.ClientHit
		case lagcomp.UntoldServerPart:
			has = r.ServerHit
		case lagcomp.UntoldSettled:
			has = r.Outcome != lagcomp.OutcomeInFlight
		}
		if has && !l.present(u.Field) {
			r.Untold |= u.Bit
		}
	}
}

// inOrder refuses a shot whose times run backwards: it is fired, then
// sent, then arrives, then is judged, then settles (each where the line
// gives it; a settled_ms before fire_ms was read as given), and
// the server rewinds to a time it has had, not past the tick that judged
// it (a rewind into the future made the mean rewind −39 715 ms).
func (l *lineReader) inOrder(r *lagcomp.ShotRecord) {
	if l.err != nil {
		return
	}
	type stamp struct {
		field string
		t     model.Time
	}
	steps := []stamp{{"fire_ms", r.Fire}}
	if r.HasSent {
		steps = append(steps, stamp{"sent_ms", r.Sent})
	}
	if l.present("arrival_ms") {
		steps = append(steps, stamp{"arrival_ms", r.Arrival})
	}
	if r.HasServerSide() {
		steps = append(steps, stamp{"judged_ms", r.Judged})
	}
	if l.present("settled_ms") {
		steps = append(steps, stamp{"settled_ms", r.Settled})
	}
	for i := 1; i < len(steps); i++ {
		if a, b := steps[i-1], steps[i]; b.t < a.t {
			l.fail(b.field, "%v is before %s %v (a shot is fired, sent, arrives, is judged and settles in that order)", b.t.Millis(), a.field, a.t.Millis())
			return
		}
	}
	if x, ok := l.num("rewind_ms", false, true); ok && x < 0 {
		l.fail("rewind_ms", "want 0 or more, got %v: a negative rewind is a rewind into the future", x)
		return
	}
	if r.Traced() && r.RewindTo > r.Judged {
		l.fail("rewind_to_ms", "%v is after judged_ms %v: a rewind goes back to a time the server has had, not into the future", r.RewindTo.Millis(), r.Judged.Millis())
	}
}

// serverSide reads what the server did with a shot it handled; a shot it
// never handled carries none of it.
func (l *lineReader) serverSide(r *lagcomp.ShotRecord, server bool) {
	var ok bool
	r.Judged, ok = l.ms("judged_ms", server, !server)
	if ok && !server {
		l.fail("judged_ms", "a %s shot was never judged: want null", r.Outcome)
	}
	r.ServerHit, ok = l.boolean("server_hit", server, !server)
	if ok && !server {
		l.fail("server_hit", "a %s shot has no server verdict: want null", r.Outcome)
	}
	if r.ServerHit && r.Outcome == lagcomp.OutcomeRejected {
		l.fail("server_hit", "a rejected shot cannot be a server hit")
	}
	r.Arrival, _ = l.ms("arrival_ms", false, true)
	r.ArrivalDelay, _ = l.ms("arrival_delay_ms", false, true)
	if x, ok := l.num("resends", false, true); ok {
		if x < 0 || x != math.Trunc(x) {
			l.fail("resends", "want a whole number ≥ 0, got %v", x)
		}
		r.Resends = int(x)
	}
	r.ServerNow, _ = l.pose("server_now", false, true)
	r.ServerPart = l.part("server_part")
	if x, ok := l.num("server_hit_pawn", false, true); ok {
		r.ServerHitPawn = int(x)
	}
}

// RewindErrorSlackM is how far a record's rewind_error_m may lie from the
// distance between its client_saw and rewound poses: a millimetre, the
// summary's printed precision, far above the micrometre rounding of
// lagscope's own lines and an engine's float32 arithmetic (its spacing
// at 1 km is 61 µm).
const RewindErrorSlackM = 1e-3

// YawErrorSlackDeg is how far a record's yaw_error_deg may lie from the
// angle between its client_saw and rewound facings: a hundredth of a
// degree, the precision of an engine that prints its angles to two
// decimals, far above lagscope's rounding to a millionth.
const YawErrorSlackDeg = 1e-2

// traced reads the rewind and the server's trace of a shot the server
// rewound and traced; they are null on any other shot.
func (l *lineReader) traced(r *lagcomp.ShotRecord, missing map[string]int) {
	traced := r.Traced()
	var ok bool
	r.RewindTo, ok = l.ms("rewind_to_ms", traced, !traced)
	if ok && !traced {
		l.fail("rewind_to_ms", "only a judged shot the server rewound has a rewind target: want null (outcome %q, rules %v)", r.Outcome, r.Rules)
	}
	r.Rewound, ok = l.pose("rewound", traced, !traced)
	if ok && !traced {
		l.fail("rewound", "only a judged shot the server rewound has a rewound pose: want null")
	}
	if o, e, ok := l.segment("trace"); ok {
		r.Origin, r.ServerEnd = o, e
	} else if r.HasServerSide() { // client mode takes the client's trace; a rejected shot has none
		r.Origin, r.ServerEnd = r.ClientOrigin, r.ClientEnd
		if r.Rejected {
			r.ServerEnd = r.Origin
		}
	}
	if !traced {
		if r.HasServerSide() {
			// as the engine keeps a shot it did not rewind: at the
			// judging tick, the target where the server had it
			r.RewindTo, r.Rewound = r.Judged, r.ServerNow
		}
		return
	}
	// a rewind figure the engine leaves out is what lagscope computes:
	// the distance from the pose the client saw to the rewound one
	// a figure given must be that distance: one that contradicts the
	// poses is refused, not summarised (a client_saw 100 km from the
	// rewound pose read as 0.000 m) and not put right, since the line
	// cannot say which of the two is wrong
	posed := roundMicro(r.ClientSaw.Pos.Dist(r.Rewound.Pos))
	if x, ok := l.num("rewind_error_m", false, false); ok {
		if !(math.Abs(x-posed) <= RewindErrorSlackM) {
			l.fail("rewind_error_m", "is %v m, but client_saw and rewound are %v m apart (allowed: within %g m of it)", x, posed, RewindErrorSlackM)
		}
		r.RewindErrorM = x
	} else {
		r.RewindErrorM = posed
	}
	// the facing's figure is held against the poses as the distance's is
	yawed := roundMicro(math.Abs(model.AngleDiff(r.ClientSaw.Yaw, r.Rewound.Yaw)) * 180 / math.Pi)
	if x, ok := l.num("yaw_error_deg", false, false); ok {
		if !(math.Abs(x-yawed) <= YawErrorSlackDeg) {
			l.fail("yaw_error_deg", "is %v°, but client_saw and rewound face %v° apart (allowed: within %g° of it)", x, yawed, YawErrorSlackDeg)
		}
		r.YawErrorDeg = x
	} else {
		r.YawErrorDeg = yawed
	}
	r.TruthErrorM, _ = l.num("rewound_truth_error_m", false, false)
	if x, ok := l.num("victim_input_delay_ms", false, true); ok {
		r.VictimInputDelay, r.HasVictimInputDelay = model.MsF(x), true
	}
	r.MissByM, _ = l.num("miss_by_m", false, false)
	if name := l.str("rewind_rule", false); name != "" {
		rr, ok := rewind.ParseRule(name)
		if !ok {
			l.fail("rewind_rule", "not a rewind rule: %q", name)
		}
		r.RewindRule = rr
	}
	r.Rewinds, r.Culls = l.count("broadphase_rewound", false, 0), l.count("broadphase_culled", false, 0)
	if _, ok := l.fields["ideal_rewind_to_ms"]; !ok {
		missing["ideal_rewind_to_ms"]++
	}
}

// agree checks a line's agree against its verdicts: a record that
// contradicts itself is refused, not folded into agreement.
func (l *lineReader) agree(r *lagcomp.ShotRecord) {
	a, ok := l.boolean("agree", false, true)
	if !ok || l.err != nil {
		return
	}
	switch r.Outcome {
	case lagcomp.OutcomeLost:
		if a != !r.ClientHit {
			l.fail("agree", "is %v, but the shot was lost and the client saw it %s (the server credited nothing)", a, hitWord(r.ClientHit))
		}
	case lagcomp.OutcomeJudged, lagcomp.OutcomeRejected:
		if a != r.Agree() {
			l.fail("agree", "is %v, but client_hit is %v and server_hit %v", a, r.ClientHit, r.ServerHit)
		}
	}
}

func hitWord(hit bool) string {
	if hit {
		return "hit"
	}
	return "miss"
}

// roundMicro is a distance as records print it, to a micrometre.
func roundMicro(x float64) float64 { return round6(x) }
