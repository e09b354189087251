package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/telemetry"
)

// sim --telemetry writes the CSV its columns declare: the header is the
// declaration's names in order (telemetry.Row's tags), every row has a
// cell for each, and there is a row per server tick for each client and
// the server (3 s at 64 Hz, both ends: ticks at 0, 15.625, …, 3000 ms, 193 × (3 clients + the server)).
func TestSimTelemetryCSVIsTheDeclaration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.csv")
	code, _, errs := runCLI("sim", "--duration", "3s", "--summary", "--telemetry", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, c := range telemetry.Columns {
		declared = append(declared, c.Name)
	}
	if !slices.Equal(rows[0], declared) {
		t.Fatalf("header %v, declared %v", rows[0], declared)
	}
	who := map[string]int{}
	for _, r := range rows[1:] {
		who[r[slices.Index(declared, "who")]]++
	}
	for _, w := range []string{"shooter", "victim", "observer1", "server"} {
		if who[w] != 193 {
			t.Errorf("%d rows of %s, want 193 (3 s at 64 Hz, both ends): %v", who[w], w, who)
		}
	}
	if len(rows) != 1+4*193 {
		t.Errorf("%d rows after the header, want %d", len(rows)-1, 4*193)
	}
}

// --telemetry's path is checked before the run, like every output flag's
// (a missing directory, a directory, another extension: exit 2), and it
// is refused with --compare; nothing is written then.
func TestSimTelemetryPathCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--telemetry", filepath.Join(dir, "no", "net.csv")}, "does not exist"},
		{[]string{"--telemetry", dir}, "is a directory"},
		{[]string{"--telemetry", filepath.Join(dir, "net.json")}, "name the file .csv"},
		{[]string{"--telemetry", filepath.Join(dir, "net.csv"), "--compare", "latency_ms=80"}, "without --compare"},
	} {
		code, out, errs := runCLI(append([]string{"sim", "--duration", "1s"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 saying %q", c.args, code, out, errs, c.want)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left in the directory: %v", left)
	}
}

// Sampling the telemetry changes nothing of the run: sim --json --packets
// prints the same lines with --telemetry as without (but wall_ms), on a
// lossy preset and seeds 1 and 2, and the file is put in place whole
// (no temporary file left).
func TestSimTelemetryLeavesTheRunAlone(t *testing.T) {
	dir := t.TempDir()
	for _, seed := range []string{"1", "2"} {
		args := []string{"sim", "--preset", "lossy-victim", "--duration", "4s", "--seed", seed, "--json", "--packets"}
		code, plain, errs := runCLI(args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		code, sampled, errs := runCLI(append(args, "--telemetry", filepath.Join(dir, "net"+seed+".csv"))...)
		if code != 0 {
			t.Fatalf("--telemetry: exit %d: %s", code, errs)
		}
		plain, sampled = wallFigures.ReplaceAllString(plain, ""), wallFigures.ReplaceAllString(sampled, "")
		if plain != sampled {
			t.Errorf("seed %s: sim --json --packets differs with --telemetry", seed)
		}
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if !slices.Equal(left, []string{"net1.csv", "net2.csv"}) {
		t.Errorf("in the directory: %v, want net1.csv and net2.csv", left)
	}
}
