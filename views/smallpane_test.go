package views

import (
	"fmt"
	"image"
	"testing"

	"lagscope/model"
)

// TestSmallPanesKeepADrawingArea: in a cell of a 2×2 split at 640×360
// under a title (319×127 px) the key figures run on one line, cut with
// "…", where three lines and a two-row legend left the Server pane no
// drawing area; a taller pane of the same width still wraps them.
func TestSmallPanesKeepADrawingArea(t *testing.T) {
	f := defaultAt(t, 2500*model.Millisecond)
	r := NewRenderer()
	for _, c := range []struct {
		h     int
		lines func(int) bool
		want  string
	}{
		{127, func(n int) bool { return n == 1 }, "one"},
		{400, func(n int) bool { return n > 1 }, "more than one"},
	} {
		img := image.NewRGBA(image.Rect(0, 0, 319, c.h))
		for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
			r.Pane(img, f, v, Options{Layers: DefaultLayers()})
			p := r.last
			if v == ViewServer && !c.lines(max(p.hlines, 1)) {
				t.Errorf("%v at 319×%d: %d lines of key figures, want %s", v, c.h, p.hlines, c.want)
			}
			if _, _, _, h := p.area(); c.h == 127 && h < 127-(headerH+16+2*legendH) {
				t.Errorf("%v at 319×%d: a drawing area %.0f px high", v, c.h, h)
			}
		}
	}
}

// TestSplitAt640x360KeepsADrawingArea: every pane of the 2×2 split at
// 640×360 — a cell 319×158 px under the caption, 319×136 px under a
// 167-character title too (views/capture's layout) — keeps minDrawH px to
// draw in, its legend one row with a count of what gave way ("… +3")
// where two rows left the Target pane none, and its notes inside the
// drawing area, the last saying how many lines gave way, where the
// Overlay's "shot #2 fired…" ran over its legend.
func TestSplitAt640x360KeepsADrawingArea(t *testing.T) {
	f := defaultAt(t, 2500*model.Millisecond)
	r := NewRenderer()
	for _, h := range []int{158, 136} {
		img := image.NewRGBA(image.Rect(0, 0, 319, h))
		for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
			r.Pane(img, f, v, Options{Layers: DefaultLayers()})
			p := r.last
			_, y, _, ah := p.area()
			if ah < minDrawH {
				t.Errorf("%v at 319×%d: a drawing area %.0f px high (legend %d rows, %d lines of key figures), want %d at least", v, h, ah, p.legendRows(), p.hlines, minDrawH)
			}
			if bottom := y + (4+noteH*float64(p.notes))*p.s; bottom > y+ah {
				t.Errorf("%v at 319×%d: %d lines of notes reach %.0f px, past the drawing area's bottom %.0f", v, h, p.notes, bottom, y+ah)
			}
		}
	}
}

// TestSmallLegendCountsWhatGaveWay: a legend squeezed to one row in a
// 319×136 cell keeps the entries that fit at a readable size and counts
// the rest ("… +3"), rather than shrink every word past reading.
func TestSmallLegendCountsWhatGaveWay(t *testing.T) {
	f := defaultAt(t, 2500*model.Millisecond)
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 319, 136))
	r.Pane(img, f, ViewTarget, Options{Layers: DefaultLayers()})
	p := r.last
	if p.legendRows() != 1 || p.legendRowsNeeded() < 2 {
		t.Fatalf("legend %d rows of the %d its words need", p.legendRows(), p.legendRowsNeeded())
	}
	cut := false
	for k := range r.legends {
		cut = cut || (k.cut && k.w == 319)
	}
	if !cut {
		t.Error("the one-row legend was drawn whole, its words shrunk, not cut with a count")
	}
	all := p.entries()
	kept, rest := p.legendCut(all)
	if want := fmt.Sprintf("… +%d", len(all)-len(kept)); len(kept) == len(all) || rest != want || p.cutSize < 10 {
		t.Errorf("kept %d of %d entries at %.0f px, count %q, want %q", len(kept), len(all), p.cutSize, rest, want)
	}
}

// TestSplitAt480x270GivesTheFiguresWay: in the split's cells at 480×270
// (239×113, 239×91 under a 167-character title) a header with a line of
// key figures and a one-row legend left 29 and 7 px to draw in; the
// header shows the title alone with "…" (bareNeeded), leaving 46 px (over
// 40 % of the cell) and 24 px. Nothing but the title, one legend row and
// the margins takes the cell's height.
func TestSplitAt480x270GivesTheFiguresWay(t *testing.T) {
	f := defaultAt(t, 2500*model.Millisecond)
	r := NewRenderer()
	for _, h := range []int{113, 91} {
		img := image.NewRGBA(image.Rect(0, 0, 239, h))
		for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
			r.Pane(img, f, v, Options{Layers: DefaultLayers()})
			p := r.last
			_, _, _, ah := p.area()
			want := float64(h) - (headerH - infoH) - 16 - legendH
			if !p.bare || p.legendRows() != 1 || ah != want || (h == 113 && ah < 0.4*float64(h)) {
				t.Errorf("%v at 239×%d: header bare %v, legend %d rows, a drawing area %.0f px high, want %.0f", v, h, p.bare, p.legendRows(), ah, want)
			}
		}
	}
}

// TestSmallSplitTextDoesNotOverlap: in the split's cells at 640×360 and
// 480×270, with and without a title, every label placed lies inside the
// drawing area (not over the header or the legend), no two overlap, and
// the notes end inside the drawing area.
func TestSmallSplitTextDoesNotOverlap(t *testing.T) {
	f := defaultAt(t, 2500*model.Millisecond)
	r := NewRenderer()
	for _, c := range [][2]int{{319, 158}, {319, 136}, {239, 113}, {239, 91}} {
		img := image.NewRGBA(image.Rect(0, 0, c[0], c[1]))
		for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
			r.Pane(img, f, v, Options{Layers: DefaultLayers()})
			p := r.last
			x, y, w, h := p.area()
			for i, a := range p.placed {
				if a.y0 < y-0.5 || a.y1 > y+h+0.5 || a.x0 < x-0.5 || a.x1 > x+w+0.5 {
					t.Errorf("%d×%d %v: label at %v outside the drawing area %v", c[0], c[1], v, a, rect{x, y, x + w, y + h})
				}
				for _, b := range p.placed[i+1:] {
					if a.overlaps(b) {
						t.Errorf("%d×%d %v: labels at %v and %v overlap", c[0], c[1], v, a, b)
					}
				}
			}
			if p.notes > 0 && p.noteLast.y1 > y+h {
				t.Errorf("%d×%d %v: the notes reach %.0f px, past the drawing area's bottom %.0f", c[0], c[1], v, p.noteLast.y1, y+h)
			}
		}
	}
}
