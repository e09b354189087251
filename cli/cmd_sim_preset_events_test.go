package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/presets"
)

// A preset's events may name an observer that only the command's --set
// makes: the whole is validated once, after the --set, where the preset
// alone was refused first ("there is no observer3 (observers = 1)" under
// --set observers=3). Without the --set the preset's fault is named by
// its file, as before.
func TestPresetEventsSeeTheSetObservers(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "presets", presets.Default+".toml"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "watched.toml")
	text := strings.Replace(string(data), "\nmode = ", "\nevents = \"3s@observer3:disconnect=1s\"\nmode = ", 1)
	if text == string(data) {
		t.Fatal("the default preset has no mode line to put the events before")
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"sim", "--summary"}, {"sweep", "--vary", "latency_ms=20,40", "--csv", "-"}} {
		args := append([]string{cmd[0], "--preset", file, "--duration", "4s"}, cmd[1:]...)
		if code, _, errs := runCLI(append(args, "--set", "observers=3")...); code != 0 {
			t.Errorf("%v --set observers=3: exit %d: %s", args, code, errs)
		}
		if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, file+": events: event 3s@observer3:disconnect=1s: there is no observer3") {
			t.Errorf("%v: exit %d %q, want 2 naming the preset's file", args, code, errs)
		}
	}
}
