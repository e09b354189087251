package records

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// movementLines are a shot line and two players' movement lines.
func movementLines(t *testing.T, edit func(i int, m map[string]any)) string {
	t.Helper()
	lines := []string{runLines(t)[0]}
	for i, l := range []string{
		`{"type":"movement","client":"shooter","inputs_sent":100,"cmd_rate_hz":64,"command_packets":50,"cmd_rate_capped":0,"inputs_received":98,"inputs_lost":2,"inputs_late":0,"input_copies_dropped":0,"starved_ticks":3,"resyncs":1,"drains":0,"input_delay_ms_mean":50,"input_delays":90,"input_delay_sum_ms":4500,"buffer_offset_ms":50,"corrections":4,"max_correction_m":0.25,"rules":["input_resync"]}`,
		`{"type":"movement","client":"victim","inputs_sent":200,"cmd_rate_hz":64,"command_packets":100,"cmd_rate_capped":5,"inputs_received":200,"inputs_lost":0,"inputs_late":0,"input_copies_dropped":0,"starved_ticks":0,"resyncs":0,"drains":0,"input_delay_ms_mean":80.001,"input_delays":10,"input_delay_sum_ms":800.01,"buffer_offset_ms":80,"corrections":1,"max_correction_m":0.5,"rules":[]}`,
	} {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			edit(i, m)
		}
		b, _ := json.Marshal(m)
		lines = append(lines, string(b))
	}
	return strings.Join(lines, "\n")
}

// The movement lines fold into the summary's movement figures: sums, the
// largest correction, and the mean input delay over every player from
// the lines' sums and counts (4 500 + 800.01 ms over 100 inputs), where
// records gave them null though the file held them.
func TestMovementLinesFoldIntoTheSummary(t *testing.T) {
	run, err := Read(strings.NewReader(movementLines(t, nil)), "m.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rs := run.Summarize()
	s := rs.Summary
	if s.InputsSent != 300 || s.InputsLost != 2 || s.StarvedTicks != 3 || s.InputResyncs != 1 || s.CmdRateCapped != 5 ||
		s.Corrections != 5 || s.MaxCorrectionM != 0.5 {
		t.Errorf("folded %+v", s)
	}
	if want := 5300.01 / 100; s.InputDelayMsMean != want {
		t.Errorf("mean input delay %v, want %v", s.InputDelayMsMean, want)
	}
	for _, f := range []string{"inputs_sent", "inputs_lost", "input_delay_ms_mean", "starved_ticks", "input_resyncs", "cmd_rate_capped", "corrections", "max_correction_m"} {
		if why, ok := rs.Absent[f]; ok {
			t.Errorf("%s has no value: %s", f, why)
		}
	}
	// without movement lines they have none, and say why
	bare, _ := Read(strings.NewReader(runLines(t)[0]), "s.jsonl")
	if why := bare.Summarize().Absent["inputs_sent"]; why != "no movement line in the records" {
		t.Errorf("no movement line: inputs_sent absent %q", why)
	}
}

// A movement line that leaves a folded field out leaves its figure
// without a value (a 0 would have been summed); a negative count is an
// error naming the line and field.
func TestMovementLinesAreChecked(t *testing.T) {
	run, err := Read(strings.NewReader(movementLines(t, func(i int, m map[string]any) {
		if i == 1 {
			delete(m, "input_delays")
			delete(m, "input_delay_sum_ms")
		}
	})), "m.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if why := run.Summarize().Absent["input_delay_ms_mean"]; why != "1 movement lines leave out input_delays" {
		t.Errorf("input_delays left out: %q", why)
	}
	_, err = Read(strings.NewReader(movementLines(t, func(i int, m map[string]any) {
		if i == 0 {
			m["inputs_lost"] = -2
		}
	})), "far.jsonl")
	var le *LineError
	if !asLineError(err, &le) || le.Line != 2 || le.Field != "inputs_lost" || !strings.Contains(le.Msg, "want 0 or more") {
		t.Errorf("a negative count: %v", err)
	}
	_, err = Read(strings.NewReader(movementLines(t, func(i int, m map[string]any) {
		if i == 1 {
			m["corrections"] = "many"
		}
	})), "far.jsonl")
	if !asLineError(err, &le) || le.Line != 3 || le.Field != "corrections" {
		t.Errorf("a count that is a string: %v", err)
	}
	// a population's draw out of its range: a percentile above 100, a
	// negative delay
	for field, v := range map[string]float64{"population_percentile": 100.5, "population_delay_ms": -1, "population_loss_pct": 101} {
		_, err = Read(strings.NewReader(movementLines(t, func(i int, m map[string]any) {
			if i == 0 {
				m[field] = v
			}
		})), "pop.jsonl")
		if !asLineError(err, &le) || le.Line != 2 || le.Field != field {
			t.Errorf("%s %v: %v", field, v, err)
		}
	}
}

func asLineError(err error, le **LineError) bool { return errors.As(err, le) }
