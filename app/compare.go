package app

import (
	"image"
	"image/draw"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
	tl "lagscope/lagcomp/timeline"
	"lagscope/views"
	"lagscope/views/capture"
)

// compareTab is A/B on one seed: the running configuration (A) beside the
// same seed and the same inputs with a few settings changed and held (B),
// both at the time the timeline shows, each half titled with the
// settings in which it differs from the other.
type compareTab struct {
	u       *UI
	changes *entry
	view    *selector
	show    *check
	note    *widget.Label
	box     fyne.CanvasObject
	pane    *comparePane
	covered fyne.CanvasObject // what the A/B covers while shown
	shown   string            // the changes the A/B shows, as written
}

func newCompareTab(u *UI) *compareTab {
	ct := &compareTab{u: u, pane: newComparePane(u)}
	ct.changes = u.newEntry()
	ct.changes.SetText("mode=none")
	ct.changes.SetPlaceHolder("k=v[,k=v…]")
	names := make([]string, len(views.Views))
	for i, v := range views.Views {
		names[i] = string(v)
	}
	ct.view = u.newSelect(names, func(string) { ct.pane.redraw() })
	ct.view.SetSelected(string(views.ViewServer))
	ct.note = widget.NewLabel("")
	ct.note.Wrapping = fyne.TextWrapWord
	ct.show = u.newCheck("Show A/B", ct.toggle)
	ct.changes.OnSubmitted = func(string) { ct.toggle(ct.show.Checked) }
	// the switch first: at a class's zoom the page's foot is below the
	// sidebar's (Show A/B showed 8 px of itself at 175 %)
	ct.box = container.NewVScroll(container.NewVBox(
		ct.show,
		widget.NewForm(widget.NewFormItem("B changes", ct.changes), widget.NewFormItem("view", ct.view)),
		widget.NewLabel("A is the simulation as it runs; B is the same\nseed and inputs with these settings changed."),
		ct.note))
	return ct
}

// wrap stacks the A/B over the main area, hidden until asked for.
func (ct *compareTab) wrap(main fyne.CanvasObject) fyne.CanvasObject {
	ct.pane.Hide()
	ct.covered = main
	return container.NewStack(main, ct.pane)
}

// toggle shows or hides the A/B, taking the changes as they are written.
func (ct *compareTab) toggle(on bool) {
	defer ct.u.refresh() // the strip shows B's figures with the A/B only
	if !on {
		ct.pane.Hide()
		ct.covered.Show()
		return
	}
	changes, err := sweep.ParseChanges(ct.changes.Text)
	if err != nil {
		ct.note.SetText("not shown: " + err.Error())
		ct.show.SetChecked(false)
		return
	}
	ct.note.SetText(strings.Join(append([]string{"B: " + sweep.Title(changes, "")}, lagcomp.RenameNotes(ct.changes.Text)...), "\n"))
	ct.shown = ct.changes.Text
	ct.pane.twin, ct.pane.b, ct.pane.bOf = &sweep.Twin{Changes: changes}, nil, nil
	ct.pane.Show()
	ct.covered.Hide()
	ct.pane.redraw()
}

// shape makes a screenshot taken while the A/B is shown an A/B too: the
// view it shows, B's changes in the sidecar (shot --compare's field), so
// the sidecar redraws what the window showed.
func (ct *compareTab) shape(sc *capture.Sidecar, what string) {
	if !ct.pane.Visible() || ct.pane.twin == nil {
		return
	}
	sc.Compare = ct.shown
	if what == "layout" || what == "window" {
		sc.View = ct.view.Selected
	}
}

// refresh redraws the A/B when the shown instant changed; it returns
// B's frame at A's time a while the A/B is shown (the metrics strip
// shows its figures under A's), else nil.
func (ct *compareTab) refresh(version uint64, a *lagcomp.Frame) *lagcomp.Frame {
	if !ct.pane.Visible() || ct.pane.twin == nil || a == nil {
		return nil
	}
	if ct.pane.drawn != version {
		ct.pane.raster.Refresh()
	}
	return ct.pane.frameB(a)
}

// comparePane draws the two halves.
type comparePane struct {
	widget.BaseWidget
	u      *UI
	raster *canvas.Raster
	twin   *sweep.Twin
	img    *image.RGBA
	ra, rb *views.Renderer // one each: a renderer reuses its images
	bodies [2]*image.RGBA  // each half's drawing, reused while its size stays
	drawn  uint64
	b      *lagcomp.Frame // B's frame at bOf's time (tests read it)
	bOf    *lagcomp.Frame // the A frame b was stepped to
	o      views.Options  // the options both halves were drawn with (tests read them)
}

var _ fyne.Widget = (*comparePane)(nil)

func newComparePane(u *UI) *comparePane {
	p := &comparePane{u: u, ra: views.NewRenderer(), rb: views.NewRenderer()}
	p.raster = canvas.NewRaster(p.draw)
	p.ExtendBaseWidget(p)
	return p
}

func (p *comparePane) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.raster)
}

func (p *comparePane) redraw() { p.drawn = 0; p.raster.Refresh() }

// frameB is B's frame at the time of A's frame a, stepped once per A
// frame (the strip and the drawing share it); nil, said in the status
// line, if B cannot be built.
func (p *comparePane) frameB(a *lagcomp.Frame) *lagcomp.Frame {
	if p.b != nil && p.bOf == a {
		return p.b
	}
	var script tl.Script
	p.u.withSession(func(s *tl.Session) { script = s.Script() })
	sim, err := p.twin.At(script, a.T)
	if err != nil {
		p.u.setStatus("A/B: " + err.Error())
		p.b, p.bOf = nil, nil
		return nil
	}
	p.b, p.bOf = sim.Frame(), a
	return p.b
}

// draw renders A's frame and B's at the same time side by side, under
// titles, framed together; B is the twin stepped to A's shown time.
func (p *comparePane) draw(w, h int) image.Image {
	a := p.u.frame.Load()
	if p.twin == nil || a == nil || w < 128 || h < 96 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	p.drawn = p.u.version.Load()
	b := p.frameB(a)
	if b == nil {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if p.img == nil || p.img.Bounds().Dx() != w || p.img.Bounds().Dy() != h {
		p.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	o := p.u.options()
	// the window's zoom, as a pane takes it, each half the room of one
	o.Scale = float64(w) / float64(max(1, p.Size().Width)) * fitZoom(fyne.NewSize(p.Size().Width/2, p.Size().Height), p.u.zoom)
	title := int(26 * o.Scale)
	view := views.View(p.u.compare.view.Selected)
	halves := []struct {
		f     *lagcomp.Frame
		r     *views.Renderer
		x, w  int
		title string
	}{
		{a, p.ra, 0, w / 2, "A: " + sweep.Differing(&b.Config, &a.Config)},
		{b, p.rb, w / 2, w - w/2, "B: " + sweep.Differing(&a.Config, &b.Config)},
	}
	// one framing for both halves, the union of their contents: a world
	// point sits at the same place left and right (framed at the
	// narrower half; each maps from its own left edge)
	o.Framing = p.ra.FrameUnion(nil, []*lagcomp.Frame{a, b}, view, w/2, h-title, o)
	p.o = o
	for i, hf := range halves {
		hf.r.Caption(p.img, image.Rect(hf.x, 0, hf.x+hf.w, title), []string{hf.title}, o.Palette, o.Scale)
		body := p.bodies[i]
		if body == nil || body.Bounds().Dx() != hf.w || body.Bounds().Dy() != h-title {
			body = image.NewRGBA(image.Rect(0, 0, hf.w, h-title))
			p.bodies[i] = body
		}
		hf.r.Pane(body, hf.f, view, o)
		draw.Draw(p.img, image.Rect(hf.x, title, hf.x+hf.w, h), body, image.Point{}, draw.Src)
	}
	return p.img
}
