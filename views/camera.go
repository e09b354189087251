package views

import (
	"math"

	"lagscope/model"
)

// camera maps world metres to pixels in a pane's drawing area: uniform
// scale, world y up, fitted to the points it must show.
type camera struct {
	x0, y0, w, h float64 // drawing area in pixels
	cx, cy       float64 // world centre
	ppm          float64 // pixels per metre
}

// fit frames the bounding box of pts, at least minW x minH metres.
func fit(x0, y0, w, h float64, pts []model.Vec, minW, minH float64) camera {
	lo, hi := model.V(math.Inf(1), math.Inf(1)), model.V(math.Inf(-1), math.Inf(-1))
	for _, p := range pts {
		lo = model.V(math.Min(lo.X, p.X), math.Min(lo.Y, p.Y))
		hi = model.V(math.Max(hi.X, p.X), math.Max(hi.Y, p.Y))
	}
	if len(pts) == 0 {
		lo, hi = model.V(0, 0), model.V(0, 0)
	}
	bw, bh := math.Max(hi.X-lo.X, minW), math.Max(hi.Y-lo.Y, minH)
	ppm := math.Min(w/bw, h/bh)
	if ppm <= 0 || math.IsInf(ppm, 0) || ppm != ppm {
		ppm = 1
	}
	return camera{x0, y0, w, h, (lo.X + hi.X) / 2, (lo.Y + hi.Y) / 2, ppm}
}

// px is the pixel position of a world point.
func (c camera) px(p model.Vec) (float64, float64) {
	return c.x0 + c.w/2 + (p.X-c.cx)*c.ppm, c.y0 + c.h/2 - (p.Y-c.cy)*c.ppm
}

// world is the world point under a pixel: the inverse of px, for clicks.
func (c camera) world(x, y float64) model.Vec {
	return model.V(c.cx+(x-c.x0-c.w/2)/c.ppm, c.cy-(y-c.y0-c.h/2)/c.ppm)
}
