package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A duel with health's lines (kill lines, a trade, shots refused for a
// dead shooter, the shot lines' damage and killed, the summary's health
// figures) validate against docs/records.schema.json, and `records
// --summary` recomputes the health figures from them as the run gave
// them; so do a rocket run's (a projectile line's damage).
func TestHealthLinesValidateAndReadBack(t *testing.T) {
	sch := recordsSchema(t)
	for _, run := range [][]string{
		{"--preset", "peekers-advantage", "--set", "health=100", "--set", "dead_shooter=trade", "--set", "trade_window_ms=100", "--duration", "6s"},
		{"--preset", "peekers-advantage", "--set", "health=100", "--duration", "6s"},
		{"--set", "weapon=rocket", "--set", "health=100", "--set", "target_motion=stationary", "--duration", "6s"},
	} {
		code, out, errs := runCLI(append([]string{"sim", "--json"}, run...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", run, code, errs)
		}
		if !bytes.Contains([]byte(out), []byte(`"damage":`)) {
			t.Fatalf("%v: no damage in the run", run)
		}
		for i, line := range bytes.Split(bytes.TrimSpace([]byte(out)), []byte("\n")) {
			if err := validLine(sch, line); err != nil {
				t.Fatalf("%v: line %d does not validate: %v\n%s", run, i+1, err, line)
			}
		}
		path := filepath.Join(t.TempDir(), "run.jsonl")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		code, sum, errs := runCLI("records", path, "--summary")
		if code != 0 {
			t.Fatalf("%v: records: exit %d: %s", run, code, errs)
		}
		own, got := lastLine(t, []byte(out)), decodeRaw(t, []byte(sum))
		for _, f := range []string{"kills", "deaths", "damage_dealt", "damage_taken", "trades", "shots_rejected_dead"} {
			if string(own[f]) != string(got[f]) {
				t.Errorf("%v: %s: the run %s, its records %s", run, f, own[f], got[f])
			}
		}
	}
}
