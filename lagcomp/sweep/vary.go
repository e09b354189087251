package sweep

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"lagscope/lagcomp"
)

// maxValues bounds one --vary so a slip of the finger (a step of 0.0001)
// is an error, not an afternoon of simulation.
const maxValues = 1000

// Vary is one varied key and its values, as text --set would take them.
type Vary struct {
	Key    string
	Values []string
	// Sets are, on the variant axis (VariantKey), each variant's changes,
	// one per value; nil for a key.
	Sets [][]lagcomp.Setting
}

// ParseVary reads KEY=FROM:TO:STEP (numbers) or KEY=V1,V2,… (any key;
// V1|V2|… for a text key such as walls or events, whose values contain
// commas).
// Every value is checked as --set checks it, so the errors are the same:
// they name the key and its allowed range.
func ParseVary(s string) (Vary, error) {
	key, spec, ok := strings.Cut(s, "=")
	key, spec = strings.TrimSpace(key), strings.TrimSpace(spec)
	if !ok || key == "" || spec == "" {
		return Vary{}, fmt.Errorf("want KEY=FROM:TO:STEP or KEY=V1,V2,…, got %q", s)
	}
	p, ok := lagcomp.Lookup(key)
	if !ok {
		return Vary{}, lagcomp.UnknownKey(key)
	}
	key = p.Key // an old name reads as the current one (the caller notes it: lagcomp.RenameNotes)
	v := Vary{Key: key}
	if n := strings.Count(spec, ":"); n > 0 && n != 2 && !strings.Contains(spec, ",") && p.Kind != lagcomp.KindText {
		return Vary{}, fmt.Errorf("key %q: a range is FROM:TO:STEP (three numbers, e.g. 0:100:20), got %q; or list values: V1,V2,…", key, spec)
	}
	if strings.Count(spec, ":") == 2 && !strings.Contains(spec, ",") {
		vals, err := expandRange(p, spec)
		if err != nil {
			return Vary{}, err
		}
		v.Values = vals
	} else {
		// a text key's values may hold commas themselves (walls are
		// "x0,y0,x1,y1; …"): they are separated by | instead
		sep := ","
		if p.Commas {
			sep = "|"
		}
		for _, x := range strings.Split(spec, sep) {
			if x = strings.TrimSpace(x); x == "" && p.Kind != lagcomp.KindText {
				return Vary{}, fmt.Errorf("key %q: an empty value in %q", key, spec)
			}
			v.Values = append(v.Values, x)
		}
	}
	if len(v.Values) > maxValues {
		return Vary{}, fmt.Errorf("key %q: %d values, at most %d", key, len(v.Values), maxValues)
	}
	seen := map[string]bool{}
	for i, x := range v.Values {
		var probe lagcomp.Config
		if err := p.SetString(&probe, x); err != nil {
			if p.Commas && strings.Contains(x, ",") {
				return Vary{}, fmt.Errorf("%w (--vary lists %s values with | between them: V1|V2|…)", err, key)
			}
			return Vary{}, err
		}
		x = canonical(p, x)
		v.Values[i] = x
		if seen[x] {
			return Vary{}, fmt.Errorf("key %q: value %s listed twice", key, x)
		}
		seen[x] = true
	}
	return v, nil
}

// expandRange lists FROM, FROM+STEP, … up to TO. Each value is computed
// as FROM + i×STEP (never by adding STEP repeatedly, which accumulates
// error) and rounded to the decimals the user wrote, so 0:1:0.1 gives 0.3
// and not 0.30000000000000004.
func expandRange(p *lagcomp.Param, spec string) ([]string, error) {
	if p.Kind != lagcomp.KindFloat && p.Kind != lagcomp.KindInt {
		return nil, fmt.Errorf("key %q is a %s, a range needs a number: list its values instead (allowed: %s)", p.Key, p.Kind, p.Range())
	}
	parts := strings.Split(spec, ":")
	var f [3]float64
	for i, s := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, fmt.Errorf("key %q: %q in %q is not a number (want FROM:TO:STEP)", p.Key, s, spec)
		}
		f[i] = x
	}
	from, to, step := f[0], f[1], f[2]
	if !(step > 0) || to < from {
		return nil, fmt.Errorf("key %q: range %q needs FROM ≤ TO and STEP > 0", p.Key, spec)
	}
	steps := math.Floor((to-from)/step + 1e-9)
	if steps+1 > maxValues {
		return nil, fmt.Errorf("key %q: range %q has %.0f values, at most %d", p.Key, spec, steps+1, maxValues)
	}
	d := max(decimals(parts[0]), decimals(parts[2]))
	vals := make([]string, 0, int(steps)+1)
	for i := 0; i <= int(steps); i++ {
		x := from + float64(i)*step
		if d >= 0 { // to the decimals written, then in the shortest form
			x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'f', d, 64), 64)
		}
		vals = append(vals, strconv.FormatFloat(x, 'g', -1, 64))
	}
	return vals, nil
}

// decimals is how many digits follow the point in a number as written,
// or -1 for exponent notation (then values are printed in full).
func decimals(s string) int {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "eE") {
		return -1
	}
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// canonical writes a number in one form ("050" is 50, "-0" is 0), so
// rows, JSON and chart labels agree.
func canonical(p *lagcomp.Param, s string) string {
	switch p.Kind {
	case lagcomp.KindFloat, lagcomp.KindInt:
		f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return strconv.FormatFloat(f+0, 'g', -1, 64) // +0: −0 is 0
	case lagcomp.KindBool:
		return strings.TrimSpace(s) // true or false: the key's check refuses any other spelling
	}
	return s
}
