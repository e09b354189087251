package chart

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"lagscope/lagcomp/sweep"
)

// legendHeight is the height the legend strip needs: entries flow left
// to right and wrap.
func (st style) legendHeight(c draw.Canvas, t *sweep.Table, lines []sweep.Series) vg.Length {
	_, rows := st.legendFlow(c, t, lines, nil)
	return vg.Length(rows)*st.size(40) + st.size(10)
}

// legend draws one entry per line: its dashed stroke (none for a choice
// on x, where points are not joined), its marker and the values.
func (st style) legend(c draw.Canvas, t *sweep.Table, lines []sweep.Series) {
	choice := !numericX(t) // points, not lines: the legend shows no stroke
	st.legendFlow(c, t, lines, func(li int, at vg.Point, label string) {
		if li >= len(lines) || len(lines) == 1 && len(lines[0].Values) == 0 { // the percentile band's entry
			st.spreadKey(c, choice, at)
			c.FillText(st.text(26), vg.Point{X: at.X + st.size(82), Y: at.Y}, label)
			return
		}
		if !choice {
			c.StrokeLine2(st.stroke(li), at.X, at.Y, at.X+st.size(70), at.Y)
		}
		c.DrawGlyph(st.mark(li), vg.Point{X: at.X + st.size(35), Y: at.Y})
		c.FillText(st.text(26), vg.Point{X: at.X + st.size(82), Y: at.Y}, label)
	})
}

// legendFlow lays the entries out, calling draw (if not nil) for each,
// and returns the row count.
func (st style) legendFlow(c draw.Canvas, t *sweep.Table, lines []sweep.Series, draw func(int, vg.Point, string)) (int, int) {
	x, row := c.Min.X+st.size(40), 0
	n := len(lines)
	if len(lines) == 1 && len(lines[0].Values) == 0 {
		n = 0 // one line of the whole grid needs no name
	}
	entries := n
	if st.spread {
		entries++ // the last entry names the percentile band
	}
	for li := 0; li < entries; li++ {
		var label string
		if li < n {
			label = lines[li].Label(t.Vary)
		} else {
			label = spreadLabel(numericX(t))
		}
		w := st.size(82) + st.text(26).Width(label) + st.size(40)
		if x+w > c.Max.X && x > c.Min.X+st.size(40) {
			x, row = c.Min.X+st.size(40), row+1
		}
		if draw != nil {
			draw(li, vg.Point{X: x, Y: c.Max.Y - st.size(25) - vg.Length(row)*st.size(40)}, label)
		}
		x += w
	}
	return entries, row + 1
}

// spreadLabel names the percentile marks in the legend.
func spreadLabel(trend bool) string {
	if trend {
		return "shaded, each line's colour: 5th to 95th percentile across seeds (nearest rank)"
	}
	return "thin bar: 5th to 95th percentile across seeds (nearest rank)"
}

// caption fills the band at the bottom: a grey strip with one line of
// text each, as the screenshots' caption band.
func (st style) caption(c draw.Canvas, lines []string) {
	c.FillPolygon(st.theme().Band, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
	c.StrokeLine2(draw.LineStyle{Color: st.theme().BandEdge, Width: st.size(2)}, c.Min.X, c.Max.Y, c.Max.X, c.Max.Y)
	for i, l := range lines {
		c.FillText(st.text(26), vg.Point{X: c.Min.X + st.size(40), Y: c.Max.Y - st.size(30)*vg.Length(i+1)}, l)
	}
}

// spreadKey is the legend's swatch of the percentile marks: a patch of
// the band's faint colour, or a thin whisker.
func (st style) spreadKey(c draw.Canvas, choice bool, at vg.Point) {
	col := st.color(0)
	if choice {
		ls := draw.LineStyle{Color: col, Width: st.size(1.5)}
		x := at.X + st.size(35)
		c.StrokeLine2(ls, x, at.Y-st.size(15), x, at.Y+st.size(15))
		c.StrokeLine2(ls, x-st.size(15), at.Y-st.size(15), x+st.size(15), at.Y-st.size(15))
		c.StrokeLine2(ls, x-st.size(15), at.Y+st.size(15), x+st.size(15), at.Y+st.size(15))
		return
	}
	c.FillPolygon(color.NRGBA{col.R, col.G, col.B, 0x38}, []vg.Point{{X: at.X, Y: at.Y - st.size(15)}, {X: at.X + st.size(70), Y: at.Y - st.size(15)},
		{X: at.X + st.size(70), Y: at.Y + st.size(15)}, {X: at.X, Y: at.Y + st.size(15)}})
}
