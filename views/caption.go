package views

import (
	"image"

	"github.com/fogleman/gg"
)

// Caption draws a band of text lines into rect of dst: the settings a
// screenshot was taken with, so a design review knows what it is seeing.
func (r *Renderer) Caption(dst *image.RGBA, rect image.Rectangle, lines []string, pal Palette, scale float64) {
	sub := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	p := &pane{r: r, dc: gg.NewContextForRGBA(sub), dst: sub, pal: pal, s: scale, w: float64(rect.Dx()), h: float64(rect.Dy())}
	p.dc.SetColor(pal.Grid)
	p.dc.Clear()
	for i, l := range lines {
		col := pal.Dim
		if i == 0 {
			col = pal.Text
		}
		p.text(p.fitText(l, captionSize, p.w-20*scale), 10*scale, (13+16*float64(i))*scale, captionSize, col, 0, 0.5, i == 0)
	}
	for y := 0; y < rect.Dy(); y++ {
		copy(dst.Pix[dst.PixOffset(rect.Min.X, rect.Min.Y+y):], sub.Pix[sub.PixOffset(0, y):sub.PixOffset(rect.Dx(), y)])
	}
}

// TitleHeight is the height of a title band at scale: room for one line
// of TitleSize text.
func TitleHeight(scale float64) int { return int(44 * scale) }

// TitleSize is the title's text size in logical pixels.
const TitleSize = 24

// Title draws a slide's title in a band across rect of dst, above the
// panes: large bold text on the background, a rule under it.
func (r *Renderer) Title(dst *image.RGBA, rect image.Rectangle, title string, pal Palette, scale float64) {
	sub := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	p := &pane{r: r, dc: gg.NewContextForRGBA(sub), dst: sub, pal: pal, s: scale, w: float64(rect.Dx()), h: float64(rect.Dy())}
	p.dc.SetColor(pal.Background)
	p.dc.Clear()
	p.dc.SetColor(pal.Grid)
	p.dc.DrawRectangle(0, p.h-2*scale, p.w, 2*scale)
	p.dc.Fill()
	// bold runs wider than the regular face fitText measures: leave room
	p.text(p.fitText(title, TitleSize, 0.92*(p.w-28*scale)), 14*scale, (p.h-2*scale)/2, TitleSize, pal.Text, 0, 0.5, true)
	for y := 0; y < rect.Dy(); y++ {
		copy(dst.Pix[dst.PixOffset(rect.Min.X, rect.Min.Y+y):], sub.Pix[sub.PixOffset(0, y):sub.PixOffset(rect.Dx(), y)])
	}
}

// captionSize is the caption's text size in logical pixels: readable from
// the back of a room at 1280×720, within its 16 px lines.
const captionSize = 12
