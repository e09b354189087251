package views

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

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
	in, out := uint32(0), uint32(0)
	for first := true; len(px) >= 4; px = px[4:] {
		v := binary.LittleEndian.Uint32(px)
		if first || v != in {
			in, first = v, false
			out = uint32(uint8(((v&0xff)*a+r)/m>>8)) |
				uint32(uint8(((v>>8&0xff)*a+g)/m>>8))<<8 |
				uint32(uint8(((v>>16&0xff)*a+b)/m>>8))<<16 |
				uint32(uint8(((v>>24)*a+al)/m>>8))<<24
		}
		binary.LittleEndian.PutUint32(px, out)
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

// fx is a pixel point as gg stores it: 26.6 fixed point, truncated;
// held within farPx (see stroke.go), as beyond it the fixed point
// overflows and the rasterizer runs over its whole range. A fill with a
// corner that far lies wholly off the picture (a pawn's box 10¹⁵ m away)
// or, cornered there, covers what it covered.
func fx(x, y float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(clampFar(x) * 64), Y: fixed.Int26_6(clampFar(y) * 64)}
}

// clampFar is a pixel coordinate held within farPx; NaN (Inf − Inf, a
// curve's control point at FLT_MAX) goes to its edge too.
func clampFar(x float64) float64 {
	if x != x {
		return farPx
	}
	return math.Max(-farPx, math.Min(farPx, x))
}

// fillPath builds a path the way gg builds its fill path: every subpath
// is closed back to its start when the next one begins or the fill runs.
type fillPath struct {
	path  raster.Path
	start fixed.Point26_6
	open  bool // gg's hasCurrent
}

func (f *fillPath) moveTo(x, y float64) {
	if f.open {
		f.path.Add1(f.start)
	}
	f.start, f.open = fx(x, y), true
	f.path.Start(f.start)
}

func (f *fillPath) lineTo(x, y float64) {
	if !f.open {
		f.moveTo(x, y)
		return
	}
	f.path.Add1(fx(x, y))
}

func (f *fillPath) closePath() {
	if f.open {
		f.path.Add1(f.start)
	}
}

func (f *fillPath) newSubPath() {
	if f.open {
		f.path.Add1(f.start)
	}
	f.open = false
}

// rect is gg's DrawRectangle.
func (f *fillPath) rect(r rect) {
	f.newSubPath()
	f.moveTo(r.x0, r.y0)
	f.lineTo(r.x1, r.y0)
	f.lineTo(r.x1, r.y1)
	f.lineTo(r.x0, r.y1)
	f.closePath()
}

// polygon is a closed subpath through pixel points (x, y pairs) the way
// the panes draw one: MoveTo, LineTo…, ClosePath.
func (f *fillPath) polygon(xy ...float64) {
	f.moveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		f.lineTo(xy[i], xy[i+1])
	}
	f.closePath()
}

// circle is gg's DrawCircle: NewSubPath, a whole turn in 16 quadratic
// pieces, ClosePath.
func (f *fillPath) circle(x, y, r float64) {
	f.newSubPath()
	arc(x, y, r, f.moveTo, func(cx, cy, x, y float64) { f.path.Add2(fx(cx, cy), fx(x, y)) })
	f.closePath()
}

// arc is gg's DrawEllipticalArc over a whole turn of a circle, its
// arithmetic step for step so the points are gg's to the bit: start at
// the first point, then 16 quadratic pieces.
func arc(x, y, r float64, start func(x, y float64), quad func(cx, cy, x, y float64)) {
	const n = 16
	angle1, angle2 := 0.0, 2*math.Pi
	for i := 0; i < n; i++ {
		p1 := float64(i+0) / n
		p2 := float64(i+1) / n
		a1 := angle1 + (angle2-angle1)*p1
		a2 := angle1 + (angle2-angle1)*p2
		x0 := x + r*math.Cos(a1)
		y0 := y + r*math.Sin(a1)
		x1 := x + r*math.Cos((a1+a2)/2)
		y1 := y + r*math.Sin((a1+a2)/2)
		x2 := x + r*math.Cos(a2)
		y2 := y + r*math.Sin(a2)
		cx := 2*x1 - x0/2 - x2/2
		cy := 2*y1 - y0/2 - y2/2
		if i == 0 {
			start(x0, y0)
		}
		quad(cx, cy, x2, y2)
	}
}

// fill paints the path in colour c (non-zero winding, as gg's Fill) and
// empties it.
func (p *pane) fill(f *fillPath, c color.Color) {
	f.closePath()
	if len(f.path) > 0 {
		rz := p.rasterizer()
		rz.UseNonZeroWinding = true
		rz.AddPath(f.path)
		rz.Rasterize(p.painter(c))
	}
	f.path, f.open = f.path[:0], false
}

// fillRects fills rectangles in colour c, as one gg path of
// DrawRectangle calls and a Fill would.
func (p *pane) fillRects(c color.Color, rs ...rect) {
	f := &p.r.fill
	for _, r := range rs {
		f.rect(r)
	}
	p.fill(f, c)
}

// fillRect fills one rectangle x, y, w, h (gg's DrawRectangle and Fill).
func (p *pane) fillRect(x, y, w, h float64, c color.Color) {
	p.fillRects(c, rect{x, y, x + w, y + h})
}

// strokeLines strokes straight segments {x0, y0, x1, y1} in colour c,
// width pixels wide, as one gg path of DrawLine calls and a Stroke would.
func (p *pane) strokeLines(c color.Color, width float64, segs ...[4]float64) {
	sp := &p.r.stroke
	for _, s := range segs {
		sp.line(s[0], s[1], s[2], s[3])
	}
	p.stroke(sp, c, width)
}

// strokeRects outlines rectangles as DrawRectangle calls and a Stroke
// would.
func (p *pane) strokeRects(c color.Color, width float64, rs ...rect) {
	sp := &p.r.stroke
	for _, r := range rs {
		sp.rect(r)
	}
	p.stroke(sp, c, width)
}
