package records

import (
	"testing"

	"lagscope/lagcomp"
)

// A share is its count over its total, by hand: 3 false misses of 8
// judged shots is 0.375, 2 lost of 10 fired 0.2; over a total of 0 it
// has no value (null), never a 0 that reads as "none missed".
func TestSharesAreTheirCountsOverTotals(t *testing.T) {
	s := SummaryJSON{Type: "summary", Summary: lagcomp.Summary{Shots: 8, ShotsFired: 10, ShotsLost: 2,
		ServerHits: 5, FalseHits: 1, FalseMisses: 3}}
	want := map[string]any{"hit_rate": 0.625, "false_hit_rate": 0.125, "false_miss_rate": 0.375, "shots_lost_rate": 0.2}
	m := line(t, s)
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s = %v, want %v", k, m[k], v)
		}
	}
	m = line(t, SummaryJSON{Type: "summary"})
	for k := range want {
		if v, ok := m[k]; !ok || v != nil {
			t.Errorf("over no shots %s = %v (present %v), want null", k, v, ok)
		}
	}
	// each is a column with its ratio's words, bounded to 0…1
	for _, f := range Figures(s) {
		if f.Name == "false_miss_rate" && (f.Bounds != Bounds{0, 1} || f.Value != 0.375) {
			t.Errorf("false_miss_rate column: %+v", f)
		}
	}
	if w, _ := Words("false_miss_rate"); w != "false-miss rate (share of judged shots)" {
		t.Errorf("words: %q", w)
	}
}

// A share is in the records where its count and total are: the records'
// summary of a run gives every share the run's own value.
func TestSharesFromRecordsAreTheRunsOwn(t *testing.T) {
	for _, d := range declared {
		if d.Ratio[0] != "" && d.From == "" {
			t.Errorf("%s: no records lines, though %s and %s are in the records", d.Name, d.Ratio[0], d.Ratio[1])
		}
	}
}
