package chart

import (
	"fmt"
	"image"
	"image/color"
	imagedraw "image/draw"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// A sweep over two choice keys (the shooter's network × the victim's, a
// variant × a weapon) has no axis to draw a trend along: every pairing is
// a finding of its own. It is drawn as a matrix, one panel per figure —
// the fairness envelope when the keys are two players' networks: the
// peeker's advantage, the hits behind cover and the agreement for every
// pairing of players. Each cell is coloured on a perceptually uniform
// sequential scale (viridis: its lightness rises steadily, so it reads
// in grey print and to colour-blind readers) and carries its value in
// figures, in black or white, whichever stands out more on that cell.

// IsMatrix says whether a table is drawn as a matrix: exactly two varied
// keys, neither a number (choices, booleans or the variant axis).
func IsMatrix(t *sweep.Table) bool { return sweep.IsMatrix(t.Vary) }

// viridis are matplotlib's viridis at tenths, from low to high.
var viridis = []color.RGBA{
	{0x44, 0x01, 0x54, 0xff}, {0x48, 0x24, 0x75, 0xff}, {0x41, 0x44, 0x87, 0xff}, {0x35, 0x5f, 0x8d, 0xff},
	{0x2a, 0x78, 0x8e, 0xff}, {0x21, 0x91, 0x8c, 0xff}, {0x22, 0xa8, 0x84, 0xff}, {0x44, 0xbf, 0x70, 0xff},
	{0x7a, 0xd1, 0x51, 0xff}, {0xbd, 0xdf, 0x26, 0xff}, {0xfd, 0xe7, 0x25, 0xff},
}

// scale is the viridis colour of f in 0…1, between its tenths linearly.
func scale(f float64) color.RGBA {
	f = math.Max(0, math.Min(1, f)) * float64(len(viridis)-1)
	i := min(int(f), len(viridis)-2)
	w := f - float64(i)
	a, b := viridis[i], viridis[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + w*(float64(y)-float64(x)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// luminance is WCAG's relative luminance of c.
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// inkOn is black or white, whichever contrasts more with the cell (WCAG
// contrast ratio): viridis runs from near-black purple to bright yellow,
// so no one text colour reads on every cell.
func inkOn(c color.RGBA) color.Color {
	l := luminance(c)
	if (l+0.05)/0.05 >= 1.05/(l+0.05) {
		return color.Black
	}
	return color.White
}

// cell is one pairing's figure over its seeds.
type cell struct {
	sweep.SeriesPoint
	ok bool
}

// matrixCells are a metric's cells, [row][col]: rows the first key's
// values, columns the second's.
func matrixCells(t *sweep.Table, metric string) [][]cell {
	rows, cols := t.Vary[0].Values, t.Vary[1].Values
	out := make([][]cell, len(rows))
	for i := range out {
		out[i] = make([]cell, len(cols))
	}
	for _, s := range t.Series(metric) {
		ci := indexOf(cols, s.Values[0])
		for _, pt := range s.Points {
			if ri := indexOf(rows, pt.X); ri >= 0 && ci >= 0 && pt.N > 0 {
				out[ri][ci] = cell{pt, true}
			}
		}
	}
	return out
}

func indexOf(vs []string, v string) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

// span is the lowest and highest mean of the cells (NaN with none).
func span(cells [][]cell) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, r := range cells {
		for _, c := range r {
			if c.ok {
				lo, hi = math.Min(lo, c.Mean), math.Max(hi, c.Mean)
			}
		}
	}
	if lo > hi {
		return math.NaN(), math.NaN()
	}
	return lo, hi
}

// renderMatrix draws a two-choice sweep: a matrix per metric with its
// colour bar, the title and the caption band as the line charts have.
func renderMatrix(t *sweep.Table, opt Options) (*image.RGBA, []Hotspot, error) {
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(opt.Width), vg.Length(opt.Height)), vgimg.UseDPI(72),
		vgimg.UseBackgroundColor(opt.Theme.Background))
	dc := draw.New(c)
	st := style{s: vg.Length(float64(opt.Height) / 1080), th: opt.Theme, spread: opt.Spread}
	opt.Caption = st.captionLines(dc, append(opt.Caption, proportionCaption(opt.Metrics)...))
	capH := st.captionHeight(opt.Caption)
	titleH := st.titleHeight(dc, opt.Title)
	body := draw.Crop(dc, 0, 0, capH, -titleH)
	cols, rows := st.matrixGrid(t, len(opt.Metrics), body)
	tiles := st.tiles(rows, cols)
	barW := st.size(150) // the colour bar and its labels, right of each matrix
	tiles.PadX += barW
	tiles.PadRight += barW
	st.titleW = (body.Max.X - body.Min.X - tiles.PadLeft - tiles.PadRight - vg.Length(cols-1)*tiles.PadX) / vg.Length(cols)
	plots := make([][]*plot.Plot, rows)
	for i := range plots {
		plots[i] = make([]*plot.Plot, cols)
	}
	panels := make([]matrixPanel, len(opt.Metrics))
	for i, m := range opt.Metrics {
		panels[i] = st.matrixPanel(t, m, i+cols >= len(opt.Metrics))
		plots[i/cols][i%cols] = panels[i].p
	}
	canvases := plot.Align(plots, tiles, body)
	var spots []Hotspot
	for i, mp := range panels {
		tc := canvases[i/cols][i%cols]
		mp.p.Draw(tc)
		da := mp.p.DataCanvas(tc)
		st.colourBar(draw.Crop(tc, tc.Max.X-tc.Min.X, barW, 0, 0), da, mp.lo, mp.hi, mp.whole)
		trX, trY := mp.p.Transforms(&da)
		for ri, r := range mp.cells {
			for ci, cl := range r {
				if cl.ok {
					y := trY(float64(len(mp.cells) - 1 - ri)) // the first row at the top
					spots = append(spots, Hotspot{X: float64(trX(float64(ci))), Y: float64(opt.Height) - float64(y), Row: cl.Row})
				}
			}
		}
	}
	if titleH > 0 {
		st.title(draw.Crop(dc, 0, 0, dc.Max.Y-dc.Min.Y-titleH, 0), opt.Title)
	}
	st.caption(draw.Crop(dc, 0, 0, 0, -(dc.Max.Y-dc.Min.Y-capH)), opt.Caption)
	img := image.NewRGBA(image.Rect(0, 0, opt.Width, opt.Height))
	imagedraw.Draw(img, img.Bounds(), c.Image(), image.Point{}, imagedraw.Src)
	return img, spots, nil
}

// matrixGrid places n matrices: of every column count, the one whose
// panels leave the largest square for their cells (a matrix reads best
// near square, where a trend reads best wide).
func (st style) matrixGrid(t *sweep.Table, n int, area draw.Canvas) (cols, rows int) {
	chH, _ := st.panelChrome()
	names := st.text(24)
	widest := vg.Length(0)
	for _, v := range t.Vary[0].Values {
		widest = max(widest, names.Width(v))
	}
	widestCol := vg.Length(0)
	for _, v := range t.Vary[1].Values {
		widestCol = max(widestCol, names.Width(v))
	}
	// the rows' names and key, the colour bar and its labels
	chW := widest + st.size(28*1.3+6+150+20)
	nr, nc := vg.Length(len(t.Vary[0].Values)), vg.Length(len(t.Vary[1].Values))
	W, H := area.Max.X-area.Min.X, area.Max.Y-area.Min.Y
	best := vg.Length(math.Inf(-1))
	cols, rows = 1, n
	for c := 1; c <= n; c++ {
		r := (n + c - 1) / c
		if c > 1 && (n+c-2)/(c-1) == r {
			continue
		}
		tl := st.tiles(r, c)
		w := (W-tl.PadLeft-tl.PadRight-vg.Length(c-1)*tl.PadX)/vg.Length(c) - chW
		h := (H-tl.PadTop-tl.PadBottom-vg.Length(r-1)*tl.PadY)/vg.Length(r) - chH
		// a cell holds a figure over its ± line: it reads best about
		// twice as wide as high, and a column's name (staggered: every
		// other one a line lower) must fit two cells
		cw, chh := w/nc, h/nr
		score := min(cw/2, chh)
		if 2*cw < widestCol+st.size(16) {
			score -= vg.Length(math.Inf(1)) // last resort
		}
		if score > best {
			best, cols, rows = score, c, r
		}
	}
	return cols, rows
}

// matrixPanel is one metric's matrix and its colour scale.
type matrixPanel struct {
	p      *plot.Plot
	cells  [][]cell
	lo, hi float64
	whole  bool
	// proportion: a figure of 1s and 0s (the holder's win rate): a cell
	// gives its Wilson interval, not a t half-width and percentiles
	proportion bool
}

// matrixPanel lays out a metric's matrix: the first key's values down
// the rows (the first at the top, as a table reads), the second's along
// the columns, the figure's name and what it is out of as the title.
func (st style) matrixPanel(t *sweep.Table, metric string, xLabel bool) matrixPanel {
	p := plot.New()
	p.BackgroundColor = st.theme().Background
	name, unit := figureName(metric)
	p.Title.TextStyle.Font = font.From(sans, st.size(34))
	p.Title.TextStyle.Color = st.ink()
	title := name + " (" + unit + ")"
	if n := totalNote(t, metric); n != "" {
		title += "\n" + n
	}
	p.Title.Text = st.wrap(title, p.Title.TextStyle)
	p.Title.Padding = st.size(14)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, st.size(28))
		a.Tick.Label.Font = font.From(sans, st.size(24))
		a.Label.TextStyle.Color, a.Tick.Label.Color = st.ink(), st.ink()
		a.LineStyle.Width = 0
		a.Tick.LineStyle.Width = 0
		a.Tick.Length = 0
		a.Padding = st.size(6)
	}
	rows, cols := t.Vary[0].Values, t.Vary[1].Values
	p.NominalX(st.staggered(cols, p.X.Tick.Label)...)
	// gonum's y runs upwards: the first row goes at the top
	ys := make([]string, len(rows))
	for i, r := range rows {
		ys[len(rows)-1-i] = r
	}
	p.NominalY(ys...)
	if xLabel {
		p.X.Label.Text = t.Vary[1].Key
	}
	p.Y.Label.Text = t.Vary[0].Key
	p.X.Min, p.X.Max = -0.5, float64(len(cols))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	cells := matrixCells(t, metric)
	lo, hi := span(cells)
	mp := matrixPanel{p: p, cells: cells, lo: lo, hi: hi, whole: t.Whole(metric), proportion: records.Proportion(metric)}
	p.Add(matrixCellsPlotter{st: st, mp: &mp, rows: len(rows)})
	return mp
}

// matrixCellsPlotter fills the cells and writes their values.
type matrixCellsPlotter struct {
	st   style
	mp   *matrixPanel
	rows int
}

func (m matrixCellsPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	st := m.st
	cw, ch := trX(1)-trX(0), trY(1)-trY(0) // one cell: the axes run −0.5 … n−0.5
	gap := st.size(3)
	px := math.Min(40, float64(min(cw/4, ch/2.4)/st.s))
	for ri, r := range m.mp.cells {
		y := trY(float64(m.rows - 1 - ri))
		for ci, cl := range r {
			x := trX(float64(ci))
			box := []vg.Point{{X: x - cw/2 + gap, Y: y - ch/2 + gap}, {X: x + cw/2 - gap, Y: y - ch/2 + gap},
				{X: x + cw/2 - gap, Y: y + ch/2 - gap}, {X: x - cw/2 + gap, Y: y + ch/2 - gap}}
			if !cl.ok {
				c.FillPolygon(st.theme().Band, box)
				ts := st.noValueText()
				ts.Font = font.From(sans, st.size(px*0.7))
				ts.YAlign = draw.YCenter
				c.FillText(ts, vg.Point{X: x, Y: y}, "no value")
				continue
			}
			fill := scale(fraction(cl.Mean, m.mp.lo, m.mp.hi))
			c.FillPolygon(fill, box)
			ts := st.text(px)
			ts.Color, ts.XAlign, ts.YAlign = inkOn(fill), draw.XCenter, draw.YCenter
			text := formatCell(cl.Mean, m.mp.whole, m.mp.lo, m.mp.hi)
			if cl.N > 1 && m.mp.proportion { // its 95 % Wilson interval under the mean
				ts.YAlign = draw.YBottom
				c.FillText(ts, vg.Point{X: x, Y: y}, text)
				small := ts
				small.Font, small.YAlign = font.From(sans, st.size(px*0.7)), draw.YTop
				c.FillText(small, vg.Point{X: x, Y: y - st.size(4)}, formatCell(cl.WilsonLo, false, m.mp.lo, m.mp.hi)+"–"+formatCell(cl.WilsonHi, false, m.mp.lo, m.mp.hi))
				continue
			}
			if cl.N > 1 { // the 95 % interval's half-width under the mean
				ts.YAlign = draw.YBottom
				c.FillText(ts, vg.Point{X: x, Y: y}, text)
				small := ts
				small.Font, small.YAlign = font.From(sans, st.size(px*0.7)), draw.YTop
				c.FillText(small, vg.Point{X: x, Y: y - st.size(4)}, "± "+formatCell((cl.Hi-cl.Lo)/2, false, m.mp.lo, m.mp.hi))
				if st.spread { // --stats: the 5th to 95th percentile across the seeds, under it
					c.FillText(small, vg.Point{X: x, Y: y - st.size(4) - small.Height("±")}, m.mp.spreadLine(cl))
				}
				continue
			}
			c.FillText(ts, vg.Point{X: x, Y: y}, text)
		}
	}
}

// spreadLine is a cell's third line under --stats: its 5th to 95th
// percentile across the seeds ("1 to 25").
func (mp *matrixPanel) spreadLine(cl cell) string {
	return formatCell(cl.P5, mp.whole, mp.lo, mp.hi) + " to " + formatCell(cl.P95, mp.whole, mp.lo, mp.hi)
}

// fraction is where v lies between lo and hi (the middle when they are
// one value: every cell the same colour, the bar says so).
func fraction(v, lo, hi float64) float64 {
	if !(hi > lo) {
		return 0.5
	}
	return (v - lo) / (hi - lo)
}

// formatCell writes a cell's mean with digits enough to tell the cells
// apart (three significant figures of the panel's largest magnitude): a
// count's mean over one seed is a whole number.
func formatCell(v float64, whole bool, lo, hi float64) string {
	if whole && v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	mag := math.Max(math.Abs(lo), math.Abs(hi))
	d := 2
	if mag > 0 {
		d = max(0, 2-int(math.Floor(math.Log10(mag))))
	}
	return strconv.FormatFloat(v, 'f', d, 64)
}

// colourBar draws the scale beside a matrix: the colours from the lowest
// cell's to the highest's, as tall as the matrix, labelled at both ends
// and the middle.
func (st style) colourBar(c draw.Canvas, da draw.Canvas, lo, hi float64, whole bool) {
	if math.IsNaN(lo) {
		return
	}
	x0 := c.Min.X + st.size(20)
	w := st.size(28)
	y0, y1 := da.Min.Y, da.Max.Y
	const steps = 64
	for i := range steps {
		a := y0 + (y1-y0)*vg.Length(i)/steps
		b := y0 + (y1-y0)*vg.Length(i+1)/steps
		col := scale((float64(i) + 0.5) / steps)
		if !(hi > lo) {
			col = scale(0.5)
		}
		c.FillPolygon(col, []vg.Point{{X: x0, Y: a}, {X: x0 + w, Y: a}, {X: x0 + w, Y: b + 0.5}, {X: x0, Y: b + 0.5}})
	}
	c.StrokeLines(draw.LineStyle{Color: st.ink(), Width: st.size(1.5)},
		[]vg.Point{{X: x0, Y: y0}, {X: x0 + w, Y: y0}, {X: x0 + w, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}})
	ts := st.text(22)
	label := func(f float64, y vg.Length) {
		c.StrokeLine2(draw.LineStyle{Color: st.ink(), Width: st.size(1.5)}, x0+w, y, x0+w+st.size(8), y)
		c.FillText(ts, vg.Point{X: x0 + w + st.size(12), Y: y}, formatCell(f, whole && f == math.Trunc(f), lo, hi))
	}
	if !(hi > lo) {
		label(lo, (y0+y1)/2)
		return
	}
	label(lo, y0)
	label((lo+hi)/2, (y0+y1)/2)
	label(hi, y1)
}

// matrixNote is said in the caption: what the colours mean.
func matrixNote(t *sweep.Table, spread bool) string {
	if spread {
		return fmt.Sprintf("rows: %s · columns: %s · each cell: the mean, ± its 95 %% half-width, then the 5th to 95th percentile across seeds · colours from each panel's lowest cell (dark) to its highest (light)", t.Vary[0].Key, t.Vary[1].Key)
	}
	return fmt.Sprintf("rows: %s · columns: %s · each panel's colours run from its lowest cell (dark) to its highest (light)", t.Vary[0].Key, t.Vary[1].Key)
}

// proportionCaption says how a proportion's cells differ (one line, none
// without a proportion among the metrics): its interval is Wilson's, a
// t half-width and percentiles of 1s and 0s saying nothing.
func proportionCaption(metrics []string) []string {
	var ps []string
	for _, m := range metrics {
		if records.Proportion(m) {
			ps = append(ps, m)
		}
	}
	if len(ps) == 0 {
		return nil
	}
	return []string{strings.Join(ps, ", ") + ": a share of the seeds (each run 1 or 0); under each cell's share its 95 % Wilson interval, not the t interval"}
}
