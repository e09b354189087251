package views

import (
	"fmt"
	"image/color"

	"lagscope/lagcomp"
	"lagscope/lagcomp/burst"
	"lagscope/model"
)

// The fire-effects lane view (source 001): time runs left to right over
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
}

func (g *fireGeometry) x(t model.Time) float64 {
	return g.x0 + (g.x1-g.x0)*float64(t-g.t0)/float64(g.t1-g.t0)
}

func (g *fireGeometry) y(lane int) float64 { return g.top + float64(lane)*g.lane }

// fireLanes draws the view with its own legend.
func (p *pane) fireLanes() {
	ff := p.f.Fire
	if ff == nil {
		p.header("Fire effects", "no weapon-fire data in this frame")
		p.fireLegend()
		return
	}
	x, y, w, h := p.area()
	h -= legendH * p.s // two legend rows
	g := &fireGeometry{t0: ff.From, t1: ff.To, x0: x + 96*p.s, x1: x + w - 230*p.s}
	g.lane = min(110*p.s, (h-40*p.s)/float64(1+len(ff.Lanes)))
	g.lane = max(g.lane, 44*p.s)
	g.shown = min(len(ff.Lanes), int((h-40*p.s)/g.lane)-1)
	g.top = y + 24*p.s + g.lane/2
	p.fireAxis(g, y+h)
	p.serverFireLane(g, ff)
	for i := 0; i < g.shown; i++ {
		p.clientFireLane(g, &ff.Lanes[i], g.y(i+1))
	}
	if g.shown < len(ff.Lanes) {
		p.text(fmt.Sprintf("+%d more clients (not drawn)", len(ff.Lanes)-g.shown), g.x0, y+h-4*p.s, 11, p.pal.Dim, 0, 1, false)
	}
	p.fireHeader(ff)
	p.fireLegend()
}

// fireHeader: the encoding and what each costs per client.
func (p *pane) fireHeader(ff *lagcomp.FireFrame) {
	enc := "naive int32 BurstCounter (reset to 0 on stop)"
	if ff.Encoding == burst.Robust {
		bits := 16
		if ff.CompressByte {
			bits = 8
		}
		enc = fmt.Sprintf("robust FRepBurstInfo, %d bits", bits)
	}
	info := fmt.Sprintf("%s · net update %d Hz · auto-loop %s · CreationTime check %s",
		enc, ff.NetUpdateHz, onOff(ff.AutoLoop), onOff(ff.CreationCheck))
	if len(ff.Lanes) > 0 {
		r := ff.Lanes[0].Record
		info += fmt.Sprintf(" · bits/s to %s: naive %.0f, robust %.0f (loss-free), this run %.1f", r.Name,
			r.LossFreeBitsPerSecond[0], r.LossFreeBitsPerSecond[1], r.BitsPerSecond)
	}
	p.header("Fire effects", info)
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
		}
		switch { // a shot's value above the lane, a stop's below it
		case v.T < g.t0:
		case v.Firing:
			p.text(fmt.Sprint(v.Value), g.x(v.T), y-12*p.s, 9, p.pal.Dim, 0.5, 1, false)
		default:
			p.text(fmt.Sprintf("%d stop", v.Value), g.x(v.T), y+12*p.s, 9, p.pal.Dim, 0.5, 0, false)
		}
	}
	for _, sh := range ff.Shots {
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
		p.hatch(g.x(max(c.Start, g.t0)), y-g.lane/2+8*p.s, g.x(end), y+g.lane/2-8*p.s, true)
	}
	p.laneLine(g, y, ln.Name)
	for _, u := range ln.Updates {
		x := g.x(u.Recv)
		p.dc.SetColor(TrailGrey)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x, y-14*p.s, x, y-6*p.s)
		p.dc.Stroke()
		label := fmt.Sprint(u.Value)
		if u.Open {
			label += " open"
		}
		p.text(label, x, y-15*p.s, 9, p.pal.Dim, 0.5, 1, false)
	}
	for _, t := range ln.Missed {
		p.cross(g.x(t), y+14*p.s, ServerBlue)
	}
	for _, e := range ln.Effects {
		x := g.x(e.T)
		switch {
		case e.Bogus:
			p.ring(x, y, ClientRed)
			p.text("bogus", x, y+10*p.s, 9, ClientRed, 0.5, 0, false)
		case e.Extra:
			p.ring(x, y, ClientRed)
		default:
			p.flash(x, y, ClientRed)
		}
	}
	r := ln.Record
	lines := []string{
		fmt.Sprintf("%d shots · %d effects played", r.ShotsFired, r.EffectsPlayed),
		fmt.Sprintf("missed: %d single, %d bursts", r.SingleShotsMissed, r.BurstsMissed),
		fmt.Sprintf("%d shots without their own effect", r.ShotsWithoutEffect),
		fmt.Sprintf("extra %d · bogus %d · %.1f bit/s", r.ExtraEffects, r.BogusBursts, r.BitsPerSecond),
	}
	if r.ShotsCulled > 0 {
		lines = append(lines, fmt.Sprintf("%d shots while culled", r.ShotsCulled))
	}
	for i, s := range lines {
		p.text(s, g.x1+12*p.s, y+(float64(i)-float64(len(lines)-1)/2)*13*p.s, 10, p.pal.Text, 0, 0.5, false)
	}
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
		p.text("culled", x0+4*p.s, y0+2*p.s, 9, p.pal.Dim, 0, 0, false)
	}
}

// fireLegend is this view's legend, two rows.
func (p *pane) fireLegend() {
	top := p.h - 2*legendH*p.s
	p.dc.SetColor(p.pal.Grid)
	p.dc.DrawRectangle(0, top, p.w, 2*legendH*p.s)
	p.dc.Fill()
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
	rows := [2][]struct {
		draw  func(x, y float64)
		label string
	}{
		{
			{dot, "server: real shot"},
			{bar, "firing (StartFire to StopFire)"},
			{tick, "value arrived (the replicated counter)"},
			{func(x, y float64) { p.hatch(x, y-7*p.s, x+18*p.s, y+7*p.s, false) }, "weapon culled (not relevant)"},
		},
		{
			{func(x, y float64) { p.flash(x+9*p.s, y, ClientRed) }, "effect the client played"},
			{func(x, y float64) { p.ring(x+9*p.s, y, ClientRed) }, "extra effect (no shot) / bogus burst"},
			{func(x, y float64) { p.cross(x+9*p.s, y, ServerBlue) }, "shot the client never played"},
		},
	}
	for i, row := range rows {
		x, y := 10*p.s, top+(11+float64(i)*legendH)*p.s
		for _, e := range row {
			e.draw(x, y)
			x += 24 * p.s
			p.text(e.label, x, y, 11, p.pal.Text, 0, 0.5, false)
			tw, _ := p.measure(e.label, 11)
			x += tw + 16*p.s
		}
	}
}
