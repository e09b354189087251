package views

import (
	"image"
	"image/color"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// A quarter of a 2560×1440 screen is a million pixels, and gg paints
// every filled pixel through freetype's RGBAPainter, which divides per
// channel and per pixel: filling the header bars, note panels and the
// broad phase's cells cost more than a third of a frame. The shapes the
// panes fill most — rectangles and straight strokes — are rasterised
// here instead, by the same rasteriser gg uses, with the same path gg
// would build, and painted with the same arithmetic, in bulk: the bytes
// are gg's (a test holds them to it); only the time differs.

// spanPainter paints a rasteriser's spans in one colour over an RGBA
// image, as freetype's RGBAPainter with Op Over does, byte for byte.
type spanPainter struct {
	img            *image.RGBA
	cr, cg, cb, ca uint32 // premultiplied 16-bit
}

// Paint blends each span. A span fully covered by an opaque colour is
// the colour itself (RGBAPainter's formula gives exactly that), so it is
// copied; any other span has one coverage, so its blend factor is worked
// out once, not per pixel.
func (sp *spanPainter) Paint(ss []raster.Span, _ bool) {
	const m = 1<<16 - 1
	b := sp.img.Rect
	for _, s := range ss {
		if s.Y < b.Min.Y {
			continue
		}
		if s.Y >= b.Max.Y {
			return
		}
		s.X0, s.X1 = max(s.X0, b.Min.X), min(s.X1, b.Max.X)
		if s.X0 >= s.X1 {
			continue
		}
		ma := s.Alpha
		i0 := (s.Y-b.Min.Y)*sp.img.Stride + (s.X0-b.Min.X)*4
		px := sp.img.Pix[i0 : i0+(s.X1-s.X0)*4 : i0+(s.X1-s.X0)*4]
		if ma == m && sp.ca == m {
			sp.fill(px)
			continue
		}
		sp.blend(px, ma)
	}
}

// blend paints colour at coverage ma over px. What lies under a wide
// translucent fill is mostly one colour (background, a panel), so the
// last pixel blended is remembered and its result reused.
func (sp *spanPainter) blend(px []byte, ma uint32) {
	const m = 1<<16 - 1
	a := (m - (sp.ca * ma / m)) * 0x101
	r, g, b, al := sp.cr*ma, sp.cg*ma, sp.cb*ma, sp.ca*ma
	var in, out [4]byte
	seen := false
	for i := 0; i+3 < len(px); i += 4 {
		q := (*[4]byte)(px[i : i+4])
		if seen && *q == in {
			*q = out
			continue
		}
		in, seen = *q, true
		q[0] = uint8((uint32(q[0])*a + r) / m >> 8)
		q[1] = uint8((uint32(q[1])*a + g) / m >> 8)
		q[2] = uint8((uint32(q[2])*a + b) / m >> 8)
		q[3] = uint8((uint32(q[3])*a + al) / m >> 8)
		out = *q
	}
}

// fill sets every pixel of px to the (opaque) colour, doubling what is
// already copied.
func (sp *spanPainter) fill(px []byte) {
	px[0], px[1], px[2], px[3] = uint8(sp.cr>>8), uint8(sp.cg>>8), uint8(sp.cb>>8), 0xff
	for n := 4; n < len(px); n *= 2 {
		copy(px[n:], px[:n])
	}
}

// painter is the pane's painter, set to colour c.
func (p *pane) painter(c color.Color) *spanPainter {
	sp := &p.r.paint
	sp.img = p.dst
	sp.cr, sp.cg, sp.cb, sp.ca = c.RGBA()
	return sp
}

// rasterizer is the renderer's rasteriser, cleared and sized to the pane
// (gg keeps one per context; one per renderer is reused across frames).
func (p *pane) rasterizer() *raster.Rasterizer {
	b := p.dst.Bounds()
	if p.r.rast == nil || p.r.rastSize != b.Size() {
		p.r.rast = raster.NewRasterizer(b.Dx(), b.Dy()) // SetBounds would allocate anyway
		p.r.rastSize = b.Size()
	}
	p.r.rast.Clear()
	return p.r.rast
}

// fx is a pixel point as gg stores it: 26.6 fixed point, truncated.
func fx(x, y float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
}

// fillRects fills rectangles in colour c, as one gg path of
// DrawRectangle calls and a Fill would (non-zero winding).
func (p *pane) fillRects(c color.Color, rs ...rect) {
	if len(rs) == 0 {
		return
	}
	path := p.r.path[:0]
	for i, r := range rs {
		if i > 0 { // gg's NewSubPath closes the previous subpath
			path.Add1(fx(rs[i-1].x0, rs[i-1].y0))
		}
		start := fx(r.x0, r.y0)
		path.Start(start)
		path.Add1(fx(r.x1, r.y0))
		path.Add1(fx(r.x1, r.y1))
		path.Add1(fx(r.x0, r.y1))
		path.Add1(start) // ClosePath
	}
	path.Add1(fx(rs[len(rs)-1].x0, rs[len(rs)-1].y0)) // Fill closes the open path
	p.r.path = path
	rz := p.rasterizer()
	rz.UseNonZeroWinding = true
	rz.AddPath(path)
	rz.Rasterize(p.painter(c))
}

// fillRect fills one rectangle x, y, w, h (gg's DrawRectangle and Fill).
func (p *pane) fillRect(x, y, w, h float64, c color.Color) {
	p.fillRects(c, rect{x, y, x + w, y + h})
}

// strokeLines strokes straight segments {x0, y0, x1, y1} in colour c,
// width pixels wide with round caps, as one gg path of DrawLine calls
// and a Stroke would.
func (p *pane) strokeLines(c color.Color, width float64, segs ...[4]float64) {
	path := p.r.path[:0]
	for _, s := range segs {
		path = addPolyline(path, s[0], s[1], s[2], s[3])
	}
	p.stroke(path, c, width)
}

// strokeRects outlines rectangles as DrawRectangle calls and a Stroke
// would (closed, round joins).
func (p *pane) strokeRects(c color.Color, width float64, rs ...rect) {
	path := p.r.path[:0]
	for _, r := range rs {
		path = addPolyline(path, r.x0, r.y0, r.x1, r.y0, r.x1, r.y1, r.x0, r.y1, r.x0, r.y0)
	}
	p.stroke(path, c, width)
}

// addPolyline adds a subpath through the points (x, y pairs) as gg's
// stroke sees it: in 26.6 fixed point, without the steps shorter than
// 8/64 px that gg drops (its rasterPath), which leaves a lone point a
// dot of a cap.
func addPolyline(path raster.Path, xy ...float64) raster.Path {
	prev := fx(xy[0], xy[1])
	path.Start(prev)
	for i := 2; i+1 < len(xy); i += 2 {
		q := fx(xy[i], xy[i+1])
		if abs26(q.X-prev.X)+abs26(q.Y-prev.Y) > 8 {
			path.Add1(q)
		}
		prev = q
	}
	return path
}

// stroke rasterises path's outline width pixels wide with gg's default
// round caps and joins, in colour c.
func (p *pane) stroke(path raster.Path, c color.Color, width float64) {
	p.r.path = path
	if len(path) == 0 {
		return
	}
	rz := p.rasterizer()
	rz.UseNonZeroWinding = true
	rz.AddStroke(path, fixed.Int26_6(width*64), raster.RoundCapper, raster.RoundJoiner)
	rz.Rasterize(p.painter(c))
}

func abs26(x fixed.Int26_6) fixed.Int26_6 {
	if x < 0 {
		return -x
	}
	return x
}
