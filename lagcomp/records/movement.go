package records

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"lagscope/lagcomp"
)

// MovementJSON is one player's movement record as `lagscope sim --json`
// prints it: what its client sent and corrected, and what the server's
// input buffer did with its inputs. input_delay_ms_mean is null before
// any input was played. Bystanders (extra_pawns) have no client and no
// record: the server walks them by their scripts.
type MovementJSON struct {
	Type            string  `json:"type"`
	Client          string  `json:"client"`
	InputsSent      int     `json:"inputs_sent"`
	CmdRateHz       int     `json:"cmd_rate_hz"`     // the rate its command packets went out at: cmd_rate_hz, at most fps
	CommandPackets  int     `json:"command_packets"` // command packets sent
	CmdRateCapped   int     `json:"cmd_rate_capped"` // of them, sent at fps because cmd_rate_hz asked more
	InputsReceived  int     `json:"inputs_received"`
	InputsLost      int     `json:"inputs_lost"`
	InputsLate      int     `json:"inputs_late"`
	InputsGuessed   int     `json:"inputs_guessed"` // of inputs_late, those whose whole frame the input_starved rule played
	InputCopies     int     `json:"input_copies_dropped"`
	StarvedTicks    int     `json:"starved_ticks"`
	Resyncs         int     `json:"resyncs"`
	Drains          int     `json:"drains"`
	LastCmdReplays  int     `json:"last_cmd_replays"`  // input_starved = source: missing commands m_LastCmd was run for
	UsercmdsCapped  int     `json:"usercmds_capped"`   // input_starved = source: inputs the budget refused, wholly or in part
	UsercmdCappedMs float64 `json:"usercmd_capped_ms"` // and the client time it refused
	MovesClamped    int     `json:"moves_clamped"`     // input_starved = ue: moves clamped to max_move_delta_ms
	MoveClampedMs   float64 `json:"move_clamped_ms"`   // and the client time not moved
	// movement_authority = client: moves whose reported position was
	// adopted, and refused for the server's (left out when 0: a
	// server-authority run's line is as before)
	PositionsAccepted int `json:"positions_accepted,omitempty"`
	PositionsAdjusted int `json:"positions_adjusted,omitempty"`
	// population: the player's drawn percentile and the link the
	// population gives it there, each way (left out without one)
	PopulationPct      *float64 `json:"population_percentile,omitempty"`
	PopulationDelayMs  *float64 `json:"population_delay_ms,omitempty"`
	PopulationJitterMs *float64 `json:"population_jitter_ms,omitempty"`
	PopulationLossPct  *float64 `json:"population_loss_pct,omitempty"`
	InputDelayMsMean   *float64 `json:"input_delay_ms_mean"`
	// InputDelays and InputDelaySumMs are the mean's count and sum (to the
	// microsecond), so the summary's mean over every player is the run's
	// own, to the bit, from the lines alone.
	InputDelays     int     `json:"input_delays"`
	InputDelaySumMs float64 `json:"input_delay_sum_ms"`
	OffsetMs        float64 `json:"buffer_offset_ms"`
	Corrections     int     `json:"corrections"`
	MaxCorrectionM  float64 `json:"max_correction_m"`
	// Respawns are the reconciliations that carried the pawn's respawn
	// (health > 0), not counted as corrections (left out when 0: a run
	// where nothing dies prints its line as before)
	Respawns int `json:"respawns,omitempty"`
	// Rules names what shaped the record: cmd_rate_capped, input_resync,
	// input_guessed,
	// last_cmd_replay, usercmd_cap, move_delta_clamp,
	// client_position_accepted, client_position_adjusted, population_tail
	Rules []lagcomp.Rule `json:"rules"`
}

// Movement is a movement record in its output form.
func Movement(m *lagcomp.MovementRecord) MovementJSON {
	j := MovementJSON{
		Type: "movement", Client: m.Name, InputsSent: m.InputsSent, InputsReceived: m.Buffer.Received,
		CmdRateHz: m.CmdRateHz, CommandPackets: m.CommandPackets, CmdRateCapped: m.CmdCapped, Rules: m.Rules,
		InputsLost: m.Buffer.Lost, InputsLate: m.Buffer.Late, InputsGuessed: m.Buffer.Overplayed, InputCopies: m.Buffer.Duplicates,
		StarvedTicks: m.Buffer.Starved, Resyncs: m.Buffer.Resyncs, Drains: m.Buffer.Drains,
		LastCmdReplays: m.Buffer.Replayed, UsercmdsCapped: m.Buffer.Capped, UsercmdCappedMs: round6(m.Buffer.CappedTime.Millis()),
		PositionsAccepted: m.Buffer.PosAccepted, PositionsAdjusted: m.Buffer.PosAdjusted,
		MovesClamped: m.Buffer.Clamped, MoveClampedMs: round6(m.Buffer.ClampedTime.Millis()),
		OffsetMs: round6(m.Offset.Millis()), Corrections: m.Corrections, MaxCorrectionM: round6(m.MaxCorrectionM), Respawns: m.Respawns,
		InputDelays: m.Buffer.DelayN, InputDelaySumMs: m.Buffer.DelaySum.Millis(),
	}
	if j.Rules == nil {
		j.Rules = []lagcomp.Rule{}
	}
	if l := m.Link; l != nil {
		f := func(x float64) *float64 { x = round6(x); return &x }
		j.PopulationPct, j.PopulationDelayMs, j.PopulationJitterMs, j.PopulationLossPct = f(l.Pct), f(l.DelayMs), f(l.JitterMs), f(l.LossPct)
	}
	if m.Buffer.DelayN > 0 {
		d := round6(m.Buffer.DelaySum.Millis() / float64(m.Buffer.DelayN))
		if !math.IsNaN(d) {
			j.InputDelayMsMean = &d
		}
	}
	return j
}

// fieldErr is a field of a line and what is wrong with it.
type fieldErr struct{ field, msg string }

// check refuses a movement line whose counts or measures are negative:
// its sums would fold into the summary's.
func (m *MovementJSON) check() *fieldErr {
	v := reflect.ValueOf(m).Elem()
	for i := range v.NumField() {
		f, name := v.Field(i), strings.Split(v.Type().Field(i).Tag.Get("json"), ",")[0]
		var x float64
		switch f.Kind() {
		case reflect.Int:
			x = float64(f.Int())
		case reflect.Float64:
			x = f.Float()
		default:
			continue
		}
		if !(x >= 0) { // NaN too
			return &fieldErr{name, fmt.Sprintf("want 0 or more, got %v", x)}
		}
	}
	for _, f := range []struct {
		name   string
		v      *float64
		lo, hi float64
	}{{"population_percentile", m.PopulationPct, 0, 100}, {"population_delay_ms", m.PopulationDelayMs, 0, math.Inf(1)},
		{"population_jitter_ms", m.PopulationJitterMs, 0, math.Inf(1)}, {"population_loss_pct", m.PopulationLossPct, 0, 100}} {
		if f.v != nil && !(*f.v >= f.lo && *f.v <= f.hi) {
			return &fieldErr{f.name, fmt.Sprintf("want %v to %v, got %v", f.lo, f.hi, *f.v)}
		}
	}
	if m.InputDelays == 0 && m.InputDelaySumMs != 0 {
		return &fieldErr{"input_delay_sum_ms", fmt.Sprintf("is %v over no input_delays", m.InputDelaySumMs)}
	}
	return nil
}
