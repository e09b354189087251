package chart

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"lagscope/lagcomp/sweep"
)

// A 95 % band can reach past what a figure can be (agreement above 1, a
// count below 0); the chart cuts it at the bound and shows where. The
// place past the bound is a hatched strip — nothing a line or a marker
// of a series looks like — and each cut band runs on into it as a short
// stub of its line's colour, so a reader sees which points' bands are
// shorter than the data made them. The notes band names the clamp and
// counts the cut points.
type cutMarks struct {
	at []cutMark
}

type cutMark struct {
	x, y float64
	up   bool // the top end was cut
	line int  // the series whose band it was
}

// stripShare is the strip's depth, a share of the y axis's span.
const stripShare = 0.06

// strip widens the y axis past each bound the bands were cut at by a
// strip, and adds the strip and the stubs to the panel.
func (m cutMarks) strip(p *plot.Plot, st style) {
	d := (p.Y.Max - p.Y.Min) * stripShare
	s := clampStrip{m: m, d: d, st: st}
	for _, k := range m.at {
		if k.up {
			s.hi, s.hiAt = true, k.y
			p.Y.Max = max(p.Y.Max, k.y+d)
		} else {
			s.lo, s.loAt = true, k.y
			p.Y.Min = min(p.Y.Min, k.y-d)
		}
	}
	p.Add(s)
}

// clampStrip draws the hatched strips and the stubs.
type clampStrip struct {
	m          cutMarks
	d          float64
	st         style
	hi, lo     bool
	hiAt, loAt float64
}

func (s clampStrip) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	hatch := draw.LineStyle{Color: s.st.theme().Muted, Width: s.st.size(1.5)}
	edge := draw.LineStyle{Color: s.st.theme().Muted, Width: s.st.size(2)}
	for _, b := range []struct {
		on       bool
		at, past float64
	}{{s.hi, s.hiAt, s.hiAt + s.d}, {s.lo, s.loAt, s.loAt - s.d}} {
		if !b.on {
			continue
		}
		y0, y1 := trY(b.at), trY(b.past)
		lo, hi := min(y0, y1), max(y0, y1)
		for _, seg := range hatches(c.Min.X, c.Max.X, lo, hi, s.st.size(12)) {
			c.StrokeLine2(hatch, seg[0].X, seg[0].Y, seg[1].X, seg[1].Y)
		}
		c.StrokeLine2(edge, c.Min.X, y0, c.Max.X, y0)
	}
	for _, k := range s.m.at {
		past := k.y - s.d
		if k.up {
			past = k.y + s.d
		}
		stub := draw.LineStyle{Color: s.st.color(k.line), Width: s.st.size(4)}
		c.StrokeLine2(stub, trX(k.x), trY(k.y), trX(k.x), trY(past))
	}
}

// hatches are 45° lines every gap across the rectangle x0…x1 × y0…y1,
// each cut to it.
func hatches(x0, x1, y0, y1, gap vg.Length) [][2]vg.Point {
	h := y1 - y0
	var out [][2]vg.Point
	for x := x0 - h; x < x1; x += gap {
		a := vg.Point{X: x, Y: y0}
		b := vg.Point{X: x + h, Y: y1}
		if a.X < x0 { // enter through the left edge
			a = vg.Point{X: x0, Y: y0 + (x0 - a.X)}
		}
		if b.X > x1 { // leave through the right edge
			b = vg.Point{X: x1, Y: y1 - (b.X - x1)}
		}
		if b.X > a.X {
			out = append(out, [2]vg.Point{a, b})
		}
	}
	return out
}

// cutsOf are the cut ends of the bands of a panel's lines, at the places
// their points are drawn.
func cutsOf(t *sweep.Table, series []sweep.Series) cutMarks {
	var m cutMarks
	for li, s := range series {
		for i, pt := range s.Points {
			x := xPos(t, pt.X, i, li, len(series))
			if pt.N > 0 && pt.CutLo {
				m.at = append(m.at, cutMark{x, pt.Lo, false, li})
			}
			if pt.N > 0 && pt.CutHi {
				m.at = append(m.at, cutMark{x, pt.Hi, true, li})
			}
		}
	}
	return m
}
