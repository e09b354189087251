package views

import (
	"image"
	"math"
	"strings"

	"github.com/fogleman/gg"
)

// A slide's bands wrap their text rather than cut it: a title or a
// moment's sentence that ends in "…" mid-word ("…snapshot a…") leaves the
// back of a lecture hall guessing what it said.

// captionRow is one drawn line of a caption band: part of which of the
// caller's lines.
type captionRow struct {
	text string
	line int
}

// bandPane is a pane for measuring and drawing a band w pixels wide.
func (r *Renderer) bandPane(dst *image.RGBA, w, h int, pal Palette, scale float64) *pane {
	p := &pane{r: r, dst: dst, pal: pal, s: scale, w: float64(w), h: float64(h)}
	if dst != nil {
		p.dc = gg.NewContextForRGBA(dst)
	}
	return p
}

// captionRows wraps lines to a band of width w: between figures (" · ")
// or words, each further row indented.
func (p *pane) captionRows(lines []string) []captionRow {
	var rows []captionRow
	for i, l := range lines {
		for j, t := range p.wrap(l, captionSize, p.captionWidth(i)) {
			if j > 0 && !strings.HasPrefix(t, " ") {
				t = "  " + t
			}
			rows = append(rows, captionRow{t, i})
		}
	}
	return rows
}

// captionWidth is the width a caption's line i may take, as wrap and
// fitText measure it (in the regular face): the first line is bold,
// which runs wider, so it leaves room.
func (p *pane) captionWidth(i int) float64 {
	w := p.w - 20*p.s
	if i == 0 {
		w *= boldRoom
	}
	return w
}

// boldRoom is the share of a width the regular face may measure for
// bold text to fit in it: Go Bold runs up to about 8 % wider.
const boldRoom = 0.92

// CaptionHeight is the height of a caption band holding lines in a band
// w pixels wide at scale: a 16 px row for each line, more for a line
// that wraps.
func (r *Renderer) CaptionHeight(lines []string, w int, scale float64) int {
	if len(lines) == 0 {
		return 0
	}
	rows := r.bandPane(nil, w, 0, Dark, scale).captionRows(lines)
	return int((10 + 16*float64(len(rows))) * scale)
}

// Caption draws a band of text lines into rect of dst: the settings a
// screenshot was taken with, so a design review knows what it is seeing.
// The first line is bold; a line too long for the band wraps.
func (r *Renderer) Caption(dst *image.RGBA, rect image.Rectangle, lines []string, pal Palette, scale float64) {
	sub := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	p := r.bandPane(sub, rect.Dx(), rect.Dy(), pal, scale)
	p.dc.SetColor(pal.Grid)
	p.dc.Clear()
	for i, row := range p.captionRows(lines) {
		col := pal.Dim
		if row.line == 0 {
			col = pal.Text
		}
		p.text(p.fitText(row.text, captionSize, p.captionWidth(row.line)), 10*scale, (13+16*float64(i))*scale, captionSize, col, 0, 0.5, row.line == 0)
	}
	copyInto(dst, rect, sub)
}

// copyInto copies sub into rect of dst.
func copyInto(dst *image.RGBA, rect image.Rectangle, sub *image.RGBA) {
	for y := 0; y < rect.Dy(); y++ {
		copy(dst.Pix[dst.PixOffset(rect.Min.X, rect.Min.Y+y):], sub.Pix[sub.PixOffset(0, y):sub.PixOffset(rect.Dx(), y)])
	}
}

// TitleSize is the title's text size in logical pixels.
const TitleSize = 24

// maxTitleRows is as many rows as a title wraps to; what is left after
// them is cut with "…".
const maxTitleRows = 3

// titleRowH is each further row of a wrapped title, in logical pixels.
const titleRowH = 30

// titleRows wraps a title to a band w pixels wide, in at most rows
// rows. Bold runs wider than the regular face wrap measures: it leaves
// room.
func (p *pane) titleRows(title string, rows int) []string {
	out := p.wrap(title, TitleSize, boldRoom*(p.w-28*p.s))
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	if len(out) > rows {
		out = append(out[:rows-1], strings.Join(out[rows-1:], " "))
	}
	return out
}

// titleBand is the height of a title band of rows rows at scale.
func titleBand(rows int, scale float64) int {
	return int((44 + titleRowH*float64(rows-1)) * scale)
}

// TitleHeight is the height of the band title takes in a picture w
// pixels wide at scale: 44 px for one line of TitleSize text, 30 more
// for each line it wraps to (at most three).
func (r *Renderer) TitleHeight(title string, w int, scale float64) int {
	return r.TitleHeightWithin(title, w, math.MaxInt, scale)
}

// TitleHeightWithin is TitleHeight in a band at most maxH pixels high,
// never under one row: a title that would wrap to more rows than fit
// keeps what fits, its last row cut with "…". A small picture's panes
// need the room more than a second or third row of title: at 640×360
// three rows (104 px) left the four panes of a split no drawing area
// (TitleRoom says how much a picture can give).
func (r *Renderer) TitleHeightWithin(title string, w, maxH int, scale float64) int {
	if title == "" {
		return 0
	}
	rows := len(r.bandPane(nil, w, 0, Dark, scale).titleRows(title, maxTitleRows))
	for rows > 1 && titleBand(rows, scale) > maxH {
		rows--
	}
	return titleBand(rows, scale)
}

// maxTitleShare is the largest share of a picture's height its title
// band takes.
const maxTitleShare = 0.25

// paneMinH is the height a pane needs, in logical pixels: a header of
// two lines (61), a legend of two rows (48), margins (16), and some 25
// to draw in.
const paneMinH = 150

// TitleRoom is the most a title band may take of a picture h pixels
// high at scale, below a caption band of band pixels, over layout l's
// panes: a quarter of the picture, and no more than leaves each row of
// panes paneMinH (TitleHeightWithin keeps one row whatever it is).
func TitleRoom(h, band int, l Layout, scale float64) int {
	rows := 1
	if l == Layout2x2 {
		rows = 2
	}
	return min(int(maxTitleShare*float64(h)), h-band-rows*int(paneMinH*scale))
}

// Title draws a slide's title in a band across rect of dst, above the
// panes: large bold text on the background, wrapped, a rule under it.
func (r *Renderer) Title(dst *image.RGBA, rect image.Rectangle, title string, pal Palette, scale float64) {
	sub := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	p := r.bandPane(sub, rect.Dx(), rect.Dy(), pal, scale)
	p.dc.SetColor(pal.Background)
	p.dc.Clear()
	p.dc.SetColor(pal.Grid)
	p.dc.DrawRectangle(0, p.h-2*scale, p.w, 2*scale)
	p.dc.Fill()
	// as many rows as the band holds (TitleHeightWithin chose its height)
	n := maxTitleRows
	for n > 1 && titleBand(n, scale) > rect.Dy() {
		n--
	}
	rows := p.titleRows(title, n)
	// the first row where a one-line title sat, the others under it
	y0 := (44*scale - 2*scale) / 2
	for i, row := range rows {
		p.text(p.fitText(row, TitleSize, boldRoom*(p.w-28*scale)), 14*scale, y0+titleRowH*float64(i)*scale, TitleSize, pal.Text, 0, 0.5, true)
	}
	copyInto(dst, rect, sub)
}

// captionSize is the caption's text size in logical pixels: readable from
// the back of a room at 1280×720, within its 16 px lines.
const captionSize = 12
