package sweep

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"
	"testing"

	"lagscope/lagcomp/records"
)

// handTable is a fixed sweep: mode none and ping, seeds 1…20, each
// seed's false_hits = its seed under none and seed + 3 under ping on
// seeds 1…15 (the last five + 0), agreement 1 − seed/100.
func handTable() *Table {
	vary := []Vary{{Key: "mode", Values: []string{"none", "ping"}}}
	var rows []Row
	for _, m := range vary[0].Values {
		for s := uint64(1); s <= 20; s++ {
			fh := int(s)
			if m == "ping" && s <= 15 {
				fh += 3
			}
			rows = append(rows, Row{Point: Point{Values: []string{m}, Seed: s}, Figures: []records.Figure{
				{Name: "false_hits", Value: fh, Order: 0}, {Name: "agreement", Value: 1 - float64(s)/100, Order: 1, Bounds: records.Bounds{Lo: 0, Hi: 1}}}})
		}
	}
	return NewTable(vary, rows)
}

// Percentiles and the interval of 1…20 by hand: nearest rank, the 5th
// is the ⌈0.05·20⌉ = 1st value, the 50th the 10th, the 95th the 19th;
// mean 10.5, s = √(665/19) = √35, half-width t(0.975, 19 df) × √35/√20
// = 2.0930241 × 1.3228757 = 2.768811. Agreement 0.99 (seed 1) down to
// 0.80 (seed 20): 5th 0.80, 50th 0.89 (seed 11), 95th 0.98.
func TestStatsCSVIsTheHandComputation(t *testing.T) {
	var b bytes.Buffer
	if err := handTable().WriteStatsCSV(&b); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("want a header and a line per point, got %d lines", len(recs))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	want := map[string]float64{"seeds": 20, "false_hits_n": 20, "false_hits_mean": 10.5, "false_hits_p5": 1, "false_hits_p50": 10, "false_hits_p95": 19,
		"false_hits_ci_lo": 10.5 - 2.768811, "false_hits_ci_hi": 10.5 + 2.768811,
		"agreement_p5": 0.80, "agreement_p50": 0.89, "agreement_p95": 0.98, "agreement_mean": 0.895}
	for name, w := range want {
		i, ok := col[name]
		if !ok {
			t.Errorf("no column %s in %v", name, recs[0])
			continue
		}
		got, _ := strconv.ParseFloat(recs[1][i], 64)
		if math.Abs(got-w) > 2e-6 {
			t.Errorf("none: %s = %s, want %v", name, recs[1][i], w)
		}
	}
	if _, ok := col["false_hits_up"]; ok {
		t.Errorf("a plain sweep's statistics have sign counts: %v", recs[0])
	}
	// a percentile is a value some seed gave, whatever the order given
	if q := Quantile(0.5, []float64{9, 1, 4, 1, 5}); q != 4 {
		t.Errorf("median of 9 1 4 1 5 = %v, want 4", q)
	}
	if q := Quantile(0.95, nil); !math.IsNaN(q) {
		t.Errorf("over nothing: %v", q)
	}
}

// A paired difference that must stand out of seed noise: ping has 3
// more false hits than none on 15 of 20 seeds and as many on 5, so the
// mean difference is 2.25, s = √(15·0.75²+5·2.25²)/√19, the interval
// 2.25 ± 2.093024 × s/√20 (1.59…2.91), clear of 0, with 15 seeds up and
// none down. The same value twice must not: every difference 0, the
// interval [0, 0], no seed either way.
func TestPairedDifferences(t *testing.T) {
	tab := handTable()
	p, err := ParsePair("none,ping", tab.Vary)
	if err != nil {
		t.Fatal(err)
	}
	d := tab.PairedTable(p)
	if len(d.Vary) != 0 || len(d.Rows) != 20 {
		t.Fatalf("paired table: %d axes, %d rows", len(d.Vary), len(d.Rows))
	}
	s := d.SpreadAt(d.PointRows()[0], "false_hits")
	sd := math.Sqrt((15*0.75*0.75 + 5*2.25*2.25) / 19)
	hw := 2.093024 * sd / math.Sqrt(20)
	if s.N != 20 || s.Mean != 2.25 || math.Abs(s.Lo-(2.25-hw)) > 1e-5 || math.Abs(s.Hi-(2.25+hw)) > 1e-5 || s.Up != 15 || s.Down != 0 || s.Lo <= 0 {
		t.Errorf("ping − none: %+v, want 2.25 ± %v, 15 up, 0 down", s, hw)
	}
	if s := d.SpreadAt(d.PointRows()[0], "agreement"); s.Mean != 0 || s.Lo != 0 || s.Hi != 0 || s.Up+s.Down != 0 {
		t.Errorf("agreement is the same under both: %+v", s)
	}
	if b := d.Bounds("false_hits"); b != records.Unbounded {
		t.Errorf("a difference of counts is cut to %v", b)
	}
	same, _ := ParsePair("ping,ping", tab.Vary)
	z := tab.PairedTable(same)
	for _, c := range z.Columns {
		if s := z.SpreadAt(z.PointRows()[0], c); s.N != 20 || s.Mean != 0 || s.Lo != 0 || s.Hi != 0 || s.Up != 0 || s.Down != 0 {
			t.Errorf("ping − ping %s: %+v, want 0 in [0, 0]", c, s)
		}
	}
	for _, bad := range []string{"none", "none,pong", "none,ping,x"} {
		if _, err := ParsePair(bad, tab.Vary); err == nil {
			t.Errorf("--paired %s accepted", bad)
		}
	}
}
