package views

import (
	"fmt"
	"math"

	"lagscope/model"
)

// The grid draws metre lines, faint, so distances can be read: at most
// a screenful of them at a readable step, whatever the spread of what the
// pane frames or how far from the origin it lies. A records pose at
// 10¹⁵ m once drew a line every 100 m across it (24 GB, killed); at
// 10³⁰⁰ m adding the step no longer moved and the loop never ended.

// gridSteps are the grid spacings a pane may draw up to 100 m, in
// metres; wider ones follow at 1, 2.5 and 5 × 10^k (gridLadder).
var gridSteps = []float64{0.1, 0.25, 0.5, 1, 2.5, 5, 25, 100}

// gridLadder is the ith grid spacing: gridSteps, then 250 m, 500 m,
// 1 km, 2.5 km … as far as a pane's spread needs, +Inf past float64's.
func gridLadder(i int) float64 {
	if i < len(gridSteps) {
		return gridSteps[i]
	}
	j := i - len(gridSteps)
	return [3]float64{2.5, 5, 10}[j%3] * math.Pow(10, float64(j/3+2))
}

// gridStep is the grid spacing for ppm pixels a metre in a drawing area
// whose longer side is long pixels: 5 m, as most panes show a few metres
// a line, unless its lines would fall closer than 30 px (scaled by s) —
// then the next wider spacing that does not — or fewer than three of
// them would cross the area — then the widest spacing that gives three.
// The label says the spacing drawn, so it never names a grid nobody can
// see. Lines 30 px apart or more bound their count by the area's size.
func gridStep(ppm, long, s float64) float64 {
	i := 5 // 5 m
	for gridLadder(i)*ppm < 30*s && !math.IsInf(gridLadder(i+1), 1) {
		i++
	}
	for i > 0 && 3*gridLadder(i)*ppm > long {
		i--
	}
	return gridLadder(i)
}

// maxGridSpan is the widest spread a pane draws a grid across, in
// metres: ten thousand kilometres is beyond any map an engine plays on,
// so a wider one comes from a pose no game could hold (an engine's
// FLT_MAX sentinel, a corrupt record), and its label says so instead.
const maxGridSpan = 1e7

// maxGridCoord is how far from the origin, in grid steps, a line may lie
// and still be told from its neighbours: past 2^52 steps, adding one
// step no longer moves a float64.
const maxGridCoord = 1 << 52

// gridLines are the world coordinates of the lines a step apart from lo
// to hi: none when hi is so far from the origin that lines a step apart
// cannot be told apart (ok is false).
func gridLines(lo, hi, step float64) (k0, k1 float64, ok bool) {
	k0, k1 = math.Ceil(lo/step), math.Floor(hi/step)
	if !(math.Abs(k0) < maxGridCoord && math.Abs(k1) < maxGridCoord) {
		return 0, -1, false
	}
	return k0, k1, true
}

func (p *pane) grid() {
	x, y, w, h := p.area()
	lo, hi := p.cam.world(x, y+h), p.cam.world(x+w, y)
	long := math.Max(w, h)
	if st := p.o.Stage; st != nil && st.Span > 0 { // the lecture frame's panes draw one grid, whatever their headers' heights
		long = w * math.Max(1, st.Aspect)
	}
	step := gridStep(p.cam.ppm, long, p.s)
	label := "grid " + gridDistance(step)
	lines := p.r.segs[:0]
	x0, x1, okX := gridLines(lo.X, hi.X, step)
	y0, y1, okY := gridLines(lo.Y, hi.Y, step)
	switch span := math.Max(hi.X-lo.X, hi.Y-lo.Y); {
	case !(span <= maxGridSpan): // NaN too
		label = "spread too wide for a grid: " + gridDistance(span)
	case !okX || !okY:
		label = "too far from the origin for a grid: " + gridDistance(math.Max(math.Abs(p.cam.cx), math.Abs(p.cam.cy)))
	default:
		for k := x0; k <= x1; k++ {
			px, _ := p.cam.px(model.V(k*step, 0))
			lines = append(lines, [4]float64{px, y, px, y + h})
		}
		for k := y0; k <= y1; k++ {
			_, py := p.cam.px(model.V(0, k*step))
			lines = append(lines, [4]float64{x, py, x + w, py})
		}
	}
	p.r.segs = lines
	p.strokeLines(p.pal.Grid, 1*p.s, lines...)
	p.gridSays = label
	s := label + p.focusSays()
	tw, th := p.measure(s, 10)
	p.text(s, x+w, y+h-2*p.s, 10, p.pal.Dim, 1, 1, false)
	p.shape(rect{x + w - tw, y + h - 2*p.s - th, x + w, y + h})
}

// gridDistance is a grid's distance as its label writes it: metres up
// to a kilometre ("grid 100 m"), kilometres from there ("grid 2.5 km"),
// three figures past a million ("spread too wide for a grid: 1e+12 km").
func gridDistance(m float64) string {
	switch {
	case m < 1000:
		return fmt.Sprintf("%g m", m)
	case m < 1e9:
		return fmt.Sprintf("%g km", math.Round(m)/1000)
	}
	return fmt.Sprintf("%.3g km", m/1000)
}
