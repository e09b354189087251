package app

import (
	"image"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp/sweep"
	"lagscope/views/chart"
)

// chartPane shows a sweep's chart at the pane's pixel size; a tap on a
// point opens that grid point (its first seed) in the simulation.
type chartPane struct {
	widget.BaseWidget
	u      *UI
	raster *canvas.Raster
	panes  fyne.CanvasObject // what the chart covers while shown

	grid    *sweep.Grid
	points  []sweep.Point
	table   *sweep.Table
	metrics []string
	img     *image.RGBA // the last drawing, kept while the size stays
	spots   []chart.Hotspot
}

var _ fyne.Widget = (*chartPane)(nil)
var _ fyne.Tappable = (*chartPane)(nil)

func newChartPane(u *UI) *chartPane {
	c := &chartPane{u: u}
	c.raster = canvas.NewRaster(c.draw)
	c.ExtendBaseWidget(c)
	return c
}

func (c *chartPane) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.raster)
}

// set takes a finished sweep and redraws.
func (c *chartPane) set(g *sweep.Grid, pts []sweep.Point, t *sweep.Table, metrics []string) {
	c.grid, c.points, c.table, c.metrics, c.img = g, pts, t, metrics, nil
	c.raster.Refresh()
}

// draw renders the chart at the raster's pixel size (at least the
// smallest chart size: a smaller pane is scaled down by the raster).
func (c *chartPane) draw(w, h int) image.Image {
	if c.table == nil || w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	w, h = max(w, 320), max(h, 240)
	if c.img != nil && c.img.Bounds().Dx() == w && c.img.Bounds().Dy() == h {
		return c.img
	}
	img, spots, err := chart.Render(c.table, chart.Options{Metrics: c.metrics, Width: w, Height: h, Caption: c.grid.Caption()})
	if err != nil {
		c.u.setStatus("chart: " + err.Error())
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	c.img, c.spots = img, spots
	return img
}

// Tapped opens the nearest point within reach of the tap.
func (c *chartPane) Tapped(ev *fyne.PointEvent) {
	if c.img == nil {
		return
	}
	scale := float64(c.img.Bounds().Dx()) / math.Max(1, float64(c.Size().Width))
	row, ok := c.pointAt(float64(ev.Position.X)*scale, float64(ev.Position.Y)*scale, 24*scale)
	if !ok {
		return
	}
	p := c.table.Rows[row].Point
	c.u.openConfig(p.Config, p.Label(c.grid))
	c.u.sweep.showChart(false)
}

// pointAt is the row of the hotspot nearest (x, y) in pixels, if any is
// within reach.
func (c *chartPane) pointAt(x, y, reach float64) (int, bool) {
	best, bestD := -1, reach
	for _, s := range c.spots {
		if d := math.Hypot(s.X-x, s.Y-y); d <= bestD {
			best, bestD = s.Row, d
		}
	}
	return best, best >= 0
}
