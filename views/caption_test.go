package views

import (
	"image"
	"math"
	"strings"
	"testing"

	"golang.org/x/image/font"
)

// A moment's sentence and a title longer than the picture is wide wrap
// onto more rows, every word kept, and the bands grow to hold them.
func TestCaptionAndTitleWrapRatherThanCut(t *testing.T) {
	r := NewRenderer()
	say := "moment 2: Interpolation: the Shooter pane draws the target as the server had it about 146 ms ago " +
		"(100 ms of interpolation + 40 ms downstream + the wait for the next snapshot and frame); the dashed outline is where the server has it now."
	for _, w := range []int{960, 1920} {
		for _, s := range []float64{1, 2} {
			p := r.bandPane(nil, w, 0, Dark, s)
			rows := p.captionRows([]string{say, say})
			var words []string
			for _, row := range rows {
				// the first line is drawn bold: measure it so
				fc := r.face(row.line == 0, math.Round(captionSize*s))
				if width := float64(font.MeasureString(fc, row.text)) / 64; width > p.w-20*s {
					t.Errorf("%dpx at scale %v: row %q is %.0f px, wider than the band", w, s, row.text, width)
				}
				if row.line == 1 {
					words = append(words, strings.Fields(row.text)...)
				}
			}
			if got := strings.Join(words, " "); got != strings.Join(strings.Fields(say), " ") {
				t.Errorf("%dpx at scale %v: the wrapped sentence lost words:\n%s", w, s, got)
			}
			if h := r.CaptionHeight([]string{say, say}, w, s); h != int((10+16*float64(len(rows)))*s) || (len(rows) < 4 && (w < 1920 || s > 1)) { // only 1920 px at scale 1 holds the sentence in one row
				t.Errorf("%dpx at scale %v: band %d px for %d rows", w, s, h, len(rows))
			}
		}
	}
	title := "Shot behind cover: the victim is told it was hit after it ducked back behind the wall, on its own screen"
	if one, two := r.TitleHeight("Short", 1920, 2), r.TitleHeight(title, 1920, 2); one != 88 || two != 88+60 {
		t.Errorf("title bands %d and %d px, want 88 and 148", one, two)
	}
	img := image.NewRGBA(image.Rect(0, 0, 1920, 148))
	r.Title(img, img.Bounds(), title, Dark, 2)
	ink := func(y0, y1 int) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := 0; x < 1920; x++ {
				if c := img.RGBAAt(x, y); c.R > 0xc0 && c.G > 0xc0 {
					n++
				}
			}
		}
		return n
	}
	if ink(10, 78) < 500 || ink(80, 140) < 200 {
		t.Errorf("the title's two rows are not both drawn: %d and %d text pixels", ink(10, 78), ink(80, 140))
	}
}
