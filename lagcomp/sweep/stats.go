package sweep

import (
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"lagscope/lagcomp/records"
)

// Stat is one figure of one grid point over its seeds: the mean and its
// 95 % confidence interval from Student's t distribution (n − 1 degrees
// of freedom), the honest interval for the few seeds a sweep runs. With
// one seed the interval is the mean itself; seeds where the figure has no
// value (agreement with no judged shots) are left out and not counted.
type Stat struct {
	Mean, Lo, Hi float64
	N            int
}

// MeanCI is the mean of xs with its 95 % confidence interval.
func MeanCI(xs []float64) Stat {
	n := len(xs)
	if n == 0 {
		return Stat{Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	if n == 1 {
		return Stat{mean, mean, mean, 1}
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss/float64(n-1)) / math.Sqrt(float64(n))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975)
	return Stat{mean, mean - t*se, mean + t*se, n}
}

// Series is one line of a chart: the grid points that share every varied
// value but the first, in the first key's order.
type Series struct {
	Values []string // the values of the second and later varied keys
	Points []SeriesPoint
}

// Label names the line: "correction_factor=1.8".
func (s *Series) Label(vary []Vary) string {
	parts := make([]string, len(s.Values))
	for i, v := range s.Values {
		parts[i] = vary[i+1].Key + "=" + v
	}
	return strings.Join(parts, " ")
}

// SeriesPoint is one grid point of a line, its figure over the seeds.
type SeriesPoint struct {
	X      string // the first varied key's value ("" without one)
	Row    int    // its first row (first seed), to open it in the window
	Spread        // the mean, its interval and the percentiles across the seeds
	// Clamped says the confidence interval reached past the values the
	// figure can take (Table.Bounds: agreement 0.95 ± 0.08 over three
	// seeds) and was cut to them; a chart says so. CutLo and CutHi say
	// which end was cut.
	Clamped      bool
	CutLo, CutHi bool
}

// Series groups a metric's rows into lines, one per combination of the
// second and later varied values, averaged over the seeds, each interval
// clamped to the figure's bounds (SeriesPoint.Clamped).
func (t *Table) Series(metric string) []Series {
	var out []Series
	type key struct{ line, x string }
	vals := map[key][]float64{}
	for i := range t.Rows {
		v := t.Rows[i].Point.Values
		x, rest := "", []string(nil)
		if len(v) > 0 {
			x, rest = v[0], v[1:]
		}
		li := slices.IndexFunc(out, func(s Series) bool { return slices.Equal(s.Values, rest) })
		if li < 0 {
			out = append(out, Series{Values: rest})
			li = len(out) - 1
		}
		s := &out[li]
		if len(s.Points) == 0 || s.Points[len(s.Points)-1].X != x {
			s.Points = append(s.Points, SeriesPoint{X: x, Row: i})
		}
		k := key{strings.Join(rest, "\x00"), x}
		if f, ok := t.Number(i, metric); ok && !math.IsNaN(f) {
			vals[k] = append(vals[k], f)
		}
	}
	b := t.Bounds(metric)
	for li := range out {
		for pi := range out[li].Points {
			p := &out[li].Points[pi]
			xs := vals[key{strings.Join(out[li].Values, "\x00"), p.X}]
			p.Spread = SpreadOf(xs)
			if t.proportion(metric) && t.Paired == nil {
				p.WilsonLo, p.WilsonHi = wilsonOf(xs)
			}
			p.clamp(b)
		}
	}
	return out
}

// clamp cuts the interval to the figure's bounds: a t interval over few
// seeds knows nothing of them, and a band below no shots or above every
// shot agreeing is not a figure.
func (p *SeriesPoint) clamp(b records.Bounds) {
	if p.N < 2 {
		return
	}
	if p.Lo < b.Lo {
		p.Lo, p.Clamped, p.CutLo = b.Lo, true, true
	}
	if p.Hi > b.Hi {
		p.Hi, p.Clamped, p.CutHi = b.Hi, true, true
	}
}
