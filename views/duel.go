package views

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"lagscope/lagcomp"
)

// The duel view draws the peeker's advantage as Riot draws it in
// "Peeking into VALORANT's Netcode" (technology.riotgames.com/news/
// peeking-valorants-netcode): a sighting timeline in three lanes —
// peeker, server, holder — where the peeker's move travels down the
// lanes term by term (duelTerms): the peeker's input frame and command
// wait, the command's one-way trip up to the server, the server's input
// buffer, the snapshot's one-way trip down to the holder and the holder's
// interpolation, snapshot and frame waits. Each term is a segment
// labelled with its ms; their sum is the predicted (mean) advantage. Under it, what the run measured: when the server's poses
// and the holder's screen first had the two in sight, counted from the
// moment the peeker's screen did.

// duelTerm is one term of the sum as drawn: a bar on a lane, or a trip
// between two lanes.
type duelTerm struct {
	from, to int // lanes (0 peeker, 1 server, 2 holder); equal for a wait
	ms       float64
	name     string
	c        color.NRGBA
}

// duelTerms are the terms of d's analytic mean in the order the peek
// travels (PredictPeekersAdvantage sums the same): the peeker's input
// frame and its first input's wait for a command packet, the up-link,
// the server's input buffer (which holds Riot's tick wait), the
// down-link, the holder's interpolation delay, its wait for a snapshot
// beyond it, and half the holder's frame (its mean wait); each link's
// jitter adds half of itself (a packet's mean extra delay) where its
// packet arrives. A term of 0 ms is left out: a packet every frame has
// no command wait, a link without jitter no jitter term.
func duelTerms(d *lagcomp.PeekersAdvantage) []duelTerm {
	up, down := "up-link", "down-link"
	if d.OneWayFromTrace { // the links' delays are a replayed trace's at the peek
		up, down = "up-link (trace)", "down-link (trace)"
	}
	all := []duelTerm{
		{0, 0, d.PeekerFrameMs, "peeker's input frame", ClientRed},
		{0, 0, d.PeekerCmdWaitMs, "command packet wait", duelPurple},
		{0, 1, d.PeekerUpMs, up, VictimOrange},
		{1, 1, d.PeekerJitterMs / 2, "up-link jitter (half)", duelUpJitter},
		{1, 1, d.InputBufferMs, "input buffer (tick wait)", ServerBlue},
		{1, 2, d.HolderDownMs, down, TraceYellw},
		{2, 2, d.HolderJitterMs / 2, "down-link jitter (half)", duelDownJitter},
		{2, 2, d.HolderInterpMs, "holder's interp delay", AuthGreen},
		{2, 2, d.SnapshotWaitMs, "snapshot wait", duelTeal},
		{2, 2, d.HolderFrameMs / 2, "holder's frame (half)", TrailGrey},
	}
	var ts []duelTerm
	for _, t := range all {
		if t.ms > 0 {
			ts = append(ts, t)
		}
	}
	return ts
}

// the duel's own term colours, beside the palette's
var (
	duelPurple = color.NRGBA{0xab, 0x47, 0xbc, 0xff} // purple
	duelTeal   = color.NRGBA{0x26, 0xa6, 0x9a, 0xff}
	// each link's jitter: its trip's colour, darker
	duelUpJitter   = color.NRGBA{0xb0, 0x5a, 0x00, 0xff}
	duelDownJitter = color.NRGBA{0x9e, 0x8a, 0x00, 0xff}
	// one peek's bounds on the holder's lane, and their jitter part
	duelBounds       = color.NRGBA{0x90, 0xa4, 0xae, 0x70}
	duelBoundsJitter = color.NRGBA{0x80, 0xde, 0xea, 0x80}
	// the gap at the server: the two sides' first shots as they reached it
	duelAtServer = color.NRGBA{0xe5, 0x39, 0x35, 0xff}
	// the trade window after the first kill (dead_shooter = trade)
	duelTrade = color.NRGBA{0xff, 0xff, 0xff, 0x40}
)

// duelLanes are the lanes' names, with whose pawn each is.
var duelLanes = [3][2]string{{"peeker", "target"}, {"server", ""}, {"holder", "shooter"}}

// duelGeometry is the view's ms-to-x and lane layout.
type duelGeometry struct {
	x0, x1 float64
	span   float64 // ms across x0..x1
	lanes  [3]float64
}

func (g *duelGeometry) x(ms float64) float64 { return g.x0 + (g.x1-g.x0)*ms/g.span }

// duel draws the view with its own legend.
func (p *pane) duel() {
	d := p.f.Duel
	if d == nil {
		p.header(ViewDuel.Title(), "no duel in this run: turn on duel (the peekers-advantage preset has it)")
		return
	}
	terms := duelTerms(d)
	measured, hasMeasured := d.MeasuredMs()
	// a short pane (a cell of the split) keeps the lanes and their
	// labels: the legend's words, the brackets and the sightings' names
	// shorten or go, as the header says the sum and the measured gap
	compact := p.h < 520*p.s
	rows, size := p.ownLegendLayout(p.duelEntries(d, terms, hasMeasured, compact))
	p.rows = len(rows)
	p.duelHeader(d, measured, hasMeasured)
	x, y, w, h := p.area()
	span := math.Max(d.PredictedMs, d.HighMs)
	if hasMeasured {
		span = math.Max(span, measured)
	}
	peekShot, holdShot, gap, hasGap := duelShots(d)
	if hasGap {
		span = math.Max(span, math.Max(peekShot, holdShot))
	}
	kill, killed := p.duelKill(d)
	if killed {
		span = math.Max(span, kill.ms+kill.windowMs)
	}
	if span <= 0 {
		span = 1
	}
	g := &duelGeometry{x0: x + 92*p.s, x1: x + w - 24*p.s, span: span * 1.08}
	axisH := 22 * p.s
	bracketH := 30 * p.s
	if hasMeasured {
		bracketH *= 2
	}
	if compact {
		bracketH = 0
	}
	laneGap := (h - axisH - bracketH) / 3
	// the ms axis runs along the top, clear of the corner where a count
	// of left-out labels goes
	for i := range g.lanes {
		g.lanes[i] = y + axisH + laneGap*(float64(i)+0.5)
	}
	p.duelAxis(g, y, y+axisH+3*laneGap)
	for i, name := range duelLanes {
		p.dc.SetColor(p.pal.Dim)
		p.dc.SetLineWidth(1.5 * p.s)
		p.dc.DrawLine(g.x0, g.lanes[i], g.x1, g.lanes[i])
		p.dc.Stroke()
		p.text(name[0], g.x0-10*p.s, g.lanes[i], 14, p.pal.Text, 1, 0.5, true)
		// labels keep off the lane's name
		p.shape(rect{x, g.lanes[i] - 10*p.s, g.x0 - 4*p.s, g.lanes[i] + 24*p.s})
		if name[1] != "" && !compact {
			p.text("("+name[1]+")", g.x0-10*p.s, g.lanes[i]+16*p.s, 11, p.pal.Dim, 1, 0.5, false)
		}
	}
	at, bar := 0.0, 9*p.s
	p.duelBoundsBand(g, d, bar)
	for _, t := range terms {
		xa, xb := g.x(at), g.x(at+t.ms)
		ya, yb := g.lanes[t.from], g.lanes[t.to]
		label := fmt.Sprintf("%s %.1f ms", t.name, t.ms)
		if compact { // the legend names the colour
			label = fmt.Sprintf("%.1f ms", t.ms)
		}
		if t.from == t.to {
			p.fillRect(xa, ya-bar/2, math.Max(xb-xa, 2*p.s), bar, t.c)
			p.shape(rect{xa, ya - bar/2, math.Max(xb, xa+2*p.s), ya + bar/2})
			p.labelPx((xa+xb)/2, ya-bar/2, label, t.c)
		} else {
			p.dc.SetColor(t.c)
			p.arrowPxHead(xa, ya, xb, yb, 4*p.s, 12*p.s)
			// labels keep off the arrow: small boxes along it
			n := int(math.Hypot(xb-xa, yb-ya) / (10 * p.s))
			for k := 0; k <= n; k++ {
				f := float64(k) / float64(max(n, 1))
				cx, cy := xa+(xb-xa)*f, ya+(yb-ya)*f
				p.shape(rect{cx - 4*p.s, cy - 4*p.s, cx + 4*p.s, cy + 4*p.s})
			}
			p.labelPx((xa+xb)/2, (ya+yb)/2, label, t.c)
		}
		at += t.ms
	}
	// the holder's screen shows the peeker: the sum
	p.diamond(g.x(d.PredictedMs), g.lanes[2], p.pal.Text)
	by := y + axisH + 3*laneGap + 4*p.s
	if !compact {
		p.duelBracket(g, 0, d.PredictedMs, by, fmt.Sprintf("predicted advantage %.1f ms (the sum: the mean)", d.PredictedMs), p.pal.Text)
	}
	if hasMeasured {
		saw := func(ms float64, lane int, who string) {
			if ms < 0 || ms > g.span {
				return
			}
			p.diamond(g.x(ms), g.lanes[lane], FakeMagnta)
			if !compact {
				p.labelPx(g.x(ms), g.lanes[lane]+8*p.s, who+" saw", FakeMagnta)
			}
		}
		if !compact {
			p.duelBracket(g, 0, measured, by+30*p.s, fmt.Sprintf("measured %.1f ms (holder's first sight − peeker's)", measured), FakeMagnta)
		}
		saw(measured, 2, "holder")
		saw(0, 0, "peeker")
		if d.ServerSeen {
			saw((d.ServerSaw - d.PeekerSaw).Millis(), 1, "server")
		}
	}
	if hasGap {
		p.duelAtServerGap(g, peekShot, holdShot, gap, compact)
	}
	if killed {
		p.duelKillMark(g, kill, compact)
	}
	p.placeLabels()
	p.drawOwnLegend(rows, size)
}

// duelShots are the gap at the server's two shots, when each reached the
// server counted from the peeker's sighting (where the timeline's 0 is),
// and the gap; ok is false until both have arrived and the peeker saw.
func duelShots(d *lagcomp.PeekersAdvantage) (peeker, holder, gap float64, ok bool) {
	g, ok := d.AtServerGapMs()
	if !ok || !d.PeekerSeen {
		return 0, 0, 0, false
	}
	return (d.PeekerShotAt - d.PeekerSaw).Millis(), (d.HolderShotAt - d.PeekerSaw).Millis(), g, true
}

// duelBoundsBand draws one peek's bounds on the holder's lane, where its
// sighting falls: a band from low_ms to high_ms, the links' jitter (the
// last of it: high_ms holds all of each jitter) in its own colour.
func (p *pane) duelBoundsBand(g *duelGeometry, d *lagcomp.PeekersAdvantage, bar float64) {
	y, h := g.lanes[2]-1.6*bar, 3.2*bar
	jitter := d.PeekerJitterMs + d.HolderJitterMs
	xl, xj, xh := g.x(d.LowMs), g.x(d.HighMs-jitter), g.x(d.HighMs)
	p.fillRect(xl, y, xj-xl, h, duelBounds)
	if jitter > 0 {
		p.fillRect(xj, y, xh-xj, h, duelBoundsJitter)
	}
	p.dc.SetColor(p.pal.Dim)
	p.dc.SetLineWidth(1 * p.s)
	p.dc.DrawRectangle(xl, y, xh-xl, h)
	p.dc.Stroke()
}

// duelAtServerGap marks the gap at the server above the server's lane: a
// triangle where each side's first shot of the exposure reached it and a
// line between them, labelled with the gap. A shot before the peeker's
// sighting (the timeline's 0) is drawn at 0, its time in the label.
func (p *pane) duelAtServerGap(g *duelGeometry, peek, hold, gap float64, compact bool) {
	y := g.lanes[1]
	xp, xh := g.x(math.Max(peek, 0)), g.x(math.Max(hold, 0))
	off := 14 * p.s
	p.dc.SetColor(duelAtServer)
	p.dc.SetLineWidth(2 * p.s)
	p.dc.DrawLine(xp, y-off, xh, y-off)
	p.dc.Stroke()
	p.duelTriangle(xp, y-off, duelAtServer)
	p.duelTriangle(xh, y-off, duelAtServer)
	p.shape(rect{math.Min(xp, xh) - 6*p.s, y - off - 7*p.s, math.Max(xp, xh) + 6*p.s, y - off + 7*p.s})
	label := fmt.Sprintf("gap at the server %.1f ms", gap)
	if peek < 0 {
		label += fmt.Sprintf(" (peeker's shot %.0f ms before its sighting)", -peek)
	}
	if compact {
		label = fmt.Sprintf("%.1f ms", gap)
	}
	p.labelPx((xp+xh)/2, y-off-6*p.s, label, duelAtServer)
}

// duelTriangle is a shot's arrival mark: a triangle pointing down at x, y.
func (p *pane) duelTriangle(x, y float64, c color.Color) {
	r := 6 * p.s
	p.dc.SetColor(c)
	p.dc.MoveTo(x-r, y-r)
	p.dc.LineTo(x+r, y-r)
	p.dc.LineTo(x, y+r*0.6)
	p.dc.ClosePath()
	p.dc.Fill()
}

// duelHeader: Riot's sum and what the run measured.
func (p *pane) duelHeader(d *lagcomp.PeekersAdvantage, measured float64, ok bool) {
	info := fmt.Sprintf("predicted %.1f ms (mean; one peek %.1f–%.1f)", d.PredictedMs, d.LowMs, d.HighMs)
	if ok {
		info += fmt.Sprintf(sep+"measured %.1f ms", measured)
		if g, ok := d.AtServerGapMs(); ok {
			info += fmt.Sprintf(sep+"at the server %.1f ms", g)
		}
	} else {
		info += sep + "measured: not yet (the peek has not been seen on both screens)"
	}
	if d.Winner >= 0 {
		who := "holder"
		if d.Winner == d.Peeker {
			who = "peeker"
		}
		info += fmt.Sprintf(sep+"duel won by the %s at %.3f s", who, d.WonAt.Seconds())
	}
	p.header(ViewDuel.Title(), info)
}

// duelAxis draws the ms labels at top and grid lines from under them to
// bottom.
func (p *pane) duelAxis(g *duelGeometry, top, bottom float64) {
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000} {
		step = s
		if (g.x1-g.x0)*s/g.span >= 64*p.s {
			break
		}
	}
	for ms := 0.0; ms <= g.span; ms += step {
		x := g.x(ms)
		p.dc.SetColor(p.pal.Grid)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x, top+16*p.s, x, bottom)
		p.dc.Stroke()
		p.text(fmt.Sprintf("%g ms", ms), x, top+2*p.s, 11, p.pal.Dim, 0.5, 0, false)
	}
	p.shape(rect{g.x0 - 30*p.s, top, g.x1 + 30*p.s, top + 16*p.s})
}

// duelBracket spans a..b ms at y with its words under it.
func (p *pane) duelBracket(g *duelGeometry, a, b, y float64, s string, c color.Color) {
	xa, xb := g.x(a), g.x(b)
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2 * p.s)
	p.dc.DrawLine(xa, y, xb, y)
	p.dc.DrawLine(xa, y-5*p.s, xa, y+5*p.s)
	p.dc.DrawLine(xb, y-5*p.s, xb, y+5*p.s)
	p.dc.Stroke()
	tw, th := p.measure(s, 12)
	tx := math.Max(g.x0, math.Min((xa+xb)/2-tw/2, g.x1-tw))
	p.text(s, tx, y+6*p.s, 12, c, 0, 0, false)
	p.shape(rect{xa, y - 5*p.s, xb, y + 5*p.s})
	p.shape(rect{tx, y + 6*p.s, tx + tw, y + 6*p.s + th})
}

// duelEntries are the view's legend: one entry per term, then the
// sightings.
func (p *pane) duelEntries(d *lagcomp.PeekersAdvantage, terms []duelTerm, measured, short bool) []ownEntry {
	var es []ownEntry
	for _, t := range terms {
		c := t.c
		words := t.name
		switch {
		case short:
			words = strings.TrimPrefix(strings.TrimPrefix(t.name, "peeker's "), "holder's ")
			words = strings.TrimSuffix(words, " (tick wait)")
		case t.name == "up-link":
			words = "up-link (peeker's command to the server)"
		case t.name == "down-link":
			words = "down-link (snapshot to the holder)"
		}
		es = append(es, ownEntry{func(x, y float64) { p.fillRect(x, y-4*p.s, 18*p.s, 8*p.s, c) }, words})
	}
	bounds, jitter, gap := "one peek's bounds (holder's sighting)", "jitter part of the bounds", "gap at the server (first shots' arrival)"
	if short {
		bounds, jitter, gap = "bounds", "bounds' jitter", "gap at server"
	}
	predicted := "holder's predicted sight (the sum)"
	if short {
		predicted = "predicted sight"
	}
	es = append(es, ownEntry{func(x, y float64) { p.diamond(x+9*p.s, y, p.pal.Text) }, predicted})
	es = append(es, ownEntry{func(x, y float64) { p.fillRect(x, y-6*p.s, 18*p.s, 12*p.s, duelBounds) }, bounds})
	if d.PeekerJitterMs+d.HolderJitterMs > 0 {
		es = append(es, ownEntry{func(x, y float64) { p.fillRect(x, y-6*p.s, 18*p.s, 12*p.s, duelBoundsJitter) }, jitter})
	}
	if _, _, _, ok := duelShots(d); ok {
		es = append(es, ownEntry{func(x, y float64) { p.duelTriangle(x+9*p.s, y, duelAtServer) }, gap})
	}
	if measured {
		es = append(es, ownEntry{func(x, y float64) { p.diamond(x+9*p.s, y, FakeMagnta) }, "first sight (measured)"})
	}
	if k, ok := p.duelKill(d); ok {
		words := "the first kill, at the server"
		if short {
			words = "kill"
		}
		es = append(es, ownEntry{func(x, y float64) { p.cross(x+9*p.s, y, p.pal.Text) }, words})
		if k.windowMs > 0 {
			words = "trade window (dead_shooter = trade)"
			if short {
				words = "trade window"
			}
			es = append(es, ownEntry{func(x, y float64) { p.fillRect(x, y-6*p.s, 18*p.s, 12*p.s, duelTrade) }, words})
		}
	}
	return es
}

// duelKillAt is the duel's first kill (health > 0) on the timeline: ms
// from the peeker's sighting, who died, and the trade window after it
// (dead_shooter = trade; 0 otherwise).
type duelKillAt struct {
	ms, windowMs float64
	victim       int
}

// duelKill is the first kill of one duellist by the other from the
// peeker's sighting on (the timeline's 0: the duel's peek).
func (p *pane) duelKill(d *lagcomp.PeekersAdvantage) (duelKillAt, bool) {
	if !d.PeekerSeen {
		return duelKillAt{}, false
	}
	for _, k := range p.f.Kills {
		if k.Victim > lagcomp.TargetPawn || k.Killer > lagcomp.TargetPawn || k.At < d.PeekerSaw {
			continue // a bystander's, or a death before the duel's peek
		}
		at := duelKillAt{ms: (k.At - d.PeekerSaw).Millis(), victim: k.Victim}
		if p.f.Config.DeadShooter == lagcomp.DeadShooterTrade {
			at.windowMs = p.f.Config.TradeWindowMs
		}
		return at, true
	}
	return duelKillAt{}, false
}

// duelKillMark marks the first kill on the server's lane, where the
// server judged it: a cross, who died, and with dead_shooter = trade the
// window after it in which the dead one's shot still counts.
func (p *pane) duelKillMark(g *duelGeometry, k duelKillAt, compact bool) {
	y := g.lanes[1]
	x := g.x(math.Max(k.ms, 0))
	if k.windowMs > 0 {
		xw := g.x(math.Max(k.ms, 0) + k.windowMs)
		p.fillRect(x, y-5*p.s, xw-x, 10*p.s, duelTrade)
		p.shape(rect{x, y - 5*p.s, xw, y + 5*p.s})
		if !compact {
			p.labelPx((x+xw)/2, y+5*p.s, fmt.Sprintf("trade window %.0f ms", k.windowMs), p.pal.Text)
		}
	}
	p.cross(x, y, p.pal.Text)
	who := "peeker"
	if k.victim == lagcomp.ShooterPawn {
		who = "holder"
	}
	label := fmt.Sprintf("%s killed %.1f ms", who, k.ms)
	if compact {
		label = fmt.Sprintf("%s killed", who)
	}
	p.labelPx(x, y+8*p.s, label, p.pal.Text)
}
