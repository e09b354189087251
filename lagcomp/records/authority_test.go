package records

import (
	"encoding/json"
	"strings"
	"testing"
)

// positions_accepted / positions_adjusted (movement_authority = client)
// fold from the movement lines that carry them; a line leaves them out
// when 0, so their absence is 0, never a figure without a value, and a
// summary whose count is 0 leaves it out as the line does: a server-
// authority run's summary line is the bytes it was before the key.
// Fails when the fields are folded as required (From naming the field)
// or the summary prints them at 0.
func TestClientPositionsFoldAndAreLeftOutAtZero(t *testing.T) {
	run, err := Read(strings.NewReader(movementLines(t, func(i int, m map[string]any) {
		if i == 1 {
			m["positions_accepted"], m["positions_adjusted"] = 7, 3
			m["rules"] = []string{"client_position_accepted", "client_position_adjusted"}
		}
	})), "m.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rs := run.Summarize()
	if s := rs.Summary; s.PositionsAccepted != 7 || s.PositionsAdjusted != 3 {
		t.Errorf("folded %d, %d; want 7, 3", s.PositionsAccepted, s.PositionsAdjusted)
	}
	for _, f := range []string{"positions_accepted", "positions_adjusted"} {
		if why, ok := rs.Absent[f]; ok {
			t.Errorf("%s has no value: %s", f, why)
		}
	}
	b, err := json.Marshal(rs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"positions_accepted":7,"positions_adjusted":3,`) {
		t.Errorf("summary line %s", b)
	}
	none, err := Read(strings.NewReader(movementLines(t, nil)), "m.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rz := none.Summarize()
	b, _ = json.Marshal(rz)
	if strings.Contains(string(b), "positions_") {
		t.Errorf("a server run's summary line names positions: %s", b)
	}
	if len(rz.Absent) != len(rs.Absent) {
		t.Errorf("absent %v, with the fields %v", rz.Absent, rs.Absent)
	}
}
