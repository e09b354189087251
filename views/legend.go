package views

import (
	"fmt"
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
	keyCorrection              // a prediction correction: predicted → corrected (own pawn)
	keyTruthThen               // grey dashed: where the pawn truly was at the shown time
	keyTrail                   // grey dots: history the server can rewind to
	keyBuffer                  // blue dots: the snapshots a client interpolates between
	keyRenderTime              // white diamond: the render time, between two snapshots
	keyTrace                   // yellow: the server's trace
	keyClientTrace             // yellow dashed: the client's trace
	keyTracesSame              // yellow: the server's trace with the client's under it
	keyCrosshair               // the shooter's aim
	keyHitMarker               // the shooter's hit marker and how long after the pull it showed
	keyBystander               // other pawns
	keyBroadSkipped            // pawns the broad phase skipped
	keyBroadCells              // the grid cells a broad phase walked
	keyWall                    // walls
	keyAuth                    // green: authoritative projectile
	keyFake                    // magenta: the owner's fake projectile
	keySpawn                   // Draw Spawn Position
	keyFinal                   // Draw Final Position
	keyFX                      // where the owner saw the detonation effects
	keyMuzzleFlash             // a muzzle flash a remote client played (ShooterGame's BurstCounter article)
	keyTeleport                // white rings: the spawns a rewind interpolated between (teleport.go)
	keyInvented                // blue dashed: the path the rewind invented between them
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
	swX                      // an X: a hit marker
	swBlock                  // a solid block: a wall
	swDiamond                // an outlined diamond
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
		return legendEntry{pal.Victim, swFill, "shooter as this client shows it", "shooter shown"}
	case keyVictimOthers:
		return legendEntry{alpha(pal.Victim, 0.6), swDot, "others as this client shows them", "others shown"}
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
	case keyCorrection:
		return legendEntry{CorrectionOrange, swArrow, "correction: predicted → corrected", "correction"}
	case keyTruthThen:
		return legendEntry{TrailGrey, swLine, "truth at shown time", "truth"}
	case keyTrail:
		return legendEntry{TrailGrey, swDot, "history", "history"}
	case keyBuffer:
		return legendEntry{ServerBlue, swDot, "snapshots (server time)", "snaps"}
	case keyRenderTime:
		return legendEntry{pal.Text, swDiamond, "render time", "render"}
	case keyTrace:
		return legendEntry{pal.Trace, swLine, "trace", "trace"}
	case keyClientTrace:
		return legendEntry{pal.Trace, swDashLine, "client's trace", "client trace"}
	case keyTracesSame:
		return legendEntry{pal.Trace, swLine, "trace (client's = server's)", "traces same"}
	case keyCrosshair:
		return legendEntry{pal.Text, swCross, "aim", "aim"}
	case keyHitMarker:
		return legendEntry{pal.Text, swX, "hit marker (+ms after the pull)", "hit marker"}
	case keyBystander:
		return legendEntry{pal.Dim, swDot, "bystanders", "others"}
	case keyBroadSkipped:
		return legendEntry{alpha(pal.Dim, 0.4), swDot, "skipped by broad phase", "skipped"}
	case keyBroadCells:
		return legendEntry{alpha(ServerBlue, 0.5), swOutline, "broad-phase cells walked", "cells"}
	case keyWall:
		return legendEntry{pal.Wall, swBlock, "wall", "wall"}
	case keyAuth:
		return legendEntry{AuthGreen, swDot, "authoritative projectile", "authoritative"}
	case keyFake:
		return legendEntry{FakeMagnta, swDot, "fake projectile", "fake"}
	case keySpawn:
		return legendEntry{pal.Dim, swRing, "spawn (ring)", "spawn"}
	case keyFinal:
		return legendEntry{pal.Dim, swRing, "detonation + radius", "detonation"}
	case keyFX:
		return legendEntry{pal.Text, swCross, "effects seen", "effects"}
	case keyMuzzleFlash:
		return legendEntry{pal.Victim, swCross, "muzzle flash this client played", "flash"}
	case keyTeleport:
		return legendEntry{pal.Text, swRing, "old and new spawn (teleport)", "spawns"}
	case keyInvented:
		return legendEntry{ServerBlue, swDashLine, "path the rewind invented", "invented"}
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

// entry is k's legend entry in this pane: the warp arrows' says the
// factor they are drawn at.
func (p *pane) entry(k key) legendEntry {
	e := p.pal.entry(k)
	if k == keyOwn && p.f != nil && !p.f.Config.Predict { // the naive client's: not predicted
		e.label, e.short = "own pawn (server's word)", "own"
	}
	if k == keyCorrection && p.adjusted() {
		e.label, e.short = "ClientAdjustPosition: reported → server's", "adjusted"
	}
	if k == keyWarp && p.warpX > 1 {
		e.label = fmt.Sprintf("warp on correction (drawn ×%d)", p.warpX)
		e.short = fmt.Sprintf("warp ×%d", p.warpX)
	}
	return e
}

// legendRows is how many rows the legend takes. (The packet diagram
// draws its own legend.)
func (p *pane) legendRows() int {
	if p.rows < 1 || p.v == ViewPackets {
		return 1
	}
	return p.rows
}

// maxLegendRows is the most rows a legend takes before its labels get
// smaller than readable.
const maxLegendRows = 4

// legendRowsNeeded is the fewest rows in which the drawn keys' labels
// fit at a readable size. A legend says one mark in the same words
// everywhere: a narrow pane (an A/B half) takes more rows rather than
// shorter words.
func (p *pane) legendRowsNeeded() int {
	entries := p.entries()
	for n := 1; n < maxLegendRows; n++ {
		if short, size := p.legendFit(splitRows(entries, n)); !short && size >= 10 {
			return n
		}
	}
	return maxLegendRows
}

// splitRows lays entries out in n rows, in order, the first rows taking
// the odd one.
func splitRows(entries []legendEntry, n int) [][]legendEntry {
	var rows [][]legendEntry
	per := (len(entries) + n - 1) / n
	for len(entries) > 0 {
		m := min(per, len(entries))
		rows = append(rows, entries[:m])
		entries = entries[m:]
	}
	return rows
}

// entries are the legend entries of the drawn keys, in order.
func (p *pane) entries() []legendEntry {
	var out []legendEntry
	for k := key(0); k < keyCount; k++ {
		if p.drew[k] {
			out = append(out, p.entry(k))
		}
	}
	return out
}

func (p *pane) legendHeight() float64 { return float64(p.legendRows()) * legendH * p.s }

// legend draws the pane's legend along its bottom. A legend depends only
// on the keys, width, rows, scale and palette, so it is drawn once and
// copied.
func (p *pane) legend() {
	// fewer rows than its words need: a small pane's (roomyLayout)
	cut := p.v != ViewPackets && p.legendRows() < p.legendRowsNeeded()
	k := legendKey{int(p.w), p.legendRows(), p.s, p.pal, p.drew, p.warpX, cut}
	img, ok := p.r.legends[k]
	if !ok {
		h := p.legendHeight()
		img = image.NewRGBA(image.Rect(0, 0, int(p.w), int(h)))
		lp := &pane{r: p.r, dc: gg.NewContextForRGBA(img), dst: img, pal: p.pal, s: p.s, w: p.w, h: h, drew: p.drew, warpX: p.warpX}
		lp.drawLegend(p.legendRows(), cut)
		p.r.legends[k] = img
	}
	y := int(p.h - p.legendHeight())
	draw.Draw(p.dst, image.Rect(0, y, int(p.w), y+img.Bounds().Dy()), img, image.Point{}, draw.Src)
}

type legendKey struct {
	w, rows int
	s       float64
	pal     Palette
	drew    keys
	warpX   int
	cut     bool
}

// legendFit is the legend's text size and words: the labels at the
// largest size at which every row fits; the short words only as a last
// resort, when even the smallest size does not fit.
func (p *pane) legendFit(rows [][]legendEntry) (short bool, size float64) {
	need := func(row []legendEntry, short bool, size float64) float64 {
		n := 10 * p.s
		for _, e := range row {
			l := e.label
			if short {
				l = e.short
			}
			tw, _ := p.measure(l, size)
			n += 30*p.s + tw
		}
		return n
	}
	fits := func(short bool, size float64) bool {
		for _, r := range rows {
			if need(r, short, size) > p.w {
				return false
			}
		}
		return true
	}
	for _, short := range []bool{false, true} {
		for _, size := range []float64{12, 11, 10, 9} {
			if fits(short, size) {
				return short, size
			}
		}
	}
	return true, 9
}

// drawLegend lays the entries out in n rows, in order, the first rows
// taking the odd one; cut, in one row, as many as fit at a readable size
// and a count of the rest (legendCut).
func (p *pane) drawLegend(n int, cut bool) {
	p.dc.SetColor(p.pal.Grid)
	p.dc.Clear()
	entries, rest := p.entries(), ""
	if cut && n == 1 {
		entries, rest = p.legendCut(entries)
	}
	rows := splitRows(entries, n)
	short, size := p.legendFit(rows)
	if rest != "" { // at the size they fit beside the count
		short, size = false, p.cutSize
	}
	if rest != "" { // what gave way, counted, after the entries kept
		cw, _ := p.measure(rest, size)
		p.text(rest, p.w-cw-8*p.s, 0.5*legendH*p.s, size, p.pal.Dim, 0, 0.5, false)
	}
	for i, row := range rows {
		x, cy := 10*p.s, (float64(i)+0.5)*legendH*p.s
		for _, e := range row {
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
}

// legendCut is as many of entries as fit one row at a readable size
// beside a count of the rest ("… +3"), and that count: a legend squeezed
// to one row in a small pane (roomyLayout) gives way at its end rather
// than shrink its words past reading or take the pane's drawing area.
func (p *pane) legendCut(entries []legendEntry) ([]legendEntry, string) {
	w := p.w
	defer func() { p.w = w }()
	for k := len(entries) - 1; k >= 1; k-- {
		cut := fmt.Sprintf("… +%d", len(entries)-k)
		cw, _ := p.measure(cut, 12) // at the largest size a legend takes
		p.w = w - cw - 24*p.s       // room for the count
		if short, size := p.legendFit([][]legendEntry{entries[:k]}); !short && size >= 10 {
			p.cutSize = size
			return entries[:k], cut
		}
	}
	p.cutSize = 10
	return entries[:min(1, len(entries))], fmt.Sprintf("… +%d", max(len(entries)-1, 0))
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
	case swX:
		dc.DrawLine(x0+w/6, y0+w/6, x0+5*w/6, y0+5*w/6)
		dc.DrawLine(x0+w/6, y0+5*w/6, x0+5*w/6, y0+w/6)
		dc.Stroke()
	case swBlock:
		dc.DrawRectangle(x0+3*s, y0, w-6*s, w)
		dc.Fill()
	case swDiamond:
		c := x0 + w/2
		dc.MoveTo(c-6*s, cy)
		dc.LineTo(c, cy-6*s)
		dc.LineTo(c+6*s, cy)
		dc.LineTo(c, cy+6*s)
		dc.ClosePath()
		dc.SetLineWidth(2 * s)
		dc.Stroke()
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
