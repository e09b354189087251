package views

import (
	"fmt"
	"image/color"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/burstcounter"
	"lagscope/model"
)

// The fire-effects lane view (ShooterGame's BurstCounter article): time runs left to right over
// the last lagcomp.FireWindow. The top lane is the server: its real
// shots (blue), the bursts it was firing (a blue bar from StartFire to
// StopFire) and its replicated BurstCounter after each change. Below,
// one lane per remote client: the values that arrived (grey ticks with
// the value), the muzzle flashes it played (red), extra flashes (a red
// ring: beyond their burst's shots, or for none) and bogus bursts, the
// shots it never played (a blue cross), and the time its copy of the
// weapon was culled (hatched). Each lane ends with its figures, and the
// header compares what each encoding costs on the wire.

// fireGeometry is the lane view's time-to-x and lane layout.
type fireGeometry struct {
	t0, t1 model.Time
	x0, x1 float64
	top    float64 // y of the server lane's centre
	lane   float64 // distance between lane centres
	shown  int     // client lanes drawn
	drew   [fireKeyCount]bool
	values []rect // where the value labels went, for tests
	// replications are the net updates drawn across the lanes, at netHz
	replications []model.Time
	netHz        int
}

// fireKey is a kind of mark the lane view draws, in legend order.
type fireKey int

const (
	fireShot        fireKey = iota // blue dot
	fireFiring                     // blue bar
	fireValue                      // grey tick with the value
	fireNotOpen                    // faint: no copy yet, the channel not opened
	fireCulled                     // hatched: the copy culled (out of relevancy)
	fireEffect                     // red star
	fireExtra                      // red ring
	fireMissed                     // blue cross
	fireReplication                // faint blue line across the lanes: a net update of the weapon
	fireKeyCount
)

// valueRows places the small value labels along a lane: each takes the
// first of two rows where it does not touch the label before it, and is
// left out (its tick still drawn) when neither row has room.
type valueRows struct{ right [2]float64 }

func (v *valueRows) place(p *pane, s string, x float64) (row int, ok bool) {
	tw, _ := p.measure(s, valueSize)
	for row := range v.right {
		if x-tw/2 >= v.right[row]+3*p.s {
			v.right[row] = x + tw/2
			return row, true
		}
	}
	return 0, false
}

// valueSize is the value labels' text size: small, as they are many,
// but readable on a projected slide (9 was 9 px at 1080p).
const valueSize = 11

// boxLabel writes s in the top left corner of a box, or nothing when it
// would spill out of it (the legend names the box).
func (p *pane) boxLabel(s string, x0, y0, x1, y1 float64) {
	tw, th := p.measure(s, valueSize)
	if tw+8*p.s > x1-x0 || th+4*p.s > y1-y0 {
		return
	}
	p.text(s, x0+4*p.s, y0+2*p.s, valueSize, p.pal.Dim, 0, 0, false)
}

// valueLabel writes s at x on one of rows' rows, stacked away from the
// lane from y (up when up, else down), or leaves it out when both rows
// are taken there.
func (p *pane) valueLabel(g *fireGeometry, rows *valueRows, s string, x, y float64, up bool) {
	row, ok := rows.place(p, s, x)
	if !ok {
		return
	}
	tw, th := p.measure(s, valueSize)
	d, ay := (valueSize+2)*float64(row)*p.s, 0.0
	if up {
		d, ay = -d, 1
	}
	p.text(s, x, y+d, valueSize, p.pal.Dim, 0.5, ay, false)
	g.values = append(g.values, rect{x - tw/2, y + d - th*ay, x + tw/2, y + d - th*ay + th})
}

// plural is n and the word, with an s (es after s, x, ch or sh) when n
// is not 1.
func plural(n int, word string) string {
	switch {
	case n == 1:
		return fmt.Sprintf("%d %s", n, word)
	case strings.HasSuffix(word, "s") || strings.HasSuffix(word, "x") || strings.HasSuffix(word, "ch") || strings.HasSuffix(word, "sh"):
		return fmt.Sprintf("%d %ses", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func (g *fireGeometry) x(t model.Time) float64 {
	return g.x0 + (g.x1-g.x0)*float64(t-g.t0)/float64(g.t1-g.t0)
}

func (g *fireGeometry) y(lane int) float64 { return g.top + float64(lane)*g.lane }

// fireLanes draws the view with its own legend.
func (p *pane) fireLanes() {
	g := p.drawFireLanes()
	p.fireDrew = g.drew
	p.fireLegend(g)
}

// drawFireLanes draws the lanes and returns their geometry, with the
// marks drawn for the legend.
func (p *pane) drawFireLanes() *fireGeometry {
	ff := p.f.Fire
	if ff == nil {
		p.header("Fire effects", "no weapon-fire data in this frame")
		return &fireGeometry{}
	}
	x, y, w, h := p.area()
	h -= legendH * p.s // two legend rows
	// the window shown: no time before the run began
	g := &fireGeometry{t0: max(ff.From, 0), t1: ff.To, x0: x + 96*p.s, x1: x + w - 230*p.s}
	if g.t1 <= g.t0 {
		g.t1 = g.t0 + model.Millisecond
	}
	g.lane = max((h-40*p.s)/float64(1+len(ff.Lanes)), 44*p.s) // the lanes share the height
	g.shown = min(len(ff.Lanes), int((h-40*p.s)/g.lane)-1)
	g.top = y + 24*p.s + g.lane/2
	p.fireAxis(g, y+h)
	p.replicationLines(g, ff.NetUpdateHz)
	p.serverFireLane(g, ff)
	for i := 0; i < g.shown; i++ {
		p.clientFireLane(g, &ff.Lanes[i], g.y(i+1))
	}
	if g.shown < len(ff.Lanes) {
		p.text(fmt.Sprintf("+%d more clients (not drawn)", len(ff.Lanes)-g.shown), g.x0, y+h-4*p.s, 11, p.pal.Dim, 0, 1, false)
	}
	p.fireHeader(ff)
	return g
}

// fireHeader: the encoding and what each costs per client.
func (p *pane) fireHeader(ff *lagcomp.FireFrame) {
	enc := "naive int32 BurstCounter (reset to 0 on stop)"
	if ff.Encoding == burstcounter.Robust {
		bits := 16
		if ff.CompressByte {
			bits = 8
		}
		enc = fmt.Sprintf("robust FRepBurstInfo, %d bits", bits)
	}
	info := fmt.Sprintf("%s · net update %d Hz · auto-loop %s · CreationTime check %s",
		enc, ff.NetUpdateHz, onOff(ff.AutoLoop), onOff(ff.CreationCheck))
	if ff.PlayCount && ff.Encoding == burstcounter.Robust {
		info += " · NumShotsFired flashes per update"
	}
	if len(ff.Lanes) > 0 {
		r := ff.Lanes[0].Record
		info += fmt.Sprintf(" · bits/s to %s: naive %.0f, robust %.0f (loss-free), this run %.1f", r.Name,
			r.LossFreeBitsPerSecond[0], r.LossFreeBitsPerSecond[1], r.BitsPerSecond)
	}
	p.header("Fire effects", info)
}

// sameTime is how many effects from j on are played at effect j's time,
// when j is the first of them (0 otherwise).
func sameTime(es []lagcomp.FireEffect, j int) int {
	if j > 0 && es[j-1].T == es[j].T {
		return 0
	}
	n := 1
	for j+n < len(es) && es[j+n].T == es[j].T {
		n++
	}
	return n
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// fireAxis draws time grid lines and labels.
func (p *pane) fireAxis(g *fireGeometry, bottom float64) {
	step := 250 * model.Millisecond
	if float64(g.t1-g.t0)/float64(step) > (g.x1-g.x0)/(60*p.s) {
		step = 500 * model.Millisecond
	}
	for t := (max(g.t0, 0) + step - 1) / step * step; t <= g.t1; t += step {
		x := g.x(t)
		p.dc.SetColor(p.pal.Grid)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x, g.top-g.lane/2, x, bottom-16*p.s)
		p.dc.Stroke()
		p.text(fmt.Sprintf("%.2f s", t.Seconds()), x, bottom-12*p.s, 10, p.pal.Dim, 0.5, 0, false)
	}
}

// laneLine draws a lane's base line and its name.
func (p *pane) laneLine(g *fireGeometry, y float64, name string) {
	p.dc.SetColor(p.pal.Dim)
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.DrawLine(g.x0, y, g.x1, y)
	p.dc.Stroke()
	p.text(name, g.x0-10*p.s, y, 12, p.pal.Text, 1, 0.5, true)
}

// serverFireLane: the real shots, the firing spans and the counter.
func (p *pane) serverFireLane(g *fireGeometry, ff *lagcomp.FireFrame) {
	y := g.y(0)
	p.laneLine(g, y, "Server")
	var above, below valueRows
	// firing spans: from each value that says firing to the next that does not
	for i, v := range ff.Values {
		end := ff.To
		if i+1 < len(ff.Values) {
			end = ff.Values[i+1].T
		}
		if v.Firing && end > g.t0 {
			p.dc.SetColor(alpha(ServerBlue, 0.35))
			p.dc.DrawRectangle(g.x(max(v.T, g.t0)), y+4*p.s, g.x(end)-g.x(max(v.T, g.t0)), 5*p.s)
			p.dc.Fill()
			g.drew[fireFiring] = true
		}
		switch { // a shot's value above the lane, a stop's below it
		case v.T < g.t0:
		case v.Firing:
			p.valueLabel(g, &above, fmt.Sprint(v.Value), g.x(v.T), y-12*p.s, true)
		default:
			p.valueLabel(g, &below, fmt.Sprintf("%d stop", v.Value), g.x(v.T), y+12*p.s, false)
		}
	}
	for _, sh := range ff.Shots {
		if sh.T < g.t0 {
			continue
		}
		g.drew[fireShot] = true
		p.dc.SetColor(ServerBlue)
		p.dc.DrawCircle(g.x(sh.T), y, 4*p.s)
		p.dc.Fill()
	}
	p.text("real shots · BurstCounter after each change", g.x1+12*p.s, y, 10, p.pal.Dim, 0, 0.5, false)
}

// clientFireLane: one remote client.
func (p *pane) clientFireLane(g *fireGeometry, ln *lagcomp.FireLane, y float64) {
	for _, c := range ln.Culled {
		end := c.End
		if end < 0 {
			end = g.t1
		}
		if end <= g.t0 {
			continue
		}
		x0, y0, x1, y1 := g.x(max(c.Start, g.t0)), y-g.lane/2+8*p.s, g.x(end), y+g.lane/2-8*p.s
		if c.Start == 0 { // the span every client starts with: no copy until the channel opens
			p.notOpen(x0, y0, x1, y1, true)
			g.drew[fireNotOpen] = true
			continue
		}
		p.hatch(x0, y0, x1, y1, true)
		g.drew[fireCulled] = true
	}
	p.laneLine(g, y, ln.Name)
	var values valueRows
	for _, u := range ln.Updates {
		if u.Recv < g.t0 {
			continue
		}
		x := g.x(u.Recv)
		p.dc.SetColor(TrailGrey)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x, y-14*p.s, x, y-6*p.s)
		p.dc.Stroke()
		g.drew[fireValue] = true
		label := fmt.Sprint(u.Value)
		if u.Open {
			label += " open"
		}
		p.valueLabel(g, &values, label, x, y-15*p.s, true)
	}
	for _, t := range ln.Missed {
		if t >= g.t0 {
			p.cross(g.x(t), y+14*p.s, ServerBlue)
			g.drew[fireMissed] = true
		}
	}
	for j, e := range ln.Effects {
		if e.T < g.t0 {
			continue
		}
		x := g.x(e.T)
		// burst_play_count plays an update's flashes at once: one mark,
		// and how many it stands for
		if n := sameTime(ln.Effects, j); n > 1 {
			p.text(fmt.Sprintf("×%d", n), x+10*p.s, y, 12, ClientRed, 0, 0.5, true)
		}
		switch {
		case e.Bogus:
			p.ring(x, y, ClientRed)
			p.text("bogus", x, y+10*p.s, 9, ClientRed, 0.5, 0, false)
			g.drew[fireExtra] = true
		case e.Extra:
			p.ring(x, y, ClientRed)
			g.drew[fireExtra] = true
		default:
			p.flash(x, y, ClientRed)
			g.drew[fireEffect] = true
		}
	}
	lines := fireFigures(&ln.Record)
	for i, s := range lines {
		p.text(s, g.x1+12*p.s, y+(float64(i)-float64(len(lines)-1)/2)*13*p.s, 10, p.pal.Text, 0, 0.5, false)
	}
}

// fireFigures are a lane's figures for the whole run, every shot
// accounted for: judged (played or missed), culled, or pending.
func fireFigures(r *lagcomp.BurstRecord) []string {
	lines := []string{
		fmt.Sprintf("%s · %s played", plural(r.ShotsFired, "shot"), plural(r.EffectsPlayed, "effect")),
		fmt.Sprintf("missed: %d single, %s", r.SingleShotsMissed, plural(r.BurstsMissed, "burst")),
		fmt.Sprintf("%s without their own effect", plural(r.ShotsWithoutEffect, "shot")),
		fmt.Sprintf("extra %d · bogus %d · %.1f bit/s", r.ExtraEffects, r.BogusBursts, r.BitsPerSecond),
	}
	if r.ShotsCulled > 0 {
		lines = append(lines, fmt.Sprintf("%s while culled", plural(r.ShotsCulled, "shot")))
	}
	if r.ShotsPending > 0 {
		lines = append(lines, fmt.Sprintf("%s pending: burst too recent to judge", plural(r.ShotsPending, "shot")))
	}
	if r.MergedShots > 0 {
		lines = append(lines, fmt.Sprintf("%s merged into another's flash", plural(r.MergedShots, "shot")))
	}
	if r.UpdatesStale > 0 {
		lines = append(lines, fmt.Sprintf("%s dropped: out of order", plural(r.UpdatesStale, "stale update")))
	}
	return lines
}

// flash is a played muzzle flash: a filled star of rays.
func (p *pane) flash(x, y float64, c color.NRGBA) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(1.5 * p.s)
	for _, d := range [][2]float64{{0, 1}, {1, 0}, {0.7, 0.7}, {0.7, -0.7}} {
		p.dc.DrawLine(x-d[0]*7*p.s, y-d[1]*7*p.s, x+d[0]*7*p.s, y+d[1]*7*p.s)
	}
	p.dc.Stroke()
	p.dc.DrawCircle(x, y, 3*p.s)
	p.dc.Fill()
}

// ring is an effect that stood for no shot.
func (p *pane) ring(x, y float64, c color.NRGBA) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.DrawCircle(x, y, 6*p.s)
	p.dc.Stroke()
}

// hatch fills a rectangle with faint diagonal lines: no weapon there.
func (p *pane) hatch(x0, y0, x1, y1 float64, label bool) {
	if x1 <= x0 {
		return
	}
	p.dc.SetColor(alpha(TrailGrey, 0.15))
	p.dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	p.dc.Fill()
	p.dc.Push()
	p.dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	p.dc.Clip()
	p.dc.SetColor(alpha(TrailGrey, 0.4))
	p.dc.SetLineWidth(1 * p.s)
	for x := x0 - (y1 - y0); x < x1; x += 8 * p.s {
		p.dc.DrawLine(x, y1, x+(y1-y0), y0)
	}
	p.dc.Stroke()
	p.dc.Pop()
	p.dc.ResetClip() // gg's Pop keeps the clip mask
	if label {
		p.boxLabel("culled", x0, y0, x1, y1)
	}
}

// notOpen is the time before the weapon's channel first opened to a
// client: it had no copy yet, which is not relevancy culling.
func (p *pane) notOpen(x0, y0, x1, y1 float64, label bool) {
	if x1 <= x0 {
		return
	}
	p.dc.SetColor(alpha(TrailGrey, 0.08))
	p.dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	p.dc.Fill()
	p.dc.SetColor(alpha(TrailGrey, 0.35))
	p.dc.SetLineWidth(1 * p.s)
	p.dc.SetDash(2*p.s, 3*p.s)
	p.dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	p.dc.Stroke()
	p.dc.SetDash()
	if label {
		p.boxLabel("not open yet", x0, y0, x1, y1)
	}
}

// fireLegend is this view's legend: the marks it drew, wrapped to fit.
func (p *pane) fireLegend(g *fireGeometry) {
	p.drawOwnLegend(p.ownLegendLayout(p.fireEntries(g)))
}

// fireEntries are the legend entries of the marks g drew.
func (p *pane) fireEntries(g *fireGeometry) []ownEntry {
	dot := func(x, y float64) {
		p.dc.SetColor(ServerBlue)
		p.dc.DrawCircle(x+9*p.s, y, 4*p.s)
		p.dc.Fill()
	}
	bar := func(x, y float64) {
		p.dc.SetColor(alpha(ServerBlue, 0.35))
		p.dc.DrawRectangle(x, y-2.5*p.s, 18*p.s, 5*p.s)
		p.dc.Fill()
	}
	tick := func(x, y float64) {
		p.dc.SetColor(TrailGrey)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x+9*p.s, y-6*p.s, x+9*p.s, y+4*p.s)
		p.dc.Stroke()
	}
	all := [fireKeyCount]ownEntry{
		fireShot:    {dot, "server: real shot"},
		fireFiring:  {bar, "firing (StartFire to StopFire)"},
		fireValue:   {tick, "value arrived (the replicated counter)"},
		fireNotOpen: {func(x, y float64) { p.notOpen(x, y-7*p.s, x+18*p.s, y+7*p.s, false) }, "channel not open yet (no copy)"},
		fireCulled:  {func(x, y float64) { p.hatch(x, y-7*p.s, x+18*p.s, y+7*p.s, false) }, "weapon culled (not relevant)"},
		fireEffect:  {func(x, y float64) { p.flash(x+9*p.s, y, ClientRed) }, "effect the client played"},
		fireExtra:   {func(x, y float64) { p.ring(x+9*p.s, y, ClientRed) }, "extra effect (no shot) / bogus burst"},
		fireMissed:  {func(x, y float64) { p.cross(x+9*p.s, y, ServerBlue) }, "shot the client never played"},
		fireReplication: {func(x, y float64) {
			p.strokeLines(alpha(ServerBlue, 0.6), 1.5*p.s, [4]float64{x + 9*p.s, y - 7*p.s, x + 9*p.s, y + 7*p.s})
		}, fmt.Sprintf("net update (the weapon replicated, %d Hz)", g.netHz)},
	}
	return drawnEntries(all[:], g.drew[:])
}
