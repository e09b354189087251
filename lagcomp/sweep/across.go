package sweep

import (
	"encoding/csv"
	"io"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/stat"

	"lagscope/lagcomp/records"
)

// Statistics across seeds (--stats): for a design review, each grid
// point's figure over its seeds as a spread, not only a mean — the 5th,
// 50th and 95th percentile and the mean with its 95 % t interval
// (MeanCI). A percentile is gonum's stat.Quantile with stat.Empirical,
// the inverse of the empirical distribution: the smallest of the n
// sorted values with at least p·n of them at or below it (nearest rank,
// Hyndman and Fan's type 1, as the summary's own per-shot percentiles),
// so it is always a value some seed gave.

// Quantile is the p-th quantile of xs by nearest rank (stat.Empirical);
// NaN for no values. xs is not changed.
func Quantile(p float64, xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return stat.Quantile(p, stat.Empirical, s, nil)
}

// Spread is one figure of one grid point over its seeds.
type Spread struct {
	Stat                 // the mean, its 95 % t interval (not cut to the figure's bounds) and the seeds with a value
	P5, P50, P95 float64 // nearest-rank percentiles across the seeds
	Up, Down     int     // seeds above and below 0: of a paired difference, B > A and B < A
	// WilsonLo and WilsonHi are the Wilson interval (wilson.go), of a
	// proportion's figure only (NaN otherwise)
	WilsonLo, WilsonHi float64
}

// SpreadOf is the statistics of xs.
func SpreadOf(xs []float64) Spread {
	s := Spread{Stat: MeanCI(xs), P5: Quantile(0.05, xs), P50: Quantile(0.5, xs), P95: Quantile(0.95, xs), WilsonLo: math.NaN(), WilsonHi: math.NaN()}
	for _, x := range xs {
		switch {
		case x > 0:
			s.Up++
		case x < 0:
			s.Down++
		}
	}
	return s
}

// statColumn is one statistic of a figure, a column <figure><suffix> of
// the --stats table; declared once, the header and the values read it.
type statColumn struct {
	suffix     string
	paired     bool // only for a paired difference (sign counts mean nothing of a plain figure)
	proportion bool // only for a proportion's figure, not a difference of one (records.Proportion)
	value      func(Spread) float64
}

// statColumns are the --stats table's columns per figure, in order.
var statColumns = []statColumn{
	{"_n", false, false, func(s Spread) float64 { return float64(s.N) }},
	{"_mean", false, false, func(s Spread) float64 { return s.Mean }},
	{"_ci_lo", false, false, func(s Spread) float64 { return s.Lo }},
	{"_ci_hi", false, false, func(s Spread) float64 { return s.Hi }},
	{"_p5", false, false, func(s Spread) float64 { return s.P5 }},
	{"_p50", false, false, func(s Spread) float64 { return s.P50 }},
	{"_p95", false, false, func(s Spread) float64 { return s.P95 }},
	{"_up", true, false, func(s Spread) float64 { return float64(s.Up) }},
	{"_down", true, false, func(s Spread) float64 { return float64(s.Down) }},
	{"_wilson_lo", false, true, func(s Spread) float64 { return s.WilsonLo }},
	{"_wilson_hi", false, true, func(s Spread) float64 { return s.WilsonHi }},
}

// StatSuffixes are the --stats columns' suffixes of a plain figure,
// paired ones included when paired.
func StatSuffixes(paired bool) []string { return statSuffixes(paired, false) }

// statSuffixes are the suffixes of a figure, a proportion's own included
// for a proportion (not in a paired table: a difference of 1s and 0s is
// no proportion).
func statSuffixes(paired, proportion bool) []string {
	var out []string
	for _, c := range statColumns {
		if c.has(paired, proportion) {
			out = append(out, c.suffix)
		}
	}
	return out
}

// has is whether a figure has the column.
func (c *statColumn) has(paired, proportion bool) bool {
	return (!c.paired || paired) && (!c.proportion || proportion && !paired)
}

// proportion is whether column col is a proportion's figure.
func (t *Table) proportion(col string) bool { return records.Proportion(col) }

// PointRows are the table's grid points, each the rows of its seeds
// (consecutive: seeds are innermost).
func (t *Table) PointRows() [][]int {
	var out [][]int
	for i := range t.Rows {
		if n := len(out); n > 0 && slices.Equal(t.Rows[out[n-1][0]].Point.Values, t.Rows[i].Point.Values) {
			out[n-1] = append(out[n-1], i)
			continue
		}
		out = append(out, []int{i})
	}
	return out
}

// SpreadAt is column col's statistics over rows (one point's seeds); a
// seed where the figure has no value is left out.
func (t *Table) SpreadAt(rows []int, col string) Spread {
	var xs []float64
	for _, i := range rows {
		if f, ok := t.Number(i, col); ok && !math.IsNaN(f) {
			xs = append(xs, f)
		}
	}
	s := SpreadOf(xs)
	if t.proportion(col) && t.Paired == nil {
		s.WilsonLo, s.WilsonHi = wilsonOf(xs)
	}
	return s
}

// StatsHeader is the --stats table's header: the varied keys, the seeds
// run at each point, then every figure's statistics.
func (t *Table) StatsHeader() []string {
	h := make([]string, 0, len(t.Vary)+1+len(t.Columns)*len(statColumns))
	for _, v := range t.Vary {
		h = append(h, v.Key)
	}
	h = append(h, "seeds")
	for _, c := range t.Columns {
		for _, s := range statSuffixes(t.Paired != nil, t.proportion(c)) {
			h = append(h, c+s)
		}
	}
	return h
}

// WriteStatsCSV writes one line per grid point: its values, its seeds,
// and each figure's statistics across them (empty where no seed gave it
// a value; an interval of one seed is its value).
func (t *Table) WriteStatsCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.StatsHeader()); err != nil {
		return err
	}
	for _, rows := range t.PointRows() {
		rec := append([]string{}, t.Rows[rows[0]].Point.Values...)
		rec = append(rec, strconv.Itoa(len(rows)))
		for _, c := range t.Columns {
			s := t.SpreadAt(rows, c)
			for _, sc := range statColumns {
				if !sc.has(t.Paired != nil, t.proportion(c)) {
					continue
				}
				v := sc.value(s)
				switch {
				case sc.suffix == "_n" || sc.paired:
					rec = append(rec, strconv.Itoa(int(v)))
				case math.IsNaN(v):
					rec = append(rec, "")
				default:
					rec = append(rec, strconv.FormatFloat(round6(v), 'g', -1, 64))
				}
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
