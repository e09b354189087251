package app

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// flowLayout sets its objects left to right as words on a line, and
// starts a new line when the next does not fit: the metrics strip's
// figures stay whole and readable at any zoom and window width, where a
// single row demanded 1170 px (1870 px at zoom 1.6, wider than a
// 1280-pixel screen: the window grew past the screen's edge and took the
// sidebar with it). Its height depends on the width it was last given,
// as a wrapping label's does; when the lines change, grew is called so
// the window lays out again with the new height.
type flowLayout struct {
	width float32 // the width of the last Layout, 0 before the first
	lines int     // the line count MinSize last reported
	asked float32 // the width grew was last called for: once per width
	grew  func()
}

func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	at := l.width
	if at <= 0 { // not laid out yet: one line
		at = float32(1e9)
	}
	h, lines := l.place(objs, max(at, w), false)
	l.lines = lines
	return fyne.NewSize(w, h)
}

func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	h, _ := l.place(objs, size.Width, true)
	// the height given is not the height these lines need: ask the window
	// to lay out again, once for this width (a relayout that gives the
	// same height again must not ask again, or it never ends)
	if l.grew != nil && math.Abs(float64(h-size.Height)) > 0.5 && l.asked != size.Width {
		l.asked = size.Width
		l.grew()
	}
}

// place lays the objects out in lines at most width wide (moving them
// when move is set) and returns the height and the line count.
func (l *flowLayout) place(objs []fyne.CanvasObject, width float32, move bool) (float32, int) {
	gap := theme.Padding()
	x, y, lineH, lines := float32(0), float32(0), float32(0), 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		ms := o.MinSize()
		if x > 0 && x+ms.Width > width {
			x, y, lineH = 0, y+lineH+gap, 0
		}
		if x == 0 {
			lines++
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(ms)
		}
		x += ms.Width + gap
		lineH = max(lineH, ms.Height)
	}
	return y + lineH, lines
}
