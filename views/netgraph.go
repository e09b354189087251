package views

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
	"lagscope/model"
)

// NetGraph is what the net graph draws: the run's telemetry rows up to
// the frame's time (lagcomp/telemetry; tick by tick, each tick's clients
// then the server's), over at most NetGraphSpan before it.
type NetGraph struct {
	Rows []telemetry.Row
	// Moments are the times of the preset's moments found on its own
	// settings (a lecture's bookmarks: the window's timeline marks them
	// too), marked across the strips where they are in view.
	Moments []model.Time
}

// NetGraphSpan is how much time the net graph's axis shows, up to the
// frame's time.
const NetGraphSpan = 10 * model.Second

// netStrip is one strip of the net graph: a quantity of the rows, its
// unit, and per client what it reads (NaN: nothing at that tick).
type netStrip struct {
	name, unit string
	// line: drawn as a line through the ticks; otherwise a bar per tick
	// that counted some (a count)
	line bool
	read func(r *telemetry.Row) float64
	// down is the same quantity the other way (loss, jitter), dashed
	down func(r *telemetry.Row) float64
}

// netStrips are the strips, top to bottom: a small pane keeps the first
// that fit and says how many it left out.
var netStrips = []netStrip{
	{name: "round trip", unit: "ms", line: true, read: func(r *telemetry.Row) float64 { return r.RTTMs }},
	{name: "interpolation buffer (behind the newest snapshot)", unit: "ms", line: true, read: func(r *telemetry.Row) float64 { return r.InterpMs }},
	{name: "input queue on the server", unit: "inputs", line: true, read: func(r *telemetry.Row) float64 { return r.QueueInputs }},
	{name: "commands the server invented (starved ticks, last-command replays)", unit: "a tick", read: func(r *telemetry.Row) float64 { return r.StarvedTicks + r.LastCmdReplays }},
	{name: "inputs lost, late or capped", unit: "a tick", read: func(r *telemetry.Row) float64 { return r.InputsLost + r.InputsLate + r.UsercmdsCapped }},
	{name: "clock error", unit: "ms", line: true, read: func(r *telemetry.Row) float64 { return r.ClockErrMs }},
	{name: "loss, last second (up, down dashed)", unit: "%", line: true, read: func(r *telemetry.Row) float64 { return r.LossUpPct }, down: func(r *telemetry.Row) float64 { return r.LossDownPct }},
	{name: "jitter, last second (up, down dashed)", unit: "ms", line: true, read: func(r *telemetry.Row) float64 { return r.JitterUpMs }, down: func(r *telemetry.Row) float64 { return r.JitterDownMs }},
	{name: "corrections", unit: "a tick", read: func(r *telemetry.Row) float64 { return r.Corrections }},
	{name: "starved frames", unit: "a tick", read: func(r *telemetry.Row) float64 { return r.StarvedFrames }},
}

// netWho are the clients the strips draw, with their colours: the
// shooter's client red (what the client saw), the victim's its own.
func (p *pane) netWho() []struct {
	name string
	c    color.NRGBA
} {
	return []struct {
		name string
		c    color.NRGBA
	}{{lagcomp.ClientName(lagcomp.ShooterPawn), ClientRed}, {lagcomp.ClientName(lagcomp.TargetPawn), p.pal.Victim}}
}

// netStripMinH is the least height of a strip, logical px: a label and
// a trace under it.
const netStripMinH = 30

// netgraph draws the net graph: strips under a shared time axis ending
// at the frame's time (marked), the run's scripted events and judged
// shots marked across them, each strip labelled with its unit and the
// current values.
func (p *pane) netgraph() {
	who := p.netWho()
	ng := p.o.Net
	now := p.f.T
	from := max(0, now-NetGraphSpan)
	to := max(now, from+model.Millisecond)
	g := &netGeometry{from: from, to: to}
	sampled := ng != nil && len(ng.Rows) > 0
	// the legend lists what the pane draws: nothing before a tick was
	// sampled, then the traces (the dashed one when a strip drawn has
	// it), the frame's time and the marks in view
	shots, evs, moms := p.netMarkTimes(g)
	legend := func(down bool) []ownEntry {
		if !sampled {
			return nil
		}
		var entries []ownEntry
		for _, w := range who {
			c := w.c
			entries = append(entries, ownEntry{draw: func(x, y float64) { p.netSwatch(x, y, c, false) }, label: w.name})
		}
		if down {
			entries = append(entries, ownEntry{draw: func(x, y float64) { p.netSwatch(x, y, p.pal.Dim, true) }, label: "down (to the client)"})
		}
		entries = append(entries, ownEntry{draw: func(x, y float64) { p.netMarkSwatch(x, y, p.pal.Text) }, label: "now"})
		if len(shots) > 0 {
			entries = append(entries, ownEntry{draw: func(x, y float64) { p.netMarkSwatch(x, y, TraceYellw) }, label: "shot judged"})
		}
		if len(evs) > 0 {
			entries = append(entries, ownEntry{draw: func(x, y float64) { p.netMarkSwatch(x, y, FakeMagnta) }, label: "scripted event"})
		}
		if len(moms) > 0 {
			entries = append(entries, ownEntry{draw: func(x, y float64) { p.netMarkSwatch(x, y, ServerBlue) }, label: "moment"})
		}
		return entries
	}
	axisH := 20 * p.s
	// fit is how many strips the drawing area holds under a legend of
	// rows rows (the header's height is the pane's already)
	fit := func(rows int) int {
		p.rows = rows
		_, _, _, h := p.area()
		return min(len(netStrips), max(1, int((h-axisH)/(netStripMinH*p.s))))
	}
	entries := legend(true)
	rows, size := p.ownLegendLayout(entries)
	if n := fit(len(rows)); sampled && !netDown(netStrips[:n]) {
		less := legend(false)
		r2, s2 := p.ownLegendLayout(less)
		if !netDown(netStrips[:fit(len(r2))]) {
			entries, rows, size = less, r2, s2
		}
	}
	n := fit(len(rows))
	for _, e := range entries {
		p.netLegend = append(p.netLegend, e.label)
	}
	if !sampled {
		p.header(ViewNetGraph.Title(), fmt.Sprintf("%.3f s: no tick sampled yet", now.Seconds()))
		if ng == nil {
			p.header(ViewNetGraph.Title(), "no telemetry given to this picture")
		}
		p.drawOwnLegend(rows, size)
		return
	}
	last := lastTick(ng.Rows, now)
	x, y, w, h := p.area()
	g.x0, g.x1 = x, x+w-6*p.s
	strips := netStrips[:n]
	info := p.netInfo(last, now)
	if n < len(netStrips) {
		info += sep + fmt.Sprintf("%d of %d strips (a taller pane shows all)", n, len(netStrips))
	}
	p.header(ViewNetGraph.Title(), info)
	sh := (h - axisH) / float64(len(strips))
	p.netMarks(g, y, y+h-axisH, shots, evs, moms)
	for i := range strips {
		p.netStrip(&strips[i], g, y+float64(i)*sh, sh, ng.Rows, last, who)
	}
	p.netAxis(g, y+h-axisH)
	p.drawOwnLegend(rows, size)
}

// netGeometry maps time to x.
type netGeometry struct {
	x0, x1   float64
	from, to model.Time
}

func (g *netGeometry) x(t model.Time) float64 {
	return g.x0 + (g.x1-g.x0)*float64(t-g.from)/float64(g.to-g.from)
}

// lastTick is the rows of the last tick at or before now (nil: none).
func lastTick(rows []telemetry.Row, now model.Time) []telemetry.Row {
	end := len(rows)
	for end > 0 && model.MsF(rows[end-1].TimeMs) > now {
		end--
	}
	if end == 0 {
		return nil
	}
	start := end - 1
	for start > 0 && rows[start-1].Tick == rows[end-1].Tick {
		start--
	}
	return rows[start:end]
}

// rowOf is who's row of a tick's rows, nil if it has none.
func rowOf(tick []telemetry.Row, who string) *telemetry.Row {
	for i := range tick {
		if tick[i].Who == who {
			return &tick[i]
		}
	}
	return nil
}

// netInfo is the header's key figures: the time and tick shown, and the
// shooter's round trip and queue then.
func (p *pane) netInfo(last []telemetry.Row, now model.Time) string {
	info := fmt.Sprintf("%.3f s", now.Seconds())
	if len(last) > 0 {
		info += fmt.Sprintf(" (tick %d)", int(last[0].Tick))
	}
	if r := rowOf(last, lagcomp.ClientName(lagcomp.ShooterPawn)); r != nil {
		info += sep + "shooter: round trip " + netValue(r.RTTMs, "ms") + fmt.Sprintf(" (links %g ms)", r.TrueRTTMs)
		info += sep + "reported " + netValue(r.ReportedMs, "ms")
	}
	return info + sep + fmt.Sprintf("the last %g s", NetGraphSpan.Seconds())
}

// netValue is x with its unit, "–" with no value.
func netValue(x float64, unit string) string {
	if math.IsNaN(x) {
		return "–"
	}
	if unit == "a tick" {
		return fmt.Sprintf("%g", x)
	}
	return fmt.Sprintf("%.1f %s", x, unit)
}

// netStrip draws strip s in the band top..top+h: its label (name, unit,
// the current values), its scale, each client's trace.
func (p *pane) netStrip(s *netStrip, g *netGeometry, top, h float64, rows, last []telemetry.Row, who []struct {
	name string
	c    color.NRGBA
}) {
	// the scale: 0 and the values in view
	lo, hi := 0.0, 0.0
	for i := range rows {
		r := &rows[i]
		t := model.MsF(r.TimeMs)
		if t < g.from || t > g.to || r.Who == "server" {
			continue
		}
		for _, v := range []float64{s.read(r), downOf(s, r)} {
			if !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi-lo <= 0 {
		hi = lo + 1
	}
	hi = niceCeil(hi)
	if lo < 0 {
		lo = -niceCeil(-lo)
	}
	labelH := 17 * p.s
	y0, y1 := top+labelH, top+h-3*p.s // y0: hi, y1: lo
	y := func(v float64) float64 { return y1 - (y1-y0)*(v-lo)/(hi-lo) }
	p.dc.SetColor(p.pal.Grid)
	p.dc.SetLineWidth(1 * p.s)
	p.dc.DrawLine(g.x0, y1, g.x1, y1)
	if lo < 0 {
		p.dc.DrawLine(g.x0, y(0), g.x1, y(0))
	}
	p.dc.Stroke()
	// label: name (unit): each client's value now
	unit := s.unit
	if unit == "a tick" {
		unit = "count a tick"
	}
	label := fmt.Sprintf("%s (%s, %g to %g)", s.name, unit, lo, hi)
	var vals []string
	for _, w := range who {
		if r := rowOf(last, w.name); r != nil {
			v := netValue(s.read(r), s.unit)
			if s.down != nil {
				v += " / " + netValue(s.down(r), s.unit)
			}
			vals = append(vals, w.name+" "+v)
		}
	}
	p.text(p.fitText(label+": "+strings.Join(vals, sep), 11, g.x1-g.x0), g.x0, top+2*p.s, 11, p.pal.Dim, 0, 0, false)
	// the victim's under the shooter's, wider, so equal values show both;
	// a count's bars side by side
	for k := len(who) - 1; k >= 0; k-- {
		w := who[k]
		width, dx := 1.6+1.8*float64(k), (float64(k)-0.5)*2*p.s
		p.netTrace(s.read, g, rows, w.name, w.c, y, s.line, false, width, dx)
		if s.down != nil {
			p.netTrace(s.down, g, rows, w.name, w.c, y, true, true, width, 0)
		}
	}
}

// netDown says whether any of strips draws a quantity down as well.
func netDown(strips []netStrip) bool {
	for _, s := range strips {
		if s.down != nil {
			return true
		}
	}
	return false
}

func downOf(s *netStrip, r *telemetry.Row) float64 {
	if s.down == nil {
		return math.NaN()
	}
	return s.down(r)
}

// netTrace draws who's values of read: a line through the ticks that
// have one (broken where a tick has none), or a bar per tick that
// counted some.
func (p *pane) netTrace(read func(*telemetry.Row) float64, g *netGeometry, rows []telemetry.Row, who string, c color.NRGBA, y func(float64) float64, line, dashed bool, width, dx float64) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(width * p.s)
	if dashed {
		p.dc.SetDash(4*p.s, 3*p.s)
		defer p.dc.SetDash()
	}
	open := false
	for i := range rows {
		r := &rows[i]
		if r.Who != who {
			continue
		}
		t := model.MsF(r.TimeMs)
		if t < g.from || t > g.to {
			continue
		}
		v := read(r)
		if math.IsNaN(v) {
			if open {
				p.dc.Stroke()
			}
			open = false
			continue
		}
		if !line {
			if v > 0 {
				x := g.x(t) + dx
				p.dc.DrawLine(x, y(0), x, y(v))
				p.dc.Stroke()
			}
			continue
		}
		if open {
			p.dc.LineTo(g.x(t), y(v))
		} else {
			p.dc.MoveTo(g.x(t), y(v))
			open = true
		}
	}
	if open {
		p.dc.Stroke()
	}
}

// netMarkTimes are the times in view of the frame's judged shots, of
// its scripted events' starts and ends, and of the preset's moments.
func (p *pane) netMarkTimes(g *netGeometry) (shots, evs, moms []model.Time) {
	in := func(t model.Time) bool { return t >= g.from && t <= g.to }
	for i := range p.f.Shots {
		if r := &p.f.Shots[i]; r.HasServerSide() && in(r.Judged) {
			shots = append(shots, r.Judged)
		}
	}
	for _, e := range p.f.Events {
		for _, t := range []model.Time{e.At, e.End()} {
			if in(t) && (len(evs) == 0 || evs[len(evs)-1] != t) {
				evs = append(evs, t)
			}
		}
	}
	if p.o.Net != nil {
		for _, t := range p.o.Net.Moments {
			if in(t) {
				moms = append(moms, t)
			}
		}
	}
	return shots, evs, moms
}

// netMarks draws the judged shots, scripted events and moments across
// the strips, then the frame's time.
func (p *pane) netMarks(g *netGeometry, top, bottom float64, shots, evs, moms []model.Time) {
	mark := func(t model.Time, c color.Color, w float64) {
		x := g.x(t)
		p.dc.SetColor(c)
		p.dc.SetLineWidth(w * p.s)
		p.dc.DrawLine(x, top, x, bottom)
		p.dc.Stroke()
	}
	for _, t := range shots {
		mark(t, alpha(TraceYellw, 0.6), 1)
	}
	for _, t := range evs {
		mark(t, alpha(FakeMagnta, 0.85), 1.5)
	}
	for _, t := range moms {
		mark(t, alpha(ServerBlue, 0.9), 2)
	}
	mark(min(p.f.T, g.to), p.pal.Text, 2)
}

// netAxis draws the time axis at y.
func (p *pane) netAxis(g *netGeometry, y float64) {
	span := (g.to - g.from).Seconds()
	step := 0.001
	for _, s := range []float64{0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10} {
		step = s
		if (g.x1-g.x0)*s/span >= 70*p.s {
			break
		}
	}
	first := math.Ceil(g.from.Seconds()/step) * step
	for s := first; s <= g.to.Seconds()+1e-9; s += step {
		x := g.x(model.Time(math.Round(s * 1e6)))
		p.dc.SetColor(p.pal.Dim)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x, y, x, y+4*p.s)
		p.dc.Stroke()
		label := fmt.Sprintf("%g s", math.Round(s*1000)/1000)
		tw, _ := p.measure(label, 11)
		ax := 0.5 // kept inside the pane at its ends
		if x-tw/2 < 2*p.s {
			ax = 0
		} else if x+tw/2 > p.w-2*p.s {
			ax = 1
		}
		p.text(label, x, y+5*p.s, 11, p.pal.Dim, ax, 0, false)
	}
}

// niceCeil is the least of 1, 2, 5 × 10^k at or above x (> 0).
func niceCeil(x float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= x*(1-1e-12) {
			return m * e
		}
	}
	return 10 * e
}

// netSwatch is a legend's line, dashed or not.
func (p *pane) netSwatch(x, y float64, c color.Color, dashed bool) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2 * p.s)
	if dashed {
		p.dc.SetDash(4*p.s, 3*p.s)
		defer p.dc.SetDash()
	}
	p.dc.DrawLine(x, y, x+18*p.s, y)
	p.dc.Stroke()
}

// netMarkSwatch is a legend's vertical mark.
func (p *pane) netMarkSwatch(x, y float64, c color.Color) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2 * p.s)
	p.dc.DrawLine(x+9*p.s, y-7*p.s, x+9*p.s, y+7*p.s)
	p.dc.Stroke()
}
