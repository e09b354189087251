package sweep

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
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
	// a varied population is said so in the caption
	v := Grid{Base: preset(t, "default"), Players: 2, Vary: []Vary{mustVary(t, "population=unity-regional")}}
	if c := strings.Join(v.Caption(), "\n"); !strings.Contains(c, "population as varied: every player's link drawn from it; a point's figures over its 2 draws") {
		t.Errorf("a varied population's caption:\n%s", c)
	}
	// without a population, no population columns: the CSV as before
	g := Grid{Base: preset(t, "default"), DurationMs: 500}
	pts, _ := g.Points()
	if h := NewTable(nil, run(t, pts, 1)).Header(); strings.Contains(strings.Join(h, ","), "population") {
		t.Errorf("population columns without a population: %v", h)
	}
}

// The percentile matrix regroups the same runs by the shooter's and the
// victim's drawn percentile, in bins at the table's rows (below p5,
// p5–p25, p25–p50, p50–p95, p95 and above): every run is in the cell of
// its two draws, a cell's figure the mean over its runs.
func TestPercentileMatrixBinsTheDraws(t *testing.T) {
	g := Grid{Preset: "default", Base: preset(t, "default"), DurationMs: 500, Players: 60,
		Sets: []lagcomp.Setting{{Key: "population", Value: netem.UnityRegional}}}
	pts, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	tab := NewTable(nil, run(t, pts, 2))
	m, err := PercentileMatrix(tab)
	if err != nil {
		t.Fatal(err)
	}
	labels := []string{"below p5", "p5–p25", "p25–p50", "p50–p95", "p95 and above"}
	if len(m.Vary) != 2 || fmt.Sprint(m.Vary[0].Values) != fmt.Sprint(labels) || !IsMatrix(m.Vary) {
		t.Fatalf("axes %+v", m.Vary)
	}
	bin := func(q float64) string {
		for i, e := range []float64{5, 25, 50, 95} {
			if q < e {
				return labels[i]
			}
		}
		return labels[4]
	}
	want := map[[2]string][]float64{}
	for _, p := range pts {
		s, _ := p.Config.PlayerLink(lagcomp.ShooterPawn)
		v, _ := p.Config.PlayerLink(lagcomp.TargetPawn)
		for _, r := range tab.Rows {
			if r.Point.Draw == p.Draw {
				x, _ := records.Figure{Value: figure(r, "input_delay_ms_mean")}.Number()
				want[[2]string{bin(s.Pct), bin(v.Pct)}] = append(want[[2]string{bin(s.Pct), bin(v.Pct)}], x)
			}
		}
	}
	cells, runs := 0, 0
	for _, s := range m.Series("input_delay_ms_mean") {
		for _, pt := range s.Points {
			w := MeanCI(want[[2]string{pt.X, s.Values[0]}])
			if pt.N != w.N || math.Abs(pt.Mean-w.Mean) > 1e-9 {
				t.Errorf("cell %s × %s: %d runs, mean %v; want %d, %v", pt.X, s.Values[0], pt.N, pt.Mean, w.N, w.Mean)
			}
			cells++
			runs += pt.N
		}
	}
	if runs != 60 || cells < 8 {
		t.Errorf("%d runs in %d cells, want 60 in most of 25", runs, cells)
	}
	// refused: varied keys (the axes are the draws'), no population
	if _, err := PercentileMatrix(NewTable([]Vary{mustVary(t, "mode=ping")}, tab.Rows)); err == nil {
		t.Error("a matrix over a varied key")
	}
	plain := Grid{Base: preset(t, "default"), DurationMs: 500}
	pp, _ := plain.Points()
	if _, err := PercentileMatrix(NewTable(nil, run(t, pp, 1))); err == nil || !strings.Contains(err.Error(), "without a population") {
		t.Errorf("a matrix of no population: %v", err)
	}
}

func figure(r Row, name string) any {
	for _, f := range r.Figures {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}
