package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/views/capture"
)

// --shot N is the Nth shot the server judged: at half the commands lost
// and no backups, the lost ones (which have no judgement time) are
// skipped, so the picture is at a real judgement, never t = 0, and the
// shot it selects is the one sim --json lists Nth among the judged.
func TestShotNumberSkipsLostShots(t *testing.T) {
	dir := t.TempDir()
	lossy := []string{"--set", "up_loss_pct=50", "--set", "cmd_backup=0", "--duration", "10s"}
	skipped := 0
	for _, seed := range []string{"1", "2", "4", "5", "6"} {
		code, out, errs := runCLI(append([]string{"sim", "--json", "--seed", seed}, lossy...)...)
		if code != 0 {
			t.Fatal(errs)
		}
		type rec struct {
			Type, ID, Outcome string
			Seq               int
			JudgedMs          *float64 `json:"judged_ms"`
		}
		var judged []rec
		lost := 0
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var r rec
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			switch {
			case r.Type == "shot" && (r.Outcome == "judged" || r.Outcome == "rejected"):
				judged = append(judged, r)
			case r.Type == "shot" && r.Outcome == "lost" && len(judged) < 2:
				lost++
			}
		}
		if len(judged) < 2 {
			t.Fatalf("seed %s: %d judged shots, want 2 or more", seed, len(judged))
		}
		png := filepath.Join(dir, "s"+seed+".png")
		code, _, errs = runCLI(append([]string{"shot", "--shot", "2", "--seed", seed, "--size", "320x240", "--caption", "none", "--out", png}, lossy...)...)
		if code != 0 {
			t.Fatal(errs)
		}
		side, err := capture.Read(strings.TrimSuffix(png, ".png") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		want := judged[1]
		if side.Selected != want.ID || math.Abs(float64(side.AtUs)/1000-*want.JudgedMs) > 0.001 {
			t.Errorf("seed %s: --shot 2 selected %s at %d µs, want #%d %s judged at %.3f ms", seed, side.Selected, side.AtUs, want.Seq, want.ID, *want.JudgedMs)
		}
		if note := fmt.Sprintf("--shot 2 is #%d", want.Seq); (want.Seq != 2) != strings.Contains(errs, note) {
			t.Errorf("seed %s: stderr %q, want the note %q exactly when #%d is not shot 2", seed, errs, note, want.Seq)
		}
		skipped += lost
	}
	if skipped == 0 {
		t.Fatal("no seed lost a shot before the second judged one: the test attacks nothing")
	}
}

// Past the judged count, --shot says how many the server judged and what
// became of the others, and exits 2 having written nothing.
func TestShotNumberBeyondTheJudgedNamesTheCount(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	code, _, errs := runCLI("shot", "--shot", "3", "--seed", "13", "--set", "up_loss_pct=50", "--set", "cmd_backup=0", "--duration", "3s", "--out", out)
	if code != 2 || !strings.Contains(errs, "--shot 3: the server judges 1 shots in 3s (allowed: 1 to 1; 3 fired: 2 lost, 0 in flight at the end") {
		t.Fatalf("exit %d %q", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("wrote a picture")
	}
	// projectiles reach the server as projectiles: no judged trace, and
	// the error says so rather than suggest a longer run
	code, _, errs = runCLI("shot", "--preset", "projectile-rockets", "--shot", "1", "--duration", "3s", "--out", out)
	if code != 2 || !strings.Contains(errs, "reached the server as projectiles") || !strings.Contains(errs, "a projectile has none (--at or --moment shows one)") || strings.Contains(errs, "longer") {
		t.Fatalf("projectiles: exit %d %q", code, errs)
	}
}
