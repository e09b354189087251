package chart

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// labels are the labelled ticks' texts.
func labels(ts []plot.Tick) []string {
	var out []string
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

// With more swept values than labels fit, every value keeps its tick
// mark and the first and the last are always labelled: why-1.8's
// correction_factor 1 … 2.4 ends on a labelled 2.4, not at 2.0.
func TestXTicksLabelTheLastSweptValue(t *testing.T) {
	for _, c := range []struct {
		vary string
		want string
	}{
		{"correction_factor=1:2.4:0.1", "1.0 1.2 1.4 1.6 1.8 2.0 2.2 2.4"},
		{"latency_ms=0:200:25", "0 50 100 150 200"},
		{"latency_ms=0:190:10", "0 30 60 90 120 150 190"}, // 19 steps: no even stride; 180 dropped beside 190
		{"latency_ms=5:205:25", "5 55 105 155 205"},
		{"latency_ms=0,25,50", "0 25 50"},
	} {
		v, err := sweep.ParseVary(c.vary)
		if err != nil {
			t.Fatal(err)
		}
		tb := sweep.NewTable([]sweep.Vary{v}, nil)
		ts := (style{s: 1}).xTicks(tb, style{s: 1}.text(24)).Ticks(0, 0)
		if len(ts) != len(v.Values) {
			t.Errorf("%s: %d marks for %d swept values", c.vary, len(ts), len(v.Values))
		}
		got := strings.Join(labels(ts), " ")
		if got != c.want {
			t.Errorf("%s: labels %q, want %q", c.vary, got, c.want)
		}
		if ts[len(ts)-1].Label != v.Values[len(v.Values)-1] && ts[len(ts)-1].Label != fmt.Sprintf("%s.0", v.Values[len(v.Values)-1]) {
			t.Errorf("%s: the last value %s is not labelled (%q)", c.vary, v.Values[len(v.Values)-1], ts[len(ts)-1].Label)
		}
	}
	// never more labels than fit, whatever the count
	for n := 1; n <= 60; n++ {
		show := labelled(n, maxXLabels)
		k := 0
		for _, s := range show {
			if s {
				k++
			}
		}
		if k > maxXLabels || !show[0] || !show[n-1] {
			t.Errorf("%d values: %d labels, first %v last %v", n, k, show[0], show[n-1])
		}
	}
}

// flatRows is a sweep of real summaries (bounds from the summary's tags)
// over latency_ms, one per seed with the given agreement and false hits.
func flatRows(x string, agree []float64, falseHits []int) []sweep.Row {
	var rows []sweep.Row
	for s := range agree {
		a := agree[s]
		sum := noValues()
		sum.Shots, sum.ShotsFired, sum.Agreement, sum.FalseHits = 20, 20, a, falseHits[s]
		rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x}, Seed: uint64(s + 1)}, Figures: records.Figures(sum)})
	}
	return rows
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

// A count that is 0 everywhere gets whole ticks (0, 1), not quarters of a
// shot; a count with a small spread steps by whole numbers too.
func TestCountAxisHasWholeTicks(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"0", "50"}}}
	zero := sweep.NewTable(vary, append(flatRows("0", []float64{1, 1}, []int{0, 0}), flatRows("50", []float64{1, 1}, []int{0, 0})...))
	small := sweep.NewTable(vary, append(flatRows("0", []float64{1, 1, 1}, []int{0, 0, 1}), flatRows("50", []float64{1, 1, 1}, []int{1, 0, 2})...))
	for _, c := range []struct {
		name string
		tb   *sweep.Table
		want string
	}{{"all zero", zero, "0 1"}, {"0…2 over seeds", small, "0 1 2 3 4"}} {
		p, err := style{s: 1}.panel(c.tb, "false_hits", true)
		if err != nil {
			t.Fatal(err)
		}
		ts := p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max)
		if got := strings.Join(labels(ts), " "); got != c.want {
			t.Errorf("%s: y labels %q, want %q", c.name, got, c.want)
		}
	}
	// a fraction keeps its decimals
	p, _ := style{s: 1}.panel(zero, "agreement", true)
	if got := labels(p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max)); got[1] != "0.25" {
		t.Errorf("agreement ticks %v", got)
	}
	if min, max, step := padRange(0, 0, true); min != 0 || max != 1 || step != 1 {
		t.Errorf("an all-zero count: [%v, %v] step %v", min, max, step)
	}
	if _, _, step := padRange(0, 37, true); step != 10 {
		t.Errorf("a count to 37: step %v, want 10", step)
	}
}

// Agreement of 1, 1, 0.8 has a t band reaching 1.22: the chart draws it
// cut at 1 and its panel says so; a band inside the bounds says nothing.
func TestClampedBandIsNamed(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"0", "50"}}}
	tb := sweep.NewTable(vary, append(flatRows("0", []float64{1, 1, 0.8}, []int{0, 0, 1}), flatRows("50", []float64{0.5, 0.6, 0.7}, []int{3, 3, 3})...))
	p, err := style{s: 1}.panel(tb, "agreement", true)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(panelNotes(tb, []string{"agreement", "false_hits"}), "\n")
	if p.Y.Max <= 1 || p.Y.Max > 1.1 || !strings.Contains(notes, "agreement: 95 % band cut at 1 at 1 of 2 points (a stub into the hatched strip marks each)") {
		t.Errorf("agreement: y up to %v, notes %q", p.Y.Max, notes)
	}
	// false hits 0, 0, 1: the band's foot below 0 is cut and named
	if fh, _ := (style{s: 1}).panel(tb, "false_hits", true); !strings.Contains(notes, "false hits: 95 % band cut at 0 at 1 of 2 points (a stub into the hatched strip marks each)") || fh.Y.Min >= 0 || fh.Y.Min < -0.5 {
		t.Errorf("false_hits: y from %v, notes %q", fh.Y.Min, notes)
	}
	inside := sweep.NewTable(vary[:1], flatRows("50", []float64{0.5, 0.6, 0.7}, []int{3, 3, 3}))
	if n := panelNotes(inside, []string{"agreement"}); strings.Contains(strings.Join(n, " "), "cut") {
		t.Errorf("no clamp, yet the notes say %q", n)
	}
	img, _, err := Render(tb, Options{Metrics: []string{"agreement", "false_hits"}, Width: 1280, Height: 720,
		Caption: []string{"preset test", "seeds 1…3"}})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "chart-clamped", img)
}

// A count's panel says the total it is out of, from the rows: one
// figure when every run has it, the range when they differ; a figure
// that is no part of a total says none.
func TestCountPanelSaysItsTotal(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"0", "50"}}}
	rows := append(flatRows("0", []float64{1, 1}, []int{0, 1}), flatRows("50", []float64{0.5, 0.6}, []int{3, 3})...)
	same := sweep.NewTable(vary, rows)
	if got := totalNote(same, "false_hits"); got != "of 20 judged shots a run" {
		t.Errorf("false_hits: %q", got)
	}
	if got := totalNote(same, "shots"); got != "of 20 shots fired a run" {
		t.Errorf("shots: %q", got)
	}
	if got := totalNote(same, "mean_rewind_error_m"); got != "" {
		t.Errorf("a distance out of %q", got)
	}
	varied := append([]sweep.Row(nil), rows...)
	sum := noValues()
	sum.Shots, sum.ShotsFired, sum.FalseHits, sum.RuleCounts = 7, 9, 2, []lagcomp.RuleCount{{Rule: "max_rewind_cap", Count: 1}}
	varied = append(varied, sweep.Row{Point: sweep.Point{Values: []string{"50"}, Seed: 9}, Figures: records.Figures(sum)})
	vt := sweep.NewTable(vary, varied)
	if got := totalNote(vt, "false_hits"); got != "of 7–20 judged shots a run" {
		t.Errorf("false_hits over runs that differ: %q", got)
	}
	if got := totalNote(vt, "rules.max_rewind_cap"); got != "of 9–20 shots fired a run" {
		t.Errorf("a rule: %q", got)
	}
	p, err := style{s: 1}.panel(vt, "false_hits", true)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.Title.Text, "false hits\nof 7–20 judged shots a run") {
		t.Errorf("title %q", p.Title.Text)
	}
}

// Each cut end of a band is marked where it was cut: a top cut with ▲
// at the bound, a bottom cut with ▼.
func TestCutEndsAreMarked(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"0", "50"}}}
	tb := sweep.NewTable(vary, append(flatRows("0", []float64{1, 1, 0.8}, []int{0, 0, 1}), flatRows("50", []float64{0.5, 0.6, 0.7}, []int{3, 3, 3})...))
	for _, c := range []struct {
		metric string
		want   cutMark
	}{{"agreement", cutMark{0, 1, true, 0}}, {"false_hits", cutMark{0, 0, false, 0}}} {
		got := cutsOf(tb, tb.Series(c.metric)).at
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: cut marks %v, want [%v]", c.metric, got, c.want)
		}
	}
}
