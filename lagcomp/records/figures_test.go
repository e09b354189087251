package records

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// Every total a count declares is a figure of the summary, a count
// itself; the counts a reader weighs against a total declare one.
func TestOutOfNamesAFigure(t *testing.T) {
	sum := SummaryJSON{Summary: lagcomp.Summary{RuleCounts: []lagcomp.RuleCount{{Rule: "max_rewind_cap", Count: 1}}},
		ProjectileSummary: lagcomp.ProjectileSummary{Rules: []lagcomp.ReconcileCount{{Rule: "x", Count: 1}}}}
	figs := Figures(sum)
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
		for _, term := range Totals(f.Name) {
			if i := slices.Index(names, term); i < 0 || !isInt(figs[i].Value) {
				t.Errorf("%s is out of %q: %q is not a count of the summary", f.Name, of, term)
			}
		}
	}
	for name, want := range map[string]string{
		"false_hits": "shots", "false_misses": "shots", "agreement": "shots+shots_lost", "shots": "shots_fired",
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

func isInt(v any) bool { _, ok := v.(int); return ok }

// Every figure declares what everything that lists figures needs: its
// name, its words and unit (a float's unit is never empty), a float's
// bounds, what it is; a map's words say where its key goes.
func TestEveryFigureIsDeclared(t *testing.T) {
	ds := Declared()
	if len(ds) < 30 {
		t.Fatalf("only %d fields declared", len(ds))
	}
	seen := map[string]bool{}
	for _, d := range ds {
		f := reflectField(t, d)
		if d.Name == "" || seen[d.Name] {
			t.Errorf("field %s: json name %q empty or twice", f.Name, d.Name)
		}
		seen[d.Name] = true
		if d.Name == "type" {
			continue
		}
		for _, tag := range []string{"name", "unit", "doc"} {
			if v, ok := f.Tag.Lookup(tag); !ok || (tag != "unit" && v == "") {
				t.Errorf("figure %s has no %s tag", d.Name, tag)
			}
		}
		float := f.Type.Kind() == reflect.Float64
		if _, ok := f.Tag.Lookup("bounds"); float && !ok {
			t.Errorf("figure %s (a float) declares no bounds (\",\" for none)", d.Name)
		}
		if float && d.Unit == "" {
			t.Errorf("figure %s (a float) has no unit", d.Name)
		}
		if d.Keyed && !slices.ContainsFunc([]string{"{key}", "{words}"}, func(k string) bool { return strings.Contains(d.Words, k) }) {
			t.Errorf("map figure %s: its words %q do not say where the key goes", d.Name, d.Words)
		}
		if b := d.Bounds; b.Lo > b.Hi || (d.count && b.Lo != 0) || math.IsNaN(b.Lo) {
			t.Errorf("figure %s: bounds %v", d.Name, b)
		}
	}
}

// A chart names each figure in words with its unit, as the declarations
// give them.
func TestWordsOfFigures(t *testing.T) {
	for col, want := range map[string]string{
		"mean_rewind_error_m":  "mean rewind error (m)",
		"agreement":            "agreement (share of shots)",
		"shots":                "judged shots",
		"rules.max_rewind_cap": "rule max rewind cap applied (times)",
		"projectile_rules.x_y": "projectile rule x y applied (times)",
		"packets.up_lost":      "up lost (packets)",
		"sim_seconds":          "simulated time (s)",
	} {
		if got, ok := Words(col); !ok || got != want {
			t.Errorf("Words(%s) = %q, %v; want %q", col, got, ok, want)
		}
	}
	for _, col := range []string{"wall_ms", "type", "rules", "rules.", "nope"} {
		if w, ok := Words(col); ok {
			t.Errorf("Words(%s) = %q: not a figure", col, w)
		}
	}
}

// reflectField is the struct field that declares d.
func reflectField(t *testing.T, d Declaration) reflect.StructField {
	t.Helper()
	return reflect.TypeFor[SummaryJSON]().FieldByIndex(d.index)
}

// A fraction's declared total is the count it is taken over: under loss
// agreement × (shots + shots_lost) is the whole number of agreeing shots,
// where agreement × shots alone would not be (83 of 119, not of 83…120).
func TestAgreementIsOverItsDeclaredTotal(t *testing.T) {
	c := constantVelocity()
	c.Up.LossPct, c.CmdBackup = 40, 0
	s := run(t, c, 20*model.Second)
	sum := s.Summary()
	figs := Figures(SummaryJSON{Summary: sum})
	value := func(name string) float64 {
		for _, f := range figs {
			if f.Name == name {
				v, _ := f.Number()
				return v
			}
		}
		t.Fatalf("no figure %s", name)
		return 0
	}
	if sum.ShotsLost == 0 {
		t.Fatal("no shot lost at 40 % loss: the test shows nothing")
	}
	n := 0.0
	for _, term := range Totals("agreement") {
		n += value(term)
	}
	agree := n - value("false_hits") - value("false_misses") - value("lost_client_hits")
	if got := value("agreement") * n; math.Abs(got-agree) > 1e-4 {
		t.Errorf("agreement %v × its total %v = %v, want the %v agreeing shots", value("agreement"), n, got, agree)
	}
}
