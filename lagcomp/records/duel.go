package records

import (
	"lagscope/lagcomp"
	"lagscope/model"
)

// DuelJSON is the duel as `lagscope sim --json` prints it. Times a side
// never reached are null; "first_saw" and "won" name a player
// ("peeker"/"defender") or are "none".
type DuelJSON struct {
	Type             string   `json:"type"`
	Peeker           int      `json:"peeker"`
	Defender         int      `json:"defender"`
	PeekerFrameMs    float64  `json:"peeker_frame_ms"`
	PeekerUpMs       float64  `json:"peeker_one_way_ms"`
	ServerTickMs     float64  `json:"server_tick_ms"`
	ServerTermMs     float64  `json:"server_term_ms"`
	ServerTerm       string   `json:"server_term"`
	DefenderDownMs   float64  `json:"defender_one_way_ms"`
	DefenderInterpMs float64  `json:"defender_interp_ms"`
	PredictedMs      float64  `json:"predicted_ms"`
	PeekerSawMs      *float64 `json:"peeker_saw_ms"`
	ServerSawMs      *float64 `json:"server_saw_ms"`
	DefenderSawMs    *float64 `json:"defender_saw_ms"`
	MeasuredMs       *float64 `json:"measured_ms"`
	FirstSaw         string   `json:"first_saw"`
	Won              string   `json:"won"`
	WonAtMs          *float64 `json:"won_at_ms"`
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
		Type: "duel", Peeker: p.Peeker, Defender: p.Defender,
		PeekerFrameMs: round6(p.PeekerFrameMs), PeekerUpMs: round6(p.PeekerUpMs), ServerTickMs: round6(p.ServerTickMs),
		ServerTermMs: round6(p.ServerTermMs), ServerTerm: p.ServerTerm,
		DefenderDownMs: round6(p.DefenderDownMs), DefenderInterpMs: round6(p.DefenderInterpMs), PredictedMs: round6(p.PredictedMs),
		PeekerSawMs: at(p.PeekerSeen, p.PeekerSaw), ServerSawMs: at(p.ServerSeen, p.ServerSaw), DefenderSawMs: at(p.DefenderSeen, p.DefenderSaw),
		FirstSaw: role(p, p.FirstSaw()), Won: role(p, p.Winner), WonAtMs: at(p.Winner >= 0, p.WonAt),
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
	case p.Defender:
		return "defender"
	}
	return "none"
}
