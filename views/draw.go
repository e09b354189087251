package views

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"lagscope/lagcomp"
	"lagscope/model"
)

// pane is one pane being drawn: its context, frame, options and camera.
type pane struct {
	r    *Renderer
	dc   *gg.Context
	dst  *image.RGBA
	f    *lagcomp.Frame
	o    Options
	pal  Palette
	s    float64 // scale
	w, h float64
	cam  camera

	v        View
	rows     int        // the legend's rows
	hlines   int        // lines of the header's key figures (1 to maxInfoLines)
	hneed    int        // lines the header's key figures needed
	cut      []string   // text that was shortened with "…" to fit
	drew     keys       // what it drew, for its legend
	notes    int        // lines of notes so far
	info     string     // the header's key figures, as given
	labels   []labelReq // labels to place once everything is drawn
	shapes   []rect     // marks labels must not cover
	placed   []rect     // where the labels went
	leftOut  int        // labels with no free spot
	gridSays string     // the grid's label: its step, or why it drew none
	// notes given way in a small pane (noteLine), and the last one drawn
	notesLeftOut int
	noteLast     rect
	cutSize      float64 // a legend cut to one row: its text size (legendCut)
	bare         bool    // the header's key figures gave way (bareNeeded)

	// what the pane wrote and where, for the labels to keep off and the
	// tests to read (tracelabels.go, the topic slides' test)
	noteTexts     []string // the notes as written, before wrapping
	placedText    []string // what each placed label says, as drawn (its short form where the long found no room)
	traces        []seg    // the traces drawn, which labels keep off where they can
	crossedTraces int      // labels laid across a trace, for want of a clear spot
	boxes         []rect   // the hitboxes drawn (shapeOf), which nothing written may cover
	noteBoxes     []rect   // the note lines' panels as drawn

	fireDrew [fireKeyCount]bool // the burst view's marks drawn (tests read its legend)

	warpX int // the factor the warp arrows are magnified by (0: none drawn)
	// longestWarpM is the longest warp the pane drew, metres (FrameUnion
	// shares the magnification of the longest over the panes it frames)
	longestWarpM float64
	warpGlyphs   []warpGlyph // the warps as placed, newest first

	netLegend    []string // the net graph's legend, as words (tests read it)
	flowRows     int      // rows the packet legend takes, once known (2 before)
	flowRowsNeed int      // rows it needed as drawn
}

// Pane draws view v of frame f into dst, filling it. dst is reused by the
// caller across frames, so a pane allocates no image of its own.
func (r *Renderer) Pane(dst *image.RGBA, f *lagcomp.Frame, v View, o Options) {
	if o.Scale <= 0 {
		o.Scale = 1
	}
	if o.Palette == (Palette{}) {
		o.Palette = Dark
	}
	p := r.newPane(dst, f, v, o, 1, 1)
	if f == nil {
		p.header(v.Title(), "no simulation")
		p.legend()
		return
	}
	r.last = p
	if v.TimeAxis() {
		// the time-axis views draw their own legends (packet kinds, fire
		// marks); key figures too long for one line (a compare half)
		// wrap, as the world views' do, rather than lose their end
		p.drawTimeView()
		// the packet legend's rows are known once it is drawn: more than
		// the two the diagram leaves room for, it draws again above them
		if rows := p.flowRowsNeed; p.hneed > 1 || rows > 2 {
			p = r.newPane(dst, f, v, o, 1, p.hneed)
			p.flowRows = rows
			r.last = p
			p.drawTimeView()
		}
		return
	}
	p.draw(v)
	// A narrow pane with a busy legend, or key figures too long for one
	// line, draws again with a legend of two rows or a header of two
	// lines: what they hold is known only once the pane is drawn, and the
	// drawing area depends on their heights.
	if rows, hl := p.roomyLayout(); rows > 1 || hl > 1 || p.bareNeeded(rows) {
		bare := p.bareNeeded(rows)
		p = r.newPane(dst, f, v, o, rows, hl)
		p.bare = bare
		r.last = p
		p.draw(v)
	}
	p.placeLabels()
	p.legend()
}

// minDrawH is the height of drawing area a world view keeps, in logical
// pixels, before its key figures take a second or third line: in a small
// pane (a 2×2 split at 640×360 under a title) they run on fewer lines,
// the last cut with "…", rather than leave the pane nothing to draw in.
const minDrawH = 48

// roomyLayout is the legend's rows and the key figures' lines of a
// world view drawn once: as many as its legend needs and its figures
// take, fewer while they would leave under minDrawH to draw in — the
// legend one row at least (its last entries given way to "… +N"), the
// figures one line at least.
func (p *pane) roomyLayout() (rows, hl int) {
	rows = p.legendRowsNeeded()
	for ; rows > 1; rows-- {
		if p.h-headerH*p.s-16*p.s-float64(rows)*legendH*p.s >= minDrawH*p.s {
			break
		}
	}
	return rows, p.headerLinesWithRoom(rows, p.hneed)
}

// bareNeeded says whether a header with one line of key figures over a
// legend of rows rows leaves under minDrawH to draw in (a 2×2 split at
// 480×270): the pane then shows its title alone, the figures given way
// to "…" (the caption and the sidecar keep them).
func (p *pane) bareNeeded(rows int) bool {
	return p.h-headerH*p.s-16*p.s-float64(rows)*legendH*p.s < minDrawH*p.s
}

// headerLinesWithRoom is as many of hl lines of key figures as leave the
// drawing area minDrawH over a legend of rows rows, one at least.
func (p *pane) headerLinesWithRoom(rows, hl int) int {
	for ; hl > 1; hl-- {
		header := (headerH + infoH*float64(hl-1)) * p.s
		if p.h-header-16*p.s-float64(rows)*legendH*p.s >= minDrawH*p.s {
			break
		}
	}
	return hl
}

// drawTimeView draws the packet-flow diagram or the fire-effects lanes.
func (p *pane) drawTimeView() {
	switch p.v {
	case ViewPackets:
		p.packets()
	case ViewDuel:
		p.duel()
	case ViewNetGraph:
		p.netgraph()
	default:
		p.fireLanes()
	}
}

// newPane starts drawing view v into dst, cleared, with a legend of rows
// and a header of hlines lines of key figures.
func (r *Renderer) newPane(dst *image.RGBA, f *lagcomp.Frame, v View, o Options, rows, hlines int) *pane {
	b := dst.Bounds()
	p := &pane{r: r, dc: gg.NewContextForRGBA(dst), dst: dst, f: f, o: o, pal: o.Palette, s: o.Scale,
		w: float64(b.Dx()), h: float64(b.Dy()), v: v, rows: rows, hlines: hlines}
	p.dc.SetColor(p.pal.Background)
	p.dc.Clear()
	return p
}

// draw draws view v's content and header.
func (p *pane) draw(v View) {
	switch v {
	case ViewServer:
		p.server()
	case ViewShooter:
		p.shooter()
	case ViewTarget:
		p.target()
	case ViewOverlay:
		p.overlay()
	}
}

const (
	headerH = 44 // logical px, with one line of key figures
	infoH   = 17 // each further line of key figures
	infoSz  = 13 // the key figures' text size
	// maxInfoLines is as many lines as the key figures may take: a third
	// line in a narrow (compare) pane rather than a cut figure
	maxInfoLines = 3
	legendH      = 24
)

// headerHeight is the header's height in pixels.
func (p *pane) headerHeight() float64 {
	if p.bare {
		return (headerH - infoH) * p.s
	}
	return (headerH + infoH*float64(max(p.hlines, 1)-1)) * p.s
}

// area is the drawing area between header and legend, in pixels.
func (p *pane) area() (x, y, w, h float64) {
	m := 8 * p.s
	top := p.headerHeight() + m
	return m, top, p.w - 2*m, p.h - top - p.legendHeight() - m
}

// text draws s with its anchor (ax, ay in 0..1 of its width and height)
// at x, y. It draws glyph masks straight onto the image: gg's text path
// resamples every glyph through a transform, which cost a third of a frame.
func (p *pane) text(s string, x, y, size float64, c color.Color, ax, ay float64, isBold bool) {
	fc := p.r.face(isBold, math.Round(size*p.s))
	w := font.MeasureString(fc, s)
	m := fc.Metrics()
	h := m.Ascent + m.Descent
	dot := fixed.Point26_6{
		X: fixed.Int26_6(x*64) - fixed.Int26_6(float64(w)*ax),
		Y: fixed.Int26_6(y*64) + m.Ascent - fixed.Int26_6(float64(h)*ay),
	}
	d := font.Drawer{Dst: p.dst, Src: image.NewUniform(c), Face: fc, Dot: dot}
	d.DrawString(s)
}

// measure is the width and height of s in pixels.
func (p *pane) measure(s string, size float64) (float64, float64) {
	fc := p.r.face(false, math.Round(size*p.s))
	m := fc.Metrics()
	return float64(font.MeasureString(fc, s)) / 64, float64(m.Ascent+m.Descent) / 64
}

// header is the pane's title and its key figures, wrapped to a second
// line rather than cut when the pane is narrow.
func (p *pane) header(title, info string) {
	p.info = info
	lines := p.wrap(info, infoSz, p.infoWidth())
	p.hneed = min(len(lines), maxInfoLines)
	hl := max(p.hlines, 1)
	if len(lines) > hl { // the rest joins the last line, shortened
		lines = append(lines[:hl-1], strings.Join(lines[hl-1:], sep))
	}
	p.fillRect(0, 0, p.w, p.headerHeight(), p.pal.Grid)
	p.text(title, 10*p.s, 15*p.s, 16, p.pal.Text, 0, 0.5, true)
	if p.bare { // the figures gave way: say so after the title
		tw := p.titleWidth(title)
		p.text("…", 10*p.s+tw+8*p.s, 15*p.s, infoSz, p.pal.Dim, 0, 0.5, false)
		return
	}
	for i, l := range lines {
		p.text(p.fitText(l, infoSz, p.infoWidth()), 10*p.s, (34+infoH*float64(i))*p.s, infoSz, p.pal.Dim, 0, 0.5, false)
	}
}

// infoWidth is the width the header's key figures take: the pane's, less
// its margins and what Options.HeaderRight keeps free.
func (p *pane) infoWidth() float64 { return p.w - 20*p.s - p.o.HeaderRight*p.s }

func (p *pane) walls() {
	x, y, w, h := p.area()
	view := rect{x, y, x + w, y + h}
	shown := p.r.rects[:0]
	for _, wl := range p.f.Config.Walls {
		x0, y0 := p.cam.px(model.V(wl.Min.X, wl.Max.Y))
		x1, y1 := p.cam.px(model.V(wl.Max.X, wl.Min.Y))
		r := rect{x0, y0, x1, y1}
		if !r.overlaps(view) {
			continue
		}
		p.key(keyWall)
		// clipped to the drawing area: a long wall must not run into
		// the header or the legend
		shown = append(shown, rect{math.Max(r.x0, view.x0), math.Max(r.y0, view.y0), math.Min(r.x1, view.x1), math.Min(r.y1, view.y1)})
	}
	p.r.rects = shown
	p.fillRects(p.pal.Wall, shown...)
}

// hitbox draws a pawn's body box and head, outlined and optionally filled.
func (p *pane) hitbox(pose model.Pose, c color.NRGBA, fill float64, width float64, dashed bool) {
	box := pose.Box()
	var body [8]float64 // the body's corners in pixels
	for i, q := range box.Corners() {
		body[2*i], body[2*i+1] = p.cam.px(q)
	}
	hx, hy := p.cam.px(box.Head())
	hr := model.HeadRadius * p.cam.ppm
	if fill > 0 {
		f := &p.r.fill
		f.polygon(body[:]...)
		f.newSubPath()
		f.circle(hx, hy, hr)
		p.fill(f, alpha(c, fill))
	}
	// a pawn drawn small (a wide scene in a quarter of a projector)
	// gets bolder outlines, so it can be found from the back of a hall;
	// the geometry stays to scale
	if p.cam.ppm < 60*p.s {
		width *= 1.5
	}
	sp := &p.r.stroke
	sp.polygon(body[:]...)
	sp.circle(hx, hy, hr)
	if dashed {
		p.stroke(sp, c, width*p.s, 4*p.s, 3*p.s)
	} else {
		p.stroke(sp, c, width*p.s)
	}
	p.shapeOf(box, hx, hy)
	if !pose.Alive { // a dead pawn: crossed out (health > 0: where it died, until it respawns; nameTag says "dead")
		x, y := p.cam.px(pose.Pos)
		r := 0.4 * p.cam.ppm
		p.strokeLines(c, width*p.s, [4]float64{x - r, y - r, x + r, y + r}, [4]float64{x - r, y + r, x + r, y - r})
	}
}

// minMarkPx is the shortest line, in pixels at scale 1, that shows as a
// mark and earns its legend entry.
const minMarkPx = 2

// pxDist is the distance in pixels, at scale 1, between world points a
// and b as the pane draws them.
func (p *pane) pxDist(a, b model.Vec) float64 {
	x0, y0 := p.cam.px(a)
	x1, y1 := p.cam.px(b)
	return math.Hypot(x1-x0, y1-y0) / p.s
}

// underSegment reports whether the segment a0–a1 lies within a pixel,
// at scale 1, of the segment b0–b1 as the pane draws them: a thinner
// line drawn there is hidden by b's.
func (p *pane) underSegment(a0, a1, b0, b1 model.Vec) bool {
	bx0, by0 := p.cam.px(b0)
	bx1, by1 := p.cam.px(b1)
	for _, a := range []model.Vec{a0, a1} {
		x, y := p.cam.px(a)
		if segDist(x, y, bx0, by0, bx1, by1) > p.s {
			return false
		}
	}
	return true
}

// segDist is the distance from (x, y) to the segment (x0, y0)–(x1, y1).
func segDist(x, y, x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = max(0, min(1, ((x-x0)*dx+(y-y0)*dy)/l2))
	}
	return math.Hypot(x-(x0+t*dx), y-(y0+t*dy))
}

func (p *pane) line(a, b model.Vec, c color.NRGBA, width float64, dashed bool) {
	x0, y0 := p.cam.px(a)
	x1, y1 := p.cam.px(b)
	if !dashed {
		p.strokeLines(c, width*p.s, [4]float64{x0, y0, x1, y1})
		return
	}
	on, off := 5*p.s, 4*p.s
	x0, y0, x1, y1, ok := p.visibleDashes(x0, y0, x1, y1, on+off, width*p.s+on)
	if !ok {
		return
	}
	sp := &p.r.stroke
	sp.line(x0, y0, x1, y1)
	p.stroke(sp, c, width*p.s, on, off)
}

// visibleDashes is the part of a dashed segment from (x0, y0) to (x1, y1)
// that can reach the pane, within margin pixels of it, its start moved
// on by whole dash periods so the dashes fall where they would on the
// whole segment. A trace zoomed into runs thousands of pixels off the
// pane, and gg strokes every dash of it, each with two round caps.
func (p *pane) visibleDashes(x0, y0, x1, y1, period, margin float64) (float64, float64, float64, float64, bool) {
	dx, dy := x1-x0, y1-y0
	t0, t1 := 0.0, 1.0
	// Liang–Barsky against the pane grown by margin
	for _, e := range [4][2]float64{{-dx, x0 + margin}, {dx, p.w + margin - x0}, {-dy, y0 + margin}, {dy, p.h + margin - y0}} {
		q, r := e[0], e[1]
		switch {
		case q == 0:
			if r < 0 {
				return 0, 0, 0, 0, false
			}
		case q < 0:
			t0 = math.Max(t0, r/q)
		default:
			t1 = math.Min(t1, r/q)
		}
	}
	if t0 > t1 {
		return 0, 0, 0, 0, false
	}
	if l := math.Hypot(dx, dy); t0 > 0 && l > 0 {
		t0 = math.Floor(t0*l/period) * period / l
	}
	return x0 + t0*dx, y0 + t0*dy, x0 + t1*dx, y0 + t1*dy, true
}

func (p *pane) dot(at model.Vec, r float64, c color.NRGBA) {
	x, y := p.cam.px(at)
	f := &p.r.fill
	f.circle(x, y, r*p.s)
	p.fill(f, c)
}

// shapeOf notes a hitbox's pixel bounds (body corners and head) so no
// label covers it.
func (p *pane) shapeOf(box model.Hitbox, hx, hy float64) {
	hr := model.HeadRadius * p.cam.ppm
	r := rect{hx - hr, hy - hr, hx + hr, hy + hr}
	for _, c := range box.Corners() {
		x, y := p.cam.px(c)
		r = r.union(rect{x, y, x, y})
	}
	p.shape(r)
	p.boxes = append(p.boxes, r)
}

const noteSize, noteH = 13, 18 // logical px

// note writes the next line of text at the top left of the drawing area,
// on a panel so the drawing under it does not make it unreadable; labels
// keep off it.
func (p *pane) note(s string, c color.NRGBA) {
	_, _, w, _ := p.area()
	p.noteTexts = append(p.noteTexts, s)
	// a figure is never cut off: the line wraps
	lines := p.wrap(s, noteSize, w-12*p.s)
	for i, l := range lines {
		if i > 0 && !strings.HasPrefix(l, " ") {
			l = "  " + l
		}
		p.noteLine(l, c)
	}
}

// noteLine writes one line of a note. A line that would reach the
// drawing area's bottom line (the grid's step, the labels left out)
// gives way: the last line that fits then says how many did ("… +3
// lines left out"), where a small pane's notes ran over its legend.
func (p *pane) noteLine(s string, c color.NRGBA) {
	x, y, w, h := p.area()
	s = p.fitText(s, noteSize, w-12*p.s)
	tw, _ := p.measure(s, noteSize)
	top := y + (4+noteH*float64(p.notes))*p.s
	if top+2*noteH*p.s > y+h && p.notes > 0 {
		p.notesLeftOut++
		b, say := p.noteLast, fmt.Sprintf("… +%d lines left out", p.notesLeftOut+1)
		sw, _ := p.measure(say, noteSize)
		b.x1 = math.Max(b.x1, b.x0+sw+10*p.s)
		p.fillRect(b.x0, b.y0, b.x1-b.x0, b.y1-b.y0, p.pal.Background) // the line it replaces
		p.fillRect(b.x0, b.y0, b.x1-b.x0, b.y1-b.y0, p.pal.Panel)
		p.text(say, b.x0+4*p.s, (b.y0+b.y1)/2, noteSize, p.pal.Dim, 0, 0.5, false)
		p.shape(b)
		return
	}
	p.notes++
	p.noteLast = rect{x, top, x + tw + 10*p.s, top + noteH*p.s}
	p.fillRect(x, top, tw+10*p.s, noteH*p.s, p.pal.Panel)
	p.text(s, x+4*p.s, top+noteH/2*p.s, noteSize, c, 0, 0.5, false)
	p.shape(rect{x, top, x + tw + 10*p.s, top + noteH*p.s})
	p.noteBoxes = append(p.noteBoxes, p.noteLast)
}

// selected is the shot the options select, or the newest judged one.
func (p *pane) selected() *lagcomp.ShotRecord {
	var zero [16]byte
	if p.o.Selected != zero {
		for i := range p.f.Shots { // a lost shot has no server side to draw
			if p.f.Shots[i].ID == p.o.Selected && p.f.Shots[i].HasServerSide() {
				return &p.f.Shots[i]
			}
		}
		if p.f.Last != nil && p.f.Last.ID == p.o.Selected && p.f.Last.HasServerSide() {
			return p.f.Last
		}
	}
	for i := len(p.f.Shots) - 1; i >= 0; i-- {
		if p.f.Shots[i].Outcome == lagcomp.OutcomeJudged {
			return &p.f.Shots[i]
		}
	}
	return nil
}

// shownShots are the judged shots to draw: every recent one with ghosts,
// else only the selected.
func (p *pane) shownShots() []*lagcomp.ShotRecord {
	var out []*lagcomp.ShotRecord
	if p.o.Layers.Ghosts {
		for i := range p.f.Shots {
			if p.f.Shots[i].Outcome == lagcomp.OutcomeJudged {
				out = append(out, &p.f.Shots[i])
			}
		}
		return out
	}
	if s := p.selected(); s != nil {
		out = append(out, s)
	}
	return out
}

// fade is how visible a ghost is: the newest full, fading over GhostWindow.
func (p *pane) fade(r *lagcomp.ShotRecord) float64 {
	age := float64(p.f.T-r.Judged) / float64(lagcomp.GhostWindow)
	return math.Max(0.25, 1-age)
}

func ms(t model.Time) string { return fmt.Sprintf("%.1f ms", t.Millis()) }

// gapText says by how much a trace missed or hit the target.
func gapText(gap float64) string {
	if gap > 0 {
		return fmt.Sprintf("missed by %.3f m", gap)
	}
	return fmt.Sprintf("hit, %.3f m to spare", -gap)
}

// path starts a new path through world points.
func (p *pane) path(pts []model.Vec) {
	for i, q := range pts {
		x, y := p.cam.px(q)
		if i == 0 {
			p.dc.MoveTo(x, y)
		} else {
			p.dc.LineTo(x, y)
		}
	}
}

// titleWidth is the width of a pane's title in pixels.
func (p *pane) titleWidth(title string) float64 {
	fc := p.r.face(true, math.Round(16*p.s))
	return float64(font.MeasureString(fc, title)) / 64
}
