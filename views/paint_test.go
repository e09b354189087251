package views

import (
	"bytes"
	"image"
	"image/color"
	"math/rand"
	"testing"

	"github.com/fogleman/gg"
)

// paintPair is two identical images of random pixels, one for gg and one
// for the fast path, and a pane drawing into the second.
func paintPair(rng *rand.Rand, w, h int) (*gg.Context, *image.RGBA, *pane) {
	a := image.NewRGBA(image.Rect(0, 0, w, h))
	rng.Read(a.Pix)
	b := image.NewRGBA(a.Rect)
	copy(b.Pix, a.Pix)
	return gg.NewContextForRGBA(a), b, &pane{r: NewRenderer(), dst: b}
}

func randColour(rng *rand.Rand) color.NRGBA {
	c := color.NRGBA{uint8(rng.Intn(256)), uint8(rng.Intn(256)), uint8(rng.Intn(256)), 0xff}
	if rng.Intn(2) == 0 { // half translucent, as ghosts and panels are
		c.A = uint8(rng.Intn(256))
	}
	return c
}

// randCoord is a pixel coordinate, whole or fractional, sometimes off
// the image.
func randCoord(rng *rand.Rand, n int) float64 {
	x := rng.Float64()*float64(n+40) - 20
	if rng.Intn(3) == 0 {
		x = float64(int(x))
	}
	return x
}

// The fast fill paints the very bytes gg's DrawRectangle and Fill paint,
// over any background, for whole and fractional, on- and off-image
// rectangles, alone and several in one path.
func TestFillRectsPaintsWhatGGPaints(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		w, h := 20+rng.Intn(200), 20+rng.Intn(200)
		dc, got, p := paintPair(rng, w, h)
		c := randColour(rng)
		var rs []rect
		for n := 1 + rng.Intn(4); n > 0; n-- {
			x0, y0 := randCoord(rng, w), randCoord(rng, h)
			x1, y1 := x0+rng.Float64()*float64(w), y0+rng.Float64()*float64(h)
			rs = append(rs, rect{x0, y0, x1, y1})
			dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
		}
		dc.SetColor(c)
		dc.Fill()
		p.fillRects(c, rs...)
		if !bytes.Equal(dc.Image().(*image.RGBA).Pix, got.Pix) {
			t.Fatalf("case %d: %v in %v over %dx%d: pixels differ from gg's", i, rs, c, w, h)
		}
	}
}

// The fast stroke paints the very bytes gg's DrawLine and Stroke paint,
// for any direction, width and length, down to a line too short for gg
// to keep.
func TestStrokeLinesPaintsWhatGGPaints(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 300; i++ {
		w, h := 20+rng.Intn(200), 20+rng.Intn(200)
		dc, got, p := paintPair(rng, w, h)
		c := randColour(rng)
		width := 0.5 + 4*rng.Float64()
		var segs [][4]float64
		for n := 1 + rng.Intn(6); n > 0; n-- {
			s := [4]float64{randCoord(rng, w), randCoord(rng, h), randCoord(rng, w), randCoord(rng, h)}
			switch rng.Intn(4) {
			case 0: // axis-aligned, as grid lines are
				s[2] = s[0]
			case 1: // shorter than gg keeps
				s[2], s[3] = s[0]+0.05, s[1]+0.05
			}
			segs = append(segs, s)
			dc.DrawLine(s[0], s[1], s[2], s[3])
		}
		dc.SetColor(c)
		dc.SetLineWidth(width)
		dc.Stroke()
		p.strokeLines(c, width, segs...)
		if !bytes.Equal(dc.Image().(*image.RGBA).Pix, got.Pix) {
			t.Fatalf("case %d: %v width %v in %v: pixels differ from gg's", i, segs, width, c)
		}
	}
}

// Outlined rectangles too, as the broad phase's cells are drawn.
func TestStrokeRectsPaintsWhatGGPaints(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 200; i++ {
		w, h := 20+rng.Intn(200), 20+rng.Intn(200)
		dc, got, p := paintPair(rng, w, h)
		c := randColour(rng)
		width := 0.5 + 3*rng.Float64()
		var rs []rect
		for n := 1 + rng.Intn(5); n > 0; n-- {
			x0, y0 := randCoord(rng, w), randCoord(rng, h)
			x1, y1 := x0+rng.Float64()*float64(w)/2, y0+rng.Float64()*float64(h)/2
			if rng.Intn(4) == 0 { // thinner than gg keeps
				x1 = x0 + 0.05
			}
			rs = append(rs, rect{x0, y0, x1, y1})
			dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
		}
		dc.SetColor(c)
		dc.SetLineWidth(width)
		dc.Stroke()
		p.strokeRects(c, width, rs...)
		if !bytes.Equal(dc.Image().(*image.RGBA).Pix, got.Pix) {
			t.Fatalf("case %d: %v width %v in %v: pixels differ from gg's", i, rs, width, c)
		}
	}
}

// Circles and closed polygons in one path, as a hitbox's body and head
// and the dots are filled.
func TestFillPathPaintsWhatGGPaints(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 300; i++ {
		w, h := 20+rng.Intn(200), 20+rng.Intn(200)
		dc, got, p := paintPair(rng, w, h)
		c := randColour(rng)
		f := &p.r.fill
		for n := 1 + rng.Intn(3); n > 0; n-- {
			if rng.Intn(2) == 0 {
				x, y, r := randCoord(rng, w), randCoord(rng, h), 0.5+rng.Float64()*float64(w)/3
				dc.NewSubPath()
				dc.DrawCircle(x, y, r)
				f.newSubPath()
				f.circle(x, y, r)
				continue
			}
			xy := make([]float64, 2*(3+rng.Intn(3)))
			for j := 0; j < len(xy); j += 2 {
				xy[j], xy[j+1] = randCoord(rng, w), randCoord(rng, h)
			}
			dc.MoveTo(xy[0], xy[1])
			for j := 2; j < len(xy); j += 2 {
				dc.LineTo(xy[j], xy[j+1])
			}
			dc.ClosePath()
			f.polygon(xy...)
		}
		dc.SetColor(c)
		dc.Fill()
		p.fill(f, c)
		if !bytes.Equal(dc.Image().(*image.RGBA).Pix, got.Pix) {
			t.Fatalf("case %d: pixels differ from gg's", i)
		}
	}
}

// Outlines of polygons and circles, whole or dashed, as hitboxes are
// stroked.
func TestStrokePathPaintsWhatGGPaints(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 300; i++ {
		w, h := 20+rng.Intn(200), 20+rng.Intn(200)
		dc, got, p := paintPair(rng, w, h)
		c := randColour(rng)
		width := 0.5 + 4*rng.Float64()
		sp := &p.r.stroke
		for n := 1 + rng.Intn(3); n > 0; n-- {
			if rng.Intn(2) == 0 {
				x, y, r := randCoord(rng, w), randCoord(rng, h), 0.5+rng.Float64()*float64(w)/3
				dc.NewSubPath()
				dc.DrawCircle(x, y, r)
				sp.circle(x, y, r)
				continue
			}
			xy := make([]float64, 2*(2+rng.Intn(4)))
			for j := 0; j < len(xy); j += 2 {
				xy[j], xy[j+1] = randCoord(rng, w), randCoord(rng, h)
			}
			dc.MoveTo(xy[0], xy[1])
			for j := 2; j < len(xy); j += 2 {
				dc.LineTo(xy[j], xy[j+1])
			}
			dc.ClosePath()
			sp.polygon(xy...)
		}
		var dashes []float64
		if rng.Intn(2) == 0 {
			dashes = []float64{0.5 + 6*rng.Float64(), 0.5 + 6*rng.Float64()}
			dc.SetDash(dashes...)
		}
		dc.SetColor(c)
		dc.SetLineWidth(width)
		dc.Stroke()
		p.stroke(sp, c, width, dashes...)
		if !bytes.Equal(dc.Image().(*image.RGBA).Pix, got.Pix) {
			t.Fatalf("case %d (dashes %v): pixels differ from gg's", i, dashes)
		}
	}
}
