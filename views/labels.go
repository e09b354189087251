package views

import (
	"fmt"
	"image/color"
	"math"

	"lagscope/model"
)

// Labels are placed after everything else is drawn, so that none covers
// another label, a note or the shape it names: each label tries spots
// round its anchor, nearest first, and takes the first that is free of
// everything placed so far (greedy, in the order the pane asked for
// them). A label moved away from its anchor gets a leader line; one with
// no free spot is left out, and the pane says how many were.

// rect is a pixel rectangle.
type rect struct{ x0, y0, x1, y1 float64 }

func (a rect) overlaps(b rect) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a rect) inside(b rect) bool {
	return a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1
}

// union is the smallest rect holding a and b.
func (a rect) union(b rect) rect {
	return rect{math.Min(a.x0, b.x0), math.Min(a.y0, b.y0), math.Max(a.x1, b.x1), math.Max(a.y1, b.y1)}
}

// labelReq is a label waiting to be placed.
type labelReq struct {
	ax, ay float64 // the anchor, in pixels
	text   string
	c      color.NRGBA
	short  string // said instead where text finds no room ("": left out)
	// clear: left out rather than laid across a trace (a label the
	// legend's entry can stand in for)
	clear bool
}

const labelSize = 12 // logical px

// label asks for text naming the mark at a world point; it is placed
// once the pane is drawn.
func (p *pane) label(at model.Vec, s string, c color.NRGBA) {
	x, y := p.cam.px(at)
	p.labels = append(p.labels, labelReq{ax: x, ay: y, text: s, c: c})
}

// labelOr is label with short said where s finds no room.
func (p *pane) labelOr(at model.Vec, s, short string, c color.NRGBA) {
	x, y := p.cam.px(at)
	p.labels = append(p.labels, labelReq{ax: x, ay: y, text: s, c: c, short: short})
}

// labelPx asks for text naming the mark at pixel (x, y).
func (p *pane) labelPx(x, y float64, s string, c color.NRGBA) {
	p.labels = append(p.labels, labelReq{ax: x, ay: y, text: s, c: c})
}

// shape notes a drawn mark (its pixel bounds) that labels must not cover.
func (p *pane) shape(r rect) { p.shapes = append(p.shapes, r) }

// shapeAt notes a round mark of radius r pixels at a world point.
func (p *pane) shapeAt(at model.Vec, r float64) {
	x, y := p.cam.px(at)
	p.shape(rect{x - r, y - r, x + r, y + r})
}

// labelRings are the distances from its anchor a label tries, in
// logical px; the first ring sits right beside the anchor.
var labelRings = []float64{6, 16, 30, 48, 72, 100, 140}

// labelDirs are the directions tried on each ring: right, left, above,
// below, then the diagonals.
var labelDirs = [][2]float64{{1, 0}, {-1, 0}, {0, -1}, {0, 1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}}

// placeLabels places and draws every queued label.
func (p *pane) placeLabels() {
	x, y, w, h := p.area()
	p.placeLabelsIn(rect{x, y, x + w, y + h})
}

// placeLabelsIn places and draws every queued label inside bounds. The
// bottom-left corner where the count of left-out labels goes is kept
// free only when some are left out: placed once without it, the labels
// are placed again round it if any found no spot.
func (p *pane) placeLabelsIn(bounds rect) {
	pad := 3 * p.s
	hidden := p.hiddenRect()
	spots, texts, left, crossed := p.spotLabels(bounds, pad, nil)
	if left > 0 {
		spots, texts, left, crossed = p.spotLabels(bounds, pad, &hidden)
	}
	for i, l := range p.labels {
		if texts[i] == "" {
			continue
		}
		l.text = texts[i]
		p.placed = append(p.placed, spots[i])
		p.placedText = append(p.placedText, l.text)
		p.drawLabel(l, spots[i], pad)
	}
	p.leftOut, p.crossedTraces = left, crossed
	if left > 0 {
		s := fmt.Sprintf("%d labels left out: zoom in", left)
		if left == 1 {
			s = "1 label left out: zoom in"
		}
		p.text(s, hidden.x0+2*p.s, hidden.y1-2*p.s, 10, p.pal.Dim, 0, 1, false)
	}
}

// spotLabels finds each queued label its box (texts[i] "" where it
// finds none, or names something out of frame), keeping off the shapes,
// the labels placed before it and kept (if not nil), and the traces
// where it can: in full words or short ones clear of them, across one
// only where nothing else is free (crossed counts those).
func (p *pane) spotLabels(bounds rect, pad float64, kept *rect) (spots []rect, texts []string, left, crossed int) {
	taken := append([]rect(nil), p.shapes...)
	if kept != nil {
		taken = append(taken, *kept)
	}
	spots, texts = make([]rect, len(p.labels)), make([]string, len(p.labels))
	for i, l := range p.labels {
		if l.ax < bounds.x0 || l.ax > bounds.x1 || l.ay < bounds.y0 || l.ay > bounds.y1 {
			continue // it names something out of frame
		}
		ok := false
		for _, avoid := range [][]seg{p.traces, nil} {
			for _, s := range []string{l.text, l.short} {
				if ok || s == "" || (avoid == nil && l.clear) {
					continue
				}
				tw, th := p.measure(s, labelSize)
				if spots[i], ok = p.spot(l, tw+2*pad, th+2*pad, bounds, taken, avoid); ok {
					texts[i] = s
					if avoid == nil && crossesAny(spots[i], p.traces) {
						crossed++
					}
				}
			}
		}
		if !ok {
			left++
			continue
		}
		taken = append(taken, spots[i])
	}
	return spots, texts, left, crossed
}

// hiddenRect is the bottom-left corner where the count of left-out
// labels goes.
func (p *pane) hiddenRect() rect {
	x, y, _, h := p.area()
	tw, th := p.measure("99 labels left out: zoom in", 10)
	return rect{x, y + h - th - 4*p.s, x + tw + 4*p.s, y + h}
}

// spot is the first box of bw x bh for l free of taken and clear of the
// segments avoid.
func (p *pane) spot(l labelReq, bw, bh float64, bounds rect, taken []rect, avoid []seg) (rect, bool) {
	for _, dirs := range [][][2]float64{labelDirs, labelDirsBetween} {
		if r, ok := p.spotOn(l, bw, bh, bounds, taken, avoid, dirs); ok {
			return r, true
		}
	}
	return rect{}, false
}

// labelDirsBetween are the directions between labelDirs' eight, tried
// once those found no spot on any ring: round a pawn many traces start
// from (a beam weapon's shooter) the clear spots lie between them.
var labelDirsBetween = [][2]float64{{1, -0.5}, {-1, -0.5}, {1, 0.5}, {-1, 0.5}, {0.5, -1}, {-0.5, -1}, {0.5, 1}, {-0.5, 1}}

// spotOn is spot trying the directions dirs on every ring.
func (p *pane) spotOn(l labelReq, bw, bh float64, bounds rect, taken []rect, avoid []seg, dirs [][2]float64) (rect, bool) {
	for _, ring := range labelRings {
		d := ring * p.s
		for _, dir := range dirs {
			// the box's near edge sits d from the anchor along dir
			cx := l.ax + dir[0]*(d+bw/2)
			cy := l.ay + dir[1]*(d+bh/2)
			r := rect{cx - bw/2, cy - bh/2, cx + bw/2, cy + bh/2}
			if !r.inside(bounds) || collides(r, taken) || crossesAny(r, avoid) {
				continue
			}
			return r, true
		}
	}
	return rect{}, false
}

func collides(r rect, taken []rect) bool {
	for _, t := range taken {
		if r.overlaps(t) {
			return true
		}
	}
	return false
}

// drawLabel draws l in box r on a panel, with a leader line back to its
// anchor when it had to move away.
func (p *pane) drawLabel(l labelReq, r rect, pad float64) {
	nx := math.Max(r.x0, math.Min(l.ax, r.x1))
	ny := math.Max(r.y0, math.Min(l.ay, r.y1))
	if p.gapToNamed(l, r) > 8*p.s {
		p.dc.SetColor(alpha(l.c, 0.7))
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(l.ax, l.ay, nx, ny)
		p.dc.Stroke()
		p.dc.DrawCircle(l.ax, l.ay, 2*p.s)
		p.dc.Fill()
	}
	p.fillRects(p.pal.Panel, r)
	p.text(l.text, r.x0+pad, r.y0+pad, labelSize, l.c, 0, 0, false)
}

// gapToNamed is how far label box r is from the shape its anchor names
// (the smallest noted shape round the anchor; the anchor itself if none).
func (p *pane) gapToNamed(l labelReq, r rect) float64 {
	named := rect{l.ax, l.ay, l.ax, l.ay}
	best := math.Inf(1)
	for _, s := range p.shapes {
		if s.x0 <= l.ax && l.ax <= s.x1 && s.y0 <= l.ay && l.ay <= s.y1 {
			if a := (s.x1 - s.x0) * (s.y1 - s.y0); a < best {
				named, best = s, a
			}
		}
	}
	dx := math.Max(0, math.Max(named.x0-r.x1, r.x0-named.x1))
	dy := math.Max(0, math.Max(named.y0-r.y1, r.y0-named.y1))
	return math.Hypot(dx, dy)
}

// arrowPx draws an arrow from (x0, y0) to (x1, y1) in pixels, in the
// current colour.
func (p *pane) arrowPx(x0, y0, x1, y1, width float64) {
	p.arrowPxHead(x0, y0, x1, y1, width, 6)
}

// arrowPxHead is arrowPx with a head head logical px long.
func (p *pane) arrowPxHead(x0, y0, x1, y1, width, head float64) {
	p.dc.SetLineWidth(width * p.s)
	p.dc.DrawLine(x0, y0, x1, y1)
	p.dc.Stroke()
	a := math.Atan2(y1-y0, x1-x0)
	hl := head * p.s
	p.dc.MoveTo(x1, y1)
	p.dc.LineTo(x1-hl*math.Cos(a-0.45), y1-hl*math.Sin(a-0.45))
	p.dc.LineTo(x1-hl*math.Cos(a+0.45), y1-hl*math.Sin(a+0.45))
	p.dc.ClosePath()
	p.dc.Fill()
}
