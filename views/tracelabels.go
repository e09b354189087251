package views

import (
	"image/color"
	"math"

	"lagscope/model"
)

// Labels keep off the traces: a tag laid across a shot's line hides the
// very thing the slide is about (the own pawn's tag crossed the trace
// lines in the 2×2). A trace is a thin segment, not a box, so it is kept
// as one and a label's box is tested against it; a label finds a spot
// clear of every trace where there is one, and crosses one only where
// the pane leaves it no other (counted in crossedTraces), rather than be
// left out.

// seg is a drawn segment in pixels, w wide.
type seg struct{ x0, y0, x1, y1, w float64 }

// trace draws a trace and notes it for the labels to keep off.
func (p *pane) trace(a, b model.Vec, c color.NRGBA, width float64, dashed bool) {
	p.line(a, b, c, width, dashed)
	x0, y0 := p.cam.px(a)
	x1, y1 := p.cam.px(b)
	p.traces = append(p.traces, seg{x0, y0, x1, y1, width * p.s})
}

// crosses says whether segment s passes through box r (grown by half the
// segment's width): Liang–Barsky clipping of s to the box.
func (s seg) crosses(r rect) bool {
	h := s.w / 2
	r = rect{r.x0 - h, r.y0 - h, r.x1 + h, r.y1 + h}
	dx, dy := s.x1-s.x0, s.y1-s.y0
	t0, t1 := 0.0, 1.0
	for _, e := range [4][2]float64{{-dx, s.x0 - r.x0}, {dx, r.x1 - s.x0}, {-dy, s.y0 - r.y0}, {dy, r.y1 - s.y0}} {
		q, d := e[0], e[1]
		if q == 0 {
			if d < 0 {
				return false // parallel to this edge and outside it
			}
			continue
		}
		t := d / q
		if q < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// crossesAny says whether box r crosses any of segs.
func crossesAny(r rect, segs []seg) bool {
	for _, s := range segs {
		if s.crosses(r) {
			return true
		}
	}
	return false
}
