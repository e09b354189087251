package chart

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// stepTicks marks every multiple of step, each label with the same number
// of decimals (0.00, 0.25, 0.50, never 0, 0.25, 0.5), so an axis reads as
// one scale.
type stepTicks struct{ step float64 }

func (s stepTicks) Ticks(min, max float64) []plot.Tick {
	dec := decimals(s.step)
	var ts []plot.Tick
	for i := math.Ceil(min/s.step - 1e-9); i*s.step <= max+s.step*1e-9; i++ {
		v := i * s.step
		if v == 0 {
			v = 0 // not -0.00
		}
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', dec, 64)})
	}
	return ts
}

// stepFor is the 1, 2, 2.5 or 5 × 10ⁿ step giving about n intervals over
// span; for a whole-number figure (a count) a whole step, at least 1: a
// quarter of a shot is not a value a count can take.
func stepFor(span float64, n int, whole bool) float64 {
	if !(span > 0) || math.IsInf(span, 0) {
		if whole {
			return 1
		}
		return 0.25
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	if whole && mag < 1 {
		mag = 1
	}
	for _, m := range []float64{1, 2, 2.5, 5} {
		if whole && m*mag != math.Round(m*mag) {
			continue
		}
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// decimals is how many decimals write v exactly (up to 9): 0 for 25, 2
// for 0.25.
func decimals(v float64) int {
	for d := 0; d < 9; d++ {
		x := v * math.Pow(10, float64(d))
		if math.Abs(x-math.Round(x)) < 1e-6*math.Max(1, math.Abs(x)) {
			return d
		}
	}
	return 9
}

// padRange widens [lo, hi] to whole steps, so the top and bottom of the
// data each have a labelled tick at or beyond them. Of four to six
// intervals it takes the step that wastes the least height; a
// whole-number figure gets whole steps.
func padRange(lo, hi float64, whole bool) (min, max, step float64) {
	if hi <= lo {
		hi = lo + 1
	}
	waste := math.Inf(1)
	for n := 4; n <= 6; n++ {
		s := stepFor(hi-lo, n, whole)
		a, b := math.Floor(lo/s+1e-9)*s, math.Ceil(hi/s-1e-9)*s
		// a count, whose steps jump (2 to 5), takes the finer of two
		// steps that waste the same
		if w := (b - a - (hi - lo)) / (b - a); w < waste-1e-9 || (whole && w < waste+1e-9 && s < step) {
			min, max, step, waste = a, b, s, w
		}
	}
	return min, max, step
}

// valueTicks marks the swept values themselves, written with the decimals
// of the longest (1.0, 1.4, 1.8; 25, 50, 100 for an integer key). Every
// swept value keeps its mark; the labels are every k-th from the first,
// and the last, k the smallest stride at which no two labels come closer
// than a gap on a data area width wide (with no width known, up to
// maxXLabels of them).
type valueTicks struct {
	at    []float64
	width vg.Length      // the data area's width; 0 when unknown
	label draw.TextStyle // the labels' style, to measure them
}

// maxXLabels is as many x labels as a panel of unknown width is given.
const maxXLabels = 8

func (vs valueTicks) Ticks(min, max float64) []plot.Tick {
	dec := 0
	for _, v := range vs.at {
		dec = max0(dec, decimals(v))
	}
	labels := make([]string, len(vs.at))
	for i, v := range vs.at {
		labels[i] = strconv.FormatFloat(v, 'f', dec, 64)
	}
	show := labelled(len(vs.at), maxXLabels)
	if vs.width > 0 && max > min {
		for k := 1; k <= len(vs.at); k++ {
			if show = strided(len(vs.at), k); !vs.collide(show, labels, min, max) {
				break
			}
		}
	}
	var ts []plot.Tick
	for i, v := range vs.at {
		t := plot.Tick{Value: v}
		if show[i] {
			t.Label = labels[i]
		}
		ts = append(ts, t)
	}
	return ts
}

// collide says whether two shown labels, centred on their values, come
// closer than half a label's height on the data area.
func (vs valueTicks) collide(show []bool, labels []string, min, max float64) bool {
	gap := vs.label.Height("0") / 2
	right, first := vg.Length(0), true
	for i, v := range vs.at {
		if !show[i] {
			continue
		}
		x := vg.Length((v-min)/(max-min)) * vs.width
		half := vs.label.Width(labels[i]) / 2
		if !first && x-half < right+gap {
			return true
		}
		right, first = x+half, false
	}
	return false
}

// labelled picks which of n values get a label, at most most of them:
// all when they fit; else every k-th from the first, k the smallest
// stride that fits (see strided).
func labelled(n, most int) []bool {
	if n <= most {
		return strided(n, 1)
	}
	k := (n - 1 + most - 2) / (most - 1) // ⌈(n−1)/(most−1)⌉
	for d := k; d <= 2*k; d++ {
		if (n-1)%d == 0 {
			return strided(n, d)
		}
	}
	return strided(n, k)
}

// strided labels every k-th of n values from the first, and the last.
// The label before the last is dropped if it stands less than half a
// stride from it, so the two do not collide.
func strided(n, k int) []bool {
	show := make([]bool, n)
	if n == 0 {
		return show
	}
	last := 0
	for i := 0; i < n; i += k {
		show[i], last = true, i
	}
	if last != n-1 && 2*(n-1-last) < k {
		show[last] = false
	}
	show[0], show[n-1] = true, true
	return show
}

func max0(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// corners pads every panel's data area by the same glyph-sized margin at
// all four edges. Without it gonum pads a panel only where one of its
// markers touches an edge, so panels whose data reach the edges
// differently are drawn with their axes out of line.
type corners struct{ r vg.Length }

func (c corners) Plot(draw.Canvas, *plot.Plot) {}

func (c corners) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	box := vg.Rectangle{Min: vg.Point{X: -c.r, Y: -c.r}, Max: vg.Point{X: c.r, Y: c.r}}
	return []plot.GlyphBox{{X: 0, Y: 0, Rectangle: box}, {X: 1, Y: 1, Rectangle: box}}
}
