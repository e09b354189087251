package lagcomp

import (
	"slices"

	"github.com/google/uuid"

	"lagscope/lagcomp/chunklog"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Command is a shot as the client sends it: the fields of UT2003's
// ServerPredictedStartFire and Source's usercmd that the modes need.
type Command struct {
	Seq    uint32
	Client int
	// Usercmd is the client command whose fire button it is: the shot
	// rides in every packet that carries that command (see usercmd.go).
	Usercmd uint32
	Fire    model.Time // client time the shot was fired (the server never reads it; records do)
	compensation.Timing
	Dir    model.Vec  // aim, unit vector
	Weapon WeaponKind // a projectile weapon spawns a projectile instead of a trace
	// ClockError is how far the client's estimate of server time, which
	// stamped the command, was from the time its display showed (the
	// server never reads it; records do, and the server's second
	// judgement with the true stamp). HasClockError: the mode reads a
	// stamp of the client's clock (compensation.Stamps); without one the
	// clock has no error to give.
	ClockError    model.Time
	HasClockError bool
	// AfterRelease: the trigger came up since the shooter's previous shot
	// (a usercmd without the attack button lies between them in the
	// command stream), so the server stops that burst before this shot
	// starts the next — whatever became of the StopFire itself.
	AfterRelease bool
	// ZeroPing: the client's own verdict, which client mode believes.
	ClaimHit    bool
	ClaimTarget int
	ClaimPart   model.Part
	// ClaimPoint is where the client's trace stopped, the hit point it
	// claims (ShooterGame's ServerNotifyHit carries it): client_checked
	// checks it against the target's box and the aim.
	ClaimPoint model.Vec
}

// Rule names a defence or fallback the server applied to a shot; every
// rule is declared, with its stage and what it explains, in lagcomp/rule.
type Rule = rule.Rule

// BroadPhaseVisit is the grid cells a shot's broad phase walked.
type BroadPhaseVisit = rewind.Visited

// ShotRecord is one judged shot with the ground truth beside the verdict.
type ShotRecord struct {
	ID      uuid.UUID
	Seq     uint32
	Shooter int
	Target  int // the pawn the shooter aimed at
	Mode    Mode
	Weapon  WeaponKind

	Outcome Outcome    // judged, rejected, lost or in flight: only judged and rejected have a server side
	Settled model.Time // when the outcome was certain: judged, or the last copy dropped (records are in this order)
	Fire    model.Time // when the client fired: the frame the trigger was pulled at
	// Sent is when the command's first copy left, with the next command
	// packet (the command beat; HasSent false before it has)
	Sent    model.Time
	HasSent bool
	Arrival model.Time // when the command reached the server
	Judged  model.Time // the server tick that judged it
	// ArrivalDelay is how much later than the first the copy that arrived
	// was sent (a reliable resend or a backup); Resends how many copies
	// were sent before it, so by which copy it came (unreliable: 0 the
	// packet that first carried its command, k its command's k-th
	// cl_cmdbackup repeat); Sends how many were sent in all so far.
	ArrivalDelay   model.Time
	Resends, Sends int
	// Usercmd is the number of the client command whose fire button the
	// shot is (its shooter's command stream: the packets' inputs), 0 when
	// a record does not say.
	Usercmd uint32

	Claimed model.Time // the stamp the command carried (or the server advanced), if any
	// ClockError is the stamp's error: the client's estimate of server
	// time less the time its display showed (0 with an exact clock). The
	// rule clock_error names a verdict it changed. HasClockError is false
	// for a shot that carries no stamp (the ping, none and client modes):
	// its clock_error_ms is null and the summary's mean skips it.
	ClockError    model.Time
	HasClockError bool
	HasClaimed    bool
	// Stamp is what the command carried of its time beyond the
	// continuous stamp (stamp_precision): tick's whole ticks, subtick's
	// render tick and interpolation state.
	Stamp    compensation.Stamp
	RewindTo model.Time // the server time the target was rewound to (Judged in none mode)
	IdealTo  model.Time // the server time whose state the client was displaying

	ClientSaw model.Pose // target as the shooter's client displayed it when firing
	Rewound   model.Pose // target as the server judged it
	ServerNow model.Pose // target on the server at judgement

	RewindErrorM float64 // |ClientSaw - Rewound|: how far the server's idea of the target was from the client's
	YawErrorDeg  float64 // the same for facing: naive rotation lerp shows up here
	// TruthErrorM is how far the rewound pose is from where the target
	// truly was at the time it was rewound to: interpolation error, and the
	// places a trail not reset on teleport "visits" that the pawn never did.
	TruthErrorM float64
	// VictimInputDelay is how far behind its own client the victim's pawn
	// was at the rewound time: the server was playing the inputs its
	// client sampled this long before (its input buffer's offset then);
	// HasVictimInputDelay is false before the victim's first input played.
	VictimInputDelay    model.Time
	HasVictimInputDelay bool

	Origin        model.Vec // the server's trace origin (the shooter now, not rewound, as UT2003)
	Dir           model.Vec
	ClientOrigin  model.Vec
	ClientEnd     model.Vec // where the client's trace stopped
	ServerEnd     model.Vec // where the server's trace stopped
	ClientHit     bool
	ClientPart    model.Part
	ServerHit     bool // the server credited a hit on the target
	ServerPart    model.Part
	ServerHitPawn int // whatever the server's trace met first (-1: wall or nothing)
	// Blocker is the pawn that stopped the server's trace before the
	// target (rule blocked_by_pawn), as the server rewound it; zero
	// otherwise. Records files keep its number (server_hit_pawn) alone.
	Blocker        model.Pose
	MissByM        float64 // signed gap: > 0 the target's hitbox was missed by this much, < 0 hit this deep
	Rejected       bool
	Rules          []Rule
	RewindRule     rewind.Rule     // how the target's history answered
	Rewinds, Culls int             // broad phase: pawns rewound and skipped
	RewoundPawns   []int           // which pawns the broad phase let through
	BroadPhase     BroadPhaseVisit // the grid cells the broad phase walked (none with it off)
	BehindCover    bool            // server hit the target although the victim's own screen, when the server judged it, showed a wall between it and the shooter
	// Damage is the health the shot took from the pawn it hit, Killed
	// whether that killed it (health.go); HasDamage: pawns could die
	// (health > 0) and the server judged it, so the two mean something.
	Damage    int
	Killed    bool
	HasDamage bool
	// HitMarker is when the shooter's client showed the shot's hit marker
	// (hit_feedback: hitfeedback.go), HasHitMarker whether it showed one
	// (yet), MarkerAgreed whether the server credited the hit it showed;
	// HasFeedback: pawns could die (health > 0), so the three mean
	// something.
	HitMarker                               model.Time
	HasHitMarker, MarkerAgreed, HasFeedback bool
	Untold                                  Untold // the optional fields a records line left out (none in lagscope's own)
	// what the victim's screen showed when a hit was judged: its frame
	// time, itself and the shooter
	victimAt                  model.Time
	victimSelf, victimShooter model.Vec
}

// RewindMs is how far back the server judged the shot.
func (r *ShotRecord) RewindMs() float64 { return (r.Judged - r.RewindTo).Millis() }

// IdealRewindMs is how far back it should have gone to match the client.
func (r *ShotRecord) IdealRewindMs() float64 { return (r.Judged - r.IdealTo).Millis() }

// Agree is whether server and client verdicts match; a lost shot the
// client saw hit disagrees (the server credited nothing).
func (r *ShotRecord) Agree() bool { return r.ClientHit == r.ServerHit }

// HasServerSide reports whether the server handled the shot at all.
func (r *ShotRecord) HasServerSide() bool {
	return r.Outcome == OutcomeJudged || r.Outcome == OutcomeRejected
}

// Traced reports whether the server rewound and traced the shot, so that
// the rewind and trace fields mean something.
func (r *ShotRecord) Traced() bool {
	return r.Outcome == OutcomeJudged && !r.HasRule(rule.ClientAuthority)
}

// HasRule reports whether rule applied to the shot.
func (r *ShotRecord) HasRule(rule Rule) bool {
	for _, x := range r.Rules {
		if x == rule {
			return true
		}
	}
	return false
}

// ShotLog is the shots' records (judged, rejected, lost) in the order
// their fate was known, in chunks shared with a clone until written
// (chunklog): a keyframe or a replay from one shares them all, and an
// append or a write in place copies the one chunk it touches. With one
// flat slice, a seek an hour into rapid fire copied every record
// (144 000, 87 MB) on its first shot, and so did the live run after
// each keyframe.
type ShotLog struct{ c chunklog.Log[ShotRecord] }

// Len is the number of records.
func (l *ShotLog) Len() int { return l.c.Len() }

// At is record i, to read: a write goes through Mut.
func (l *ShotLog) At(i int) *ShotRecord { return l.c.At(i) }

// Last is the newest record, nil in an empty log.
func (l *ShotLog) Last() *ShotRecord {
	if l.Len() == 0 {
		return nil
	}
	return l.At(l.Len() - 1)
}

// Judged is the nth record (from 1) of a shot the server handled —
// judged, or refused by a defence — in the order it handled them: the
// records of shots the network lost are not counted, so "shot 2" is the
// second shot the server judged, never a lost one with no judgement
// time. It returns nil when the log holds fewer, and how many it holds.
func (l *ShotLog) Judged(n int) (r *ShotRecord, handled int) {
	for i := range l.Len() {
		if x := l.At(i); x.HasServerSide() {
			if handled++; handled == n {
				r = x
			}
		}
	}
	return r, handled
}

// Append adds r at the end.
func (l *ShotLog) Append(r ShotRecord) { l.add(r, nil) }

// add is Append, a new chunk taken from sp when it has one (a
// Recycler's: nil, made).
func (l *ShotLog) add(r ShotRecord, sp *chunklog.Spare[ShotRecord]) { l.c.AddFrom(r, ownRules, sp) }

// Mut is record i, to write in place: its chunk is copied first if a
// clone shares it.
func (l *ShotLog) Mut(i int) *ShotRecord { return l.c.Mut(i, ownRules) }

// ownRules clips a copied record's rules, so a rule appended to one copy
// never lands in the array the other still reads.
func ownRules(r *ShotRecord) { r.Rules = slices.Clip(r.Rules) }

// Records is every record, in order, in a slice of its own.
func (l *ShotLog) Records() []ShotRecord { return l.From(0) }

// From is the records from i on, in a slice of their own.
func (l *ShotLog) From(i int) []ShotRecord {
	out := make([]ShotRecord, 0, max(l.Len()-i, 0))
	for ; i < l.Len(); i++ {
		out = append(out, *l.At(i))
	}
	return out
}

// clone is a log sharing every chunk with l (a pointer a chunk).
func (l *ShotLog) clone() ShotLog { return ShotLog{l.c.Clone()} }

// firedShots holds every shot fired, by command seq − 1.
type firedShots = chunklog.Log[pendingShot]

// ownSent gives a copied shot its own list of send times: both copies
// append to it.
func ownSent(ps *pendingShot) { ps.sentAt = slices.Clip(ps.sentAt) }
