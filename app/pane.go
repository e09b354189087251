package app

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/views"
)

// Pane is one view of the simulation: a small widget around a raster
// (the fyne-x map widget's shape), drawn by views into an image of the
// exact pixel size, reused from frame to frame.
type Pane struct {
	widget.BaseWidget
	ui     *UI
	view   views.View
	raster *canvas.Raster
	maxBtn *widget.Button
	img    *image.RGBA // reused while the pixel size stays the same
	r      *views.Renderer
	drawn  uint64 // the UI version last drawn
	// visible is whether the layout shows it; hidden panes do not redraw.
	visible bool
}

var _ fyne.Widget = (*Pane)(nil)
var _ fyne.Tappable = (*Pane)(nil)

func newPane(u *UI, v views.View) *Pane {
	p := &Pane{ui: u, view: v, r: views.NewRenderer()}
	p.raster = canvas.NewRaster(p.draw)
	p.maxBtn = widget.NewButtonWithIcon("", theme.ViewFullScreenIcon(), func() { u.toggleMax(v) })
	p.maxBtn.Importance = widget.LowImportance
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer stacks the raster under the maximise button.
func (p *Pane) CreateRenderer() fyne.WidgetRenderer {
	corner := container.NewVBox(container.NewHBox(layout.NewSpacer(), p.maxBtn))
	return widget.NewSimpleRenderer(container.NewStack(p.raster, corner))
}

// MinSize keeps a pane large enough to read.
func (p *Pane) MinSize() fyne.Size { return fyne.NewSize(240, 160) }

// draw is the raster's generator: w x h are device pixels, so the pane is
// sharp on HiDPI; the scale follows from the logical size.
func (p *Pane) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if p.img == nil || p.img.Bounds().Dx() != w || p.img.Bounds().Dy() != h {
		p.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	p.drawn = p.ui.version.Load()
	o := p.ui.options()
	o.Scale = p.scale(w)
	p.r.Pane(p.img, p.ui.frame.Load(), p.view, o)
	return p.img
}

func (p *Pane) scale(pixelWidth int) float64 {
	if lw := p.Size().Width; lw > 0 {
		return float64(pixelWidth) / float64(lw)
	}
	return 1
}

// Tapped fires at the clicked point when this is the shooter's view.
func (p *Pane) Tapped(ev *fyne.PointEvent) {
	if p.view != views.ViewShooter || p.img == nil {
		return
	}
	f := p.ui.frame.Load()
	if f == nil {
		return
	}
	o := p.ui.options()
	b := p.img.Bounds()
	o.Scale = p.scale(b.Dx())
	at := views.WorldAt(f, p.view, o, b.Dx(), b.Dy(), float64(ev.Position.X)*o.Scale, float64(ev.Position.Y)*o.Scale)
	p.ui.fire(at)
}
