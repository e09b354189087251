package views

import (
	"fmt"
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

// warps draws the client's extrapolation warps: an arrow from where the
// pawn was shown to where the correction put it, fading with age.
func (p *pane) warps(c lagcomp.ClientFrame) {
	if p.f.Config.Display != lagcomp.DisplayExtrap && len(c.Warps) == 0 {
		return
	}
	ws := c.Warps
	biggest := -1
	for i, w := range ws {
		a := max(0.25, 1-float64(p.f.T-w.T)/float64(lagcomp.GhostWindow))
		x0, y0 := p.cam.px(w.From)
		x1, y1 := p.cam.px(w.To)
		p.warpArrow(x0, y0, x1, y1, a)
		p.key(keyWarp)
		if biggest < 0 || w.M > ws[biggest].M {
			biggest = i
		}
		if i >= len(ws)-warpLabels {
			p.label(w.To, fmt.Sprintf("warp %.2f m", w.M), p.pal.Text)
		}
	}
	if len(ws) == 0 {
		p.note("warps (last 3 s): none", p.pal.Dim)
		return
	}
	b := ws[biggest]
	p.note(fmt.Sprintf("warps (last 3 s): %d · largest %.2f m at %.3f s", len(ws), b.M, b.T.Seconds()), p.pal.Text)
	for i := len(ws) - 1; i >= 0 && i >= len(ws)-warpLabels; i-- {
		w := ws[i]
		p.note(fmt.Sprintf("  %.3f s: %s jumped %.2f m on correction", w.T.Seconds(), pawnName(w.Pawn), w.M), p.pal.Dim)
	}
}

// warpArrow draws one warp's arrow over what is drawn already (the
// pawn's hitbox lies under a short jump): a casing in the background
// colour under it and a head at least headMin long, so it shows on a
// filled box; labels keep off it.
func (p *pane) warpArrow(x0, y0, x1, y1, a float64) {
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
	p.dc.SetColor(alpha(p.pal.Text, a))
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
