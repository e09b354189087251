package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shot --compare draws A and B side by side; its sidecar makes the same
// PNG again, byte for byte, and carries the changes; so does the same
// command on the same seed.
func TestShotCompareReproducesFromItsSidecar(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "ab.png")
	code, _, errs := runCLI("shot", "--preset", "default", "--at", "3s", "--view", "overlay", "--size", "800x450",
		"--compare", "mode=none,bias=0.5", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	side, err := os.ReadFile(filepath.Join(dir, "ab.json"))
	if err != nil || !strings.Contains(string(side), `"compare": "mode=none,bias=0.5"`) {
		t.Fatalf("sidecar: %v\n%s", err, side)
	}
	again := filepath.Join(dir, "again.png")
	if code, _, errs := runCLI("shot", "--from", filepath.Join(dir, "ab.json"), "--out", again); code != 0 {
		t.Fatalf("--from: exit %d: %s", code, errs)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(again)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatal("the sidecar does not reproduce the A/B PNG")
	}
	// the same command on the same seed makes the same bytes again, also
	// for a split at an odd width (halves a pixel apart, framed together)
	for _, args := range [][]string{
		{"--view", "overlay", "--size", "800x450"},
		{"--view", "split", "--size", "1001x600"},
	} {
		var runs [2][]byte
		for i := range runs {
			p := filepath.Join(dir, "run.png")
			cmd := append([]string{"shot", "--preset", "default", "--at", "3s", "--seed", "7", "--compare", "mode=none", "--out", p}, args...)
			if code, _, errs := runCLI(cmd...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			runs[i], _ = os.ReadFile(p)
		}
		if len(runs[0]) == 0 || !bytes.Equal(runs[0], runs[1]) {
			t.Errorf("%v: two runs of one seed differ", args)
		}
	}
	// without --compare the picture is a different one
	plain := filepath.Join(dir, "plain.png")
	runCLI("shot", "--preset", "default", "--at", "3s", "--view", "overlay", "--size", "800x450", "--out", plain)
	if p, _ := os.ReadFile(plain); bytes.Equal(p, a) {
		t.Error("--compare changed nothing")
	}
}

func TestShotCompareBadInput(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCLI("shot", "--preset", "default", "--at", "1s", "--compare", "bias=7", "--out", filepath.Join(dir, "x.png"))
	if code != 2 || !strings.Contains(errs, `compare: key "bias": 7 is out of range`) {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, _, _ = runCLI("shot", "--preset", "default", "--at", "1s", "--compare", "mode=none", "--out", filepath.Join(dir, "ok.png"))
	if code != 0 {
		t.Fatal("a good A/B failed")
	}
	side, _ := os.ReadFile(filepath.Join(dir, "ok.json"))
	bad := strings.Replace(string(side), `"mode=none"`, `"Mode=none"`, 1)
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(bad), 0o644)
	code, _, errs = runCLI("shot", "--from", filepath.Join(dir, "bad.json"), "--out", filepath.Join(dir, "y.png"))
	if code != 2 || !strings.Contains(errs, "bad.json: compare: unknown key \"Mode\"") {
		t.Errorf("a sidecar with a bad compare: exit %d: %s", code, errs)
	}
}

func TestShotCompareRefusesAClip(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCLI("shot", "--preset", "default", "--view", "server", "--from-time", "1s", "--to-time", "2s",
		"--compare", "mode=none", "--out", filepath.Join(dir, "x.gif"))
	if code != 2 || !strings.Contains(errs, "compare: an A/B is a still picture") {
		t.Errorf("compare + clip: exit %d: %s", code, errs)
	}
}

// An A/B must be what its captions say: a key changed twice in B, or
// changes that leave B equal to A, are refused (exit 2), in sim and shot.
func TestCompareRefusesAKeyTwiceAndNoChange(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--preset", "default", "--duration", "1s", "--compare", "mode=none,mode=ping"}, `--compare: key "mode" is changed twice`},
		{[]string{"sim", "--preset", "default", "--duration", "1s", "--compare", "mode=timestamp"}, "--compare: mode=timestamp changes nothing"},
		{[]string{"sim", "--preset", "default", "--duration", "1s", "--seed", "5", "--compare", "seed=5"}, "--compare: seed=5 changes nothing"},
		{[]string{"shot", "--preset", "default", "--at", "1s", "--view", "server", "--compare", "mode=timestamp", "--out", filepath.Join(dir, "x.png")}, "compare: mode=timestamp changes nothing"},
		{[]string{"shot", "--preset", "default", "--at", "1s", "--view", "server", "--compare", "mode=none,mode=ping", "--out", filepath.Join(dir, "y.png")}, `compare: key "mode" is changed twice`},
	} {
		code, out, errs := runCLI(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, want 2 and %q: %s%s", c.args, code, c.want, out, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
		t.Error("a refused A/B wrote its PNG")
	}
}
