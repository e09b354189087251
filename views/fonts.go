package views

import (
	"image"

	"github.com/golang/freetype/raster"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Go's own fonts, embedded: every machine renders the same glyphs, so
// golden images match byte for byte.
var (
	regular = mustParse(goregular.TTF)
	bold    = mustParse(gobold.TTF)
)

type faceKey struct {
	bold bool
	size float64
}

func mustParse(ttf []byte) *truetype.Font {
	f, err := truetype.Parse(ttf)
	if err != nil {
		panic(err)
	}
	return f
}

// Renderer draws panes. It caches font faces, which are not safe for
// concurrent use: give each goroutine that draws its own Renderer (the
// window draws on the UI thread; an export makes its own).
type Renderer struct {
	faces   map[faceKey]font.Face
	legends map[legendKey]*image.RGBA
	last    *pane       // the pane drawn last, for tests of its labels and legend
	scratch *image.RGBA // a pane drawn only to measure it (FrameUnion)

	// the fast path for rectangles and straight strokes (paint.go)
	rast     *raster.Rasterizer
	rastSize image.Point
	paint    spanPainter
	path     raster.Path // scratch: strokes
	fill     fillPath
	stroke   strokePath
	segs     [][4]float64 // scratch: grid lines
	rects    []rect       // scratch: walls, broad-phase cells
}

// NewRenderer makes a renderer with empty caches.
func NewRenderer() *Renderer {
	return &Renderer{faces: map[faceKey]font.Face{}, legends: map[legendKey]*image.RGBA{}}
}

func (r *Renderer) face(isBold bool, size float64) font.Face {
	k := faceKey{isBold, size}
	if f, ok := r.faces[k]; ok {
		return f
	}
	ft := regular
	if isBold {
		ft = bold
	}
	// No hinting: truetype runs the hinting bytecode on every advance
	// lookup, which cost half a frame; at these sizes it is not missed.
	f := &cachedFace{Face: truetype.NewFace(ft, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone}),
		adv: map[rune]fixed.Int26_6{}}
	r.faces[k] = f
	return f
}

// cachedFace remembers glyph advances, which truetype recomputes from
// the outline on every call; text is measured for anchoring every frame.
type cachedFace struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (f *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := f.adv[r]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if ok {
		f.adv[r] = a
	}
	return a, ok
}
