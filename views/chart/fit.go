package chart

import (
	"fmt"
	"image"
	"image/color"
	imagedraw "image/draw"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"lagscope/lagcomp/netem/fit"
)

// RenderFit draws a trace against the link fitted to it (`lagscope fit
// --chart`): the delay histogram, the loss-run-length distribution and
// the delay over time, each panel titled with its goodness of fit and
// whether the fit holds; the measured trace in the palette's first
// colour, the fitted link (netem run at the trace's send times) in its
// second.
func RenderFit(r *fit.Result, opt Options) (*image.RGBA, error) {
	if opt.Width == 0 || opt.Height == 0 {
		opt.Width, opt.Height = 1920, 1080
	}
	if opt.Theme.Name == "" {
		opt.Theme = Light
	}
	if err := CheckSize(opt.Width, opt.Height); err != nil {
		return nil, err
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(opt.Width), vg.Length(opt.Height)), vgimg.UseDPI(72),
		vgimg.UseBackgroundColor(opt.Theme.Background))
	dc := draw.New(c)
	st := style{s: vg.Length(float64(opt.Height) / 1080), th: opt.Theme}
	titleH := st.titleHeight(dc, opt.Title)
	legH := st.size(50)
	body := draw.Crop(dc, st.size(20), -st.size(30), st.size(10), -titleH-legH)
	h := body.Max.Y - body.Min.Y
	w := body.Max.X - body.Min.X
	top := draw.Crop(body, 0, 0, h/2, 0)
	bottom := draw.Crop(body, 0, 0, 0, -h/2)
	st.titleW = w/2 - st.size(40)
	hist, err := st.fitHistogram(r)
	if err != nil {
		return nil, err
	}
	runs, err := st.fitRuns(r)
	if err != nil {
		return nil, err
	}
	st.titleW = w - st.size(40)
	series, err := st.fitSeries(r)
	if err != nil {
		return nil, err
	}
	hist.Draw(draw.Crop(top, 0, -w/2-st.size(20), 0, 0))
	runs.Draw(draw.Crop(top, w/2+st.size(20), 0, 0, 0))
	series.Draw(bottom)
	if titleH > 0 {
		st.title(draw.Crop(dc, 0, 0, dc.Max.Y-dc.Min.Y-titleH, 0), opt.Title)
	}
	st.fitLegend(draw.Crop(dc, 0, 0, dc.Max.Y-dc.Min.Y-titleH-legH, -titleH), r)
	img := image.NewRGBA(image.Rect(0, 0, opt.Width, opt.Height))
	imagedraw.Draw(img, img.Bounds(), c.Image(), image.Point{}, imagedraw.Src)
	return img, nil
}

// fitPlot is an empty panel in the chart's style.
func (st style) fitPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = st.theme().Background
	p.Title.TextStyle.Font = font.From(sans, st.size(30))
	p.Title.TextStyle.Color = st.ink()
	p.Title.Text = st.wrap(title, p.Title.TextStyle)
	p.Title.Padding = st.size(12)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, st.size(26))
		a.Tick.Label.Font = font.From(sans, st.size(22))
		a.Label.TextStyle.Color, a.Tick.Label.Color = st.ink(), st.ink()
		a.LineStyle.Width, a.Tick.LineStyle.Width = st.size(2), st.size(2)
		a.LineStyle.Color, a.Tick.LineStyle.Color = st.ink(), st.ink()
		a.Tick.Length = st.size(8)
		a.Padding = st.size(6)
	}
	p.X.Label.Text, p.Y.Label.Text = x, y
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = st.theme().Grid, st.theme().Grid
	grid.Vertical.Width, grid.Horizontal.Width = st.size(1), st.size(1)
	p.Add(grid)
	return p
}

func verdict(bad bool) string {
	if bad {
		return "FITS BADLY"
	}
	return "fits"
}

func g3(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) }

// delivered are a series' delivered delays.
func delivered(d []float64) []float64 {
	var out []float64
	for _, x := range d {
		if !math.IsNaN(x) {
			out = append(out, x)
		}
	}
	return out
}

// fitHistogram is the delay histogram: the share of delivered packets in
// each of 60 bins up to the 99.9th percentile of the measured delays
// outside spikes (the last bin holds the rest: a spike's packets are
// there).
func (st style) fitHistogram(r *fit.Result) (*plot.Plot, error) {
	d := r.DelayFit
	p := st.fitPlot(fmt.Sprintf("Delay histogram (%s): KS D = %.3f, p = %s — %s", r.DelayModel, d.D, g3(d.P), verdict(d.Bad)),
		"one-way delay (ms)", "share of packets")
	m, f := delivered(r.Measured.DelayMs), delivered(r.Fitted.DelayMs)
	var calm []float64
	for i, x := range r.Measured.DelayMs {
		if !math.IsNaN(x) && !r.Measured.Spike[i] {
			calm = append(calm, x)
		}
	}
	slices.Sort(calm)
	lo := calm[0]
	hi := calm[min(len(calm)-1, len(calm)*999/1000)]
	if hi <= lo {
		hi = lo + 1
	}
	const bins = 60
	width := (hi - lo) / bins
	shares := func(x []float64) plotter.XYs {
		counts := make([]float64, bins)
		for _, v := range x {
			i := int((v - lo) / width)
			counts[min(max(i, 0), bins-1)]++
		}
		xy := make(plotter.XYs, bins)
		for i := range counts {
			xy[i] = plotter.XY{X: lo + (float64(i)+0.5)*width, Y: counts[i] / float64(max(len(x), 1))}
		}
		return xy
	}
	for k, xy := range []plotter.XYs{shares(m), shares(f)} {
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.StepStyle = plotter.MidStep
		l.Color = st.color(k)
		l.Width = st.size(3)
		if k == 0 {
			c := st.color(0)
			l.FillColor = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 0x50}
		}
		p.Add(l)
	}
	p.Y.Min = 0
	return p, nil
}

// fitRuns is the loss-run-length distribution: the share of runs of
// consecutive losses in each length bin, measured beside fitted.
func (st style) fitRuns(r *fit.Result) (*plot.Plot, error) {
	c := r.RunsFit
	title := fmt.Sprintf("Loss-run lengths: %d runs, too few to judge", c.Runs)
	if c.Judged {
		title = fmt.Sprintf("Loss-run lengths: chi-square %.1f, %d dof, p = %s — %s", c.Stat, c.DoF, g3(c.P), verdict(c.Bad))
	}
	p := st.fitPlot(title, "packets lost in a row", "share of runs")
	if len(c.Bins) == 0 {
		return p, nil
	}
	names := make([]string, len(c.Bins))
	for i, b := range c.Bins {
		switch {
		case i == len(c.Bins)-1:
			names[i] = strconv.Itoa(b) + "+"
		case c.Bins[i+1] == b+1:
			names[i] = strconv.Itoa(b)
		default:
			names[i] = fmt.Sprintf("%d–%d", b, c.Bins[i+1]-1)
		}
	}
	barW := st.size(30)
	for k, v := range [][]float64{c.Measured, c.Fitted} {
		b, err := plotter.NewBarChart(plotter.Values(v), barW)
		if err != nil {
			return nil, err
		}
		b.Color = st.color(k)
		b.LineStyle.Width = 0
		b.Offset = barW * vg.Length(2*k-1) / 2
		p.Add(b)
	}
	p.NominalX(names...)
	p.Y.Min = 0
	return p, nil
}

// fitSeries is the delay over time, measured and fitted at the same send
// times; the measured losses are ticks along the bottom. Long traces are
// thinned to about 3000 points a line (every k-th packet).
func (st style) fitSeries(r *fit.Result) (*plot.Plot, error) {
	a := r.TimeFit
	p := st.fitPlot(fmt.Sprintf("Delay over time: lag-1 autocorrelation %.2f measured, %.2f fitted — %s", a.Measured, a.Fitted, verdict(a.Bad)),
		"time (s)", "one-way delay (ms)")
	n := len(r.Measured.At)
	step := max(1, n/3000)
	var lost plotter.XYs
	for k, s := range []fit.Series{r.Fitted, r.Measured} { // the measured line on top
		var xy plotter.XYs
		for i := 0; i < n; i += step {
			t := (r.Measured.At[i] - r.Measured.At[0]).Seconds()
			if math.IsNaN(s.DelayMs[i]) {
				if k == 1 {
					lost = append(lost, plotter.XY{X: t, Y: 0})
				}
				continue
			}
			xy = append(xy, plotter.XY{X: t, Y: s.DelayMs[i]})
		}
		if len(xy) == 0 {
			continue
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.Color = st.color(1 - k)
		l.Width = st.size(2)
		p.Add(l)
	}
	if len(lost) > 0 {
		sc, err := plotter.NewScatter(lost)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: st.color(0), Radius: st.size(6), Shape: draw.PlusGlyph{}}
		p.Add(sc)
	}
	p.Y.Min = 0
	return p, nil
}

// fitLegend says which colour is which, and what the fit printed.
func (st style) fitLegend(c draw.Canvas, r *fit.Result) {
	ts := st.text(26)
	x := c.Min.X + st.size(40)
	y := (c.Min.Y + c.Max.Y) / 2
	for k, name := range []string{"measured (losses: + along the bottom)", "fitted: netem with the printed keys, at the trace's send times"} {
		c.FillPolygon(st.color(k), []vg.Point{{X: x, Y: y - st.size(10)}, {X: x + st.size(30), Y: y - st.size(10)}, {X: x + st.size(30), Y: y + st.size(10)}, {X: x, Y: y + st.size(10)}})
		c.FillText(ts, vg.Point{X: x + st.size(40), Y: y}, name)
		x += st.size(60) + ts.Width(name)
	}
}
