package sweep

import (
	"context"
	"fmt"
	"strings"

	"lagscope/lagcomp"
)

// ParseChanges reads "k=v,k=v" (an A/B comparison's changed settings),
// each key and value checked as --set checks them.
func ParseChanges(s string) ([]lagcomp.Setting, error) {
	var out []lagcomp.Setting
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("want key=value[,key=value…], got %q", kv)
		}
		p, ok := lagcomp.Lookup(k)
		if !ok {
			return nil, lagcomp.UnknownKey(k)
		}
		var probe lagcomp.Config
		if err := p.SetString(&probe, v); err != nil {
			return nil, err
		}
		out = append(out, lagcomp.Setting{Key: k, Value: v})
	}
	return out, nil
}

// Changed is a with the changes applied on top: the B of an A/B on the
// same seed (the seed is A's unless a change names it).
func Changed(a lagcomp.Config, changes []lagcomp.Setting) (lagcomp.Config, error) {
	b := a
	if err := lagcomp.Apply(&b, changes); err != nil {
		return b, err
	}
	return b, b.Validate()
}

// Title names a side of an A/B by its changes ("mode=none bias=0"), or
// the given name for the side without any.
func Title(changes []lagcomp.Setting, none string) string {
	if len(changes) == 0 {
		return none
	}
	parts := make([]string, len(changes))
	for i, s := range changes {
		parts[i] = fmt.Sprintf("%s=%v", s.Key, s.Value)
	}
	return strings.Join(parts, " ")
}

// Difference is one figure of an A/B: both values and B − A for numbers.
type Difference struct {
	Name  string
	A, B  any // nil for no value
	Delta *float64
}

// Compare runs a and b (same seed, same inputs unless the changes alter
// them) and lists every figure of either with its difference.
func Compare(ctx context.Context, a, b lagcomp.Config) ([]Difference, error) {
	_, sa, err := RunPoint(ctx, a)
	if err != nil {
		return nil, err
	}
	_, sb, err := RunPoint(ctx, b)
	if err != nil {
		return nil, err
	}
	t := NewTable(nil, []Row{{Figures: Flatten(sa)}, {Figures: Flatten(sb)}})
	out := make([]Difference, len(t.Columns))
	for i, c := range t.Columns {
		d := Difference{Name: c}
		d.A, _ = t.Figure(0, c)
		d.B, _ = t.Figure(1, c)
		fa, oka := t.Number(0, c)
		fb, okb := t.Number(1, c)
		if oka && okb {
			x := round6(fb - fa)
			d.Delta = &x
		}
		out[i] = d
	}
	return out, nil
}

func round6(x float64) float64 {
	const k = 1e6
	if x < 0 {
		return -round6(-x)
	}
	return float64(int64(x*k+0.5)) / k
}
