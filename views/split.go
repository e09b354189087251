package views

import (
	"fmt"
	"image"
	"image/draw"

	"lagscope/lagcomp"
)

// Layout is how panes share a window.
type Layout string

const (
	Layout2x2    Layout = "2x2"
	Layout1x2    Layout = "1x2"
	LayoutSingle Layout = "single"
	// LayoutRow is the lecture frame: three panes in a row (RowViews
	// unless named) on one Stage (stage.go)
	LayoutRow Layout = "row"
)

// Layouts lists the layouts.
var Layouts = []Layout{Layout2x2, Layout1x2, LayoutSingle, LayoutRow}

// Cells are the pane rectangles of a layout in a w x h area, and the
// views they show: 2x2 shows all four, 1x2 the first two of views,
// single the first, row the first three in cells of one width (the
// panes of one stage draw at one scale).
func Cells(l Layout, w, h int, views []View) ([]image.Rectangle, []View) {
	gap := 2
	switch l {
	case LayoutRow:
		cw := (w - 2*gap) / 3
		return []image.Rectangle{image.Rect(0, 0, cw, h), image.Rect(cw+gap, 0, 2*cw+gap, h), image.Rect(2*(cw+gap), 0, 3*cw+2*gap, h)}, views[:3]
	case LayoutSingle:
		return []image.Rectangle{image.Rect(0, 0, w, h)}, views[:1]
	case Layout1x2:
		hw := (w - gap) / 2
		return []image.Rectangle{image.Rect(0, 0, hw, h), image.Rect(hw+gap, 0, w, h)}, views[:2]
	}
	hw, hh := (w-gap)/2, (h-gap)/2
	return []image.Rectangle{
		image.Rect(0, 0, hw, hh), image.Rect(hw+gap, 0, w, hh),
		image.Rect(0, hh+gap, hw, h), image.Rect(hw+gap, hh+gap, w, h),
	}, views[:4]
}

// Split draws a whole layout into one image of size w x h.
func (r *Renderer) Split(f *lagcomp.Frame, l Layout, views []View, w, h int, o Options) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	pal := o.Palette
	if pal == (Palette{}) {
		pal = Dark
	}
	draw.Draw(dst, dst.Bounds(), image.NewUniform(pal.Grid), image.Point{}, draw.Src)
	rects, vs := Cells(l, w, h, views)
	if l == LayoutRow && o.Stage == nil && o.Framing == nil && len(rects) > 0 {
		// one picture: the stage framed on it (the window keeps its own
		// from frame to frame)
		st := r.NewStage(f, rects[0].Dx(), rects[0].Dy(), o)
		o.Stage = &st
	}
	for i, rc := range rects {
		pane := image.NewRGBA(image.Rect(0, 0, rc.Dx(), rc.Dy()))
		r.Pane(pane, f, InPlace(vs[i], f), o)
		draw.Draw(dst, rc, pane, image.Point{}, draw.Src)
	}
	return dst
}

// Render draws one view, or "split" for the 2x2 layout, at w x h.
func (r *Renderer) Render(f *lagcomp.Frame, view string, w, h int, o Options) (*image.RGBA, error) {
	if w < 64 || h < 64 || w > 16384 || h > 16384 {
		return nil, fmt.Errorf("size %dx%d: each side must be 64 to 16384 pixels", w, h)
	}
	if view == "split" {
		return r.Split(f, Layout2x2, Views, w, h, o), nil
	}
	for _, v := range Views {
		if string(v) == view {
			img := image.NewRGBA(image.Rect(0, 0, w, h))
			r.Pane(img, f, v, o)
			return img, nil
		}
	}
	return nil, fmt.Errorf("view %q: want split, %s", view, ViewNames())
}

// InPlace is the view a layout draws in v's cell for frame f: in a duel
// the sighting timeline takes the Overlay's place (the Overlay alone,
// with its duel box, stays one view away).
func InPlace(v View, f *lagcomp.Frame) View {
	if v == ViewOverlay && f != nil && f.Duel != nil {
		return ViewDuel
	}
	return v
}
