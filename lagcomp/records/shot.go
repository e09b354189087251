package records

import (
	"math"
	"strconv"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// ShotJSON is a shot record as `lagscope sim --json` prints it: snake_case
// keys, times in milliseconds, distances in metres, angles in degrees.
// Fields the shot's outcome gives no value are null: a lost or in-flight
// shot has no server side at all; a rejected shot and a client-mode shot
// were not rewound or traced, so they have no rewind or trace figures.
type ShotJSON struct {
	Type            string             `json:"type"`
	ID              string             `json:"id"`
	Seq             uint32             `json:"seq"`
	Outcome         lagcomp.Outcome    `json:"outcome"`
	Shooter         int                `json:"shooter"`
	Target          int                `json:"target"`
	Mode            lagcomp.Mode       `json:"mode"`
	Weapon          lagcomp.WeaponKind `json:"weapon"`
	FireMs          float64            `json:"fire_ms"`
	SentMs          *float64           `json:"sent_ms"`    // when its first copy left, with the next command packet (null before)
	SettledMs       *float64           `json:"settled_ms"` // when the outcome was certain (null in flight)
	Sends           int                `json:"sends"`
	Usercmd         uint32             `json:"usercmd"` // the command whose fire button it is (the shooter's command stream)
	ArrivalMs       *float64           `json:"arrival_ms"`
	ArrivalDelayMs  *float64           `json:"arrival_delay_ms"`
	Resends         *int               `json:"resends"`
	JudgedMs        *float64           `json:"judged_ms"`
	ClaimedStampMs  *float64           `json:"claimed_stamp_ms"`
	RewindToMs      *float64           `json:"rewind_to_ms"`
	RewindMs        *float64           `json:"rewind_ms"`
	IdealRewindToMs float64            `json:"ideal_rewind_to_ms"`
	IdealRewindMs   *float64           `json:"ideal_rewind_ms"`
	RewindErrorM    *float64           `json:"rewind_error_m"`
	YawErrorDeg     *float64           `json:"yaw_error_deg"`
	TruthErrorM     *float64           `json:"rewound_truth_error_m"`
	VictimInputMs   *float64           `json:"victim_input_delay_ms"`
	ClientSaw       PoseJSON           `json:"client_saw"`
	Rewound         *PoseJSON          `json:"rewound"`
	ServerNow       *PoseJSON          `json:"server_now"`
	ClientHit       bool               `json:"client_hit"`
	ClientPart      string             `json:"client_part"`
	ServerHit       *bool              `json:"server_hit"`
	ServerPart      *string            `json:"server_part"`
	ServerHitPawn   *int               `json:"server_hit_pawn"`
	MissByM         *float64           `json:"miss_by_m"`
	Agree           *bool              `json:"agree"`
	Rejected        bool               `json:"rejected"`
	Rules           []lagcomp.Rule     `json:"rules"`
	RewindRule      *string            `json:"rewind_rule"`
	Trace           *[2]XYJSON         `json:"trace"`
	ClientTrace     [2]XYJSON          `json:"client_trace"`
	Rewinds         *int               `json:"broadphase_rewound"`
	Culls           *int               `json:"broadphase_culled"`
	BehindCover     *bool              `json:"behind_cover"`
	ClockErrorMs    *float64           `json:"clock_error_ms"`
	// what the command carried of its time beyond the continuous stamp
	// (stamp_precision): left out for continuous, so a continuous run's
	// lines are as they were before the key
	StampPrecision    compensation.Precision `json:"stamp_precision,omitempty"`
	StampTick         *int64                 `json:"stamp_tick,omitempty"`
	StampLerpTicks    *int64                 `json:"stamp_lerp_ticks,omitempty"`
	StampTickFraction *float64               `json:"stamp_tick_fraction,omitempty"`
	InterpFromTick    *int64                 `json:"interp_from_tick,omitempty"`
	InterpToTick      *int64                 `json:"interp_to_tick,omitempty"`
	InterpFraction    *float64               `json:"interp_fraction,omitempty"`
	// the health the shot took from the pawn it hit and whether that
	// killed it: a judged shot's when pawns can die (health > 0), left
	// out otherwise, so a run without health prints what it did before
	Damage *int  `json:"damage,omitempty"`
	Killed *bool `json:"killed,omitempty"`
	// whether the shooter's client showed a hit marker (hit_feedback),
	// and if so when and whether the server credited the hit: health > 0
	// only, left out otherwise
	HitMarker       *bool    `json:"hit_marker,omitempty"`
	HitMarkerMs     *float64 `json:"hit_marker_ms,omitempty"`
	HitMarkerAgreed *bool    `json:"hit_marker_agreed,omitempty"`
}

// PoseJSON is a pose in the JSON output.
type PoseJSON struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	YawDeg float64 `json:"yaw_deg"`
	Alive  bool    `json:"alive"`
}

// XYJSON is a point in the JSON output.
type XYJSON struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// round6 keeps output readable and stable: micrometres, microseconds.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func poseJSON(p model.Pose) PoseJSON {
	return PoseJSON{round6(p.Pos.X), round6(p.Pos.Y), round6(p.Yaw * 180 / math.Pi), p.Alive}
}

func xy(v model.Vec) XYJSON { return XYJSON{round6(v.X), round6(v.Y)} }

func ptr[T any](v T) *T { return &v }

// Shot is a shot record in its output form.
func Shot(r *lagcomp.ShotRecord) ShotJSON {
	j := ShotJSON{
		Type: "shot", ID: r.ID.String(), Seq: r.Seq, Outcome: r.Outcome, Shooter: r.Shooter, Target: r.Target,
		Mode: r.Mode, Weapon: r.Weapon, FireMs: r.Fire.Millis(), Sends: r.Sends, Usercmd: r.Usercmd,
		IdealRewindToMs: r.IdealTo.Millis(), ClientSaw: poseJSON(r.ClientSaw),
		ClientHit: r.ClientHit, ClientPart: r.ClientPart.String(), Rejected: r.Rejected, Rules: r.Rules,
		ClientTrace: [2]XYJSON{xy(r.ClientOrigin), xy(r.ClientEnd)},
	}
	if r.HasClockError { // null for a shot that carries no stamp
		j.ClockErrorMs = ptr(r.ClockError.Millis())
	}
	if j.Rules == nil {
		j.Rules = []lagcomp.Rule{}
	}
	if r.HasServerSide() {
		j.ArrivalMs, j.ArrivalDelayMs, j.Resends = ptr(r.Arrival.Millis()), ptr(r.ArrivalDelay.Millis()), ptr(r.Resends)
		j.JudgedMs, j.IdealRewindMs = ptr(r.Judged.Millis()), ptr(r.IdealRewindMs())
		j.ServerNow = ptr(poseJSON(r.ServerNow))
		j.ServerHit, j.Agree, j.BehindCover = ptr(r.ServerHit), ptr(r.Agree()), ptr(r.BehindCover)
		j.ServerPart, j.ServerHitPawn = ptr(r.ServerPart.String()), ptr(r.ServerHitPawn)
	} else if r.Outcome == lagcomp.OutcomeLost {
		j.Agree = ptr(!r.ClientHit) // the server credited nothing
	}
	if r.Traced() {
		j.RewindToMs, j.RewindMs = ptr(r.RewindTo.Millis()), ptr(r.RewindMs())
		j.RewindErrorM, j.YawErrorDeg, j.TruthErrorM = ptr(round6(r.RewindErrorM)), ptr(round6(r.YawErrorDeg)), ptr(round6(r.TruthErrorM))
		j.Rewound, j.MissByM, j.RewindRule = ptr(poseJSON(r.Rewound)), ptr(round6(r.MissByM)), ptr(r.RewindRule.String())
		if r.HasVictimInputDelay {
			j.VictimInputMs = ptr(r.VictimInputDelay.Millis())
		}
		j.Trace = &[2]XYJSON{xy(r.Origin), xy(r.ServerEnd)}
		j.Rewinds, j.Culls = ptr(r.Rewinds), ptr(r.Culls)
	} else if r.Outcome == lagcomp.OutcomeJudged { // client mode: the server took the client's word and trace
		j.Trace = &[2]XYJSON{xy(r.ClientOrigin), xy(r.ServerEnd)}
	}
	if r.Outcome != lagcomp.OutcomeInFlight {
		j.SettledMs = ptr(r.Settled.Millis())
	}
	if r.HasSent {
		j.SentMs = ptr(r.Sent.Millis())
	}
	if r.HasClaimed {
		j.ClaimedStampMs = ptr(r.Claimed.Millis())
	}
	stampJSON(&j, &r.Stamp)
	if r.HasDamage {
		j.Damage, j.Killed = ptr(r.Damage), ptr(r.Killed)
	}
	if r.HasFeedback {
		j.HitMarker = ptr(r.HasHitMarker)
		if r.HasHitMarker {
			j.HitMarkerMs, j.HitMarkerAgreed = ptr(r.HitMarker.Millis()), ptr(r.MarkerAgreed)
		}
	}
	return j
}

// stampJSON fills a line's stamp fields from what the command carried:
// tick's tick_count and lerp ticks, subtick's render tick and fraction
// and interpolation state; nothing for continuous.
func stampJSON(j *ShotJSON, st *compensation.Stamp) {
	switch st.Precision {
	case compensation.Tick:
		j.StampPrecision, j.StampTick, j.StampLerpTicks = st.Precision, ptr(st.Tick), ptr(st.LerpTicks)
	case compensation.Subtick:
		j.StampPrecision, j.StampTick, j.StampTickFraction = st.Precision, ptr(st.Tick), ptr(float32JSON(st.Fraction))
		j.InterpFromTick, j.InterpToTick, j.InterpFraction = ptr(st.InterpFrom), ptr(st.InterpTo), ptr(float32JSON(st.InterpFraction))
	}
}

// float32JSON is a float32 as the shortest decimal that reads back to it
// (0.3, not 0.30000001192092896): the proto's fractions are floats.
func float32JSON(f float32) float64 {
	x, _ := strconv.ParseFloat(strconv.FormatFloat(float64(f), 'g', -1, 32), 64)
	return x
}
