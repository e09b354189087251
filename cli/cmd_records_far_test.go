package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A records pose beyond the world's bounds — the far.jsonl:
// behind-cover's first shot with client_saw.x 1e15, 1e300 or FLT_MAX —
// is an error naming file, line and field (exit 2) in each command that
// reads records, before anything is drawn (shot --records made a 24 GB
// grid at 1e15 and never ended at 1e300; the window did the same).
func TestFarRecordsAreRefusedEverywhere(t *testing.T) {
	code, out, errs := runCLI("sim", "--preset", "behind-cover", "--json")
	if code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errs)
	}
	first, _, _ := strings.Cut(out, "\n")
	x := regexp.MustCompile(`"client_saw":\{"x":[-0-9.e+]+`)
	if !x.MatchString(first) {
		t.Fatalf("no client_saw.x in %s", first)
	}
	dir := t.TempDir()
	for _, far := range []string{"1e15", "1e300", "3.4028235e38"} {
		path := filepath.Join(dir, "far.jsonl")
		os.WriteFile(path, []byte(x.ReplaceAllString(first, `"client_saw":{"x":`+far)+"\n"), 0o644)
		want := path + `:1: field "client_saw.x": `
		for _, args := range [][]string{
			{"records", path},
			{"shot", "--records", path, "--shot", "1", "--view", "overlay", "--out", filepath.Join(dir, "far.png")},
			{"--records", path},
		} {
			code, _, errs := runCLI(args...)
			if code != 2 || !strings.Contains(errs, want) || !strings.Contains(errs, "beyond the world's bounds") {
				t.Errorf("%s with x = %s: exit %d: %s", args[0], far, code, errs)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "far.png")); err == nil {
			t.Errorf("x = %s: a picture was drawn", far)
		}
	}
}
