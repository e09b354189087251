package lagcomp

import (
	"math"

	"lagscope/model"
)

// ShotJSON is a shot record as `lagscope sim --json` prints it: snake_case
// keys, times in milliseconds, distances in metres, angles in degrees.
// Fields the shot's outcome gives no value are null: a lost or in-flight
// shot has no server side at all; a rejected shot and a client-mode shot
// were not rewound or traced, so they have no rewind or trace figures.
type ShotJSON struct {
	Type            string     `json:"type"`
	ID              string     `json:"id"`
	Seq             uint32     `json:"seq"`
	Outcome         Outcome    `json:"outcome"`
	Shooter         int        `json:"shooter"`
	Target          int        `json:"target"`
	Mode            Mode       `json:"mode"`
	Weapon          WeaponKind `json:"weapon"`
	FireMs          float64    `json:"fire_ms"`
	SettledMs       *float64   `json:"settled_ms"` // when the outcome was certain (null in flight)
	Sends           int        `json:"sends"`
	ArrivalMs       *float64   `json:"arrival_ms"`
	ArrivalDelayMs  *float64   `json:"arrival_delay_ms"`
	Resends         *int       `json:"resends"`
	JudgedMs        *float64   `json:"judged_ms"`
	ClaimedStampMs  *float64   `json:"claimed_stamp_ms"`
	RewindToMs      *float64   `json:"rewind_to_ms"`
	RewindMs        *float64   `json:"rewind_ms"`
	IdealRewindToMs float64    `json:"ideal_rewind_to_ms"`
	IdealRewindMs   *float64   `json:"ideal_rewind_ms"`
	RewindErrorM    *float64   `json:"rewind_error_m"`
	YawErrorDeg     *float64   `json:"yaw_error_deg"`
	TruthErrorM     *float64   `json:"rewound_truth_error_m"`
	ClientSaw       PoseJSON   `json:"client_saw"`
	Rewound         *PoseJSON  `json:"rewound"`
	ServerNow       *PoseJSON  `json:"server_now"`
	ClientHit       bool       `json:"client_hit"`
	ClientPart      string     `json:"client_part"`
	ServerHit       *bool      `json:"server_hit"`
	ServerPart      *string    `json:"server_part"`
	ServerHitPawn   *int       `json:"server_hit_pawn"`
	MissByM         *float64   `json:"miss_by_m"`
	Agree           *bool      `json:"agree"`
	Rejected        bool       `json:"rejected"`
	Rules           []Rule     `json:"rules"`
	RewindRule      *string    `json:"rewind_rule"`
	Trace           *[2]XYJSON `json:"trace"`
	ClientTrace     [2]XYJSON  `json:"client_trace"`
	Rewinds         *int       `json:"broadphase_rewound"`
	Culls           *int       `json:"broadphase_culled"`
	BehindCover     *bool      `json:"behind_cover"`
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

// JSON is the record in its output form.
func (r *ShotRecord) JSON() ShotJSON {
	j := ShotJSON{
		Type: "shot", ID: r.ID.String(), Seq: r.Seq, Outcome: r.Outcome, Shooter: r.Shooter, Target: r.Target,
		Mode: r.Mode, Weapon: r.Weapon, FireMs: r.Fire.Millis(), Sends: r.Sends,
		IdealRewindToMs: r.IdealTo.Millis(), ClientSaw: poseJSON(r.ClientSaw),
		ClientHit: r.ClientHit, ClientPart: r.ClientPart.String(), Rejected: r.Rejected, Rules: r.Rules,
		ClientTrace: [2]XYJSON{xy(r.ClientOrigin), xy(r.ClientEnd)},
	}
	if j.Rules == nil {
		j.Rules = []Rule{}
	}
	if r.HasServerSide() {
		j.ArrivalMs, j.ArrivalDelayMs, j.Resends = ptr(r.Arrival.Millis()), ptr(r.ArrivalDelay.Millis()), ptr(r.Resends)
		j.JudgedMs, j.IdealRewindMs = ptr(r.Judged.Millis()), ptr(r.IdealRewindMs())
		j.ServerNow = ptr(poseJSON(r.ServerNow))
		j.ServerHit, j.Agree, j.BehindCover = ptr(r.ServerHit), ptr(r.Agree()), ptr(r.BehindCover)
		j.ServerPart, j.ServerHitPawn = ptr(r.ServerPart.String()), ptr(r.ServerHitPawn)
	} else if r.Outcome == OutcomeLost {
		j.Agree = ptr(!r.ClientHit) // the server credited nothing
	}
	if r.Traced() {
		j.RewindToMs, j.RewindMs = ptr(r.RewindTo.Millis()), ptr(r.RewindMs())
		j.RewindErrorM, j.YawErrorDeg, j.TruthErrorM = ptr(round6(r.RewindErrorM)), ptr(round6(r.YawErrorDeg)), ptr(round6(r.TruthErrorM))
		j.Rewound, j.MissByM, j.RewindRule = ptr(poseJSON(r.Rewound)), ptr(round6(r.MissByM)), ptr(r.RewindRule.String())
		j.Trace = &[2]XYJSON{xy(r.Origin), xy(r.ServerEnd)}
		j.Rewinds, j.Culls = ptr(r.Rewinds), ptr(r.Culls)
	} else if r.Outcome == OutcomeJudged { // client mode: the server took the client's word and trace
		j.Trace = &[2]XYJSON{xy(r.ClientOrigin), xy(r.ServerEnd)}
	}
	if r.Outcome != OutcomeInFlight {
		j.SettledMs = ptr(r.Settled.Millis())
	}
	if r.HasClaimed {
		j.ClaimedStampMs = ptr(r.Claimed.Millis())
	}
	return j
}

// SummaryJSON is the last line of `lagscope sim --json`.
//
// A float figure's bounds tag names the values it can take (agreement is
// a fraction, distances are never negative): a sweep clamps a confidence
// band to them and its chart says so. Every int is a count (0 and up).
// An `of` tag names the figure a count is out of (false hits of judged
// shots): a chart of the count says that total, so 12 reads as 12 of 240.
type SummaryJSON struct {
	Type             string            `json:"type"`
	Shots            int               `json:"shots" of:"shots_fired"` // judged, not rejected
	ShotsFired       int               `json:"shots_fired"`
	Rejected         int               `json:"rejected" of:"shots_fired"`
	ShotsLost        int               `json:"shots_lost" of:"shots_fired"`
	ShotsInFlight    int               `json:"shots_in_flight" of:"shots_fired"`
	LostClientHits   int               `json:"lost_client_hits" of:"shots_lost"`
	DupsRejected     int               `json:"duplicates_rejected"`
	ReliableGaveUp   int               `json:"reliable_gave_up"`
	ClientHits       int               `json:"client_hits" of:"shots"`
	ServerHits       int               `json:"server_hits" of:"shots"`
	Agreement        *float64          `json:"agreement" bounds:"0,1" of:"shots"` // null with no judged shots
	FalseHits        int               `json:"false_hits" of:"shots"`
	FalseMisses      int               `json:"false_misses" of:"shots"`
	BehindCover      int               `json:"behind_cover" of:"server_hits"`
	ShotsTraced      int               `json:"shots_traced" of:"shots"`         // judged shots the server rewound and traced
	MeanRewindErrorM *float64          `json:"mean_rewind_error_m" bounds:"0,"` // null with no traced shot (client mode)
	P95RewindErrorM  *float64          `json:"p95_rewind_error_m" bounds:"0,"`  // null with no traced shot
	MeanRewindMs     *float64          `json:"mean_rewind_ms"`                  // null with no traced shot
	MeanIdealMs      *float64          `json:"mean_ideal_rewind_ms"`            // null with no traced shot
	RuleTally        map[Rule]int      `json:"rules" of:"shots_fired"`
	MaxWarpM         float64           `json:"max_warp_m" bounds:"0,"`
	StarvedFrames    int               `json:"starved_frames"`
	Packets          map[string]int    `json:"packets"`
	Projectiles      int               `json:"projectiles"`
	ProjectileRules  map[Reconcile]int `json:"projectile_rules" of:"projectiles"`
	MeanSpawnOffsetM *float64          `json:"mean_projectile_spawn_offset_m" bounds:"0,"` // null with no projectile linked
	MaxDivergenceM   *float64          `json:"max_projectile_divergence_m" bounds:"0,"`    // null with no projectile
	MeanDetDistM     *float64          `json:"mean_detonation_distance_m" bounds:"0,"`     // null with no pair that both detonated
	SimSeconds       float64           `json:"sim_seconds"`
	WallMs           float64           `json:"wall_ms"`
}

// JSON is the summary in its output form; the caller fills WallMs, the
// one figure that is not deterministic.
func (s *Summary) JSON(sim *Sim) SummaryJSON {
	j := SummaryJSON{
		Type: "summary", ShotsFired: s.ShotsFired, Shots: s.Shots, Rejected: s.Rejected,
		ShotsLost: s.ShotsLost, ShotsInFlight: s.ShotsInFlight, LostClientHits: s.LostClientHits, DupsRejected: s.DupsRejected, ReliableGaveUp: s.ReliableGaveUp,
		ClientHits: s.ClientHits, ServerHits: s.ServerHits,
		FalseHits: s.FalseHits, FalseMisses: s.FalseMisses, BehindCover: s.BehindCover,
		ShotsTraced:      s.ShotsTraced,
		MeanRewindErrorM: figure(s.MeanRewindErrM), P95RewindErrorM: figure(s.P95RewindErrM),
		MeanRewindMs: figure(s.MeanRewindMs), MeanIdealMs: figure(s.MeanIdealMs),
		RuleTally: map[Rule]int{},
		MaxWarpM:  round6(s.MaxWarpM), StarvedFrames: s.StarvedFrames,
		SimSeconds: sim.Now.Seconds(),
	}
	j.Agreement = figure(s.Agreement)
	for _, rc := range s.RuleCounts {
		j.RuleTally[rc.Rule] = rc.Count
	}
	ps := SummarizeProjectiles(sim.Projectiles())
	j.Projectiles, j.ProjectileRules = ps.Count, map[Reconcile]int{}
	for _, rc := range ps.Rules {
		j.ProjectileRules[rc.Rule] = rc.Count
	}
	j.MeanSpawnOffsetM, j.MaxDivergenceM, j.MeanDetDistM = figure(ps.MeanLinkOffsetM), figure(ps.MaxDivergenceM), figure(ps.MeanDetDistM)
	up, down := sim.Link(ShooterPawn, true).Stats, sim.Link(ShooterPawn, false).Stats
	// the reliability layer of the shooter's connection: resends and
	// give-ups by the sender, duplicates the receiver dropped, explicit
	// ack packets
	cl, sv := sim.Clients[ShooterPawn], sim.Server.conns[ShooterPawn]
	j.Packets = map[string]int{
		"up_sent": up.Sent, "up_lost": up.Lost, "up_duplicated": up.Duplicated, "up_reordered": up.Reordered,
		"down_sent": down.Sent, "down_lost": down.Lost, "down_duplicated": down.Duplicated, "down_reordered": down.Reordered,
		"up_resends": cl.rel.Stats.Resends, "up_gave_up": cl.rel.Stats.GaveUp, "up_dup_dropped": sv.rel.Stats.DupPackets,
		"up_acks":      cl.acks,
		"down_resends": sv.rel.Stats.Resends, "down_gave_up": sv.rel.Stats.GaveUp, "down_dup_dropped": cl.rel.Stats.DupPackets,
		"down_acks": sv.acks,
	}
	return j
}

// figure is a summary figure as JSON prints it: rounded, or null when the
// run gave it no value (NaN), never a number that reads as a measurement.
func figure(x float64) *float64 {
	if math.IsNaN(x) {
		return nil
	}
	return ptr(round6(x))
}
