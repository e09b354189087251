package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad population input exits 2 naming what is wrong and what is allowed:
// draws of no population, --by-percentile without its chart or with
// varied keys, --players out of range, a population file's bad cell
// (file, line, column, range) or a missing file.
func TestPopulationInputErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "ours.csv")
	os.WriteFile(bad, []byte("percentile,delay_ms,jitter_ms,loss_pct\n5,10,2,2\n50,60,70,3\n"), 0o644)
	png := filepath.Join(dir, "m.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--preset", "default", "--players", "3", "--csv", "-"}, "--players 3: draws of no population"},
		{[]string{"sweep", "--preset", "default", "--players", "0", "--csv", "-"}, "--players: 0 is out of range (allowed: 1 to 1000000)"},
		{[]string{"sweep", "--preset", "default", "--set", "population=unity-regional", "--by-percentile", "--csv", "-"}, "--by-percentile: "},
		{[]string{"sweep", "--preset", "default", "--set", "population=unity-regional", "--by-percentile", "--vary", "mode=ping,none", "--chart", png}, "no --vary"},
		{[]string{"sweep", "--preset", "default", "--by-percentile", "--chart", png}, "--by-percentile: no population"},
		{[]string{"sim", "--set", "population=" + bad}, "population " + bad + ":3:3: jitter_ms: \"70\": want a number from 0 to 60"},
		{[]string{"sim", "--set", "population=" + filepath.Join(dir, "none.csv")}, "none.csv"},
	} {
		code, _, errs := runCLI(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(png); err == nil {
		t.Error("a refused sweep wrote its chart")
	}
}

// With a population, the same seed is the same bytes: sim --json twice,
// each movement line names its player's draw, and every line is in the
// records' schema.
func TestPopulationRunIsItsSeeds(t *testing.T) {
	args := []string{"sim", "--json", "--duration", "2s", "--seed", "4", "--set", "population=unity-regional", "--set", "population_draw=7"}
	_, a, _ := runCLI(args...)
	_, b, _ := runCLI(args...)
	if wallFigures.ReplaceAllString(a, "") != wallFigures.ReplaceAllString(b, "") {
		t.Error("same seed and draw, other bytes")
	}
	_, c, _ := runCLI(append(args[:len(args)-1], "population_draw=8")...)
	if wallFigures.ReplaceAllString(a, "") == wallFigures.ReplaceAllString(c, "") {
		t.Error("another draw, the same bytes")
	}
	n := 0
	sch := recordsSchema(t)
	for _, l := range strings.Split(strings.TrimSpace(a), "\n") {
		if err := validLine(sch, []byte(l)); err != nil {
			t.Errorf("a line out of the records' schema: %v\n%s", err, l)
		}
		if strings.Contains(l, `"type":"movement"`) {
			n++
			for _, f := range []string{"population_percentile", "population_delay_ms", "population_jitter_ms", "population_loss_pct"} {
				if !strings.Contains(l, `"`+f+`":`) {
					t.Errorf("a movement line without %s: %s", f, l)
				}
			}
		}
	}
	if n < 3 {
		t.Errorf("%d movement lines", n)
	}
}

// A sidecar carries its population file's hash as it does a trace's:
// shot --from redraws the same PNG from the same file and refuses a
// changed one (the draw would give other players under the same recipe);
// the built-in table is a name, not a file, and needs none.
func TestSidecarRefusesAChangedPopulation(t *testing.T) {
	dir := t.TempDir()
	const rows = "percentile,delay_ms,jitter_ms,loss_pct\n5,20,2,0\n50,60,5,1\n95,150,20,3\n"
	pop := filepath.Join(dir, "ours.csv")
	writeFile(t, pop, rows)
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	if code, _, errs := runCLI("shot", "--set", "population="+pop, "--at", "1500ms", "--size", "320x240", "--out", a); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	side, _ := os.ReadFile(strings.TrimSuffix(a, ".png") + ".json")
	if !strings.Contains(string(side), `"traces": {`) || !strings.Contains(string(side), pop) {
		t.Fatalf("no population hash in the sidecar:\n%s", side)
	}
	if code, _, errs := runCLI("shot", "--from", strings.TrimSuffix(a, ".png")+".json", "--out", b); code != 0 {
		t.Fatalf("redraw: exit %d: %s", code, errs)
	}
	if pa, pb := readFile(t, a), readFile(t, b); pa != pb {
		t.Fatal("the redraw differs")
	}
	// a later process reading a changed file under the same name: played
	// by a copy of the sidecar naming a changed copy in another directory
	dir2 := t.TempDir()
	pop2 := filepath.Join(dir2, "ours.csv")
	writeFile(t, pop2, strings.Replace(rows, "50,60,5,1", "50,90,5,1", 1))
	s2 := filepath.Join(dir2, "a.json")
	writeFile(t, s2, strings.ReplaceAll(string(side), pop, pop2))
	code, _, errs := runCLI("shot", "--from", s2, "--out", filepath.Join(dir2, "c.png"))
	if code != 2 || !strings.Contains(errs, "population file "+pop2+" changed since the sidecar was written") {
		t.Fatalf("a changed population: exit %d: %s", code, errs)
	}
	// the built-in table: no file, no hash
	c := filepath.Join(dir, "c.png")
	if code, _, errs := runCLI("shot", "--set", "population=unity-regional", "--at", "1s", "--size", "320x240", "--out", c); code != 0 {
		t.Fatalf("unity-regional: exit %d: %s", code, errs)
	}
	if side, _ := os.ReadFile(strings.TrimSuffix(c, ".png") + ".json"); strings.Contains(string(side), `"traces": {`) {
		t.Errorf("the built-in table hashed as a file:\n%s", side)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
