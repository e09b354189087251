package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"lagscope/lagcomp/records"
	"lagscope/presets"
)

// recordsRuns are the runs every records test reads: every shipped
// preset on three seeds, the second and third with 20 % loss both ways
// (the third without command backups), so lost shots, shots in flight,
// never-spawned projectiles and null figures appear; and rapid fire on
// a reordering link, whose out-of-order commands are rejected.
func recordsRuns(t *testing.T, each func(name string, lines []byte)) {
	t.Helper()
	runsOnce.Do(func() { runsLines, runsErr = simRecordsRuns() })
	if runsErr != nil {
		t.Fatal(runsErr)
	}
	for _, r := range runsLines {
		each(r.name, r.lines)
	}
}

// the runs, simulated once for every test that reads them
var (
	runsOnce  sync.Once
	runsLines []namedRun
	runsErr   error
)

type namedRun struct {
	name  string
	lines []byte
}

func simRecordsRuns() ([]namedRun, error) {
	ps, err := presets.All()
	if err != nil {
		return nil, err
	}
	variants := [][]string{
		{"--seed", "1"},
		{"--seed", "2", "--set", "loss_pct=20"},
		{"--seed", "3", "--set", "loss_pct=20", "--set", "cmd_backup=0"},
	}
	var runs [][]string
	for _, p := range ps {
		for _, v := range variants {
			runs = append(runs, append([]string{"sim", "--json", "--preset", p.Name}, v...))
		}
	}
	// rapid fire on a reordering link: out-of-order commands are rejected
	runs = append(runs, []string{"sim", "--json", "--preset", "constant-velocity", "--duration", "5s", "--set", "weapon=rapid", "--set", "fire_interval_ms=20",
		"--set", "burst_shots=1000", "--set", "up_jitter_ms=80", "--set", "up_reorder_pct=100", "--set", "cmd_backup=0"})
	var out []namedRun
	for _, args := range runs {
		code, lines, errs := runCLI(args...)
		if code != 0 {
			return nil, fmt.Errorf("%v: exit %d: %s", args, code, errs)
		}
		out = append(out, namedRun{strings.Join(args[2:], " "), []byte(lines)})
	}
	return out, nil
}

// `sim --json` → `records --summary` is the run's own summary line for
// every figure the records determine, byte for byte, on every preset;
// every figure they do not determine is null, and those are exactly the
// figures declared with no from tag (the declarations say which, not a
// list here: a new figure is checked without a change to this test).
func TestRecordsSummaryIsTheRunsOwn(t *testing.T) {
	dir := t.TempDir()
	seen := map[string]int{}
	check := func(name string, lines []byte) {
		path := filepath.Join(dir, "run.jsonl")
		if err := os.WriteFile(path, lines, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCLI("records", path, "--summary", "--notes")
		if code != 0 {
			t.Fatalf("%s: records --summary: exit %d: %s", name, code, errs)
		}
		// without --notes they are one line that counts them (26
		// lines on every run buried the output), the same output
		_, short, one := runCLI("records", path, "--summary")
		if n := strings.Count(errs, "\n"); short != out || strings.Count(one, "\n") != 1 ||
			!strings.Contains(one, fmt.Sprintf("lagscope: note: %d notes on what these records give no value", n)) {
			t.Errorf("%s: without --notes: %q (with it, %d lines)", name, one, n)
		}
		own := lastLine(t, lines)
		got := decodeRaw(t, []byte(out))
		for _, d := range records.Declared() {
			g, o := string(got[d.Name]), string(own[d.Name])
			if d.OmitZero && g == "" && o == "" { // left out at 0 by both
				continue
			}
			if g == "" || o == "" {
				t.Fatalf("%s: %s missing: records %q, run %q", name, d.Name, g, o)
			}
			if d.Name == "packets" {
				seen["packets "+fmt.Sprint(checkPackets(t, name, lines, got[d.Name], own[d.Name], errs, seen))]++
				continue
			}
			if d.From == "" || d.Name == "type" {
				if d.Name != "type" && g != "null" {
					t.Errorf("%s: %s is not in the records, yet records --summary gives %s", name, d.Name, g)
				}
				if d.Name != "type" && !strings.Contains(errs, d.Name+": null, not in the records") {
					t.Errorf("%s: no note says %s is not in the records: %s", name, d.Name, errs)
				}
				continue
			}
			if g != o {
				t.Errorf("%s: %s from the records is %s, the run's own line says %s", name, d.Name, g, o)
			}
			if o == "null" {
				seen["null "+d.Name]++
			}
		}
		var sum struct {
			Lost, InFlight, Rejected, Projectiles, Merged int
		}
		json.Unmarshal(own["shots_lost"], &sum.Lost)
		json.Unmarshal(own["shots_in_flight"], &sum.InFlight)
		json.Unmarshal(own["rejected"], &sum.Rejected)
		json.Unmarshal(own["projectiles"], &sum.Projectiles)
		json.Unmarshal(own["merged_shots"], &sum.Merged)
		seen["lost"] += sum.Lost
		seen["in flight"] += sum.InFlight
		seen["rejected"] += sum.Rejected
		seen["projectiles"] += sum.Projectiles
		seen["merged"] += sum.Merged
	}
	recordsRuns(t, check)
	// every preset again with its packet lines, clean and lossy: the
	// packets figure is the lines' fold
	ps, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	var packetRuns [][]string
	for _, p := range ps {
		for _, v := range [][]string{{"--seed", "1"}, {"--seed", "2", "--set", "loss_pct=20", "--set", "dup_pct=5", "--set", "jitter_ms=15"}} {
			packetRuns = append(packetRuns, append([]string{"--preset", p.Name}, v...))
		}
	}
	// packets that overtake (reorder_pct), and ack packets of their own
	// (a rocket's reliable command at 4 Hz each way: the client owes acks
	// between its command packets)
	packetRuns = append(packetRuns, []string{"--preset", "projectile-rockets", "--set", "reorder_pct=50", "--set", "jitter_ms=30",
		"--set", "snapshot_hz=4", "--set", "cmd_rate_hz=4", "--set", "loss_pct=10"})
	for _, v := range packetRuns {
		{
			args := append([]string{"sim", "--json", "--packets"}, v...)
			code, lines, errs := runCLI(args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			check(strings.Join(args[3:], " "), []byte(lines))
		}
	}
	if seen["packets true"] == 0 || seen["packets false"] == 0 {
		t.Errorf("the packets figure was not checked both with and without packet lines: %v", seen)
	}
	// the comparison covered what it claims to: losses, duplicates,
	// overtaking packets and resends each way, and ack packets
	for _, k := range []string{"lost", "duplicated", "reordered", "resends", "acks", "sent"} {
		for _, d := range []string{"up_", "down_"} {
			if seen["packets."+d+k] == 0 && d+k != "down_acks" {
				t.Errorf("no run had packets.%s%s: the comparison does not cover it (%v)", d, k, seen)
			}
		}
	}
	// the comparison covered what it claims to: lost, rejected and
	// in-flight shots, projectiles, fire effects and figures with no value
	for _, k := range []string{"lost", "in flight", "rejected", "projectiles", "merged", "null mean_rewind_error_m", "null mean_detonation_distance_m", "null agreement"} {
		if seen[k] == 0 {
			t.Errorf("no run had %s: the comparison does not cover it (%v)", k, seen)
		}
	}
}

// `records --csv` of a file with its packet lines is `sim --csv`'s
// columns and values for every figure the records determine, the rest
// empty (a keyed figure with no value has no
// key to name a column by: its note names it).
func TestRecordsCSVIsSimCSV(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	_, lines, _ := runCLI("sim", "--json", "--packets", "--preset", "projectile-rockets", "--set", "loss_pct=20", "--seed", "2")
	os.WriteFile(path, []byte(lines), 0o644)
	code, got, errs := runCLI("records", "--csv", path)
	_, want, _ := runCLI("sim", "--csv", "--preset", "projectile-rockets", "--set", "loss_pct=20", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	g, w := csvRow(t, got), csvRow(t, want)
	for col, v := range w {
		name, _, _ := strings.Cut(col, ".")
		d := declaration(name)
		switch {
		case col == "seed" || d != nil && d.From == "" || col == "packets.up_gave_up" || col == "packets.down_gave_up":
			// (no packet line holds the reliability layer's give-ups)
			if gv, ok := g[col]; ok && gv != "" {
				t.Errorf("%s: records --csv gives %q for a figure not in the records", col, gv)
			}
		case g[col] != v:
			t.Errorf("%s: records --csv %q, sim --csv %q", col, g[col], v)
		}
	}
}

func declaration(name string) *records.Declaration {
	for _, d := range records.Declared() {
		if d.Name == name {
			return &d
		}
	}
	return nil
}

func csvRow(t *testing.T, s string) map[string]string {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(s), "\n")
	if len(rows) != 2 {
		t.Fatalf("want a header and a row, got %q", s)
	}
	h, r := strings.Split(rows[0], ","), strings.Split(rows[1], ",")
	m := map[string]string{}
	for i := range h {
		m[h[i]] = r[i]
	}
	return m
}

func lastLine(t *testing.T, lines []byte) map[string]json.RawMessage {
	t.Helper()
	ls := bytes.Split(bytes.TrimSpace(lines), []byte("\n"))
	return decodeRaw(t, ls[len(ls)-1])
}

func decodeRaw(t *testing.T, b []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return m
}

// `lagscope --records FILE` opens the window read-only on the file, once
// the file has been read: a bad one is refused before any window, with
// the file, line and field named.
func TestWindowOpensRecords(t *testing.T) {
	t.Setenv("DISPLAY", ":0")
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.jsonl"), filepath.Join(dir, "bad.jsonl")
	_, lines, _ := runCLI("sim", "--json", "--preset", "default", "--duration", "3s")
	os.WriteFile(good, []byte(lines), 0o644)
	os.WriteFile(bad, []byte(strings.Replace(lines, `"client_hit":true,`, ``, 1)), 0o644)
	var opened []Window
	open := func(w Window) error { opened = append(opened, w); return nil }
	if code, _, errs := runWindow(open, "--records", good); code != 0 || len(opened) != 1 || opened[0].Records != good {
		t.Fatalf("--records: exit %d, opened %+v: %s", code, opened, errs)
	}
	if code, _, errs := runWindow(open, "--records", bad); code != 2 || len(opened) != 1 || !strings.Contains(errs, bad+`:1: field "client_hit": missing`) {
		t.Errorf("a bad file: exit %d, opened %d: %s", code, len(opened), errs)
	}
	if code, _, errs := runWindow(open, "--records", good, "--preset", "dialup"); code != 2 || len(opened) != 1 || !strings.Contains(errs, "--preset has nothing to act on") {
		t.Errorf("--records with --preset: exit %d: %s", code, errs)
	}
}

func runWindow(open OpenWindow, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb, open)
	return code, out.String(), errb.String()
}

// checkPackets holds the records' packets figure to the run's own: null,
// its note saying so, without packet lines; with them, each key the
// run's own count, or null with a note naming what no line holds (a key
// the records leave out is 0, as a keyed count is). It says whether the
// file had packet lines.
func checkPackets(t *testing.T, name string, lines []byte, got, own json.RawMessage, notes string, seen map[string]int) bool {
	t.Helper()
	if !bytes.Contains(lines, []byte(`"type":"packet"`)) {
		if string(got) != "null" || !strings.Contains(notes, "packets: null, no packet line in the records") {
			t.Errorf("%s: packets without packet lines is %s (notes %q)", name, got, notes)
		}
		return false
	}
	var g map[string]*int
	var o map[string]int
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: packets %s: %v", name, got, err)
	}
	json.Unmarshal(own, &o)
	keys := map[string]bool{}
	for k := range g {
		keys[k] = true
	}
	for k := range o {
		keys[k] = true
	}
	for k := range keys {
		v, ok := g[k]
		switch {
		case ok && v == nil:
			if !strings.Contains(notes, "packets."+k+": null, ") {
				t.Errorf("%s: packets.%s is null with no note: %s", name, k, notes)
			}
			if k != "up_gave_up" && k != "down_gave_up" && !strings.HasSuffix(k, "dup_dropped") {
				t.Errorf("%s: packets.%s has no value from the packet lines", name, k)
			}
		case !ok && o[k] != 0 || ok && *v != o[k]:
			t.Errorf("%s: packets.%s from the packet lines is %v, the run's own line says %d", name, k, fmtCount(v, ok), o[k])
		case o[k] > 0:
			seen["packets."+k]++
		}
	}
	return true
}

func fmtCount(v *int, ok bool) string {
	if !ok {
		return "missing"
	}
	return fmt.Sprint(*v)
}
