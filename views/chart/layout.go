package chart

import (
	"math"
	"strings"

	xfont "golang.org/x/image/font"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A slide's panels must keep room for their data whatever else the chart
// holds: a title, eight lines' legend, notes. The grid is chosen for the
// room it leaves (four panels side by side on a wide, short area; two by
// two on a tall one), and the chrome of a panel (its title, its axes) is
// counted before the data get what is left.

// panelChrome is the height and width a panel spends on other than its
// data: a title of two lines (a name and what it is out of), the x
// axis's ticks and name, the y axis's ticks and unit.
func (st style) panelChrome() (h, w vg.Length) {
	return st.size(2*34*1.2 + 14 + 24*1.3 + 28*1.3 + 30), st.size(90 + 40 + 20)
}

// aspect is the width over height a panel's data read best at on a
// slide; a grid's panels are judged by the largest such area they hold.
const aspect = 2

// grid places n panels in the area: of every column count, the one whose
// panels hold the tallest data area of the slide's aspect.
func (st style) grid(n int, area draw.Canvas) (cols, rows int) {
	chH, chW := st.panelChrome()
	W, H := area.Max.X-area.Min.X, area.Max.Y-area.Min.Y
	best := vg.Length(math.Inf(-1))
	for c := 1; c <= n; c++ {
		r := (n + c - 1) / c
		if c > 1 && (n+c-2)/(c-1) == r { // one column fewer fills the same rows
			continue
		}
		tl := st.tiles(r, c)
		w := (W-tl.PadLeft-tl.PadRight-vg.Length(c-1)*tl.PadX)/vg.Length(c) - chW
		h := (H-tl.PadTop-tl.PadBottom-vg.Length(r-1)*tl.PadY)/vg.Length(r) - chH
		if score := min(w/aspect, h); score > best {
			best, cols, rows = score, c, r
		}
	}
	return cols, rows
}

// minData is the least share of the picture's height a panel's data area
// is given, notes set smaller if need be.
const minData = 0.25

// dataHeight is about how tall each panel's data area is in a grid of
// rows in the area.
func (st style) dataHeight(area draw.Canvas, rows int) vg.Length {
	chH, _ := st.panelChrome()
	tl := st.tiles(rows, 1)
	return (area.Max.Y-area.Min.Y-tl.PadTop-tl.PadBottom-vg.Length(rows-1)*tl.PadY)/vg.Length(rows) - chH
}

// tiles are the gaps around and between panels.
func (st style) tiles(rows, cols int) draw.Tiles {
	return draw.Tiles{Rows: rows, Cols: cols, PadX: st.size(50), PadY: st.size(30),
		PadTop: st.size(20), PadBottom: st.size(10), PadLeft: st.size(20), PadRight: st.size(30)}
}

// titleText is the slide title's style: bold, twice a panel's tick labels.
func (st style) titleText() draw.TextStyle {
	ts := st.text(48)
	ts.Font = font.From(font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}, st.size(48))
	return ts
}

// titleHeight is the height the slide's title takes, wrapped to the
// picture's width; 0 with no title.
func (st style) titleHeight(c draw.Canvas, title string) vg.Length {
	if strings.TrimSpace(title) == "" {
		return 0
	}
	n := strings.Count(wrapTo(title, st.titleText(), c.Max.X-c.Min.X-st.size(80)), "\n") + 1
	return vg.Length(n)*st.size(58) + st.size(30)
}

// title writes the slide's title at the top of c, left-aligned with the
// legend and the caption.
func (st style) title(c draw.Canvas, title string) {
	ts := st.titleText()
	y := c.Max.Y - st.size(20) - st.size(29)
	for _, l := range strings.Split(wrapTo(title, ts, c.Max.X-c.Min.X-st.size(80)), "\n") {
		c.FillText(ts, vg.Point{X: c.Min.X + st.size(40), Y: y}, l)
		y -= st.size(58)
	}
}

// captionLines are the caption's lines wrapped between words to the
// width of the picture less its margins, so no line runs off the right
// edge at any size (a variants line names every variant's changes).
func (st style) captionLines(c draw.Canvas, lines []string) []string {
	var out []string
	w := c.Max.X - c.Min.X - st.size(80)
	for _, l := range lines {
		out = append(out, strings.Split(wrapTo(l, st.text(26), w), "\n")...)
	}
	return out
}

// captionHeight is the band the wrapped caption needs.
func (st style) captionHeight(lines []string) vg.Length {
	return st.size(30) * vg.Length(len(lines)+1)
}
