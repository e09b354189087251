package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lagscope/lagcomp"
)

var wallFigures = regexp.MustCompile(`"wall_ms":[0-9.e+-]+|[0-9.]+ ?(ms|s) wall|[0-9.]+× real time`)

// A key's old name works on every command line that reads keys (--set,
// --vary, --compare, a preset file, shot --from an old sidecar): the
// output is the new name's, and stderr has a note naming the new key.
func TestOldKeyNamesOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for _, p := range lagcomp.Params {
		for _, old := range lagcomp.Keys.OldNames(p.Key) {
			n++
			note := `note: %s` + `key "` + old + `" is now called "` + p.Key + `"`
			for _, tc := range []struct{ name, prefix string }{
				{"--set", "--set: "}, {"--compare", "--compare: "}, {"--vary", "--vary: "}, {"--preset", ""},
			} {
				args := func(k string) []string {
					switch tc.name {
					case "--set":
						return []string{"sim", "--summary", "--duration", "1s", "--set", k + "=12.5"}
					case "--compare":
						return []string{"sim", "--duration", "1s", "--compare", k + "=12.5"}
					case "--vary":
						return []string{"sweep", "--duration", "500ms", "--vary", k + "=0,30", "--csv", "-"}
					}
					file := filepath.Join(dir, k+".toml")
					os.WriteFile(file, []byte("description = \"x\"\n"+k+" = 12.5\n"), 0o644)
					return []string{"sim", "--summary", "--duration", "1s", "--preset", file}
				}
				codeO, outO, errO := runCLI(args(old)...)
				codeN, outN, errN := runCLI(args(p.Key)...)
				if codeO != 0 || codeN != 0 {
					t.Fatalf("%s %s: exit %d (%s), new name exit %d (%s)", tc.name, old, codeO, errO, codeN, errN)
				}
				if tc.name == "--preset" { // the file's name is in the output
					outO = strings.ReplaceAll(outO, old, p.Key)
				}
				if wallFigures.ReplaceAllString(outO, "W") != wallFigures.ReplaceAllString(outN, "W") {
					t.Errorf("%s %s: output differs from the new name's:\n%s\n%s", tc.name, old, outO, outN)
				}
				want := strings.Replace(note, "%s", tc.prefix, 1)
				if tc.name == "--preset" {
					want = old + `.toml:2: key "` + old + `" is now called "` + p.Key + `"`
				}
				if !strings.Contains(errO, want) || strings.Contains(errN, "is now called") {
					t.Errorf("%s %s: stderr %q, want a note %q", tc.name, old, errO, want)
				}
			}
		}
	}
	if n == 0 {
		t.Skip("no renamed keys")
	}
}

// shot --from an old sidecar (keys by their old names) draws the same
// picture, notes each old name, and writes the sidecar with the new ones.
func TestOldSidecarShotFrom(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "new.png")
	if code, _, errs := runCLI("shot", "--preset", "default", "--set", "up_ge_loss_pct=40", "--at", "0.5s", "--size", "320x200", "--out", png); code != 0 {
		t.Fatal(errs)
	}
	side, _ := os.ReadFile(filepath.Join(dir, "new.json"))
	old := strings.ReplaceAll(string(side), "_ge_", "_burst_")
	if old == string(side) {
		t.Fatal("no ge_ key in the sidecar")
	}
	os.WriteFile(filepath.Join(dir, "old.json"), []byte(old), 0o644)
	code, _, errs := runCLI("shot", "--from", filepath.Join(dir, "old.json"), "--out", filepath.Join(dir, "again.png"))
	if code != 0 {
		t.Fatal(errs)
	}
	if !strings.Contains(errs, `key "up_burst_loss_pct" is now called "up_ge_loss_pct"`) {
		t.Errorf("no note: %s", errs)
	}
	a, _ := os.ReadFile(png)
	b, _ := os.ReadFile(filepath.Join(dir, "again.png"))
	again, _ := os.ReadFile(filepath.Join(dir, "again.json"))
	if string(a) != string(b) || string(again) != string(side) {
		t.Errorf("the old sidecar draws a different picture (%v) or writes a different sidecar (%v)", string(a) != string(b), string(again) != string(side))
	}
}
