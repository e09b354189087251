package sweep

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/records"
)

// A sweep over a population runs --players draws of it at each point for
// each seed: draw d is population_draw = d, so a row is the run of its
// settings (the same figures as RunPoint of that configuration); the CSV
// names each row's draw and each player's drawn percentile, the same
// bytes for any number of workers; a point's figures are over all its
// draws, as the caption says.
func TestSweepDrawsThePlayers(t *testing.T) {
	g := Grid{Preset: "default", Base: preset(t, "default"), DurationMs: 2000, Seeds: 2, Players: 3,
		Sets: []lagcomp.Setting{{Key: "population", Value: netem.UnityRegional}},
		Vary: []Vary{mustVary(t, "mode=timestamp,ping")}}
	pts, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 12 || g.Size() != 12 {
		t.Fatalf("%d points, size %d: want 2 modes × 2 seeds × 3 draws", len(pts), g.Size())
	}
	for i, p := range pts {
		if d := i % 3; p.Draw != d || p.Config.PopulationDraw != d || p.Seed != uint64(1+i/3%2) {
			t.Fatalf("point %d: draw %d (config %d), seed %d", i, p.Draw, p.Config.PopulationDraw, p.Seed)
		}
	}
	rows := run(t, pts, 1)
	// a row is sim's run of its settings, population_draw among them
	p := pts[5]
	cfg := g.Base
	if err := lagcomp.Apply(&cfg, append(g.Sets, lagcomp.Setting{Key: "mode", Value: p.Values[0]},
		lagcomp.Setting{Key: "population_draw", Value: float64(p.Draw)})); err != nil {
		t.Fatal(err)
	}
	cfg.Seed, cfg.DurationMs = p.Seed, g.DurationMs
	_, sum, err := RunPoint(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(rows[5].Figures), fmt.Sprint(records.Figures(sum)); got != want {
		t.Errorf("row 5 is not the run of its settings:\n%s\n%s", got, want)
	}
	var one, two bytes.Buffer
	NewTable(g.Vary, rows).WriteCSV(&one)
	NewTable(g.Vary, run(t, pts, 2)).WriteCSV(&two)
	if one.String() != two.String() {
		t.Error("the CSV differs between 1 and 2 workers")
	}
	recs, _ := csv.NewReader(&one).ReadAll()
	if h := strings.Join(recs[0][:6], ","); h != "mode,seed,population_draw,shooter_percentile,victim_percentile,observer1_percentile" {
		t.Fatalf("header %s", h)
	}
	draws := map[string]bool{}
	for i, r := range recs[1:] {
		c := pts[i].Config
		for j := range 3 {
			pl, _ := c.PlayerLink(j)
			if want := strconv.FormatFloat(round6(pl.Pct), 'f', -1, 64); r[3+j] != want {
				t.Errorf("row %d: player %d's percentile %s, drawn %s", i+1, j, r[3+j], want)
			}
		}
		if r[2] != strconv.Itoa(pts[i].Draw) {
			t.Errorf("row %d: population_draw %s, the point's %d", i+1, r[2], pts[i].Draw)
		}
		draws[r[3]] = true
	}
	if len(draws) != 6 { // two seeds × three draws, each its own shooter
		t.Errorf("%d distinct shooters over 6 draws", len(draws))
	}
	// the caption says what a point's figures are over
	cap := strings.Join(g.Caption(), "\n")
	for _, w := range []string{"population unity-regional", "over its 6 draws, 3 a seed, each weighed the same", "(Student's t, 5 df)", "= 12 runs"} {
		if !strings.Contains(cap, w) {
			t.Errorf("the caption does not say %q:\n%s", w, cap)
		}
	}
	// a point's series is over its six runs
	tab := NewTable(g.Vary, rows)
	for _, s := range tab.Series("shots") {
		for _, sp := range s.Points {
			if sp.Stat.N != 6 {
				t.Errorf("a point over %d runs, want 6", sp.Stat.N)
			}
		}
	}
}

func run(t *testing.T, pts []Point, jobs int) []Row {
	t.Helper()
	rows, err := Run(context.Background(), pts, jobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Draws of no population are refused (they would be one run counted as
// many players), and so are --players with population_draw varied.
func TestPlayersNeedAPopulation(t *testing.T) {
	for _, c := range []struct {
		g    Grid
		want string
	}{
		{Grid{Base: preset(t, "default"), Players: 4}, "--players 4: draws of no population"},
		{Grid{Base: preset(t, "default"), Players: 4, Sets: []lagcomp.Setting{{Key: "population", Value: netem.UnityRegional}},
			Vary: []Vary{mustVary(t, "population_draw=0,1")}}, "--players 4 and --vary population_draw"},
	} {
		if _, err := c.g.Points(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
	// without a population, no population columns: the CSV as before
	g := Grid{Base: preset(t, "default"), DurationMs: 500}
	pts, _ := g.Points()
	if h := NewTable(nil, run(t, pts, 1)).Header(); strings.Contains(strings.Join(h, ","), "population") {
		t.Errorf("population columns without a population: %v", h)
	}
}
