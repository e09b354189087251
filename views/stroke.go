package views

import (
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Strokes through the fast path (see paint.go): the outline gg would
// stroke, built as gg builds it — points kept in 26.6 fixed point,
// curves flattened by gg's own QuadraticBezier, dashes cut as gg's
// dashPath cuts them, steps under 8/64 px dropped as its rasterPath
// drops them — and stroked by freetype with gg's default round caps and
// joins, then painted in bulk. Tests hold the bytes to gg's.

// strokePath is a path as gg's stroke sees it: subpaths of points.
type strokePath struct {
	subs [][]gg.Point
	n    int // subpaths in use; the slices are reused across strokes

	pen    bool    // a point was given since the last stroke (gg's hasCurrent)
	cx, cy float64 // the last point given, as given
	sx, sy float64 // the subpath's first point, as given
	cut    bool    // the last point given lies beyond farPx: the subpath waits for a segment back in
}

// farPx bounds the pixel coordinates a stroke is drawn to: a segment with
// an end beyond it is cut to the part within. A pose 10¹⁵ m away, or a
// trace to it, is otherwise rasterized row by row over the 26.6 fixed
// point's whole range (its coordinates overflow it), which took minutes
// a line. What a picture shows lies well inside ±2^20 px (an 8K picture
// is 8 192 px wide; the window zoomed to its limit on a hitbox puts its
// corners some 50 000 px out), so it does not change, though a dashed
// line cut here starts its dashes anew where it is cut; and a line cut
// to it costs the rasterizer a few milliseconds at most.
const farPx = 1 << 20

// inFar says whether a point lies within farPx (false for NaN).
func inFar(x, y float64) bool { return math.Abs(x) <= farPx && math.Abs(y) <= farPx }

// onGrid is x as gg stores it, truncated to 26.6 fixed point.
func onGrid(x float64) float64 { return float64(fixed.Int26_6(x*64)) / 64 }

func (s *strokePath) moveTo(x, y float64) {
	s.pen, s.cx, s.cy, s.sx, s.sy = true, x, y, x, y
	s.cut = !inFar(x, y)
	if !s.cut {
		s.begin(x, y)
	}
}

// begin starts a subpath at a point within farPx.
func (s *strokePath) begin(x, y float64) {
	if s.n == len(s.subs) {
		s.subs = append(s.subs, nil)
	}
	s.subs[s.n] = append(s.subs[s.n][:0], gg.Point{X: onGrid(x), Y: onGrid(y)})
	s.n++
}

func (s *strokePath) lineTo(x, y float64) {
	if !s.pen {
		s.moveTo(x, y)
		return
	}
	x0, y0 := s.cx, s.cy
	s.cx, s.cy = x, y
	if !s.cut && inFar(x, y) {
		s.subs[s.n-1] = append(s.subs[s.n-1], gg.Point{X: onGrid(x), Y: onGrid(y)})
		return
	}
	// a segment with an end beyond farPx: the part within it, if any
	ax, ay, bx, by, ok := clipToFar(x0, y0, x, y)
	if !ok {
		s.cut = true
		return
	}
	if s.cut { // back in: a new subpath
		s.begin(ax, ay)
	}
	s.subs[s.n-1] = append(s.subs[s.n-1], gg.Point{X: onGrid(bx), Y: onGrid(by)})
	s.cut = !inFar(x, y)
}

// clipToFar is the part of the segment from (x0, y0) to (x1, y1) within
// farPx (Liang–Barsky), and whether there is one.
func clipToFar(x0, y0, x1, y1 float64) (ax, ay, bx, by float64, ok bool) {
	dx, dy := x1-x0, y1-y0
	t0, t1 := 0.0, 1.0
	for _, e := range [4][2]float64{{-dx, x0 + farPx}, {dx, farPx - x0}, {-dy, y0 + farPx}, {dy, farPx - y0}} {
		p, q := e[0], e[1]
		switch {
		case p == 0:
			if !(q >= 0) {
				return 0, 0, 0, 0, false
			}
		case p < 0:
			t0 = math.Max(t0, q/p)
		default:
			t1 = math.Min(t1, q/p)
		}
	}
	if !(t0 <= t1) { // NaN too
		return 0, 0, 0, 0, false
	}
	return x0 + t0*dx, y0 + t0*dy, x0 + t1*dx, y0 + t1*dy, true
}

// quadTo flattens a quadratic curve from the current point as gg does;
// one reaching beyond farPx is drawn as its chord, cut.
func (s *strokePath) quadTo(cx, cy, x, y float64) {
	if s.cut || !inFar(cx, cy) || !inFar(x, y) {
		s.lineTo(x, y)
		return
	}
	sub := s.subs[s.n-1]
	c := sub[len(sub)-1]
	s.subs[s.n-1] = append(sub, gg.QuadraticBezier(c.X, c.Y, onGrid(cx), onGrid(cy), onGrid(x), onGrid(y))...)
	s.cx, s.cy = x, y
}

// closePath returns to the subpath's start (gg strokes it open, with
// caps meeting there).
func (s *strokePath) closePath() {
	if s.pen {
		s.lineTo(s.sx, s.sy)
	}
}

// line is gg's DrawLine.
func (s *strokePath) line(x0, y0, x1, y1 float64) {
	s.moveTo(x0, y0)
	s.lineTo(x1, y1)
}

// rect is gg's DrawRectangle.
func (s *strokePath) rect(r rect) {
	s.moveTo(r.x0, r.y0)
	s.lineTo(r.x1, r.y0)
	s.lineTo(r.x1, r.y1)
	s.lineTo(r.x0, r.y1)
	s.closePath()
}

// polygon is a closed subpath through pixel points (x, y pairs).
func (s *strokePath) polygon(xy ...float64) {
	s.moveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		s.lineTo(xy[i], xy[i+1])
	}
	s.closePath()
}

// circle is gg's DrawCircle: a new subpath of 16 quadratic pieces.
func (s *strokePath) circle(x, y, r float64) {
	arc(x, y, r, func(x0, y0 float64) { s.moveTo(x0, y0) }, s.quadTo)
	s.closePath()
}

// stroke strokes the path width pixels wide in colour c, dashed when
// dashes (on, off lengths in pixels) are given, and empties it.
func (p *pane) stroke(s *strokePath, c color.Color, width float64, dashes ...float64) {
	subs := s.subs[:s.n]
	if len(dashes) > 0 {
		subs = dashPath(subs, dashes)
	}
	path := p.r.path[:0]
	for _, sub := range subs {
		path = addPoints(path, sub)
	}
	p.r.path = path
	s.n, s.pen = 0, false
	if len(path) == 0 {
		return
	}
	rz := p.rasterizer()
	rz.UseNonZeroWinding = true
	rz.AddStroke(path, fixed.Int26_6(width*64), raster.RoundCapper, raster.RoundJoiner)
	rz.Rasterize(p.painter(c))
}

// addPoints adds a subpath through pts as gg's rasterPath does: without
// the steps shorter than 8/64 px, which leaves a lone point a dot of a
// cap.
func addPoints(path raster.Path, pts []gg.Point) raster.Path {
	var prev fixed.Point26_6
	for i, pt := range pts {
		q := pt.Fixed()
		if i == 0 {
			path.Start(q)
		} else if abs26(q.X-prev.X)+abs26(q.Y-prev.Y) > 8 {
			path.Add1(q)
		}
		prev = q
	}
	return path
}

func abs26(x fixed.Int26_6) fixed.Int26_6 {
	if x < 0 {
		return -x
	}
	return x
}

// dashPath cuts subpaths into dashes, alternately on and off along
// dashes, starting on: gg's dashPath (v1.3.0) with no dash offset, the
// only way the panes dash.
func dashPath(paths [][]gg.Point, dashes []float64) [][]gg.Point {
	var result [][]gg.Point
	for _, path := range paths {
		if len(path) < 2 {
			continue
		}
		previous := path[0]
		pathIndex := 1
		dashIndex := 0
		segmentLength := 0.0
		segment := []gg.Point{previous}
		for pathIndex < len(path) {
			dashLength := dashes[dashIndex]
			point := path[pathIndex]
			d := previous.Distance(point)
			maxd := dashLength - segmentLength
			if d > maxd {
				t := maxd / d
				p := previous.Interpolate(point, t)
				segment = append(segment, p)
				if dashIndex%2 == 0 && len(segment) > 1 {
					result = append(result, segment)
				}
				segment = []gg.Point{p}
				segmentLength = 0
				previous = p
				dashIndex = (dashIndex + 1) % len(dashes)
			} else {
				segment = append(segment, point)
				previous = point
				segmentLength += d
				pathIndex++
			}
		}
		if dashIndex%2 == 0 && len(segment) > 1 {
			result = append(result, segment)
		}
	}
	return result
}
