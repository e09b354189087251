package records

import (
	"lagscope/lagcomp"
	"lagscope/model"
)

// DuelJSON is the duel as `lagscope sim --json` prints it, its roles
// named as Riot names them: the peeker and the holder. Times a side never
// reached are null; "first_saw" and "won" name a role ("peeker"/"holder")
// or are "none". The terms are the configuration's (see
// lagcomp.PeekersAdvantage); low_ms and high_ms bound one peek's gap.
type DuelJSON struct {
	Type           string   `json:"type"`
	Peeker         int      `json:"peeker"`
	Holder         int      `json:"holder"`
	PeekerFrameMs  float64  `json:"peeker_frame_ms"`
	PeekerCmdMs    float64  `json:"peeker_cmd_interval_ms"`
	PeekerCmdWait  float64  `json:"peeker_cmd_wait_ms"`
	PeekerUpMs     float64  `json:"peeker_one_way_ms"`
	InputBufferMs  float64  `json:"input_buffer_ms"`
	ServerTickMs   float64  `json:"server_tick_ms"`
	SnapshotMs     float64  `json:"snapshot_interval_ms"`
	HolderDownMs   float64  `json:"holder_one_way_ms"`
	PeekerJitterMs float64  `json:"peeker_jitter_ms"`
	HolderJitterMs float64  `json:"holder_jitter_ms"`
	HolderInterpMs float64  `json:"holder_interp_ms"`
	HolderFrameMs  float64  `json:"holder_frame_ms"`
	SnapshotWait   float64  `json:"snapshot_wait_ms"`
	PredictedMs    float64  `json:"predicted_ms"`
	LowMs          float64  `json:"low_ms"`
	HighMs         float64  `json:"high_ms"`
	PeekerSawMs    *float64 `json:"peeker_saw_ms"`
	ServerSawMs    *float64 `json:"server_saw_ms"`
	HolderSawMs    *float64 `json:"holder_saw_ms"`
	MeasuredMs     *float64 `json:"measured_ms"`
	FirstSaw       string   `json:"first_saw"`
	Won            string   `json:"won"`
	WonAtMs        *float64 `json:"won_at_ms"`
	// the gap at the server: when the first shot each side fired at
	// the other during the exposure reached the server (even before its
	// screen's centre-to-centre sighting), and the holder's less the
	// peeker's
	PeekerShotMs  *float64 `json:"peeker_shot_at_server_ms"`
	HolderShotMs  *float64 `json:"holder_shot_at_server_ms"`
	AtServerGapMs *float64 `json:"at_server_gap_ms"`
	// the duel's end (health > 0; lagcomp.DuelOutcome): a duel is one
	// exposure up to its first kill. Winner names who killed whom
	// ("holder", "peeker", "trade": both died, the victim's shot judged
	// after its death under dead_shooter = trade; "none": no kill);
	// killed_at_ms is the first kill's server tick. Per role, as the
	// player experienced it from its own screen's first sighting of the
	// other: ttk_ms to its killing shot's fire, told_dead_ms to its
	// client being told of its own death (negative: told before its
	// screen showed the killer); null where it did not kill, or die.
	// killed_behind_cover: the victim's own screen showed cover at its
	// last frame before the killing tick (null without a kill).
	Winner            lagcomp.DuelWinner `json:"winner"`
	KilledAtMs        *float64           `json:"killed_at_ms"`
	PeekerTTKMs       *float64           `json:"peeker_ttk_ms"`
	HolderTTKMs       *float64           `json:"holder_ttk_ms"`
	PeekerToldDeadMs  *float64           `json:"peeker_told_dead_ms"`
	HolderToldDeadMs  *float64           `json:"holder_told_dead_ms"`
	KilledBehindCover *bool              `json:"killed_behind_cover"`
	// Rules names what shaped the measured gap beyond one peek's bounds
	// (snapshot_lost, peek_input_late, prediction_through_wall)
	Rules []lagcomp.Rule `json:"rules"`
	// OneWayFrom is "trace" when a one-way term is a replayed trace's
	// delay at the peek rather than latency_ms (absent otherwise)
	OneWayFrom string `json:"one_way_from,omitempty"`
}

// Duel is the peeker's advantage in its output form.
func Duel(p *lagcomp.PeekersAdvantage) DuelJSON {
	at := func(ok bool, t model.Time) *float64 {
		if !ok {
			return nil
		}
		v := round6(t.Millis())
		return &v
	}
	j := DuelJSON{
		Type: "duel", Peeker: p.Peeker, Holder: p.Holder,
		PeekerFrameMs: round6(p.PeekerFrameMs), PeekerCmdMs: round6(p.PeekerCmdMs), PeekerCmdWait: round6(p.PeekerCmdWaitMs), PeekerUpMs: round6(p.PeekerUpMs),
		InputBufferMs: round6(p.InputBufferMs), ServerTickMs: round6(p.ServerTickMs), SnapshotMs: round6(p.SnapshotMs),
		HolderDownMs: round6(p.HolderDownMs), PeekerJitterMs: round6(p.PeekerJitterMs), HolderJitterMs: round6(p.HolderJitterMs), HolderInterpMs: round6(p.HolderInterpMs), HolderFrameMs: round6(p.HolderFrameMs),
		SnapshotWait: round6(p.SnapshotWaitMs), PredictedMs: round6(p.PredictedMs), LowMs: round6(p.LowMs), HighMs: round6(p.HighMs),
		PeekerSawMs: at(p.PeekerSeen, p.PeekerSaw), ServerSawMs: at(p.ServerSeen, p.ServerSaw), HolderSawMs: at(p.HolderSeen, p.HolderSaw),
		FirstSaw: role(p, p.FirstSaw()), Won: role(p, p.Winner), WonAtMs: at(p.Winner >= 0, p.WonAt),
		PeekerShotMs: at(p.PeekerShot, p.PeekerShotAt), HolderShotMs: at(p.HolderShot, p.HolderShotAt),
		Rules: p.Rules,
	}
	if j.Rules == nil {
		j.Rules = []lagcomp.Rule{}
	}
	if g, ok := p.AtServerGapMs(); ok {
		g = round6(g)
		j.AtServerGapMs = &g
	}
	j.Winner, j.KilledAtMs = p.Outcome(), at(p.End.Ended, p.End.EndAt)
	ms := func(v float64, ok bool) *float64 {
		if !ok {
			return nil
		}
		v = round6(v)
		return &v
	}
	j.PeekerTTKMs, j.HolderTTKMs = ms(p.TTKMs(0)), ms(p.TTKMs(1))
	j.PeekerToldDeadMs, j.HolderToldDeadMs = ms(p.ToldDeadMs(0)), ms(p.ToldDeadMs(1))
	if c, ok := p.KilledBehindCover(); ok {
		j.KilledBehindCover = &c
	}
	if p.OneWayFromTrace {
		j.OneWayFrom = "trace"
	}
	if m, ok := p.MeasuredMs(); ok {
		m = round6(m)
		j.MeasuredMs = &m
	}
	return j
}

// role names a pawn of the duel.
func role(p *lagcomp.PeekersAdvantage, pawn int) string {
	switch pawn {
	case p.Peeker:
		return "peeker"
	case p.Holder:
		return "holder"
	}
	return "none"
}
