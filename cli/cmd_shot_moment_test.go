package cli

import (
	"encoding/json"
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
		{[]string{"--moment", "2"}, "preset behind-cover has 1 moment(s) (allowed: 1 to 1)\n  1. The victim"},
		{[]string{"--moment", "-1"}, "allowed: 1 to 1"},
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
