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
	"slices"
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
	Title         string   // the slide's title over the panels; none if ""
	Theme         Theme    // Light if its Name is ""
	// Spread draws each point's 5th to 95th percentile across its seeds
	// (--stats): a shaded band under a trend, a thin whisker on a choice,
	// named in the legend.
	Spread bool
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
	img, spots, _, err := render(t, opt)
	return img, spots, err
}

// render draws the table and says where each panel's data area went, in
// pixels from the top left.
func render(t *sweep.Table, opt Options) (*image.RGBA, []Hotspot, []image.Rectangle, error) {
	if opt.Width == 0 || opt.Height == 0 {
		opt.Width, opt.Height = 1920, 1080
	}
	if opt.Theme.Name == "" {
		opt.Theme = Light
	}
	if err := CheckSize(opt.Width, opt.Height); err != nil {
		return nil, nil, nil, err
	}
	if len(opt.Metrics) == 0 {
		return nil, nil, nil, fmt.Errorf("no metric to chart")
	}
	if len(t.Rows) == 0 {
		return nil, nil, nil, fmt.Errorf("no rows to chart")
	}
	if IsMatrix(t) {
		opt.Caption = append(append([]string{}, opt.Caption...), matrixNote(t, opt.Spread))
		img, spots, err := renderMatrix(t, opt)
		return img, spots, nil, err
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(opt.Width), vg.Length(opt.Height)), vgimg.UseDPI(72),
		vgimg.UseBackgroundColor(opt.Theme.Background))
	dc := draw.New(c)
	st := style{s: vg.Length(float64(opt.Height) / 1080), th: opt.Theme, spread: opt.Spread}

	opt.Caption = st.captionLines(dc, opt.Caption)
	capH := st.captionHeight(opt.Caption)
	titleH := st.titleHeight(dc, opt.Title)
	body := draw.Crop(dc, 0, 0, capH, -titleH)
	lines := t.Series(opt.Metrics[0])
	legH := vg.Length(0)
	if len(lines) > 1 || len(lines[0].Values) > 0 || st.spread {
		legH = st.legendHeight(body, t, lines)
	}
	notes := panelNotes(t, opt.Metrics)
	var notesH vg.Length
	var panels draw.Canvas
	var cols, rows int
	// the panels' data keep at least minData of the height: many notes are
	// set smaller rather than squash them
	for _, px := range []float64{24, 21, 20} {
		st.notesSmall = px
		notesH = st.notesHeight(body, notes)
		panels = draw.Crop(body, 0, 0, legH+notesH, 0)
		cols, rows = st.grid(len(opt.Metrics), panels)
		if st.dataHeight(panels, rows) >= minData*(dc.Max.Y-dc.Min.Y) {
			break
		}
	}
	tiles := st.tiles(rows, cols)
	st.titleW = (panels.Max.X - panels.Min.X - tiles.PadLeft - tiles.PadRight - vg.Length(cols-1)*tiles.PadX) / vg.Length(cols)
	st.tileH = (panels.Max.Y - panels.Min.Y - tiles.PadTop - tiles.PadBottom - vg.Length(rows-1)*tiles.PadY) / vg.Length(rows)
	plots := make([][]*plot.Plot, rows)
	var spots []Hotspot
	var areas []image.Rectangle
	for i, m := range opt.Metrics {
		if plots[i/cols] == nil {
			plots[i/cols] = make([]*plot.Plot, cols)
		}
		// the x axis is named once, under the lowest panel of each column
		p, err := st.panel(t, m, i+cols >= len(opt.Metrics))
		if err != nil {
			return nil, nil, nil, err
		}
		plots[i/cols][i%cols] = p
	}
	canvases := plot.Align(plots, tiles, panels)
	for i, m := range opt.Metrics {
		p, tc := plots[i/cols][i%cols], canvases[i/cols][i%cols]
		p.Draw(tc)
		spots = append(spots, hotspots(p, tc, t, m, opt.Height)...)
		da := p.DataCanvas(tc)
		areas = append(areas, image.Rect(int(da.Min.X), opt.Height-int(da.Max.Y), int(da.Max.X), opt.Height-int(da.Min.Y)))
	}
	if titleH > 0 {
		st.title(draw.Crop(dc, 0, 0, dc.Max.Y-dc.Min.Y-titleH, 0), opt.Title)
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
	return img, spots, areas, nil
}

// A chart's size limits: smaller is unreadable, bigger too big to hold.
const (
	MinWidth, MinHeight = 320, 240
	MaxSide             = 8192
)

// CheckSize refuses a chart too small to read or too big to hold.
func CheckSize(w, h int) error {
	if w < MinWidth || h < MinHeight || w > MaxSide || h > MaxSide {
		return fmt.Errorf("chart size %dx%d is out of range (allowed: %dx%d to %dx%d)", w, h, MinWidth, MinHeight, MaxSide, MaxSide)
	}
	return nil
}

type style struct {
	s          vg.Length
	th         Theme
	notesSmall float64   // the notes' text size in slide pixels (0: the usual 24)
	titleW     vg.Length // a panel's width, to wrap its title to (0: no wrapping)
	tileH      vg.Length // a panel's height, to wrap its y axis's name to (0: no wrapping)
	spread     bool      // draw the 5th to 95th percentile across seeds (Options.Spread)
}

func (st style) size(px float64) vg.Length { return vg.Length(px) * st.s }

func (st style) text(px float64) draw.TextStyle {
	return draw.TextStyle{Color: st.ink(), Font: font.From(sans, st.size(px)), Handler: plot.DefaultTextHandler,
		XAlign: draw.XLeft, YAlign: draw.YCenter}
}

// ink is the theme's text colour (black for a style made in a test).
func (st style) ink() color.Color {
	if st.th.Ink == nil {
		return color.Black
	}
	return st.th.Ink
}

// theme is the style's theme, Light when none was given.
func (st style) theme() Theme {
	if st.th.Name == "" {
		return Light
	}
	return st.th
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
// Its title is the figure's name for people and what it is out of; its
// y axis says the unit; the x axis is named when xLabel is set (under
// the lowest panel of a column: the panels share it).
func (st style) panel(t *sweep.Table, metric string, xLabel bool) (*plot.Plot, error) {
	p := plot.New()
	p.BackgroundColor = st.theme().Background
	name, unit := figureName(metric)
	p.Title.TextStyle.Font = font.From(sans, st.size(34))
	p.Title.TextStyle.Color = st.ink()
	if t.Paired != nil { // a difference per seed: "false hits: ping18 − source"
		name += ": " + t.Paired.Label()
	}
	p.Title.Text = st.wrap(name, p.Title.TextStyle)
	if n := totalNote(t, metric); n != "" && t.Paired == nil { // a count says what it is out of
		p.Title.Text += "\n" + st.wrap(n, p.Title.TextStyle)
	}
	p.Title.Padding = st.size(14)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, st.size(28))
		a.Tick.Label.Font = font.From(sans, st.size(24))
		a.Label.TextStyle.Color, a.Tick.Label.Color = st.ink(), st.ink()
		a.LineStyle.Width = st.size(2)
		a.LineStyle.Color, a.Tick.LineStyle.Color = st.ink(), st.ink()
		a.Tick.LineStyle.Width = st.size(2)
		a.Tick.Length = st.size(10)
		a.Padding = st.size(6)
	}
	if len(t.Vary) > 0 && xLabel {
		p.X.Label.Text = xName(t.Vary[0].Key)
	}
	p.Y.Label.Text = unit
	if st.tileH > 0 { // a name longer than half the panel is high squeezes its data
		p.Y.Label.Text = wrapTo(p.Y.Label.Text, p.Y.Label.TextStyle, st.tileH/2)
	}
	names := categories(t)
	if !numericX(t) {
		p.NominalX(st.staggered(names, p.X.Tick.Label)...)
		p.X.Tick.Label.Font = font.From(sans, st.size(24))
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = st.theme().Grid, st.theme().Grid
	grid.Vertical.Width, grid.Horizontal.Width = st.size(1), st.size(1)
	p.Add(grid)
	ymin, ymax := 0.0, 0.0 // the y axis always shows 0: no truncated axes
	points := 0
	series := t.Series(metric)
	cuts := cutsOf(t, series)
	for li, s := range series {
		col := st.color(li)
		var mean, lo, hi, p5, p50, p95 plotter.XYs
		for i, pt := range s.Points {
			if pt.N == 0 {
				continue
			}
			x := xPos(t, pt.X, i, li, len(series))
			mean = append(mean, plotter.XY{X: x, Y: pt.Mean})
			lo = append(lo, plotter.XY{X: x, Y: pt.Lo})
			hi = append(hi, plotter.XY{X: x, Y: pt.Hi})
			p5 = append(p5, plotter.XY{X: x, Y: pt.P5})
			p50 = append(p50, plotter.XY{X: x, Y: pt.P50})
			p95 = append(p95, plotter.XY{X: x, Y: pt.P95})
			ymin, ymax = math.Min(ymin, pt.Lo), math.Max(ymax, pt.Hi)
			if st.spread {
				ymin, ymax = math.Min(ymin, pt.P5), math.Max(ymax, pt.P95)
			}
			points++
		}
		if len(mean) == 0 {
			continue
		}
		if st.spread {
			if err := st.addSpread(p, col, !numericX(t), p50, p5, p95); err != nil {
				return nil, err
			}
		}
		if err := st.addSeries(p, li, col, !numericX(t), mean, lo, hi); err != nil {
			return nil, err
		}
	}
	if t.Paired != nil && points > 0 { // no difference: what a difference must stand clear of
		zero := plotter.NewFunction(func(float64) float64 { return 0 })
		zero.LineStyle = draw.LineStyle{Color: st.ink(), Width: st.size(2.5)}
		p.Add(zero)
	}
	var step float64
	p.Y.Min, p.Y.Max, step = padRange(math.Min(p.Y.Min, ymin), math.Max(p.Y.Max, ymax), t.Whole(metric))
	p.Y.Tick.Marker = stepTicks{step}
	if len(cuts.at) > 0 { // a hatched strip past the bound the bands were cut at
		cuts.strip(p, st)
	}
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
		p.X.Tick.Marker = st.xTicks(t, p.X.Tick.Label)
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

// color is line li's colour in the theme.
func (st style) color(li int) color.RGBA {
	pal := st.theme().Palette
	return pal[li%len(pal)]
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

// addSpread draws one line's 5th to 95th percentiles across seeds: a
// band of its colour, faint so the mean and its interval read over it,
// under a trend; a thin whisker with short caps behind a choice's point
// (or a line of one point) through its median, beside its thicker
// interval bar about the mean.
func (st style) addSpread(p *plot.Plot, col color.RGBA, choice bool, p50, p5, p95 plotter.XYs) error {
	if choice || len(p50) == 1 {
		w := spread(p50, p5, p95)
		if w.Len() == 0 {
			return nil // no seed spread anywhere: nothing to draw
		}
		bars, err := plotter.NewYErrorBars(w)
		if err != nil {
			return err
		}
		bars.Color, bars.Width, bars.CapWidth = col, st.size(1.5), st.size(30)
		p.Add(bars)
		return nil
	}
	poly := append(slices.Clone(p5), p95...)
	slices.Reverse(poly[len(p5):])
	band, err := plotter.NewPolygon(poly)
	if err != nil {
		return err
	}
	band.Color = color.NRGBA{col.R, col.G, col.B, 0x38}
	band.LineStyle.Width = 0
	p.Add(band)
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
	var at []string // the bounds a band was cut at, low first
	cuts := cutsOf(t, series)
	if slices.ContainsFunc(cuts.at, func(k cutMark) bool { return !k.up }) {
		at = append(at, fmt.Sprintf("%g", b.Lo))
	}
	if slices.ContainsFunc(cuts.at, func(k cutMark) bool { return k.up }) {
		at = append(at, fmt.Sprintf("%g", b.Hi))
	}
	to := strings.Join(at, " and ")
	return fmt.Sprintf("95 %% band cut at %s at %d of %d points (a stub into the hatched strip marks each)", to, n, of)
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
// decimals: every one labelled when their labels fit the panel's width
// side by side, else every one marked and a subset labelled, the first
// and last among them, no two labels closer than a label's width.
func (st style) xTicks(t *sweep.Table, ts draw.TextStyle) plot.Ticker {
	vs := valueTicks{width: st.dataWidth(), label: ts}
	for i, v := range t.Vary[0].Values {
		vs.at = append(vs.at, xValue(t, v, i))
	}
	return vs
}

// dataWidth is about how wide a panel's data area is: its tile less the
// y axis (0 when unknown: a panel made alone, in a test).
func (st style) dataWidth() vg.Length {
	if st.titleW <= 0 {
		return 0
	}
	_, w := st.panelChrome()
	return st.titleW - w + st.size(40)
}

// staggered are a choice axis's names, every other one a line lower when
// they do not fit their places side by side, so no two labels overprint.
func (st style) staggered(names []string, ts draw.TextStyle) []string {
	w := st.dataWidth()
	if w <= 0 || len(names) < 2 {
		return names
	}
	slot := w / vg.Length(len(names))
	widest := vg.Length(0)
	for _, n := range names {
		widest = max(widest, ts.Width(n))
	}
	if widest+st.size(16) <= slot {
		return names
	}
	out := slices.Clone(names)
	for i := 1; i < len(out); i += 2 {
		out[i] = "\n" + out[i]
	}
	return out
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
