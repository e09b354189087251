package sweep

import (
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
)

// The 95 % interval of 1, 2, 3: mean 2, s = 1, t(0.975, 2 df) = 4.302653,
// half-width 4.302653/√3.
func TestMeanCIAnalytic(t *testing.T) {
	s := MeanCI([]float64{1, 2, 3})
	hw := 4.302652729911275 / math.Sqrt(3)
	if s.N != 3 || s.Mean != 2 || math.Abs(s.Lo-(2-hw)) > 1e-9 || math.Abs(s.Hi-(2+hw)) > 1e-9 {
		t.Errorf("got %+v, want 2 ± %v", s, hw)
	}
	if s := MeanCI([]float64{5}); s != (Stat{5, 5, 5, 1}) {
		t.Errorf("one seed: %+v", s)
	}
	if s := MeanCI(nil); !math.IsNaN(s.Mean) || s.N != 0 {
		t.Errorf("no values: %+v", s)
	}
}

func TestSeriesGroupsSeedsAndLines(t *testing.T) {
	vary := []Vary{{Key: "latency_ms", Values: []string{"0", "50"}}, {Key: "mode", Values: []string{"none", "ping"}}}
	var rows []Row
	for _, x := range []string{"0", "50"} {
		for _, m := range []string{"none", "ping"} {
			for s := 0; s < 3; s++ {
				v := float64(s + 1) // 1, 2, 3 over the seeds
				if m == "ping" && s == 2 {
					rows = append(rows, Row{Point: Point{Values: []string{x, m}, Seed: uint64(s)}, Figures: []records.Figure{{Name: "agreement"}}})
					continue
				}
				rows = append(rows, Row{Point: Point{Values: []string{x, m}, Seed: uint64(s)}, Figures: []records.Figure{{Name: "agreement", Value: v}}})
			}
		}
	}
	ss := NewTable(vary, rows).Series("agreement")
	if len(ss) != 2 || ss[0].Label(vary) != "mode=none" || ss[1].Label(vary) != "mode=ping" {
		t.Fatalf("lines %+v", ss)
	}
	p := ss[0].Points[1]
	if p.X != "50" || p.Row != 6 || p.N != 3 || p.Mean != 2 {
		t.Errorf("none @50: %+v", p)
	}
	// a seed without a value is left out, not counted as 0
	if q := ss[1].Points[0]; q.N != 2 || q.Mean != 1.5 || q.Row != 3 {
		t.Errorf("ping @0: %+v", q)
	}
}

// summaryRow is a row of figures flattened from a summary, as a run makes
// them: the bounds come from the summary's tags.
func summaryRow(x string, seed uint64, agree float64, falseHits int, errM float64) Row {
	sum := noValues()
	sum.Agreement, sum.FalseHits, sum.MeanRewindErrM = agree, falseHits, errM
	return Row{Point: Point{Values: []string{x}, Seed: seed}, Figures: records.Figures(sum)}
}

// noValues is a summary line whose figures that can have no value have
// none (the rest 0), so a test sets just the ones it weighs.
func noValues() records.SummaryJSON {
	nan := math.NaN()
	return records.SummaryJSON{
		Summary:           lagcomp.Summary{Agreement: nan, MeanRewindErrM: nan, P95RewindErrM: nan, MeanRewindMs: nan, MeanIdealMs: nan},
		ProjectileSummary: lagcomp.ProjectileSummary{MeanLinkOffsetM: nan, MaxDivergenceM: nan, MeanDetDistM: nan},
	}
}

// The summary declares what each figure can take: agreement is a
// fraction, counts and distances are never negative, a mean rewind in
// milliseconds is not bounded; counts step by whole numbers.
func TestTableBoundsFromTheSummary(t *testing.T) {
	tb := NewTable([]Vary{{Key: "latency_ms", Values: []string{"0"}}}, []Row{summaryRow("0", 1, 0.5, 2, 0.1)})
	inf := math.Inf(1)
	for col, want := range map[string]records.Bounds{
		"agreement": {Lo: 0, Hi: 1}, "false_hits": {Lo: 0, Hi: inf}, "mean_rewind_error_m": {Lo: 0, Hi: inf},
		"mean_rewind_ms": {Lo: -inf, Hi: inf}, "rules.max_rewind_cap": {Lo: 0, Hi: inf},
	} {
		if got := tb.Bounds(col); got != want {
			t.Errorf("%s: bounds %v, want %v", col, got, want)
		}
	}
	for col, want := range map[string]bool{"false_hits": true, "shots": true, "rules.max_rewind_cap": true, "agreement": false, "mean_rewind_error_m": false} {
		if got := tb.Whole(col); got != want {
			t.Errorf("%s: whole %v, want %v", col, got, want)
		}
	}
}

// A band that reaches past a figure's bounds is cut to them, and the
// point says so; one inside them is left alone.
func TestSeriesClampsBandsToBounds(t *testing.T) {
	vary := []Vary{{Key: "latency_ms", Values: []string{"0", "50"}}}
	var rows []Row
	for s, v := range []struct {
		agree float64
		hits  int
		errM  float64
	}{{1, 0, 0.01}, {1, 0, 0.01}, {0.8, 1, 0.4}} {
		rows = append(rows, summaryRow("0", uint64(s), v.agree, v.hits, v.errM))
	}
	for s, a := range []float64{0.5, 0.6, 0.7} {
		rows = append(rows, summaryRow("50", uint64(s), a, 5, 1))
	}
	tb := NewTable(vary, rows)
	// agreement 1, 1, 0.8: mean 0.9333, s = 0.11547, half-width
	// 4.302653 × 0.11547/√3 = 0.28685: 0.6465 to 1.2202, cut at 1
	p := tb.Series("agreement")[0].Points[0]
	if !p.Clamped || !p.CutHi || p.CutLo || p.Hi != 1 || math.Abs(p.Lo-(0.93333333-0.28684)) > 1e-4 {
		t.Errorf("agreement at 0: %+v, want the top cut at 1", p)
	}
	if q := tb.Series("agreement")[0].Points[1]; q.Clamped || math.Abs(q.Hi-(0.6+4.302653*0.1/math.Sqrt(3))) > 1e-6 {
		t.Errorf("agreement at 50: %+v, want 0.6 ± 0.248 untouched", q)
	}
	// false hits 0, 0, 1: mean 1/3, the band's foot below 0 cut at 0
	if p := tb.Series("false_hits")[0].Points[0]; !p.Clamped || !p.CutLo || p.CutHi || p.Lo != 0 || p.Hi <= 1 {
		t.Errorf("false_hits at 0: %+v, want the foot cut at 0", p)
	}
	// one seed has no band to cut
	one := NewTable(vary, rows[:1]).Series("agreement")[0].Points[0]
	if one.Clamped || one.Lo != 1 || one.Hi != 1 {
		t.Errorf("one seed: %+v", one)
	}
}

// The Wilson interval against its closed form worked by hand: 8 of 10
// (z = 1.959964): centre (0.8 + z²/20)/(1 + z²/10) = 0.7387, half-width
// z/(1 + z²/10)·√(0.016 + z²/400) = 0.2292, so [0.4902, 0.9433]; 0 of 10
// is [0, 0.2775] (z²/(n + z²)), not the t interval's zero width; and it
// stays inside [0, 1].
func TestWilsonInterval(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{{8, 10, 0.4902, 0.9433}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {50, 100, 0.4038, 0.5962}} {
		lo, hi := Wilson(tc.k, tc.n)
		if !(math.Abs(lo-tc.lo) <= 5e-5) || !(math.Abs(hi-tc.hi) <= 5e-5) { // NaN fails
			t.Errorf("%d of %d: [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
	if lo, hi := Wilson(0, 0); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("no trials: [%v, %v], want no value", lo, hi)
	}
}

// A proportion's figure (win_rate: 1 or 0 a run) gets its Wilson
// interval in the chart's points and in --stats' columns (8 of 10:
// [0.4902, 0.9433]); a paired table's difference, and a figure that is no
// proportion (agreement), get none.
func TestWilsonIntervalOfAProportion(t *testing.T) {
	vary := []Vary{{Key: "latency_ms", Values: []string{"0"}}}
	var rows []Row
	for s := range 10 {
		won := 0.0
		if s < 8 {
			won = 1
		}
		rows = append(rows, Row{Point: Point{Values: []string{"0"}, Seed: uint64(s)},
			Figures: []records.Figure{{Name: "win_rate", Value: won}, {Name: "agreement", Value: 0.5}}})
	}
	tab := NewTable(vary, rows)
	p := tab.Series("win_rate")[0].Points[0]
	if p.Mean != 0.8 || !(math.Abs(p.WilsonLo-0.4902) <= 5e-5) || !(math.Abs(p.WilsonHi-0.9433) <= 5e-5) { // NaN fails
		t.Errorf("win_rate: %+v, want 0.8 in [0.4902, 0.9433]", p.Spread)
	}
	if q := tab.Series("agreement")[0].Points[0]; !math.IsNaN(q.WilsonLo) {
		t.Errorf("agreement has a Wilson interval: %+v", q.Spread)
	}
	h := tab.StatsHeader()
	has := func(c string) bool {
		for _, x := range h {
			if x == c {
				return true
			}
		}
		return false
	}
	if !has("win_rate_wilson_lo") || !has("win_rate_wilson_hi") || has("agreement_wilson_lo") {
		t.Errorf("header %v", h)
	}
}
