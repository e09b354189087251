package chart

import (
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Dashes and marks tell lines apart where they coincide (every line at 0,
// say): the first line is solid with a filled dot, each later one is
// dashed over it, with a larger outline marker around the dot, so every
// line still shows where they overlap.
var (
	Dashes = [][]float64{nil, {18, 10}, {4, 8}, {18, 8, 4, 8}, {10, 6}, {2, 4}, {24, 6, 4, 6, 4, 6}, {30, 10}}
	shapes = []outline{dot, square, diamond, cross, triangle, plus, ring, star}
)

// outline is a marker shape drawn as a thick outline (gonum's own
// outlines are a hairline, too faint on a slide); dot is filled.
type outline int

const (
	dot outline = iota
	square
	diamond
	cross
	triangle
	plus
	ring
	star
)

// radius is the marker's size in slide pixels: outlines grow so each
// encloses the ones drawn before it.
func (o outline) radius() float64 { return []float64{7, 11, 13, 12, 15, 13, 17, 15}[o] }

type markGlyph struct {
	shape outline
	w     vg.Length
}

func (m markGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	poly := func(n int, rot float64) {
		for i := 0; i <= n; i++ {
			a := rot + 2*math.Pi*float64(i)/float64(n)
			q := vg.Point{X: pt.X + r*vg.Length(math.Cos(a)), Y: pt.Y + r*vg.Length(math.Sin(a))}
			if i == 0 {
				p.Move(q)
			} else {
				p.Line(q)
			}
		}
		p.Close()
	}
	switch m.shape {
	case dot:
		c.SetColor(sty.Color)
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
		p.Close()
		c.Fill(p)
		return
	case square:
		poly(4, math.Pi/4)
	case diamond:
		poly(4, 0)
	case triangle:
		poly(3, math.Pi/2)
	case ring:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
		p.Close()
	case star:
		poly(5, math.Pi/2)
	case cross, plus:
		rot := 0.0
		if m.shape == cross {
			rot = math.Pi / 4
		}
		for i := 0; i < 2; i++ {
			a := rot + float64(i)*math.Pi/2
			dx, dy := r*vg.Length(math.Cos(a)), r*vg.Length(math.Sin(a))
			p.Move(vg.Point{X: pt.X - dx, Y: pt.Y - dy})
			p.Line(vg.Point{X: pt.X + dx, Y: pt.Y + dy})
		}
	}
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: m.w})
	c.Stroke(p)
}

// stroke is line li's pen.
func (st style) stroke(li int) draw.LineStyle {
	ls := draw.LineStyle{Color: st.color(li), Width: st.size(4)}
	for _, d := range Dashes[li%len(Dashes)] {
		ls.Dashes = append(ls.Dashes, st.size(d))
	}
	return ls
}

// mark is line li's marker.
func (st style) mark(li int) draw.GlyphStyle {
	o := shapes[li%len(shapes)]
	return draw.GlyphStyle{Color: st.color(li), Radius: st.size(o.radius()), Shape: markGlyph{o, st.size(3)}}
}

// markPad is the largest marker radius among n lines.
func (st style) markPad(n int) vg.Length {
	r := 0.0
	for li := 0; li < n && li < len(shapes); li++ {
		r = math.Max(r, shapes[li].radius())
	}
	return st.size(r)
}
