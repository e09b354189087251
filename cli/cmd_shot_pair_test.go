package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shot --from refuses a sidecar whose picture beside it is another (exit
// 2, naming both files), and draws a sidecar claiming another version as
// this version, captioned and written so, with a note naming the
// sidecar's.
func TestShotFromChecksThePair(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "same.png")
	side := filepath.Join(dir, "same.json")
	if code, _, errs := runCLI("shot", "--preset", "default", "--at", "1s", "--size", "320x180", "--out", png); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	orig, _ := os.ReadFile(png)
	os.WriteFile(png, append(orig, 0), 0o644) // another picture, as a run killed between its renames leaves
	code, _, errs := runCLI("shot", "--from", side, "--out", filepath.Join(dir, "again.png"))
	if code != 2 || !strings.Contains(errs, side+": image_sha256: "+png+" beside it is not the picture this sidecar drew") {
		t.Fatalf("a mismatched pair: exit %d: %s", code, errs)
	}
	// the advice, followed as it reads, draws the pair again (it was a
	// dead end: the command it gave read the same mismatched pair)
	move, run, ok := strings.Cut(errs[strings.Index(errs, "to draw it again, "):], ", then run: lagscope ")
	if !ok || !strings.Contains(move, "move "+png+" aside") {
		t.Fatalf("the advice: %s", errs)
	}
	os.Rename(png, png+".aside")
	if code, _, errs := runCLI(strings.Fields(run)...); code != 0 {
		t.Fatalf("the advice's command %q: exit %d: %s", run, code, errs)
	}
	if got, _ := os.ReadFile(png); string(got) != string(orig) {
		t.Error("the advice's command drew another picture than the pair's first")
	}
	b, _ := os.ReadFile(side)
	var m map[string]any
	json.Unmarshal(b, &m)
	m["version"] = "9.9.9"
	b, _ = json.Marshal(m)
	os.WriteFile(side, b, 0o644)
	again := filepath.Join(dir, "again.png")
	code, _, errs = runCLI("shot", "--from", side, "--out", again)
	if code != 0 || !strings.Contains(errs, `written by lagscope "9.9.9"; drawn and captioned by lagscope `+Version) {
		t.Fatalf("a 9.9.9 sidecar: exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(again); string(got) != string(orig) {
		t.Error("a 9.9.9 sidecar drew another picture than the one 0.2.0 drew from the same recipe")
	}
	b, _ = os.ReadFile(filepath.Join(dir, "again.json"))
	if !strings.Contains(string(b), `"version": "`+Version+`"`) {
		t.Errorf("the new sidecar does not name the version that drew it: %s", b[:80])
	}
}
