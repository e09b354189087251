package sweep

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/records"
	"lagscope/model"
	"lagscope/presets"
)

func preset(t testing.TB, name string) lagcomp.Config {
	t.Helper()
	p, err := presets.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func mustVary(t testing.TB, s string) Vary {
	t.Helper()
	v, err := ParseVary(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestParseVaryRange(t *testing.T) {
	for _, c := range []struct {
		spec string
		want []string
	}{
		{"latency_ms=0:200:25", []string{"0", "25", "50", "75", "100", "125", "150", "175", "200"}},
		// FROM + i×STEP, rounded as written: no 0.30000000000000004, and TO
		// is reached although 10 × 0.1 is not exactly 1 in binary
		{"correction_factor=0:1:0.1", []string{"0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"}},
		{"correction_factor=1:2:0.4", []string{"1", "1.4", "1.8"}}, // TO not on a step: stops below it
		{"mode=none, ping", []string{"none", "ping"}},
		{"latency_ms=050,1e2", []string{"50", "100"}},
		{"trail_reset=true,false", []string{"true", "false"}},
		{"latency_ms=-0,40", []string{"0", "40"}},
		{"walls=|0,-2,1,2; 3,3,4,4", []string{"", "0,-2,1,2; 3,3,4,4"}}, // text values hold commas: | separates them
	} {
		if got := mustVary(t, c.spec).Values; !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.spec, got, c.want)
		}
	}
}

// A --vary is checked exactly as --set is: same messages naming the key
// and its allowed range.
func TestParseVaryErrors(t *testing.T) {
	p, _ := lagcomp.Lookup("latency_ms")
	var probe lagcomp.Config
	setErr := p.SetString(&probe, "9000")
	rangeErr := p.SetString(&probe, "6000")
	for spec, want := range map[string]string{
		"latency_ms=0:9000:3000":  rangeErr.Error(),
		"latency_ms=10,9000":      setErr.Error(),
		"Latency_ms=1,2":          `did you mean "latency_ms"`,
		"mode=none,bogus":         `"bogus" is not allowed (allowed: one of none`,
		"mode=0:1:1":              `a range needs a number`,
		"latency_ms=10:0:5":       "FROM ≤ TO and STEP > 0",
		"latency_ms=0:10:0":       "FROM ≤ TO and STEP > 0",
		"latency_ms=0:5000:0.001": "at most 1000",
		"latency_ms":              "want KEY=FROM:TO:STEP",
		"latency_ms=1,,2":         "empty value",
		"latency_ms=1,1":          "listed twice",
		"tick_hz=1:2:0.5":         "not a whole number",
	} {
		_, err := ParseVary(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", spec, err, want)
		}
	}
}

func TestPointsOrderAndPrecedence(t *testing.T) {
	seed := uint64(7)
	g := Grid{Base: preset(t, "default"), Seed: &seed, Seeds: 2,
		Sets: []lagcomp.Setting{{Key: "up_ms", Value: "10"}},
		Vary: []Vary{mustVary(t, "latency_ms=20,30"), mustVary(t, "mode=none,ping,source")}}
	pts, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 12 || g.Size() != 12 {
		t.Fatalf("%d points, size %d, want 12", len(pts), g.Size())
	}
	var got []string
	for _, p := range pts {
		got = append(got, p.Label(&g))
	}
	if got[0] != "latency_ms=20 mode=none seed=7" || got[1] != "latency_ms=20 mode=none seed=8" ||
		got[2] != "latency_ms=20 mode=ping seed=7" || got[11] != "latency_ms=30 mode=source seed=8" {
		t.Errorf("order: %q", got)
	}
	// the one-way --set key still wins over the varied both-way key, as
	// it does on `sim --set up_ms=10 --set latency_ms=30`
	if c := pts[11].Config; c.Up.LatencyMs != 10 || c.Down.LatencyMs != 30 || c.Seed != 8 || c.Mode != compensation.Source {
		t.Errorf("point 11: up %v down %v seed %d mode %s", c.Up.LatencyMs, c.Down.LatencyMs, c.Seed, c.Mode)
	}
	g.Vary = append(g.Vary, mustVary(t, "mode=none"))
	if _, err := g.Points(); err == nil || !strings.Contains(err.Error(), "varied twice") {
		t.Errorf("a key varied twice: %v", err)
	}
	// a shorthand and its target are one key: varied together, a point's
	// latency_ms=30 would be a 30 ms down leg alone
	g.Vary = []Vary{mustVary(t, "up_ms=5,10"), mustVary(t, "latency_ms=20,30")}
	if _, err := g.Points(); err == nil || !strings.Contains(err.Error(), `keys "up_ms" and "latency_ms" are both varied, but latency_ms sets up_ms and down_ms`) {
		t.Errorf("a shorthand varied with its target: %v", err)
	}
	g.Vary = []Vary{mustVary(t, "snapshot_hz=32,128")}
	if _, err := g.Points(); err == nil || !strings.Contains(err.Error(), "snapshot_hz=128 seed=7: snapshot_hz 128 is above tick_hz") {
		t.Errorf("a bad combination names its point: %v", err)
	}
}

func shortGrid(t testing.TB) Grid {
	return Grid{Base: preset(t, "ping-rewind"), Seeds: 2, DurationMs: 3000,
		Vary: []Vary{mustVary(t, "latency_ms=20:80:60"), mustVary(t, "correction_factor=1,1.8")}}
}

// Every row equals the single run it stands for: New, one Step to the
// end, the summary `lagscope sim --json` prints.
func TestRowsEqualSingleRuns(t *testing.T) {
	g := shortGrid(t)
	pts, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := Run(context.Background(), pts, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cfg := g.Base
		lagcomp.Apply(&cfg, pts[i].Settings(&g))
		cfg.DurationMs, cfg.Seed = 3000, g.Base.Seed+uint64(i%2)
		sim, err := lagcomp.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		sim.Step(model.MsF(cfg.DurationMs))
		sum := sim.Summary()
		if want := records.Figures(records.Summary(sim, &sum)); !reflect.DeepEqual(r.Figures, want) {
			t.Errorf("row %d (%s) differs from its single run:\n%v\n%v", i, r.Point.Label(&g), r.Figures, want)
		}
		if shots, _ := NewTable(g.Vary, rows).Number(i, "shots"); shots == 0 {
			t.Errorf("row %d: no shots in 3 s", i)
		}
	}
}

func csvOf(t *testing.T, g Grid, jobs int) []byte {
	pts, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	var calls []int
	rows, err := Run(context.Background(), pts, jobs, func(done, total int) { calls = append(calls, done) })
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != len(pts) || calls[len(calls)-1] != len(pts) {
		t.Errorf("progress %v for %d points", calls, len(pts))
	}
	var b bytes.Buffer
	if err := NewTable(g.Vary, rows).WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCSVSameForAnyJobs(t *testing.T) {
	g := shortGrid(t)
	one, two := csvOf(t, g, 1), csvOf(t, g, 2)
	if !bytes.Equal(one, two) {
		t.Fatalf("--jobs 1 and 2 differ:\n%s\n%s", one, two)
	}
	recs, err := csv.NewReader(bytes.NewReader(one)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1+g.Size() {
		t.Fatalf("%d records, want a header and %d rows", len(recs), g.Size())
	}
	head := recs[0]
	if !slices.Equal(head[:3], []string{"latency_ms", "correction_factor", "seed"}) {
		t.Errorf("header starts %q", head[:3])
	}
	// every figure `sim --json` prints is a column, read from the
	// declarations (a map of counts that stayed empty in every run has
	// no column)
	for _, d := range records.Declared() {
		if !d.Column {
			if slices.Contains(head, d.Name) {
				t.Errorf("%s is a column", d.Name)
			}
			continue
		}
		if d.Keyed {
			continue
		}
		if !slices.ContainsFunc(head, func(h string) bool { return h == d.Name || strings.HasPrefix(h, d.Name+".") }) {
			t.Errorf("summary field %s is not a column of %q", d.Name, head)
		}
	}
	if !slices.Contains(head, "packets.up_sent") {
		t.Errorf("no packets.up_sent in %q", head)
	}
	if recs[5][0] != "80" || recs[5][1] != "1" || recs[5][2] != recs[1][2] || recs[2][2] == recs[1][2] {
		t.Errorf("rows 1, 2, 5 = %q %q %q", recs[1], recs[2], recs[5])
	}
}

func TestJSONLines(t *testing.T) {
	g := shortGrid(t)
	g.Seeds, g.Vary = 1, []Vary{mustVary(t, "mode=none,ping")}
	pts, _ := g.Points()
	rows, err := Run(context.Background(), pts, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	tab := NewTable(g.Vary, rows)
	tab.WriteJSON(&b)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &m); err != nil {
		t.Fatal(err)
	}
	shots, _ := tab.Number(1, "shots")
	if m["mode"] != "ping" || m["shots"] != shots || m["seed"] != float64(g.Base.Seed) {
		t.Errorf("line 1: %v", m)
	}
	if !strings.HasPrefix(lines[0], `{"mode":"none","seed":`) {
		t.Errorf("keys out of order: %s", lines[0])
	}
}

// A count a run never saw is 0 in its row, not empty: the columns are
// the union of every row's figures.
func TestTableCountsAbsentAreZero(t *testing.T) {
	rows := []Row{
		{Figures: []records.Figure{{Name: "shots", Value: 3, Order: 1}, {Name: "rules.a", Value: 2, Order: 5, Keyed: true}, {Name: "agreement", Order: 2}}},
		{Figures: []records.Figure{{Name: "shots", Value: 4, Order: 1}, {Name: "rules.b", Value: 1, Order: 5, Keyed: true}, {Name: "agreement", Value: 0.5, Order: 2}}},
	}
	tab := NewTable(nil, rows)
	if !slices.Equal(tab.Header(), []string{"seed", "shots", "agreement", "rules.a", "rules.b"}) {
		t.Fatalf("header %q", tab.Header())
	}
	if got := tab.Record(0); !slices.Equal(got, []string{"0", "3", "", "2", "0"}) {
		t.Errorf("row 0 %q", got)
	}
	if got := tab.Record(1); !slices.Equal(got, []string{"0", "4", "0.5", "0", "1"}) {
		t.Errorf("row 1 %q", got)
	}
}

func TestRunCancel(t *testing.T) {
	g := shortGrid(t)
	pts, _ := g.Points()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, pts, 2, nil); err != context.Canceled {
		t.Errorf("cancelled run: %v", err)
	}
}
