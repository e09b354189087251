package sweep

import (
	"slices"
	"testing"

	"lagscope/lagcomp"
)

// Every total a count declares is a figure of the summary, a count
// itself; the counts a reader weighs against a total declare one.
func TestOutOfNamesAFigure(t *testing.T) {
	sum := lagcomp.SummaryJSON{RuleTally: map[lagcomp.Rule]int{"max_rewind_cap": 1}, ProjectileRules: map[lagcomp.Reconcile]int{"x": 1}}
	figs := Flatten(sum)
	names := make([]string, len(figs))
	for i, f := range figs {
		names[i] = f.Name
	}
	n := 0
	for _, f := range figs {
		of := OutOf(f.Name)
		if of == "" {
			continue
		}
		n++
		if i := slices.Index(names, of); i < 0 || !isInt(figs[i].Value) {
			t.Errorf("%s is out of %q: not a count of the summary", f.Name, of)
		}
	}
	for name, want := range map[string]string{
		"false_hits": "shots", "false_misses": "shots", "agreement": "shots", "shots": "shots_fired",
		"behind_cover": "server_hits", "rules.max_rewind_cap": "shots_fired", "projectile_rules.x": "projectiles",
		"shots_fired": "", "mean_rewind_error_m": "", "rulesx": "",
	} {
		if got := OutOf(name); got != want {
			t.Errorf("OutOf(%q) = %q, want %q", name, got, want)
		}
	}
	if n < 10 {
		t.Errorf("only %d figures declare a total", n)
	}
}
