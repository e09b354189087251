package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shot --moment N captures the preset's moment: its time, its shot
// selected, its sentence in the sidecar (and so the caption); bad N says
// which moments there are.
func TestShotMoment(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.png")
	code, _, errs := runCLI("shot", "--preset", "behind-cover", "--moment", "1", "--size", "800x500", "--out", out)
	if code != 0 {
		t.Fatal(errs)
	}
	var sc struct {
		AtUs     int64  `json:"at_us"`
		Selected string `json:"selected"`
		Moment   string `json:"moment"`
	}
	data, _ := os.ReadFile(strings.TrimSuffix(out, ".png") + ".json")
	if err := json.Unmarshal(data, &sc); err != nil {
		t.Fatal(err)
	}
	if sc.AtUs == 0 || sc.Selected == "" || !strings.HasPrefix(sc.Moment, "moment 1: The victim is told") {
		t.Fatalf("sidecar %+v", sc)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--moment", "3"}, "preset behind-cover has 2 moment(s) (allowed: 1 to 2)\n  1. The victim"},
		{[]string{"--moment", "-1"}, "allowed: 1 to 2"},
		{[]string{"--moment", "1", "--at", "2s"}, "give one"},
		{[]string{"--moment", "1", "--set", "bias=0", "--set", "target_speed_mps=0"}, "not found"},
	} {
		args := append([]string{"shot", "--preset", "behind-cover", "--out", out}, tc.args...)
		if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	code, _, errs = runCLI("shot", "--preset", "behind-cover", "--view", "packets", "--shot", "3", "--size", "900x500", "--out", out)
	if code != 0 {
		t.Fatalf("--view packets: %s", errs)
	}
}

// An out-of-range --moment lists a screenful of the preset's moments and
// counts the rest: a preset of 20 000 printed every one to stderr.
func TestOutOfRangeMomentListsAScreenful(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("description = \"many moments\"\nmoments = [\n")
	for i := range 30 {
		fmt.Fprintf(&b, "  { at_ms = %d, say = \"Moment %d.\" },\n", 100*(i+1), i+1)
	}
	b.WriteString("]\n")
	preset := filepath.Join(dir, "many.toml")
	if err := os.WriteFile(preset, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("shot", "--preset", preset, "--moment", "31", "--out", filepath.Join(dir, "m.png"))
	if code != 2 || !strings.Contains(errs, "has 30 moment(s) (allowed: 1 to 30)") {
		t.Fatalf("exit %d %q", code, errs)
	}
	if listed := strings.Count(errs, "\n  "); listed != maxMomentsListed+1 || !strings.Contains(errs, "  12. Moment 12.") ||
		strings.Contains(errs, "Moment 13.") || !strings.Contains(errs, "… and 18 more") {
		t.Errorf("%d lines listed, want %d and a count of the rest:\n%s", listed, maxMomentsListed+1, errs)
	}
}
