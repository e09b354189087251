package records

import (
	"math"

	"lagscope/lagcomp"
)

// MovementJSON is one player's movement record as `lagscope sim --json`
// prints it: what its client sent and corrected, and what the server's
// input buffer did with its inputs. input_delay_ms_mean is null before
// any input was played. Bystanders (extra_pawns) have no client and no
// record: the server walks them by their scripts.
type MovementJSON struct {
	Type             string   `json:"type"`
	Client           string   `json:"client"`
	InputsSent       int      `json:"inputs_sent"`
	CmdRateHz        int      `json:"cmd_rate_hz"`     // the rate its command packets went out at: cmd_rate_hz, at most fps
	CommandPackets   int      `json:"command_packets"` // command packets sent
	CmdRateCapped    int      `json:"cmd_rate_capped"` // of them, sent at fps because cmd_rate_hz asked more
	InputsReceived   int      `json:"inputs_received"`
	InputsLost       int      `json:"inputs_lost"`
	InputsLate       int      `json:"inputs_late"`
	InputCopies      int      `json:"input_copies_dropped"`
	StarvedTicks     int      `json:"starved_ticks"`
	Resyncs          int      `json:"resyncs"`
	Drains           int      `json:"drains"`
	InputDelayMsMean *float64 `json:"input_delay_ms_mean"`
	OffsetMs         float64  `json:"buffer_offset_ms"`
	Corrections      int      `json:"corrections"`
	MaxCorrectionM   float64  `json:"max_correction_m"`
	// Rules names what shaped the record: cmd_rate_capped, input_resync
	Rules []lagcomp.Rule `json:"rules"`
}

// Movement is a movement record in its output form.
func Movement(m *lagcomp.MovementRecord) MovementJSON {
	j := MovementJSON{
		Type: "movement", Client: m.Name, InputsSent: m.InputsSent, InputsReceived: m.Buffer.Received,
		CmdRateHz: m.CmdRateHz, CommandPackets: m.CommandPackets, CmdRateCapped: m.CmdCapped, Rules: m.Rules,
		InputsLost: m.Buffer.Lost, InputsLate: m.Buffer.Late, InputCopies: m.Buffer.Duplicates,
		StarvedTicks: m.Buffer.Starved, Resyncs: m.Buffer.Resyncs, Drains: m.Buffer.Drains,
		OffsetMs: round6(m.Offset.Millis()), Corrections: m.Corrections, MaxCorrectionM: round6(m.MaxCorrectionM),
	}
	if j.Rules == nil {
		j.Rules = []lagcomp.Rule{}
	}
	if m.Buffer.DelayN > 0 {
		d := round6(m.Buffer.DelaySum.Millis() / float64(m.Buffer.DelayN))
		if !math.IsNaN(d) {
			j.InputDelayMsMean = &d
		}
	}
	return j
}
