package views

import (
	"image"
	"image/color"
	"image/draw"
	"strings"

	"github.com/fogleman/gg"

	"lagscope/model"
)

// A pane's legend lists what that pane drew and nothing else: every
// drawing helper that puts a kind of mark on screen names its key as it
// draws, and the legend is made from those keys, in a fixed order so it
// reads the same from frame to frame.

// key is one kind of mark a pane can draw, in the order the legend lists
// them.
type key int

const (
	keyPawnNow      key = iota // server pane: the pawns where the server has them
	keyOwn                     // client panes: the client's own pawn, predicted
	keyClientSaw               // red: the target as the shooter's client showed it
	keyVictimSaw               // the shooter as the victim's client shows it
	keyVictimOthers            // bystanders as the victim's client shows them
	keyRewound                 // blue: the hitboxes the server rewound to
	keyGhostShots              // faded blue: older judged shots
	keyServerNow               // dashed outline: where the server has a pawn now
	keyServerGap               // the link from what a client shows to the server's now
	keyWarp                    // an extrapolation warp: the jump on correction
	keyTruthThen               // grey dashed: where the pawn truly was at the shown time
	keyTrail                   // grey dots: history the server can rewind to
	keyBuffer                  // blue dots: the snapshots a client interpolates between
	keyTrace                   // yellow: the server's trace
	keyClientTrace             // yellow dashed: the client's trace
	keyCrosshair               // the shooter's aim
	keyBystander               // other pawns
	keyBroadSkipped            // pawns the broad phase skipped
	keyBroadCells              // the grid cells a broad phase walked
	keyWall                    // walls
	keyAuth                    // green: authoritative projectile
	keyFake                    // magenta: the owner's fake projectile
	keySpawn                   // Draw Spawn Position
	keyFinal                   // Draw Final Position
	keyFX                      // where the owner saw the detonation effects
	keyCount
)

// swatch is how a legend entry shows its mark.
type swatch int

const (
	swFill     swatch = iota // a filled, outlined square: a hitbox
	swOutline                // an outlined square
	swDashed                 // a dashed square
	swDot                    // a dot
	swLine                   // a short line
	swDashLine               // a dashed line
	swRing                   // a ring
	swArrow                  // an arrow
	swCross                  // a crosshair or star
	swBlock                  // a solid block: a wall
)

// legendEntry is a key's swatch and words: label, and short when the
// legend is too narrow for the labels.
type legendEntry struct {
	c            color.NRGBA
	sw           swatch
	label, short string
}

// entry is the legend entry of k in palette pal.
func (pal Palette) entry(k key) legendEntry {
	switch k {
	case keyPawnNow:
		return legendEntry{pal.Neutral, swOutline, "pawn now", "now"}
	case keyOwn:
		return legendEntry{pal.Neutral, swOutline, "own pawn (predicted)", "own"}
	case keyClientSaw:
		return legendEntry{ClientRed, swFill, "client saw", "client saw"}
	case keyVictimSaw:
		return legendEntry{VictimOrange, swFill, "shooter as this client shows it", "shooter shown"}
	case keyVictimOthers:
		return legendEntry{alpha(VictimOrange, 0.6), swDot, "others as this client shows them", "others shown"}
	case keyRewound:
		return legendEntry{ServerBlue, swFill, "server rewound", "rewound"}
	case keyGhostShots:
		return legendEntry{alpha(ServerBlue, 0.4), swFill, "older shots (3 s)", "older"}
	case keyServerNow:
		return legendEntry{pal.Neutral, swDashed, "server now", "server now"}
	case keyServerGap:
		return legendEntry{pal.Dim, swDashLine, "shown → server now", "gap"}
	case keyWarp:
		return legendEntry{pal.Text, swArrow, "warp on correction", "warp"}
	case keyTruthThen:
		return legendEntry{TrailGrey, swDashLine, "truth at shown time", "truth"}
	case keyTrail:
		return legendEntry{TrailGrey, swDot, "history", "history"}
	case keyBuffer:
		return legendEntry{ServerBlue, swDot, "snapshots", "snaps"}
	case keyTrace:
		return legendEntry{pal.Trace, swLine, "trace", "trace"}
	case keyClientTrace:
		return legendEntry{pal.Trace, swDashLine, "client's trace", "client trace"}
	case keyCrosshair:
		return legendEntry{pal.Text, swCross, "aim", "aim"}
	case keyBystander:
		return legendEntry{pal.Dim, swDot, "bystanders", "others"}
	case keyBroadSkipped:
		return legendEntry{alpha(pal.Dim, 0.4), swDot, "skipped by broad phase", "skipped"}
	case keyBroadCells:
		return legendEntry{alpha(ServerBlue, 0.5), swOutline, "broad-phase cells walked", "cells"}
	case keyWall:
		return legendEntry{pal.Wall, swBlock, "wall", "wall"}
	case keyAuth:
		return legendEntry{AuthGreen, swDot, "auth. projectile", "auth."}
	case keyFake:
		return legendEntry{FakeMagnta, swDot, "fake projectile", "fake"}
	case keySpawn:
		return legendEntry{pal.Dim, swRing, "spawn (ring)", "spawn"}
	case keyFinal:
		return legendEntry{pal.Dim, swRing, "detonation + radius", "det."}
	case keyFX:
		return legendEntry{pal.Text, swCross, "effects seen", "FX"}
	}
	return legendEntry{}
}

// keys is the set of keys a pane drew.
type keys [keyCount]bool

// key notes that the pane drew a mark of kind k.
func (p *pane) key(k key) { p.drew[k] = true }

// keyAt notes a mark of kind k drawn at world points pts, if any of them
// is in the drawing area: a mark out of frame is not in the legend.
func (p *pane) keyAt(k key, pts ...model.Vec) {
	x, y, w, h := p.area()
	for _, q := range pts {
		px, py := p.cam.px(q)
		if px >= x && px <= x+w && py >= y && py <= y+h {
			p.key(k)
			return
		}
	}
}

// legend draws the pane's legend along its bottom. A legend depends only
// on the keys, width, scale and palette, so it is drawn once and copied.
func (p *pane) legend() {
	k := legendKey{int(p.w), p.s, p.pal, p.drew}
	img, ok := p.r.legends[k]
	if !ok {
		img = image.NewRGBA(image.Rect(0, 0, int(p.w), int(legendH*p.s)))
		lp := &pane{r: p.r, dc: gg.NewContextForRGBA(img), dst: img, pal: p.pal, s: p.s, w: p.w, h: legendH * p.s, drew: p.drew}
		lp.drawLegend()
		p.r.legends[k] = img
	}
	y := int(p.h - legendH*p.s)
	draw.Draw(p.dst, image.Rect(0, y, int(p.w), y+img.Bounds().Dy()), img, image.Point{}, draw.Src)
}

type legendKey struct {
	w    int
	s    float64
	pal  Palette
	drew keys
}

// legendFont is the legend's text size: the long labels when they fit,
// else the short ones, smaller only as a last resort.
func (p *pane) legendFit(entries []legendEntry) (short bool, size float64) {
	need := func(short bool, size float64) float64 {
		n := 10 * p.s
		for _, e := range entries {
			l := e.label
			if short {
				l = e.short
			}
			tw, _ := p.measure(l, size)
			n += 30*p.s + tw
		}
		return n
	}
	for _, size := range []float64{12, 11, 10, 9} {
		for _, short := range []bool{false, true} {
			if need(short, size) <= p.w {
				return short, size
			}
		}
	}
	return true, 9
}

func (p *pane) drawLegend() {
	p.dc.SetColor(p.pal.Grid)
	p.dc.Clear()
	var entries []legendEntry
	for k := key(0); k < keyCount; k++ {
		if p.drew[k] {
			entries = append(entries, p.pal.entry(k))
		}
	}
	short, size := p.legendFit(entries)
	x, cy := 10*p.s, legendH*p.s/2
	for _, e := range entries {
		p.swatch(e, x, cy)
		x += 18 * p.s
		label := e.label
		if short {
			label = e.short
		}
		p.text(label, x, cy, size, p.pal.Text, 0, 0.5, false)
		tw, _ := p.measure(label, size)
		x += tw + 12*p.s
	}
}

// swatch draws e's mark in a 14 px square whose left middle is (x, cy).
func (p *pane) swatch(e legendEntry, x, cy float64) {
	s := p.s
	dc := p.dc
	dc.SetColor(e.c)
	dc.SetLineWidth(1.5 * s)
	x0, y0, w := x, cy-6*s, 12*s
	switch e.sw {
	case swFill:
		dc.SetColor(alpha(e.c, 0.45))
		dc.DrawRectangle(x0, y0, w, w)
		dc.Fill()
		dc.SetColor(e.c)
		dc.DrawRectangle(x0, y0, w, w)
		dc.Stroke()
	case swOutline, swDashed:
		if e.sw == swDashed {
			dc.SetDash(3*s, 2*s)
		}
		dc.DrawRectangle(x0+s, y0+s, w-2*s, w-2*s)
		dc.Stroke()
		dc.SetDash()
	case swDot:
		dc.DrawCircle(x0+w/2, cy, 3.5*s)
		dc.Fill()
	case swLine, swDashLine:
		dc.SetLineWidth(2 * s)
		if e.sw == swDashLine {
			dc.SetDash(3*s, 2*s)
		}
		dc.DrawLine(x0-s, cy, x0+w+s, cy)
		dc.Stroke()
		dc.SetDash()
	case swRing:
		dc.DrawCircle(x0+w/2, cy, 5*s)
		dc.Stroke()
	case swArrow:
		p.arrowPx(x0-s, cy+4*s, x0+w+s, cy-4*s, 1.5)
	case swCross:
		dc.DrawLine(x0, cy, x0+w, cy)
		dc.DrawLine(x0+w/2, y0, x0+w/2, y0+w)
		dc.Stroke()
	case swBlock:
		dc.DrawRectangle(x0+3*s, y0, w-6*s, w)
		dc.Fill()
	}
}

// legendText is the legend as words, for tests and for a reader who
// cannot see the colours.
func legendText(drew keys, pal Palette) string {
	var b strings.Builder
	for k := key(0); k < keyCount; k++ {
		if drew[k] {
			if b.Len() > 0 {
				b.WriteString(" · ")
			}
			b.WriteString(pal.entry(k).label)
		}
	}
	return b.String()
}
