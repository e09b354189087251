package app

import (
	"image"
	"lagscope/lagcomp"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/model"
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
	fitBtn *widget.Button
	// focusBtn steps the pane's focus (views.Focus) through the shot,
	// the target, the shooter, the projectile and back to all: the
	// window's --focus, one pane at a time.
	focusBtn *widget.Button
	focus    views.Focus
	corner   *fyne.Container // the buttons, at the header's right end (views.Options.HeaderRight)
	img      *image.RGBA     // reused while the pixel size stays the same
	r        *views.Renderer
	drawn    uint64 // the UI version last drawn
	shown    uint64 // the UI version whose drawing completed
	// visible is whether the layout shows it; hidden panes do not redraw.
	visible bool
	// zoom and pan move this pane's view from the frame views fits to
	// what matters (zoom 1, pan 0): scroll zooms about the cursor, a
	// drag pans, "fit" goes back. They are the pane's own: each pane
	// keeps following its action, zoomed as the user left it.
	zoom float64
	pan  model.Vec
}

var _ fyne.Widget = (*Pane)(nil)
var _ fyne.Tappable = (*Pane)(nil)
var _ fyne.Scrollable = (*Pane)(nil)
var _ fyne.Draggable = (*Pane)(nil)

// Zoom limits: from a quarter of the fitted scale (to find what went out
// of frame) to 40 times it (a head's radius across the pane).
const (
	minZoom = 0.25
	maxZoom = 40
	// zoomStep is the zoom per wheel notch (a ScrollEvent of 10 logical
	// px on most drivers).
	zoomStep = 1.2
)

func newPane(u *UI, v views.View) *Pane {
	p := &Pane{ui: u, view: v, r: views.NewRenderer()}
	p.raster = canvas.NewRaster(p.draw)
	p.maxBtn = widget.NewButtonWithIcon("", theme.ViewFullScreenIcon(), func() { u.toggleMax(v) })
	p.maxBtn.Importance = widget.LowImportance
	p.fitBtn = widget.NewButtonWithIcon("fit", theme.ZoomFitIcon(), p.fit)
	p.fitBtn.Importance = widget.LowImportance
	p.fitBtn.Hide()
	p.focusBtn = widget.NewButtonWithIcon(focusLabel(views.FocusNone), theme.SearchIcon(), p.nextFocus)
	p.focusBtn.Importance = widget.LowImportance
	if v.TimeAxis() { // a time axis has no world to frame
		p.focusBtn.Hide()
	}
	p.zoom = 1
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer stacks the raster under the fit and maximise buttons.
func (p *Pane) CreateRenderer() fyne.WidgetRenderer {
	p.corner = container.NewHBox(p.focusBtn, p.fitBtn, p.maxBtn)
	corner := container.NewVBox(container.NewHBox(layout.NewSpacer(), p.corner))
	return widget.NewSimpleRenderer(container.NewStack(p.raster, corner))
}

// MinSize keeps a pane large enough to read. The lecture frame's three
// panes in a row take two panes' width between them: at three times a
// pane's they asked more than a 1280×800 screen at 125 % holds beside the
// sidebar, and pushed it off the screen's edge.
func (p *Pane) MinSize() fyne.Size {
	if p.ui.layout == views.LayoutRow {
		return fyne.NewSize(zoomRoomW*2/3, zoomRoomH)
	}
	return fyne.NewSize(zoomRoomW, zoomRoomH)
}

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
	o := p.options(w)
	f := p.ui.frame.Load()
	if !p.shownIn(f).TimeAxis() {
		o.Stage = p.ui.stageFor(p.r, f, w, h, o)
	}
	p.r.Pane(p.img, f, p.shownIn(f), o)
	p.shown = p.drawn
	p.ui.paneDraws.Add(1)
	p.ui.rememberShown()
	return p.img
}

// shownIn is the view the pane draws of frame f: in a duel the timeline
// takes the Overlay's cell (views.InPlace) of every layout but one pane.
func (p *Pane) shownIn(f *lagcomp.Frame) views.View {
	if p.ui.layout == views.LayoutSingle {
		return p.view
	}
	return views.InPlace(p.view, f)
}

// syncButtons shows the focus and fit buttons only while the pane draws a
// world: a time axis (the packet flow, the duel's timeline in the
// Overlay's cell) has nothing to frame, zoom or pan. UI thread only.
func (p *Pane) syncButtons(f *lagcomp.Frame) {
	world := !p.shownIn(f).TimeAxis()
	if world == p.focusBtn.Visible() {
		return
	}
	if !world {
		p.focusBtn.Hide()
		p.fitBtn.Hide()
		return
	}
	p.focusBtn.Show()
	if p.zoom != 1 || p.pan != (model.Vec{}) {
		p.fitBtn.Show()
	}
}

// options are the UI's drawing options with this pane's scale, zoom and
// pan, for a pane pixelWidth device pixels wide.
func (p *Pane) options(pixelWidth int) views.Options {
	o := p.ui.options()
	o.Scale = p.scale(pixelWidth) * p.textZoom() // the window's zoom scales the drawing's text and lines too
	o.Zoom, o.Pan, o.Focus = p.zoom, p.pan, p.focus
	if p.corner != nil { // the header's figures end short of the buttons (logical px of the drawing: its zoom taken out)
		o.HeaderRight = float64(p.corner.MinSize().Width) / p.textZoom()
	}
	return o
}

// focusLabel is the focus button's text: what the pane is framed on.
func focusLabel(f views.Focus) string {
	if f == views.FocusNone {
		return "focus: all"
	}
	return "focus: " + string(f)
}

// nextFocus frames the pane on the next thing (shot, target, shooter,
// projectile, all), from the fitted frame: a zoom or pan made for the
// old framing would not fit the new one.
func (p *Pane) nextFocus() {
	next := views.FocusNone
	if i := slices.Index(views.Focuses, p.focus); i+1 < len(views.Focuses) {
		next = views.Focuses[i+1]
	}
	p.setFocus(next)
}

// setFocus frames the pane on f.
func (p *Pane) setFocus(f views.Focus) {
	p.focus = f
	p.focusBtn.SetText(focusLabel(f))
	p.zoom, p.pan = 1, model.Vec{}
	p.moved()
}

// worldAt is the world point under a logical position in the pane as it
// is drawn now; ok is false before the first frame.
func (p *Pane) worldAt(pos fyne.Position) (model.Vec, bool) {
	f := p.ui.frame.Load()
	if f == nil || p.img == nil {
		return model.Vec{}, false
	}
	b := p.img.Bounds()
	o := p.options(b.Dx())
	o.Stage = p.ui.keptStage() // the lecture frame's, as drawn
	px := p.scale(b.Dx())      // device pixels per logical one
	return views.WorldAt(f, p.view, o, b.Dx(), b.Dy(), float64(pos.X)*px, float64(pos.Y)*px), true
}

// Scrolled zooms about the cursor: the world point under it stays put.
func (p *Pane) Scrolled(ev *fyne.ScrollEvent) {
	if p.shownIn(p.ui.frame.Load()).TimeAxis() { // a time axis, not the world
		return
	}
	before, ok := p.worldAt(ev.Position)
	if !ok {
		return
	}
	z := p.zoom * math.Pow(zoomStep, float64(ev.Scrolled.DY)/10)
	p.zoom = math.Max(minZoom, math.Min(maxZoom, z))
	after, _ := p.worldAt(ev.Position)
	p.pan = p.pan.Add(before.Sub(after))
	p.moved()
}

// Dragged pans: the world point under the cursor follows it.
func (p *Pane) Dragged(ev *fyne.DragEvent) {
	if p.shownIn(p.ui.frame.Load()).TimeAxis() {
		return
	}
	from := ev.Position.Subtract(ev.Dragged)
	a, ok := p.worldAt(from)
	if !ok {
		return
	}
	b, _ := p.worldAt(ev.Position)
	p.pan = p.pan.Add(a.Sub(b))
	p.moved()
}

// DragEnd ends a pan; nothing is left to do.
func (p *Pane) DragEnd() {}

// fit goes back to the frame views fits to what matters (the lecture
// frame: framed afresh on its pawn).
func (p *Pane) fit() {
	p.ui.resetStage()
	p.zoom, p.pan = 1, model.Vec{}
	p.moved()
}

// moved redraws the pane after a zoom or pan, showing "fit" while the
// view is not the fitted one. In the lecture frame the row's panes zoom
// and pan as one: they share a scale.
func (p *Pane) moved() {
	if p.ui.layout == views.LayoutRow && p.visible {
		for _, q := range p.ui.panes {
			if q != p && q.visible {
				q.zoom, q.pan = p.zoom, p.pan
				q.showFit()
			}
		}
	}
	p.showFit()
}

// showFit shows "fit" while the pane's view is not the fitted one, and
// redraws it.
func (p *Pane) showFit() {
	if p.zoom == 1 && p.pan == (model.Vec{}) {
		p.fitBtn.Hide()
	} else {
		p.fitBtn.Show()
	}
	p.drawn = 0
	p.raster.Refresh()
}

// Fitting limits for a pane's text at a zoom: a pane keeps at least
// this much room, in unzoomed logical pixels, for its picture, titles
// and legend — the least size a pane is laid out at (MinSize). At
// 360×240 a 2×2 on a 1920×1080 projector at 175 % kept 13 px text (the
// zoom did not reach its panes); with no limit a 2×2 pane of a 1080-line
// screen was all legend.
const (
	zoomRoomW = 240
	zoomRoomH = 160
)

// textZoom is the zoom the pane draws its text and lines at: the
// window's, but no more than leaves the pane zoomRoomW × zoomRoomH of
// unzoomed room (a single pane takes the whole zoom; four small ones
// take what fits), and never less than 1.
func (p *Pane) textZoom() float64 { return fitZoom(p.Size(), p.ui.zoom) }

// fitZoom is the zoom a drawing of logical size sz takes of the window's
// zoom (see textZoom).
func fitZoom(sz fyne.Size, zoom float64) float64 {
	z := zoom
	if sz != (fyne.Size{}) { // laid out: a squeezed pane (even to nothing) gets 1
		z = math.Min(z, math.Max(1, math.Min(float64(sz.Width)/zoomRoomW, float64(sz.Height)/zoomRoomH)))
	}
	return math.Min(z, zoom)
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
	if at, ok := p.worldAt(ev.Position); ok {
		p.ui.fire(at)
	}
}
