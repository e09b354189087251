package sweep

import (
	"fmt"
	"slices"
	"strings"

	"lagscope/lagcomp/records"
)

// Pair is a paired comparison (--paired A,B): two values of one axis —
// two variants, or two values of a varied key — run on the same seeds,
// so each seed's difference B − A cancels what the seed did to both
// (the same shots, losses and motion), and its spread over the seeds is
// the noise a difference must stand out of.
type Pair struct {
	Key  string // the axis's key ("variant", or a varied key)
	A, B string
}

// Label is the difference as the chart and caption say it: "ping18 − source".
func (p *Pair) Label() string {
	if p.Key == VariantKey {
		return p.B + " − " + p.A
	}
	return fmt.Sprintf("%s=%s − %s=%s", p.Key, p.B, p.Key, p.A)
}

// ParsePair reads --paired A,B: both must be values of one axis of the
// grid (the same value twice is allowed: every difference is 0, a check
// of the method).
func ParsePair(s string, vary []Vary) (*Pair, error) {
	a, b, ok := strings.Cut(s, ",")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !ok || a == "" || b == "" || strings.Contains(b, ",") {
		return nil, fmt.Errorf("want A,B: two variants or two values of a varied key, got %q", s)
	}
	var found []Vary
	for _, v := range vary {
		if slices.Contains(v.Values, a) && slices.Contains(v.Values, b) {
			found = append(found, v)
		}
	}
	switch len(found) {
	case 0:
		var axes []string
		for _, v := range vary {
			axes = append(axes, v.Key+": "+strings.Join(v.Values, ", "))
		}
		if len(axes) == 0 {
			return nil, fmt.Errorf("%s,%s: nothing is varied; give two --variant or a --vary to compare", a, b)
		}
		return nil, fmt.Errorf("%s,%s are not two values of one axis (allowed: %s)", a, b, strings.Join(axes, "; "))
	case 1:
		return &Pair{Key: found[0].Key, A: a, B: b}, nil
	}
	return nil, fmt.Errorf("%s,%s are values of both %s and %s: vary one of them only", a, b, found[0].Key, found[1].Key)
}

// PairedTable is the table of paired differences: the pair's axis taken
// out of the grid, one row per point of the other axes and seed, each
// figure B's less A's on that seed (no value where either has none; a
// count's difference is a whole number). Its statistics across seeds
// (Series, WriteStatsCSV) are the mean difference, its interval and the
// seeds where B is above and below A.
func (t *Table) PairedTable(p *Pair) *Table {
	ax := slices.IndexFunc(t.Vary, func(v Vary) bool { return v.Key == p.Key })
	vary := slices.Delete(slices.Clone(t.Vary), ax, ax+1)
	key := func(r *Row) string {
		vs := slices.Delete(slices.Clone(r.Point.Values), ax, ax+1)
		return fmt.Sprint(strings.Join(vs, "\x00"), "\x00", r.Point.Seed)
	}
	bRow := map[string]int{}
	for i := range t.Rows {
		if t.Rows[i].Point.Values[ax] == p.B {
			bRow[key(&t.Rows[i])] = i
		}
	}
	var rows []Row
	for i := range t.Rows {
		r := &t.Rows[i]
		if r.Point.Values[ax] != p.A {
			continue
		}
		j := bRow[key(r)]
		pt := r.Point
		pt.Values = slices.Delete(slices.Clone(pt.Values), ax, ax+1)
		d := Row{Point: pt}
		for order, c := range t.Columns {
			f := records.Figure{Name: c, Order: order, Keyed: records.KeyedCount(c), Bounds: records.Unbounded}
			va, oka := t.Figure(i, c)
			vb, okb := t.Figure(j, c)
			ia, inta := va.(int)
			ib, intb := vb.(int)
			xa, na := t.Number(i, c)
			xb, nb := t.Number(j, c)
			switch {
			case !oka || !okb:
			case inta && intb:
				f.Value = ib - ia
			case na && nb:
				f.Value = round6(xb - xa)
			}
			d.Figures = append(d.Figures, f)
		}
		rows = append(rows, d)
	}
	out := NewTable(vary, rows)
	out.Paired = p
	return out
}
