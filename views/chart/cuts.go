package chart

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"lagscope/lagcomp/sweep"
)

// cutMarks mark each end of a 95 % band that was cut at the figure's
// bound (agreement's 1, a count's 0): a black triangle whose tip sits on
// the cut end and points on past it, ▲ at a top cut, ▼ at a bottom one.
// The panel's title names the clamp and these shapes, so a reader sees
// which points' bands are shorter than the data made them.
type cutMarks struct {
	at []cutMark
	r  vg.Length // half the triangle's base
}

type cutMark struct {
	x, y float64
	up   bool // the top end was cut
}

func (m cutMarks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	c.SetColor(color.Black)
	for _, k := range m.at {
		x, y := trX(k.x), trY(k.y)
		dir := vg.Length(1)
		if !k.up {
			dir = -1
		}
		var tri vg.Path
		tri.Move(vg.Point{X: x, Y: y})
		tri.Line(vg.Point{X: x - m.r, Y: y - dir*1.6*m.r})
		tri.Line(vg.Point{X: x + m.r, Y: y - dir*1.6*m.r})
		tri.Close()
		c.Fill(tri)
	}
}

// shapes are the marks the panel drew, for its title: "▲", "▼" or "▲▼".
func (m cutMarks) shapes() string {
	var up, down bool
	for _, k := range m.at {
		up, down = up || k.up, down || !k.up
	}
	s := ""
	if up {
		s += "▲"
	}
	if down {
		s += "▼"
	}
	return s
}

// cutsOf are the cut ends of the bands of a panel's lines, at the places
// their points are drawn.
func cutsOf(t *sweep.Table, series []sweep.Series) cutMarks {
	var m cutMarks
	for li, s := range series {
		for i, pt := range s.Points {
			x := xPos(t, pt.X, i, li, len(series))
			if pt.N > 0 && pt.CutLo {
				m.at = append(m.at, cutMark{x, pt.Lo, false})
			}
			if pt.N > 0 && pt.CutHi {
				m.at = append(m.at, cutMark{x, pt.Hi, true})
			}
		}
	}
	return m
}
