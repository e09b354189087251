package capture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"slices"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/views"
)

// Clip makes a capture an animated GIF of the simulated times
// [FromUs, ToUs): peeks, warps and projectile catch-up are motion.
// Playback runs Slow times slower than simulated time at FPS frames a
// second, so the clip has round((To-From) x Slow x FPS) frames, frame i
// showing From + i x (To-From)/frames, each for 100/FPS hundredths of a
// second (GIF's unit).
type Clip struct {
	FromUs int64   `json:"from_us"`
	ToUs   int64   `json:"to_us"`
	Slow   float64 `json:"slow"`
	FPS    int     `json:"fps"`
}

// Clip limits: a GIF holds every frame in memory as one byte a pixel.
const (
	MaxClipFrames = 1000
	MaxClipPixels = 256 << 20 // frames x width x height
	MinSlow       = 0.1
	MaxSlow       = 100
)

// ClipFPS are the frame rates whose frame time is a whole number of
// hundredths of a second, the unit of a GIF's delays.
var ClipFPS = []int{1, 2, 4, 5, 10, 20, 25, 50}

// Frames is the clip's frame count.
func (c *Clip) Frames() int {
	d := float64(c.ToUs-c.FromUs) / float64(model.Second)
	return int(d*c.Slow*float64(c.FPS) + 0.5)
}

// Times are the simulated instants of the frames.
func (c *Clip) Times() []model.Time {
	n := c.Frames()
	ts := make([]model.Time, n)
	for i := range ts {
		ts[i] = model.Time(c.FromUs + (c.ToUs-c.FromUs)*int64(i)/int64(n))
	}
	return ts
}

// DelayCs is each frame's display time in hundredths of a second.
func (c *Clip) DelayCs() int { return 100 / c.FPS }

// check names what is wrong with a clip at w x h, and what is allowed.
func (c *Clip) check(w, h int) error {
	okFPS := false
	for _, f := range ClipFPS {
		okFPS = okFPS || f == c.FPS
	}
	switch {
	case c.FromUs < 0 || c.ToUs > int64(MaxTime()):
		return fmt.Errorf("clip %v to %v: both must be 0 to %v (the duration_ms range)", us(c.FromUs), us(c.ToUs), MaxTime())
	case c.ToUs <= c.FromUs:
		return fmt.Errorf("clip %v to %v: the end must come after the start", us(c.FromUs), us(c.ToUs))
	case c.Slow < MinSlow || c.Slow > MaxSlow || c.Slow != c.Slow:
		return fmt.Errorf("clip slow %v: must be %v to %v (times slower than simulated time)", c.Slow, MinSlow, MaxSlow)
	case !okFPS:
		return fmt.Errorf("clip fps %d: want one of %v (a GIF's frame time is in hundredths of a second)", c.FPS, ClipFPS)
	}
	n := c.Frames()
	if n < 1 || n > MaxClipFrames {
		return fmt.Errorf("clip of %d frames (%v x slow %v x %d fps): allowed 1 to %d; shorten the range or lower slow or fps",
			n, us(c.ToUs-c.FromUs), c.Slow, c.FPS, MaxClipFrames)
	}
	if px := int64(n) * int64(w) * int64(h); px > MaxClipPixels {
		return fmt.Errorf("clip of %d frames at %dx%d is %d Mpixels, more than the %d a GIF may hold here; use fewer frames or a smaller size",
			n, w, h, px>>20, MaxClipPixels>>20)
	}
	return nil
}

func us(t int64) model.Time { return model.Time(t) }

// RenderClip replays the sidecar's script through the clip's frames and
// encodes them as an animated GIF that loops. Same sidecar, same bytes:
// frames are mapped to a fixed palette by nearest colour, without
// dithering.
//
// A clip is for watching motion, so two things hold still that a still
// re-fits: every frame is drawn with one framing, fitted to the union of
// what each frame shows over the clip's whole range (a first replay
// measures it), so the wall and the shooter stay put and a 10 px warp is
// seen as one; and each frame after the first is stored as its change
// from the one before — the rectangle round the pixels that changed,
// unchanged ones in it transparent — which a GIF shows over the previous
// frame (gif.DisposalNone) and LZW packs into runs.
func RenderClip(sc *Sidecar, progress Progress) ([]byte, error) {
	if err := sc.check(); err != nil {
		return nil, err
	}
	if sc.Clip == nil {
		return nil, fmt.Errorf("not a clip: the sidecar has no clip")
	}
	ts := sc.Clip.Times()
	half := func(from float64) Progress {
		if progress == nil {
			return nil
		}
		return func(done float64) { progress(from + done/2) }
	}
	fm, err := clipFraming(sc, ts, half(0))
	if err != nil {
		return nil, err
	}
	var q *quantizer
	var prev *image.Paletted
	g := &gif.GIF{LoopCount: 0}
	r := views.NewRenderer()
	tell := half(0.5)
	err = sc.Script.ReplayEach(ts, func(i int, s *lagcomp.Sim) error {
		img, err := drawFramed(r, sc, s.Frame(), fm)
		if err != nil {
			return err
		}
		if q == nil { // one palette for the clip, from its first frame
			q = newQuantizer(clipPalette(sc.Theme, img))
		}
		full := q.paletted(img, prev)
		g.Image = append(g.Image, changes(prev, full))
		g.Delay = append(g.Delay, sc.Clip.DelayCs())
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev = full
		if tell != nil {
			tell(float64(i+1) / float64(len(ts)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// clipFraming replays the clip's frames once and frames its world views
// to the union of what they show over the whole range: one camera per
// view for every frame. A time view (packets, burst) has its own axis
// and gets none.
func clipFraming(sc *Sidecar, ts []model.Time, progress Progress) (*views.Framing, error) {
	var fm *views.Framing
	r := views.NewRenderer()
	err := sc.Script.ReplayEach(ts, func(i int, s *lagcomp.Sim) error {
		f := s.Frame()
		sl, err := layout(r, sc, f)
		if err != nil {
			return err
		}
		one := []*lagcomp.Frame{f}
		if sc.View == "split" {
			fm = r.FrameUnionSplitOnto(fm, one, sc.Layout, sc.paneViews(), sc.Width, sl.bodyH, sl.o)
		} else {
			fm = r.FrameUnion(fm, one, views.View(sc.View), sc.Width, sl.bodyH, sl.o)
		}
		if progress != nil {
			progress(float64(i+1) / float64(len(ts)))
		}
		return nil
	})
	return fm, err
}

// changes is frame next as a GIF stores it over prev: the smallest
// rectangle holding every pixel that differs, those pixels in their
// colour and the others transparent, so they show prev through. The
// first frame (prev nil) is whole; a frame with no change is one
// transparent pixel.
func changes(prev, next *image.Paletted) *image.Paletted {
	if prev == nil {
		return next
	}
	b := next.Bounds()
	x0, y0, x1, y1 := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pr, nr := prev.Pix[prev.PixOffset(b.Min.X, y):][:b.Dx()], next.Pix[next.PixOffset(b.Min.X, y):][:b.Dx()]
		if bytes.Equal(pr, nr) {
			continue
		}
		y0, y1 = min(y0, y), y+1
		for x := range nr {
			if nr[x] != pr[x] {
				x0, x1 = min(x0, b.Min.X+x), max(x1, b.Min.X+x+1)
			}
		}
	}
	through := uint8(len(next.Palette) - 1) // the palette's last entry: transparent
	if y1 <= y0 {
		out := image.NewPaletted(image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1), next.Palette)
		out.Pix[0] = through
		return out
	}
	out := image.NewPaletted(image.Rect(x0, y0, x1, y1), next.Palette)
	for y := y0; y < y1; y++ {
		pr, nr := prev.Pix[prev.PixOffset(x0, y):][:x1-x0], next.Pix[next.PixOffset(x0, y):][:x1-x0]
		or := out.Pix[out.PixOffset(x0, y):][:x1-x0]
		for x := range nr {
			if nr[x] == pr[x] {
				or[x] = through
			} else {
				or[x] = nr[x]
			}
		}
	}
	return out
}

// clipPalette is a GIF's 256 colours: a transparent one and the legend's and the theme's
// colours exactly, then the colours the first frame uses most (solid
// fills: any other legend swatch, a pane's own marks), each named colour
// blended 25, 50 and 75 % into the background (anti-aliased edges), a
// grey ramp and a 4x4x4 colour cube for the rest.
func clipPalette(theme string, first *image.RGBA) color.Palette {
	tp := views.Dark
	if theme == "light" {
		tp = views.Light
	}
	exact := []color.NRGBA{views.ClientRed, views.ServerBlue, views.TrailGrey, views.TraceYellw, views.AuthGreen, views.FakeMagnta,
		views.VictimOrange, tp.Background, tp.Grid, tp.Wall, tp.Text, tp.Dim, tp.Neutral, tp.Trace, flatten(tp.Panel, tp.Background)}
	var p color.Palette
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] && len(p) < 256 {
			seen[c] = true
			p = append(p, c)
		}
	}
	for _, c := range exact {
		add(color.RGBA{c.R, c.G, c.B, 0xff})
	}
	for _, c := range frequent(first, 64, 80) {
		add(c)
	}
	for _, c := range exact {
		for _, a := range []float64{0.25, 0.5, 0.75} {
			add(mix(c, tp.Background, a))
		}
	}
	for i := 0; i < 16; i++ {
		v := uint8(i * 17)
		add(color.RGBA{v, v, v, 0xff})
	}
	for r := 0; r < 4; r++ {
		for g := 0; g < 4; g++ {
			for b := 0; b < 4; b++ {
				add(color.RGBA{uint8(r * 85), uint8(g * 85), uint8(b * 85), 0xff})
			}
		}
	}
	// the last entry is transparent: where a frame stored as its changes
	// shows the one before (changes); no opaque pixel maps to it
	return append(p[:min(len(p), 255)], color.RGBA{})
}

// frequent lists the colours img uses on at least minPx pixels, most
// used first (ties by value, so the order is the same every run), at
// most n of them.
func frequent(img *image.RGBA, minPx, n int) []color.RGBA {
	count := map[color.RGBA]int{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		count[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 0xff}]++
	}
	var cs []color.RGBA
	for c, k := range count {
		if k >= minPx {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b color.RGBA) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return int(uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B)) - int(uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B))
	})
	return cs[:min(n, len(cs))]
}

// flatten is c over an opaque background.
func flatten(c, bg color.NRGBA) color.NRGBA {
	m := mix(c, bg, float64(c.A)/255)
	return color.NRGBA{m.R, m.G, m.B, 0xff}
}

// mix is a share a of c over bg (opaque).
func mix(c, bg color.NRGBA, a float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*a + float64(y)*(1-a) + 0.5) }
	return color.RGBA{f(c.R, bg.R), f(c.G, bg.G), f(c.B, bg.B), 0xff}
}

// quantizer maps colours to their nearest palette entry, remembering
// each colour it has seen (a pane has a few thousand distinct colours).
type quantizer struct {
	pal   color.Palette
	cache map[[3]uint8]uint8
}

func newQuantizer(p color.Palette) *quantizer {
	return &quantizer{pal: p, cache: map[[3]uint8]uint8{}}
}

// nearTol is how much farther (squared RGB distance) than its nearest
// entry a pixel's entry in the previous frame may be and be kept: about
// 12 levels of 255 in each channel.
const nearTol = 3 * 12 * 12

// paletted maps img to the palette. A colour the palette holds exactly
// (the background, a label's panel, text) maps to it. Any other (an
// anti-aliased edge, a fading trace) keeps the entry it had in prev (the
// frame before, nil for the first) when that is at most nearTol farther
// from it than its nearest entry: a trace fading by a percent a
// frame would otherwise flicker between neighbouring entries, and be
// stored again in every frame (changes) for a difference no eye sees.
func (q *quantizer) paletted(img *image.RGBA, prev *image.Paletted) *image.Paletted {
	b := img.Bounds()
	out := image.NewPaletted(b, q.pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		orow := out.Pix[out.PixOffset(b.Min.X, y):][:b.Dx()]
		var prow []uint8
		if prev != nil {
			prow = prev.Pix[prev.PixOffset(b.Min.X, y):]
		}
		for x := range orow {
			k := [3]uint8{row[4*x], row[4*x+1], row[4*x+2]}
			i, ok := q.cache[k]
			if !ok {
				i = uint8(q.pal.Index(color.RGBA{k[0], k[1], k[2], 0xff}))
				q.cache[k] = i
			}
			if prow != nil && prow[x] != i {
				if d := q.dist(k, i); d > 0 && q.dist(k, prow[x]) <= d+nearTol {
					i = prow[x]
				}
			}
			orow[x] = i
		}
	}
	return out
}

// dist is the squared RGB distance from colour k to palette entry i.
func (q *quantizer) dist(k [3]uint8, i uint8) int {
	c := q.pal[i].(color.RGBA)
	d := func(a, b uint8) int { return (int(a) - int(b)) * (int(a) - int(b)) }
	return d(k[0], c.R) + d(k[1], c.G) + d(k[2], c.B)
}
