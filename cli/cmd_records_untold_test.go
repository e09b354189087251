package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The records table prints "?" for a figure a line leaves out (the
// ideal rewind, the gap), where it printed one computed from a 0.
func TestRecordsTableMarksWhatALineLeftOut(t *testing.T) {
	_, lines, _ := runCLI("sim", "--json", "--preset", "behind-cover", "--duration", "1s")
	var shot map[string]any
	for _, l := range strings.Split(lines, "\n") {
		if strings.Contains(l, `"type":"shot"`) {
			if err := json.Unmarshal([]byte(l), &shot); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if shot == nil {
		t.Fatal("no shot in a second of behind-cover")
	}
	for _, f := range []string{"ideal_rewind_to_ms", "ideal_rewind_ms", "miss_by_m"} {
		delete(shot, f)
	}
	b, _ := json.Marshal(shot)
	path := filepath.Join(t.TempDir(), "left-out.jsonl")
	os.WriteFile(path, append(b, '\n'), 0o644)
	code, out, errs := runCLI("records", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	row := strings.Fields(strings.Split(out, "\n")[1])
	// #, fire, judged, rewind, ideal, error, client, server, miss by
	if len(row) < 9 || row[4] != "?" || row[8] != "?" {
		t.Errorf("the shot's row %q, want ? for the ideal and the gap", row)
	}
}
