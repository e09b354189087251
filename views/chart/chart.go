// Package chart draws a sweep as a slide: one panel per metric, the first
// varied key on the x axis, one line per value of the others, the mean
// over seeds with its 95 % confidence band, and a caption band naming the
// preset, the grid and the seeds.
//
// It is a view like the rest of views/, a pure function from data to an
// image, but drawn with gonum/plot rather than gg: axes, ticks and
// legends are a plotting library's job, and a kept one does them better
// than hand-drawn axes would. It imports no Fyne, so the CLI (--chart)
// and the window's Sweep tab draw the same picture.
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
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
)

// Options say what to draw and how big.
type Options struct {
	Metrics       []string // one panel each
	Width, Height int      // pixels; 1920×1080 if zero
	Caption       []string // lines of the caption band
}

// Hotspot is where a grid point was drawn, in pixels from the top left,
// so a click on it can open that configuration.
type Hotspot struct {
	X, Y float64
	Row  int // the table row (the point's first seed)
}

// Palette is Okabe and Ito's, which stays distinct for colour-blind
// readers and on a projector. (The views' red/blue convention is for
// debug draws of one shot; lines of a chart are not client and server.)
var Palette = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff}, {0xd5, 0x5e, 0x00, 0xff}, {0x00, 0x9e, 0x73, 0xff}, {0xcc, 0x79, 0xa7, 0xff},
	{0x56, 0xb4, 0xe9, 0xff}, {0xe6, 0x9f, 0x00, 0xff}, {0x00, 0x00, 0x00, 0xff}, {0x99, 0x99, 0x99, 0xff},
}

var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// Render draws the table. Sizes are in pixels at 72 dpi, so one point is
// one pixel, scaled with the height from a 1080-pixel slide.
func Render(t *sweep.Table, opt Options) (*image.RGBA, []Hotspot, error) {
	if opt.Width == 0 || opt.Height == 0 {
		opt.Width, opt.Height = 1920, 1080
	}
	if err := CheckSize(opt.Width, opt.Height); err != nil {
		return nil, nil, err
	}
	if len(opt.Metrics) == 0 {
		return nil, nil, fmt.Errorf("no metric to chart")
	}
	if len(t.Rows) == 0 {
		return nil, nil, fmt.Errorf("no rows to chart")
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(opt.Width), vg.Length(opt.Height)), vgimg.UseDPI(72))
	dc := draw.New(c)
	s := vg.Length(float64(opt.Height) / 1080)
	st := style{s: s}

	capH := st.size(30) * vg.Length(len(opt.Caption)+1)
	body := draw.Crop(dc, 0, 0, capH, 0)
	lines := t.Series(opt.Metrics[0])
	legH := vg.Length(0)
	if len(lines) > 1 || len(lines[0].Values) > 0 {
		legH = st.legendHeight(body, t, lines)
	}
	notes := panelNotes(t, opt.Metrics)
	notesH := st.notesHeight(body, notes)
	panels := draw.Crop(body, 0, 0, legH+notesH, 0)

	cols, rows := grid(len(opt.Metrics))
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: st.size(40), PadY: st.size(30),
		PadTop: st.size(20), PadBottom: st.size(10), PadLeft: st.size(20), PadRight: st.size(30)}
	st.titleW = (panels.Max.X - panels.Min.X - tiles.PadLeft - tiles.PadRight - vg.Length(cols-1)*tiles.PadX) / vg.Length(cols)
	st.tileH = (panels.Max.Y - panels.Min.Y - tiles.PadTop - tiles.PadBottom - vg.Length(rows-1)*tiles.PadY) / vg.Length(rows)
	plots := make([][]*plot.Plot, rows)
	var spots []Hotspot
	for i, m := range opt.Metrics {
		if plots[i/cols] == nil {
			plots[i/cols] = make([]*plot.Plot, cols)
		}
		p, err := st.panel(t, m)
		if err != nil {
			return nil, nil, err
		}
		plots[i/cols][i%cols] = p
	}
	canvases := plot.Align(plots, tiles, panels)
	for i, m := range opt.Metrics {
		p, tc := plots[i/cols][i%cols], canvases[i/cols][i%cols]
		p.Draw(tc)
		spots = append(spots, hotspots(p, tc, t, m, opt.Height)...)
	}
	if legH > 0 {
		st.legend(draw.Crop(body, 0, 0, notesH, -(body.Max.Y-body.Min.Y-legH-notesH)), t, lines)
	}
	if notesH > 0 {
		st.notes(draw.Crop(body, 0, 0, 0, -(body.Max.Y-body.Min.Y-notesH)), notes)
	}
	st.caption(draw.Crop(dc, 0, 0, 0, -(dc.Max.Y-dc.Min.Y-capH)), opt.Caption)
	img := image.NewRGBA(image.Rect(0, 0, opt.Width, opt.Height))
	imagedraw.Draw(img, img.Bounds(), c.Image(), image.Point{}, imagedraw.Src)
	return img, spots, nil
}

// CheckSize refuses a chart too small to read or too big to hold.
func CheckSize(w, h int) error {
	if w < 320 || h < 240 || w > 8192 || h > 8192 {
		return fmt.Errorf("chart size %dx%d is out of range (allowed: 320x240 to 8192x8192)", w, h)
	}
	return nil
}

// grid places n panels: side by side up to three, then in a square.
func grid(n int) (cols, rows int) {
	cols = n
	if n > 3 {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
	}
	return cols, (n + cols - 1) / cols
}

type style struct {
	s      vg.Length
	titleW vg.Length // a panel's width, to wrap its title to (0: no wrapping)
	tileH  vg.Length // a panel's height, to wrap its y axis's name to (0: no wrapping)
}

func (st style) size(px float64) vg.Length { return vg.Length(px) * st.s }

func (st style) text(px float64) draw.TextStyle {
	return draw.TextStyle{Color: color.Black, Font: font.From(sans, st.size(px)), Handler: plot.DefaultTextHandler,
		XAlign: draw.XLeft, YAlign: draw.YCenter}
}

// xValue is where a value of the first varied key goes on the x axis: the
// number itself for a number key, its index for a choice.
func xValue(t *sweep.Table, x string, i int) float64 {
	if numericX(t) {
		f, _ := strconv.ParseFloat(x, 64)
		return f
	}
	return float64(i)
}

// xPos is where line li of n draws its point of x value v (the i-th of
// its points): a choice is nudged sideways from its place by line, so
// points with the same figure stand side by side, not on top of each
// other; a number is drawn at itself.
func xPos(t *sweep.Table, v string, i, li, n int) float64 {
	x := xValue(t, v, xIndex(t, v, i))
	if numericX(t) || n < 2 {
		return x
	}
	step := math.Min(0.15, 0.7/float64(n))
	return x + step*(float64(li)-float64(n-1)/2)
}

// categories are the names of the places on a choice axis: every value
// of the first key, whether or not a panel has a figure there.
func categories(t *sweep.Table) []string {
	if len(t.Vary) == 0 {
		return []string{"all runs"}
	}
	return t.Vary[0].Values
}

func numericX(t *sweep.Table) bool {
	return len(t.Vary) > 0 && numericKey(t.Vary[0].Key)
}

// numericKey says whether a key takes numbers (drawn to scale), not
// choices.
func numericKey(key string) bool {
	p, ok := lagcomp.Lookup(key)
	return ok && (p.Kind == lagcomp.KindFloat || p.Kind == lagcomp.KindInt)
}

// panel is one metric's plot. A number key on x is a trend: each line
// joins its means, the 95 % band between two thin lines of its colour
// (outlines, not fills, so overlapping bands never blend into colours no
// legend explains). A choice on x (mode=none,timestamp,…) has no order:
// every value keeps its evenly spaced place in every panel, each line's
// mean is a point with its interval as an error bar, nudged sideways so
// lines with the same figure stand side by side, and nothing is joined.
func (st style) panel(t *sweep.Table, metric string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = metric
	p.Title.TextStyle.Font = font.From(sans, st.size(34))
	if n := totalNote(t, metric); n != "" { // a count says what it is out of
		p.Title.Text += "\n" + st.wrap(n, p.Title.TextStyle)
	}
	p.Title.Padding = st.size(14)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, st.size(28))
		a.Tick.Label.Font = font.From(sans, st.size(24))
		a.LineStyle.Width = st.size(2)
		a.Tick.LineStyle.Width = st.size(2)
		a.Tick.Length = st.size(10)
		a.Padding = st.size(6)
	}
	if len(t.Vary) > 0 {
		p.X.Label.Text = xName(t.Vary[0].Key)
	}
	p.Y.Label.Text = yName(metric)
	if st.tileH > 0 { // a name longer than half the panel is high squeezes its data
		p.Y.Label.Text = wrapTo(p.Y.Label.Text, p.Y.Label.TextStyle, st.tileH/2)
	}
	names := categories(t)
	if !numericX(t) {
		p.NominalX(names...)
		p.X.Tick.Label.Font = font.From(sans, st.size(24))
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = color.Gray{0xe0}, color.Gray{0xe0}
	grid.Vertical.Width, grid.Horizontal.Width = st.size(1), st.size(1)
	p.Add(grid)
	ymin, ymax := 0.0, 0.0 // the y axis always shows 0: no truncated axes
	points := 0
	series := t.Series(metric)
	cuts := cutsOf(t, series)
	for li, s := range series {
		col := Palette[li%len(Palette)]
		var mean, lo, hi plotter.XYs
		for i, pt := range s.Points {
			if pt.N == 0 {
				continue
			}
			x := xPos(t, pt.X, i, li, len(series))
			mean = append(mean, plotter.XY{X: x, Y: pt.Mean})
			lo = append(lo, plotter.XY{X: x, Y: pt.Lo})
			hi = append(hi, plotter.XY{X: x, Y: pt.Hi})
			ymin, ymax = math.Min(ymin, pt.Lo), math.Max(ymax, pt.Hi)
			points++
		}
		if len(mean) == 0 {
			continue
		}
		if err := st.addSeries(p, li, col, !numericX(t), mean, lo, hi); err != nil {
			return nil, err
		}
	}
	if len(cuts.at) > 0 { // each cut end marked where it was cut; the notes band names the clamp
		cuts.r = st.size(11)
		p.Add(cuts)
	}
	var step float64
	p.Y.Min, p.Y.Max, step = padRange(math.Min(p.Y.Min, ymin), math.Max(p.Y.Max, ymax), t.Whole(metric))
	p.Y.Tick.Marker = stepTicks{step}
	if !numericX(t) { // every choice keeps its place, half a slot either side
		p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
		if empty := emptyPlaces(t, series); len(empty) > 0 {
			at := make([]float64, len(empty))
			for i, xi := range empty {
				at[i] = float64(xi)
			}
			p.Add(noValue{at, st.noValueText()})
		}
	} else {
		p.X.Tick.Marker = xTicks(t)
		// every panel spans every swept value, whichever have figures
		if lo, hi := xSpan(t); lo < hi {
			p.X.Min, p.X.Max = lo, hi
			if points == 0 { // nothing to draw: say so, not an empty frame
				p.Add(noValue{[]float64{(lo + hi) / 2}, st.noValueText()})
			}
		}
	}
	p.Add(corners{st.markPad(len(series))})
	return p, nil
}

// addSeries draws one line's points: joined, between the thin edges of
// its band, for a number on x; single points with error bars for a
// choice on x or a line of one point (a band of one point has no width).
func (st style) addSeries(p *plot.Plot, li int, col color.RGBA, choice bool, mean, lo, hi plotter.XYs) error {
	if ci := spread(mean, lo, hi); (choice || len(mean) == 1) && ci.Len() > 0 {
		bars, err := plotter.NewYErrorBars(ci)
		if err != nil {
			return err
		}
		bars.Color, bars.Width, bars.CapWidth = col, st.size(3), st.size(18)
		p.Add(bars)
	}
	if choice {
		pts, err := plotter.NewScatter(mean)
		if err != nil {
			return err
		}
		pts.GlyphStyle = st.mark(li)
		p.Add(pts)
		return nil
	}
	if len(mean) > 1 && wide(lo, hi) {
		edge := draw.LineStyle{Color: col, Width: st.size(1.5)}
		for _, e := range []plotter.XYs{lo, hi} {
			l, err := plotter.NewLine(e)
			if err != nil {
				return err
			}
			l.LineStyle = edge
			p.Add(l)
		}
	}
	line, pts, err := plotter.NewLinePoints(mean)
	if err != nil {
		return err
	}
	line.LineStyle = st.stroke(li)
	pts.GlyphStyle = st.mark(li)
	p.Add(line, pts)
	return nil
}

// clampNote says that some of the panel's points had their 95 % band
// cut to the figure's bounds (a fraction's 0 to 1, a count's 0), how many
// of how many, and the marks that show each cut end; "" when none were.
func clampNote(t *sweep.Table, metric string, series []sweep.Series) string {
	n, of := 0, 0
	for _, s := range series {
		for _, pt := range s.Points {
			if pt.N > 0 {
				of++
			}
			if pt.N > 0 && pt.Clamped {
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	b := t.Bounds(metric)
	var to string
	switch {
	case !math.IsInf(b.Lo, 0) && !math.IsInf(b.Hi, 0):
		to = fmt.Sprintf("%g…%g", b.Lo, b.Hi)
	case !math.IsInf(b.Lo, 0):
		to = fmt.Sprintf("≥ %g", b.Lo)
	default:
		to = fmt.Sprintf("≤ %g", b.Hi)
	}
	return fmt.Sprintf("band clamped to %s at %d of %d points (%s marks each cut end)", to, n, of, cutsOf(t, series).shapes())
}

// wrap breaks s between words into lines no wider than a panel.
func (st style) wrap(s string, ts draw.TextStyle) string {
	if st.titleW <= 0 {
		return s
	}
	return wrapTo(s, ts, st.titleW)
}

// wrapTo breaks s between words into lines no wider than w.
func wrapTo(s string, ts draw.TextStyle, w vg.Length) string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		if cur != "" && ts.Width(cur+" "+word) > w {
			lines, cur = append(lines, cur), word
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += word
	}
	return strings.Join(append(lines, cur), "\n")
}

// xTicks marks a number key's swept values, each written with the same
// decimals: every one of them, or with more than fit, every one marked
// and a regular subset labelled, the first and last among them.
func xTicks(t *sweep.Table) plot.Ticker {
	var vs valueTicks
	for i, v := range t.Vary[0].Values {
		vs = append(vs, xValue(t, v, i))
	}
	return vs
}

// xSpan is the range of a number key's swept values.
func xSpan(t *sweep.Table) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i, v := range t.Vary[0].Values {
		x := xValue(t, v, i)
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

// xIndex is the position of a value among the first key's values.
func xIndex(t *sweep.Table, x string, fallback int) int {
	if len(t.Vary) == 0 {
		return fallback
	}
	for i, v := range t.Vary[0].Values {
		if v == x {
			return i
		}
	}
	return fallback
}

// wide says whether any interval has a width.
func wide(lo, hi plotter.XYs) bool {
	for i := range lo {
		if hi[i].Y > lo[i].Y {
			return true
		}
	}
	return false
}

// spread is the points whose interval has a width, as error bars (a
// bar of no width would draw its caps as a stroke through the point).
func spread(mean, lo, hi plotter.XYs) ciBars {
	var b ciBars
	for i := range mean {
		if hi[i].Y > lo[i].Y {
			b.mean, b.lo, b.hi = append(b.mean, mean[i]), append(b.lo, lo[i]), append(b.hi, hi[i])
		}
	}
	return b
}

// ciBars are the confidence intervals as error bars about the means.
type ciBars struct{ mean, lo, hi plotter.XYs }

func (b ciBars) Len() int                    { return len(b.mean) }
func (b ciBars) XY(i int) (float64, float64) { return b.mean[i].X, b.mean[i].Y }
func (b ciBars) YError(i int) (float64, float64) {
	return b.mean[i].Y - b.lo[i].Y, b.hi[i].Y - b.mean[i].Y
}

// hotspots are the pixels where a panel drew its points.
func hotspots(p *plot.Plot, c draw.Canvas, t *sweep.Table, metric string, height int) []Hotspot {
	da := p.DataCanvas(c)
	trX, trY := p.Transforms(&da)
	var out []Hotspot
	series := t.Series(metric)
	for li, s := range series {
		for i, pt := range s.Points {
			if pt.N == 0 {
				continue
			}
			x := xPos(t, pt.X, i, li, len(series))
			out = append(out, Hotspot{X: float64(trX(x)), Y: float64(height) - float64(trY(pt.Mean)), Row: pt.Row})
		}
	}
	return out
}
