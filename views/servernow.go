package views

import (
	"fmt"
	"image/color"
	"math"

	"lagscope/lagcomp"
	"lagscope/model"
)

// What interpolation and extrapolation cost, drawn in each client's
// pane: a faint ghost of every remote pawn where the server has it now,
// joined to where the client shows it and labelled with the gap in time
// and metres; and, when the client extrapolates, each warp as a jump
// arrow at the moment the correction came, listed as an event.

// serverNowGhosts draws, for client own's pane, every remote pawn where
// the server has it now.
func (p *pane) serverNowGhosts(c lagcomp.ClientFrame, own int) {
	if !p.o.Layers.ServerNow {
		return
	}
	f := p.f
	v := c.View
	lag := f.T - v.IdealT
	for i := range f.Pawns {
		if i >= len(v.Shown) || !v.Shown[i] {
			continue
		}
		now := f.Pawns[i].Pose
		if i == own { // its own pawn: where the server has it, behind
			p.hitbox(now, alpha(p.pal.Neutral, 0.5), 0, 1.5, true)
			p.key(keyServerNow)
			if p.o.Stage != nil { // the lecture frame names it: the class must find it
				_, server := p.onStageOwn(own, pawnName(own))
				p.label(now.Pos, server, p.pal.Dim)
			}
			continue
		}
		shown := v.Poses[i]
		if p.pxDist(shown.Pos, now.Pos) >= minMarkPx { // a gap under a pixel or two is no mark: none in the legend
			p.line(shown.Pos, now.Pos, alpha(p.pal.Dim, 0.8), 1, true)
			p.keyAt(keyServerGap, shown.Pos, now.Pos)
		}
		if i > lagcomp.TargetPawn { // a bystander: a faint dot
			p.dot(now.Pos, 2.5, alpha(p.pal.Neutral, 0.35))
			p.keyAt(keyServerNow, now.Pos)
			continue
		}
		p.hitbox(now, alpha(p.pal.Neutral, 0.45), 0, 1.5, true)
		p.key(keyServerNow)
		p.label(now.Pos, fmt.Sprintf("server now: %s ahead, %.2f m away", gapMs(lag), now.Pos.Dist(shown.Pos)), p.pal.Dim)
	}
}

// gapMs says how far behind the server's now a client shows the world.
func gapMs(d model.Time) string {
	return fmt.Sprintf("%.0f ms", d.Millis())
}

// warpLabels is how many of the newest warps are labelled with their
// size; older ones are arrows only, and all are counted in the notes.
const warpLabels = 3

// warpNotes is how many lines of notes warps writes.
func (p *pane) warpNotes(c lagcomp.ClientFrame) int {
	if p.f.Config.Display != lagcomp.DisplayExtrap && len(c.Warps) == 0 {
		return 0
	}
	return 1 + min(len(c.Warps), warpLabels)
}

// warps draws the client's extrapolation warps and lists them as notes.
// A warp is a jump of a few tenths of a metre inside a box about as
// wide, so drawn where it happened it hides under the hitbox and the
// crosshair: each is drawn as an arrow beside the box the correction put
// the pawn in (above it, or below when there is no room), magnified by
// one factor for the whole pane (its legend says which), newest on top
// and older ones faded (the Lag Compensation article's "warping" of
// extrapolating clients, UnrealWiki's "Lag Compensation").
func (p *pane) warps(c lagcomp.ClientFrame) {
	if p.f.Config.Display != lagcomp.DisplayExtrap && len(c.Warps) == 0 {
		return
	}
	ws := c.Warps
	if len(ws) == 0 {
		p.note("warps (last 3 s): none", p.pal.Dim)
		return
	}
	// the notes first: the arrows are placed clear of them
	biggest := 0
	for i, w := range ws {
		if w.M > ws[biggest].M {
			biggest = i
		}
	}
	b := ws[biggest]
	p.note(fmt.Sprintf("warps (last 3 s): %d · largest %.2f m at %.3f s", len(ws), b.M, b.T.Seconds()), p.pal.Text)
	for i := len(ws) - 1; i >= 0 && i >= len(ws)-warpLabels; i-- {
		w := ws[i]
		p.note(fmt.Sprintf("  %.3f s: %s jumped %.2f m on correction", w.T.Seconds(), pawnName(w.Pawn), w.M), p.pal.Dim)
	}
	p.longestWarpM = 0
	for _, w := range ws {
		p.longestWarpM = math.Max(p.longestWarpM, w.M)
	}
	p.warpX = p.warpScale(math.Max(p.longestWarpM, p.o.Framing.sharedWarpM(p.v)))
	p.warpGlyphs = p.warpGlyphs[:0]
	for i := len(ws) - 1; i >= 0; i-- { // the newest takes the nearest spot
		g := p.placeWarp(ws[i], i == len(ws)-1)
		p.warpGlyphs = append(p.warpGlyphs, g)
		p.shape(g.r)
	}
	for i := len(p.warpGlyphs) - 1; i >= 0; i-- { // the newest drawn last, on top
		g := p.warpGlyphs[i]
		p.warpArrow(g)
		p.key(keyWarp)
		if i < warpLabels {
			c := p.pal.Text
			if i > 0 {
				c = p.pal.Dim
			}
			p.labelPx((g.x0+g.x1)/2, (g.y0+g.y1)/2, fmt.Sprintf("warp %.2f m", g.w.M), c)
		}
	}
}

// warpGlyph is a warp as drawn: the magnified arrow from (x0, y0) to
// (x1, y1) in pixels, the box it keeps clear (r), the leader from it to
// where the correction put the pawn (ax, ay), and its opacity.
type warpGlyph struct {
	w              lagcomp.WarpEvent
	x0, y0, x1, y1 float64
	ax, ay         float64
	r              rect
	alpha          float64
	newest         bool
}

// warpMinPx is the length, in logical px, the largest warp's arrow is
// magnified to at least; warpScales are the factors it may take.
const warpMinPx = 56

var warpScales = []int{1, 2, 3, 4, 5, 10, 20, 50, 100}

// warpScale is the one factor the pane's warp arrows are drawn at: the
// smallest that makes the largest warp (longestM: the pane's own, or
// the longest of the panes that share its Framing, so the two halves of
// an A/B draw one scale) at least warpMinPx long, but none
// that makes it longer than a quarter of the drawing area's short side
// (a wide scene in a small pane: the arrow must not cover the pane).
func (p *pane) warpScale(longestM float64) int {
	longest := longestM * p.cam.ppm
	_, _, aw, ah := p.area()
	most := math.Min(aw, ah) / 4
	k := 1
	for _, s := range warpScales {
		if longest*float64(s) > most {
			break
		}
		k = s
		if longest*float64(s) >= warpMinPx*p.s {
			break
		}
	}
	return k
}

// placeWarp finds w's arrow a spot beside the hitbox the correction put
// the pawn in: above it, else below, right or left (those two for the
// newest only: the box's name goes there), else further out the same ways (older arrows at one turn of a strafe stack up rather than
// pile on each other), inside the drawing area and clear of every mark
// noted so far (in a pane too small for that, where it happened). The
// newest is opaque, older ones fade with age.
func (p *pane) placeWarp(w lagcomp.WarpEvent, newest bool) warpGlyph {
	ax, ay := p.cam.px(w.To)
	k := float64(p.warpX)
	dx, dy := (w.To.X-w.From.X)*p.cam.ppm*k, -(w.To.Y-w.From.Y)*p.cam.ppm*k
	if l := math.Hypot(dx, dy); l < warpHeadMin*p.s { // too short for its head: as long as the head
		if l == 0 {
			dx, dy, l = 0, -1, 1
		}
		dx, dy = dx*warpHeadMin*p.s/l, dy*warpHeadMin*p.s/l
	}
	m := 6 * p.s // the casing and head round the shaft
	bw, bh := math.Abs(dx)+2*m, math.Abs(dy)+2*m
	box := model.BoundRadius * p.cam.ppm
	gap := 8 * p.s
	x, y, aw, ah := p.area()
	bounds := rect{x, y, x + aw, y + ah}
	g := warpGlyph{w: w, ax: ax, ay: ay, newest: newest, alpha: 1}
	if !newest {
		g.alpha = math.Max(0.2, 0.55*(1-float64(p.f.T-w.T)/float64(lagcomp.GhostWindow)))
	}
	for n := 0; n < 6; n++ {
		off := box + gap + float64(n)*(bh+gap)
		offX := box + gap + float64(n)*(bw+gap)
		spots := []rect{
			{ax - bw/2, ay - off - bh, ax + bw/2, ay - off},   // above
			{ax - bw/2, ay + off, ax + bw/2, ay + off + bh},   // below
			{ax + offX, ay - bh/2, ax + offX + bw, ay + bh/2}, // right
			{ax - offX - bw, ay - bh/2, ax - offX, ay + bh/2}, // left
		}
		if !newest { // the sides of a box are its name's and the newest warp's
			spots = spots[:2]
		}
		for _, r := range spots {
			if r.inside(bounds) && !collides(r, p.shapes) {
				return g.at(r, dx, dy)
			}
		}
	}
	// a pane too small for a free spot: on the landing place itself, as
	// it happened — never left out
	return g.at(rect{ax - bw/2, ay - bh/2, ax + bw/2, ay + bh/2}, dx, dy)
}

// at is g with its arrow, of pixel extent (dx, dy), centred in r.
func (g warpGlyph) at(r rect, dx, dy float64) warpGlyph {
	cx, cy := (r.x0+r.x1)/2, (r.y0+r.y1)/2
	g.x0, g.y0, g.x1, g.y1 = cx-dx/2, cy-dy/2, cx+dx/2, cy+dy/2
	g.r = r
	return g
}

// warpHeadMin is the arrow head's length in logical px: an arrow is at
// least that long.
const warpHeadMin = 9

// warpArrow draws one placed warp: a dotted leader to where the
// correction put the pawn, then the arrow over a casing in the
// background colour, so it reads on whatever it crosses.
func (p *pane) warpArrow(g warpGlyph) {
	// the leader: from the glyph's nearest point to the pawn's place
	nx := math.Max(g.r.x0, math.Min(g.ax, g.r.x1))
	ny := math.Max(g.r.y0, math.Min(g.ay, g.r.y1))
	p.dc.SetColor(alpha(p.pal.Text, g.alpha*0.7))
	p.dc.SetLineWidth(1 * p.s)
	p.dc.SetDash(2*p.s, 3*p.s)
	p.dc.DrawLine(nx, ny, g.ax, g.ay)
	p.dc.Stroke()
	p.dc.SetDash()
	p.dc.DrawCircle(g.ax, g.ay, 2*p.s)
	p.dc.Fill()
	p.dc.SetColor(alpha(p.pal.Background, g.alpha))
	p.arrowPxHead(g.x0, g.y0, g.x1, g.y1, 7, warpHeadMin+4)
	p.dc.SetColor(alpha(p.pal.Text, g.alpha))
	p.arrowPxHead(g.x0, g.y0, g.x1, g.y1, 2.5, warpHeadMin)
}

// CorrectionOrange marks a prediction correction (Unreal's
// p.NetShowCorrections draws the predicted and the corrected position).
var CorrectionOrange = color.NRGBA{0xff, 0x8c, 0x1a, 0xff}

// correctionNotes is how many lines of notes corrections writes.
func (p *pane) correctionNotes(c lagcomp.ClientFrame) int {
	if len(c.Corrections) == 0 {
		return 0
	}
	return 1
}

// corrections draws the client's corrections of its own pawn in the last
// GhostWindow: the predicted hitbox dashed, an arrow to where the
// reconciliation put it, fading with age, the newest labelled.
func (p *pane) corrections(c lagcomp.ClientFrame, own model.Pose) {
	ks := c.Corrections
	if len(ks) == 0 {
		return
	}
	biggest := 0
	for i, k := range ks {
		a := max(0.25, 1-float64(p.f.T-k.At)/float64(lagcomp.GhostWindow))
		p.hitbox(model.Pose{Pos: k.From, Yaw: own.Yaw, Alive: true}, alpha(CorrectionOrange, a), 0, 1, true)
		x0, y0 := p.cam.px(k.From)
		x1, y1 := p.cam.px(k.To)
		p.arrowIn(x0, y0, x1, y1, a, CorrectionOrange)
		p.key(keyCorrection)
		if k.M > ks[biggest].M {
			biggest = i
		}
	}
	n := ks[len(ks)-1]
	what := "corrections"
	if p.adjusted() {
		what = "adjusted by the server (ClientAdjustPosition)"
		p.label(n.To, fmt.Sprintf("adjusted %.2f m", n.M), CorrectionOrange)
	} else {
		p.label(n.To, fmt.Sprintf("corrected %.2f m", n.M), CorrectionOrange)
	}
	b := ks[biggest]
	p.note(fmt.Sprintf("%s (last 3 s): %d · largest %.2f m at %.3f s · %d inputs unacknowledged", what, len(ks), b.M, b.At.Seconds(), c.Pending), CorrectionOrange)
}

// adjusted reports whether a correction of the own pawn is the server's
// ClientAdjustPosition: under movement_authority = client the server
// adopts a reported position within max_position_error_m (nothing to
// correct) and sends its own back beyond it, so every correction the
// client makes is one.
func (p *pane) adjusted() bool {
	return p.f != nil && p.f.Config.MovementAuthority == lagcomp.AuthorityClient
}

// arrowIn draws a jump's arrow in colour col, cased, with a head of at
// least headMin (warps, corrections).
func (p *pane) arrowIn(x0, y0, x1, y1, a float64, col color.NRGBA) {
	const headMin = 9                                   // logical px
	if l := math.Hypot(x1-x0, y1-y0); l < headMin*p.s { // too short for a head: stretch back from its end
		if l == 0 {
			x0, y0, l = x1, y1-1, 1
		}
		k := headMin * p.s / l
		x0, y0 = x1-(x1-x0)*k, y1-(y1-y0)*k
	}
	p.dc.SetColor(alpha(p.pal.Background, a))
	p.arrowPxHead(x0, y0, x1, y1, 7, headMin+4)
	p.dc.SetColor(alpha(col, a))
	p.arrowPxHead(x0, y0, x1, y1, 2, headMin)
	m := 6 * p.s
	p.shape(rect{math.Min(x0, x1) - m, math.Min(y0, y1) - m, math.Max(x0, x1) + m, math.Max(y0, y1) + m})
}

// pawnName names a pawn in a student's words.
func pawnName(i int) string {
	switch i {
	case lagcomp.ShooterPawn:
		return "shooter"
	case lagcomp.TargetPawn:
		return "target"
	}
	return fmt.Sprintf("bystander %d", i-1)
}
