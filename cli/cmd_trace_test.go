package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

const stepTrace = "t_ms,delay_ms,lost\n0,30,0\n500,90,0\n1000,,1\n1200,20,0\n"

// A sweep over traces gives the same bytes on any number of jobs.
func TestSweepOverTracesSameForAnyJobs(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	writeFile(t, a, stepTrace)
	writeFile(t, b, "t_ms,delay_ms,lost\n0,120,0\n100,60,0\n")
	var outs []string
	for _, jobs := range []string{"1", "3"} {
		code, out, errs := runCLI("sweep", "--vary", "trace="+a+","+b, "--vary", "jitter_ms=0,10", "--seeds", "2", "--duration", "3s", "--jobs", jobs, "--csv", "-")
		if code != 0 {
			t.Fatalf("--jobs %s: exit %d: %s", jobs, code, errs)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatalf("--jobs 1 and 3 differ:\n%s\n%s", outs[0], outs[1])
	}
	recs := readCSV(t, outs[0])
	if len(recs) != 1+2*2*2 || recs[0][0] != "trace" || recs[1][0] != a || recs[5][0] != b {
		t.Fatalf("rows: %v", recs)
	}
	if recs[1][1:] == nil || strings.Join(recs[1][3:], ",") == strings.Join(recs[5][3:], ",") {
		t.Fatal("the two traces gave the same figures")
	}
}

// A sweep over traces, each direction its own (up_trace and down_trace
// varied together with jitter), is byte-identical for any --jobs, in its
// CSV and its JSON, even when the first sweep of a process loads the
// traces from several jobs at once; and each row is the sim of its
// settings.
func TestSweepOverTracesAnyJobsColdCache(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv"), filepath.Join(dir, "c.log")
	writeFile(t, a, stepTrace)
	writeFile(t, b, "t_ms,delay_ms,lost\n0,120,0\n100,60,0\n300,,1\n350,45,0\n")
	writeFile(t, c, "PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.\n"+
		"64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=80.0 ms\n"+
		"64 bytes from 10.0.0.1: icmp_seq=2 ttl=64 time=95.4 ms\n"+
		"64 bytes from 10.0.0.1: icmp_seq=4 ttl=64 time=70.2 ms\n")
	var csvs, jsons []string
	// the cold run first: its jobs load the three files concurrently
	for _, jobs := range []string{"4", "1", "2", "3"} {
		args := []string{"sweep", "--vary", "up_trace=" + a + "," + c, "--vary", "down_trace=" + b + "," + a, "--vary", "jitter_ms=0,15",
			"--set", "up_loss_pct=10", "--seeds", "2", "--duration", "3s", "--jobs", jobs}
		code, out, errs := runCLI(append(args, "--csv", "-")...)
		if code != 0 {
			t.Fatalf("--jobs %s: exit %d: %s", jobs, code, errs)
		}
		csvs = append(csvs, out)
		code, out, errs = runCLI(append(args, "--json")...)
		if code != 0 {
			t.Fatalf("--jobs %s --json: exit %d: %s", jobs, code, errs)
		}
		jsons = append(jsons, out)
	}
	for i := 1; i < len(csvs); i++ {
		if csvs[i] != csvs[0] || jsons[i] != jsons[0] {
			t.Fatalf("--jobs 4 and run %d differ:\n%s\n%s", i, csvs[0], csvs[i])
		}
	}
	recs := readCSV(t, csvs[0])
	if len(recs) != 1+2*2*2*2 {
		t.Fatalf("%d rows", len(recs))
	}
	// the last row: c up, a down, 15 ms jitter, seed 2
	last := recs[len(recs)-1]
	col := func(name string) int {
		for i, h := range recs[0] {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %s in %v", name, recs[0])
		return -1
	}
	if last[col("up_trace")] != c || last[col("down_trace")] != a || last[col("seed")] != "2" {
		t.Fatalf("last row: %v", last)
	}
	code, one, errs := runCLI("sim", "--set", "up_trace="+c, "--set", "down_trace="+a, "--set", "jitter_ms=15", "--set", "up_loss_pct=10",
		"--seed", "2", "--duration", "3s", "--csv")
	if code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errs)
	}
	simRec := readCSV(t, one)
	for i, h := range simRec[0] {
		if j := col(h); h != "seed" && last[j] != simRec[1][i] {
			t.Errorf("%s: sweep row %s, sim %s", h, last[j], simRec[1][i])
		}
	}
}

// A preset's trace path is relative to the preset's file; sim --json
// names the file, its hash and how its delays were read.
func TestPresetTraceRelativeToItsFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "link.csv"), stepTrace)
	writeFile(t, filepath.Join(dir, "ping.log"), "64 bytes from x: icmp_seq=1 ttl=1 time=50.0 ms\n64 bytes from x: icmp_seq=3 ttl=1 time=70.0 ms\n")
	preset := filepath.Join(dir, "p.toml")
	writeFile(t, preset, "description = \"a trace\"\nup_trace = \"link.csv\"\ndown_trace = \"ping.log\"\ntrace_loop = false\n")
	code, out, errs := runCLI("sim", "--preset", preset, "--json", "--duration", "3s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		if m["type"] == "trace" {
			lines = append(lines, m)
		}
	}
	if len(lines) != 2 || lines[0]["file"] != filepath.Join(dir, "link.csv") || lines[0]["one_way"] != "as recorded" ||
		lines[1]["format"] != "ping" || lines[1]["one_way"] != "rtt/2" || lines[0]["loop"] != false {
		t.Fatalf("trace lines: %v", lines)
	}
	// the up trace's outage (1000 to 1200 ms) and the ping log's missing
	// icmp_seq 2 (1 to 2 s: ping's default 1 s between probes) dropped
	// packets; neither loops, so nothing after
	if lines[0]["lost_by_trace"].(float64) == 0 || lines[1]["lost_by_trace"].(float64) == 0 {
		t.Fatalf("lost by the traces: %v, %v", lines[0]["lost_by_trace"], lines[1]["lost_by_trace"])
	}
}

func TestBadTraceNamesFileLineField(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	writeFile(t, bad, "t_ms,delay_ms,lost\n0,40,0\n20,fast,0\n")
	code, _, errs := runCLI("sim", "--set", "trace="+bad, "--summary")
	if code != 2 || !strings.Contains(errs, "trace "+bad+": line 3: field delay_ms") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, _, errs = runCLI("sim", "--set", "up_trace="+filepath.Join(dir, "none.csv"), "--summary")
	if code != 2 || !strings.Contains(errs, `key "up_trace": trace file `+filepath.Join(dir, "none.csv")) {
		t.Fatalf("a missing file: exit %d: %s", code, errs)
	}
}

// A sidecar carries its trace's hash: shot --from redraws the same PNG
// from the same file and refuses a changed one.
func TestSidecarRefusesAChangedTrace(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "t.csv")
	writeFile(t, tr, stepTrace)
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	if code, _, errs := runCLI("shot", "--set", "trace="+tr, "--at", "1500ms", "--size", "320x240", "--out", a); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	side, _ := os.ReadFile(strings.TrimSuffix(a, ".png") + ".json")
	if !strings.Contains(string(side), `"traces": {`) || !strings.Contains(string(side), `"sha256:`) {
		t.Fatalf("no trace hash in the sidecar:\n%s", side)
	}
	if code, _, errs := runCLI("shot", "--from", strings.TrimSuffix(a, ".png")+".json", "--out", b); code != 0 {
		t.Fatalf("redraw: exit %d: %s", code, errs)
	}
	pa, _ := os.ReadFile(a)
	pb, _ := os.ReadFile(b)
	if string(pa) != string(pb) {
		t.Fatal("the redraw differs")
	}
	// the process read the trace once; a later one reads it again: the
	// test plays that later process by checking the sidecar against a
	// copy of the changed file under the same name in another directory
	dir2 := t.TempDir()
	tr2 := filepath.Join(dir2, "t.csv")
	writeFile(t, tr2, stepTrace+"1300,25,0\n")
	s := strings.ReplaceAll(string(side), tr, tr2)
	s2 := filepath.Join(dir2, "a.json")
	writeFile(t, s2, s)
	code, _, errs := runCLI("shot", "--from", s2, "--out", filepath.Join(dir2, "c.png"))
	if code != 2 || !strings.Contains(errs, "trace file "+tr2+" changed since the sidecar was written") {
		t.Fatalf("a changed trace: exit %d: %s", code, errs)
	}
	// a sidecar naming a trace without its hash is refused too
	s3 := filepath.Join(dir2, "nohash.json")
	var m map[string]any
	_ = json.Unmarshal(side, &m)
	delete(m, "traces")
	data, _ := json.Marshal(m)
	writeFile(t, s3, string(data))
	code, _, errs = runCLI("shot", "--from", s3, "--out", filepath.Join(dir2, "d.png"))
	if code != 2 || !strings.Contains(errs, "holds no hash of it") {
		t.Fatalf("no hash: exit %d: %s", code, errs)
	}
}

// A trace an [[events]] entry sets mid-run (relative to the preset's
// file, as the key's is) is in the sidecar's hashes like one set from
// the start: the same file redraws the same PNG, a changed one, or a
// sidecar without its hash, is refused. The same for --event on the
// command line.
func TestSidecarHashesATraceAnEventSets(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "late.csv")
	writeFile(t, tr, stepTrace)
	preset := filepath.Join(dir, "p.toml")
	writeFile(t, preset, "description = \"a trace from 1 s\"\n\n[[events]]\nat_ms = 1000\nset = { down_trace = \"late.csv\" }\n")
	for _, src := range [][]string{{"--preset", preset}, {"--event", "1s:down_trace=" + tr}} {
		a := filepath.Join(dir, "a.png")
		if code, _, errs := runCLI(append([]string{"shot", "--at", "1800ms", "--size", "320x240", "--view", "packets", "--out", a}, src...)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", src, code, errs)
		}
		side, _ := os.ReadFile(filepath.Join(dir, "a.json"))
		var sc struct {
			Traces map[string]string `json:"traces"`
		}
		if err := json.Unmarshal(side, &sc); err != nil || !strings.HasPrefix(sc.Traces[tr], "sha256:") || len(sc.Traces) != 1 {
			t.Fatalf("%v: the sidecar's traces: %v (%v)\n%s", src, sc.Traces, err, side)
		}
		b := filepath.Join(dir, "b.png")
		if code, _, errs := runCLI("shot", "--from", filepath.Join(dir, "a.json"), "--out", b); code != 0 {
			t.Fatalf("%v: redraw: exit %d: %s", src, code, errs)
		}
		pa, _ := os.ReadFile(a)
		pb, _ := os.ReadFile(b)
		if string(pa) != string(pb) {
			t.Fatalf("%v: the redraw differs", src)
		}
		// a later process with the file changed (played as in
		// TestSidecarRefusesAChangedTrace: a changed copy elsewhere)
		dir2 := t.TempDir()
		tr2 := filepath.Join(dir2, "late.csv")
		writeFile(t, tr2, stepTrace+"1300,25,0\n")
		s2 := filepath.Join(dir2, "a.json")
		writeFile(t, s2, strings.ReplaceAll(string(side), tr, tr2))
		code, _, errs := runCLI("shot", "--from", s2, "--out", filepath.Join(dir2, "c.png"))
		if code != 2 || !strings.Contains(errs, "trace file "+tr2+" changed since the sidecar was written") {
			t.Fatalf("%v: a changed trace: exit %d: %s", src, code, errs)
		}
		var m map[string]any
		_ = json.Unmarshal(side, &m)
		delete(m, "traces")
		data, _ := json.Marshal(m)
		s3 := filepath.Join(dir2, "nohash.json")
		writeFile(t, s3, string(data))
		if code, _, errs := runCLI("shot", "--from", s3, "--out", filepath.Join(dir2, "d.png")); code != 2 || !strings.Contains(errs, "holds no hash of it") {
			t.Fatalf("%v: no hash: exit %d: %s", src, code, errs)
		}
	}
}

// sim --json's trace lines validate against docs/records.schema.json,
// and records reads a run with them back to the same figures (those
// records can refold: the others it leaves null).
func TestTraceLinesValidate(t *testing.T) {
	sch := recordsSchema(t)
	dir := t.TempDir()
	code, out, errs := runCLI("sim", "--json", "--set", "up_trace=../docs/traces/ping.log", "--set", "down_trace=../docs/traces/wifi.csv", "--duration", "4s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	n := 0
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, `{"type":"trace"`) {
			n++
			if err := validLine(sch, []byte(l)); err != nil {
				t.Fatalf("%v\n%s", err, l)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d trace lines", n)
	}
	path := filepath.Join(dir, "run.jsonl")
	writeFile(t, path, out)
	code, sum, errs := runCLI("records", path, "--summary")
	if code != 0 {
		t.Fatalf("records: exit %d: %s", code, errs)
	}
	var a, b map[string]any
	json.Unmarshal([]byte(sum), &a)
	json.Unmarshal([]byte(lines[len(lines)-1]), &b)
	for k, v := range a {
		if v == nil {
			delete(a, k)
			delete(b, k)
		}
	}
	if len(a) < 10 {
		t.Fatalf("records refolded only %v", a)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			delete(b, k)
		}
	}
	if ja, jb := mustJSON(a), mustJSON(b); ja != jb {
		t.Fatalf("records --summary differs from sim's:\n%s\n%s", ja, jb)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
