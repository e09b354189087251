package views

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/packetlog"
	"lagscope/model"
)

// The packet-flow diagram is the picture teachers draw by hand: one lane
// per machine (the shooter's client, the server, the victim's client),
// time running left to right, and an arrow per packet from the lane that
// sent it to the lane that received it. A command's arrow leaves the
// shooter when it fires and lands on the server when it arrives; the
// server judges it at its next tick, rewinding to the time the stamp
// names. Lost packets end in a cross half-way, duplicates are doubled,
// reliable resends dashed, packets still in flight end at "now".

// packetLanes is the lane order, top to bottom.
const (
	laneShooter = iota
	laneServer
	laneVictim
)

var laneNames = [...]string{"Shooter client", "Server", "Victim client"}

// flow is the diagram's geometry: time to x, lane to y.
type flow struct {
	t0, t1     model.Time
	now        bool // t1 is the frame's time: packets cut there are in flight
	x0, x1     float64
	lanes      [3]float64
	laneHeight float64
	drew       [flowKeyCount]bool // the legend lists these marks only
}

// flowKey is a kind of mark the diagram draws, in legend order.
type flowKey int

const (
	flowCommand   flowKey = iota // red arrow
	flowMove                     // pink arrow: a movement command packet
	flowBackups                  // ring at its start: it repeats earlier inputs
	flowApplied                  // pink tick under the server: the tick that began playing its inputs
	flowServer                   // blue arrow: snapshot, weapon channel
	flowGrey                     // grey arrow: ping bounces, the weapon channel's acks, a reliable StopFire
	flowProj                     // green arrow: projectile messages
	flowResend                   // dashed
	flowAckOnly                  // dotted
	flowLost                     // cross
	flowDup                      // doubled
	flowInFlight                 // dot at now
	flowTick                     // server tick
	flowFired                    // diamond
	flowStamp                    // red tick
	flowJudged                   // blue tick
	flowAckLeaves                // hollow square: the ack of the shot
	flowJourney                  // thick and glowing: the selected shot's journey
	flowOutage                   // shaded band: a scripted outage or disconnect
	flowKeyChange                // dashed line: a scripted key change
	flowKill                     // a death: the server's kill, the snapshot that tells its client
	flowKeyCount
)

func (fl *flow) x(t model.Time) float64 {
	return fl.x0 + (fl.x1-fl.x0)*float64(t-fl.t0)/float64(fl.t1-fl.t0)
}

// packetKey is the legend key of a packet by what it carries, in the
// convention of the other panes: a command carries what the client saw
// (red), a snapshot or the weapon channel what the server has (blue),
// ping bounces and a reliable StopFire alone are bookkeeping (grey), a projectile's
// reliable messages are the authority's (green). A packet sent only for
// reliable messages is coloured by the messages it carries.
func packetKey(pk *lagcomp.PacketFrame) flowKey {
	kind := pk.Kind
	if kind == lagcomp.PacketReliable {
		kind = lagcomp.PacketStopFire // grey unless a message says otherwise
		for _, m := range pk.Messages {
			if k := packetKey(&lagcomp.PacketFrame{Header: packetlog.Header{Kind: m.Kind}}); k != flowGrey {
				return k
			}
		}
	}
	switch kind {
	case lagcomp.PacketCommand:
		return flowCommand
	case lagcomp.PacketMove:
		return flowMove
	case lagcomp.PacketSnapshot, lagcomp.PacketWeapon:
		return flowServer
	case lagcomp.PacketProjSpawn, lagcomp.PacketProjTornOff, lagcomp.PacketProjReject:
		return flowProj
	}
	return flowGrey
}

// handshakeLabel names a rejoin's connect request or reply where it
// leaves: grey bookkeeping like a ping, but the one that ends a
// disconnect, so it is said.
func (p *pane) handshakeLabel(fl *flow, pk *lagcomp.PacketFrame, seg arrowSeg) {
	what := "rejoin: connect request"
	if pk.Kind == lagcomp.PacketHandshakeReply {
		what = "rejoin: the server's reply"
	}
	if pk.Deliver < 0 {
		what += " (lost)"
	}
	p.labelPx(seg.x0, seg.y0, what, p.pal.Text)
}

// headerOnly: the packet carries nothing but its header (sequence number
// and acks): an explicit ack, or a keepalive the nak style sends while a
// reliable message waits. Both are drawn as "ack only".
func headerOnly(pk *lagcomp.PacketFrame) bool {
	return pk.Kind == lagcomp.PacketAck || pk.Kind == lagcomp.PacketKeepAlive
}

// flowColour is the colour of a packet key.
func flowColour(k flowKey) color.NRGBA {
	switch k {
	case flowCommand:
		return ClientRed
	case flowMove:
		return MovePink
	case flowServer:
		return ServerBlue
	case flowProj:
		return AuthGreen
	}
	return TrailGrey
}

// packets draws the packet-flow view with its own legend.
func (p *pane) packets() { p.packetLegend(p.drawFlow()) }

// drawFlow draws the diagram and returns its geometry, with the marks it
// drew for the legend. The selected shot's journey is drawn last, on
// top of the other packets (dimmed), and the labels are placed once
// everything is drawn, off the marks.
func (p *pane) drawFlow() *flow {
	f := p.f
	r := p.selected()
	var j journey
	if r != nil {
		j = p.journeyOf(r)
	}
	fl := p.flowGeometry(r, j)
	p.lanes(fl)
	if fl.t1 <= fl.t0 { // at 0 s the window has no width: no time to place a packet on
		p.note("no packets yet: the run is at 0 s", p.pal.Dim)
		return fl
	}
	p.timeAxis(fl)
	p.serverTicks(fl)
	p.scriptedEvents(fl)
	for i := range f.Packets {
		pk := &f.Packets[i]
		if pk.Client > lagcomp.TargetPawn || j.on(i) {
			continue // observers have no lane here; the journey comes last
		}
		if seg, ok := p.packetArrow(fl, pk, arrowStyle{dim: r != nil}); ok && pk.Kind.Handshake() && !pk.Dup {
			p.handshakeLabel(fl, pk, seg)
		}
	}
	p.deaths(fl)
	if r != nil {
		p.drawJourney(fl, r, j)
		if j.path.Delivered >= 0 {
			if ack := ackOf(f.Packets, &f.Packets[j.path.Delivered]); ack >= 0 {
				p.ackLabel(fl, &f.Packets[ack], r.Seq)
			}
		}
		p.shotMarks(fl, r)
	}
	p.placeFlowLabels(fl)
	p.packetHeader(fl, r, j)
	return fl
}

// flowGeometry chooses the time window: around the selected shot, from
// a little before the earliest of its times (fired, stamp, rewind
// target) to a little after its judgement (or after the arrival of the
// snapshot that told the victim, if later), at least 600 ms; without a
// shot, the last 600 ms. It never reaches past now or before the packet
// log's window.
func (p *pane) flowGeometry(r *lagcomp.ShotRecord, j journey) *flow {
	x, y, w, h := p.area()
	h -= float64(max(p.flowRows, 2)-1) * legendH * p.s // the packet legend's rows past the one area() leaves
	const minSpan = 600 * model.Millisecond
	t1 := p.f.T
	t0 := t1 - minSpan
	if r != nil && r.Judged >= t1-lagcomp.PacketWindow {
		first := min(r.Fire, r.RewindTo, r.IdealTo)
		if r.HasClaimed {
			first = min(first, r.Claimed)
		}
		end := r.Judged + 150*model.Millisecond
		if j.path.Tells >= 0 {
			end = max(end, p.f.Packets[j.path.Tells].Deliver+30*model.Millisecond)
		}
		t1 = min(t1, end)
		t0 = min(first-80*model.Millisecond, t1-minSpan)
	}
	t0 = max(t0, p.f.T-lagcomp.PacketWindow, 0) // no time before the run began
	if first, ok := p.firstPacket(); ok {       // nor an empty stretch before the first packet
		t0 = max(t0, min(first-20*model.Millisecond, t1-model.Millisecond))
	}
	left := 118 * p.s
	fl := &flow{t0: t0, t1: t1, now: t1 == p.f.T, x0: x + left, x1: x + w - 24*p.s}
	top, bottom := y+34*p.s, y+h-34*p.s
	fl.laneHeight = (bottom - top) / 2
	for i := range fl.lanes {
		fl.lanes[i] = top + float64(i)*fl.laneHeight
	}
	return fl
}

// firstPacket is when the first packet of the diagram's lanes was sent.
func (p *pane) firstPacket() (model.Time, bool) {
	first, ok := model.Time(0), false
	for i := range p.f.Packets {
		if pk := &p.f.Packets[i]; pk.Client <= lagcomp.TargetPawn && (!ok || pk.Sent < first) {
			first, ok = pk.Sent, true
		}
	}
	return first, ok
}

// lanes draws the three machines' time lines and their names.
func (p *pane) lanes(fl *flow) {
	for i, y := range fl.lanes {
		p.dc.SetColor(p.pal.Dim)
		p.dc.SetLineWidth(2 * p.s)
		p.dc.DrawLine(fl.x0, y, fl.x1, y)
		p.dc.Stroke()
		name := laneNames[i]
		p.text(name, fl.x0-10*p.s, y, 12, p.pal.Text, 1, 0.5, true)
		tw, th := p.measure(name, 12)
		p.shape(rect{fl.x0 - 10*p.s - tw, y - th/2 - 2*p.s, fl.x0, y + th/2 + 2*p.s})
		if role := p.duelRole(i); role != "" { // who is who in a duel: under the name, above it at the bottom (the time axis is there)
			rw, rh := p.measure(role, 10)
			ry := y + th/2 + 3*p.s
			if i == laneVictim {
				ry = y - th/2 - 3*p.s - rh
			}
			p.text(role, fl.x0-10*p.s, ry, 10, p.pal.Dim, 1, 0, false)
			p.shape(rect{fl.x0 - 10*p.s - rw, ry, fl.x0, ry + rh})
		}
	}
	if !fl.now {
		return
	}
	// now: the right edge, where packets in flight stop
	p.dc.SetColor(p.pal.Text)
	p.dc.SetLineWidth(1 * p.s)
	p.dc.SetDash(3*p.s, 3*p.s)
	p.dc.DrawLine(fl.x1, fl.lanes[0]-22*p.s, fl.x1, fl.lanes[2]+10*p.s)
	p.dc.Stroke()
	p.dc.SetDash()
	p.text("now", fl.x1, fl.lanes[0]-26*p.s, 10, p.pal.Text, 0.5, 1, false)
	nw, nh := p.measure("now", 10)
	p.shape(rect{fl.x1 - nw/2 - 2*p.s, fl.lanes[0] - 26*p.s - nh, fl.x1 + nw/2 + 2*p.s, fl.lanes[2] + 10*p.s})
}

// duelRole is who lane i's client is in a duel: the shooter holds the
// angle, the victim peeks (lagcomp's peeker's advantage).
func (p *pane) duelRole(lane int) string {
	if !p.f.Config.Duel {
		return ""
	}
	switch lane {
	case laneShooter:
		return "holds the angle"
	case laneVictim:
		return "peeks"
	}
	return ""
}

// timeAxis labels simulated time under the bottom lane at a round step.
func (p *pane) timeAxis(fl *flow) {
	span := fl.t1 - fl.t0
	step := 50 * model.Millisecond
	for _, s := range []model.Time{100, 200, 250, 500, 1000} {
		if float64(span)/float64(step) <= (fl.x1-fl.x0)/(70*p.s) {
			break
		}
		step = s * model.Millisecond
	}
	y := fl.lanes[2] + 16*p.s
	for t := (fl.t0 + step - 1) / step * step; t <= fl.t1; t += step {
		x := fl.x(t)
		p.dc.SetColor(p.pal.Grid)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.DrawLine(x, fl.lanes[0]-12*p.s, x, fl.lanes[2]+6*p.s)
		p.dc.Stroke()
		label := fmt.Sprintf("%.2f s", t.Seconds())
		p.text(label, x, y, 10, p.pal.Dim, 0.5, 0, false)
		tw, th := p.measure(label, 10)
		p.shape(rect{x - tw/2, y, x + tw/2, y + th})
	}
}

// serverTicks marks each server tick on the server's lane, when they are
// far enough apart to tell.
func (p *pane) serverTicks(fl *flow) {
	tick := model.Second / model.Time(max(1, p.f.Config.TickHz))
	if fl.x(fl.t0+tick)-fl.x0 < 4*p.s {
		return
	}
	y := fl.lanes[laneServer]
	p.dc.SetColor(p.pal.Dim)
	p.dc.SetLineWidth(1 * p.s)
	for t := (fl.t0 + tick - 1) / tick * tick; t <= fl.t1; t += tick {
		x := fl.x(t)
		p.dc.DrawLine(x, y-4*p.s, x, y+4*p.s)
		fl.drew[flowTick] = true
	}
	p.dc.Stroke()
}

// arrowStyle is how one packet's arrow is drawn: its colour (nil: by
// what it carries), line width, dimmed behind a selected shot, and
// glowing as a step of the selected shot's journey.
type arrowStyle struct {
	c     *color.NRGBA
	width float64
	dim   bool
	glow  bool
}

// arrowSeg is where a packet's arrow was drawn, in pixels, and how it
// ended: lost (a cross at (x1, y1)), in flight (a dot) or arrived (a head).
type arrowSeg struct {
	x0, y0, x1, y1 float64
	lost, inFlight bool
}

// packetArrow draws one packet from its sender's lane to its receiver's,
// and says where; false when it lies outside the window.
func (p *pane) packetArrow(fl *flow, pk *lagcomp.PacketFrame, st arrowStyle) (arrowSeg, bool) {
	from, to := laneServer, laneShooter
	if pk.Client == lagcomp.TargetPawn {
		to = laneVictim
	}
	if pk.Up {
		from, to = to, laneServer
	}
	end := pk.Deliver
	lost := end < 0
	if lost { // where it would have arrived at the base latency
		end = pk.Sent + p.baseLatency(pk)
	}
	if end < fl.t0 || pk.Sent > fl.t1 {
		return arrowSeg{}, false
	}
	x0, y0 := fl.x(pk.Sent), fl.lanes[from]
	x1, y1 := fl.x(end), fl.lanes[to]
	frac := 1.0
	switch {
	case lost:
		frac = 0.5 // the cross
		if mid := pk.Sent + (end-pk.Sent)/2; mid > fl.t1 {
			return arrowSeg{}, false // lost after the window ends
		}
	case end > fl.t1: // in flight at the window's end: as far as it got
		frac = float64(fl.t1-pk.Sent) / float64(end-pk.Sent)
	}
	x1, y1 = x0+(x1-x0)*frac, y0+(y1-y0)*frac
	if x0 < fl.x0 { // sent before the window: start at its left edge
		k := (fl.x0 - x0) / (x1 - x0)
		x0, y0 = fl.x0, y0+(y1-y0)*k
	}
	k := packetKey(pk)
	if !headerOnly(pk) {
		fl.drew[k] = true
	}
	c := flowColour(k)
	if st.c != nil {
		c = *st.c
	}
	width := max(st.width, 1.3)
	if st.dim {
		c = alpha(c, 0.55) // the selected shot's journey stands out
	}
	seg := arrowSeg{x0: x0, y0: y0, x1: x1, y1: y1, lost: lost, inFlight: !lost && frac < 1}
	if st.glow {
		p.glow(seg)
		fl.drew[flowJourney] = true
	}
	fl.drew[flowDup] = fl.drew[flowDup] || pk.Dup
	fl.drew[flowAckOnly] = fl.drew[flowAckOnly] || headerOnly(pk)
	fl.drew[flowResend] = fl.drew[flowResend] || (pk.Resend && !headerOnly(pk))
	if pk.Dup { // doubled: a second line beside the copy's path
		p.arrowLine(x0+3*p.s, y0, x1+3*p.s, y1, c, width, false)
	}
	if headerOnly(pk) { // nothing but the header's acks: thin and dotted
		p.dc.SetColor(c)
		p.dc.SetLineWidth(1 * p.s)
		p.dc.SetDash(1.5*p.s, 2.5*p.s)
		p.dc.DrawLine(x0, y0, x1, y1)
		p.dc.Stroke()
		p.dc.SetDash()
	} else {
		p.arrowLine(x0, y0, x1, y1, c, width, pk.Resend)
	}
	switch {
	case lost:
		p.cross(x1, y1, c)
		fl.drew[flowLost] = true
	case frac < 1:
		if fl.now {
			fl.drew[flowInFlight] = true
			p.dc.SetColor(c)
			p.dc.DrawCircle(x1, y1, 3*p.s)
			p.dc.Fill()
			if st.glow {
				p.shape(rect{x1 - 4*p.s, y1 - 4*p.s, x1 + 4*p.s, y1 + 4*p.s})
			}
		}
	default:
		p.arrowHead(x0, y0, x1, y1, c, width)
		if st.glow {
			p.shape(rect{x1 - 9*p.s, y1 - 9*p.s, x1 + 9*p.s, y1 + 9*p.s})
		}
	}
	if pk.Up && pk.Inputs > 0 {
		p.inputMarks(fl, pk, x0, y0, lost)
	}
	return seg, true
}

// MovePink is a movement command: the client's inputs, not its shots.
var MovePink = color.NRGBA{0xff, 0x8f, 0xb8, 0xff}

// inputMarks marks what a packet's movement inputs did: a ring at its
// start when it repeats earlier ones (cl_cmdbackup), and, delivered, a
// tick under the server's lane at the tick that began playing its first
// new input (the input buffer's offset after that input's frame).
func (p *pane) inputMarks(fl *flow, pk *lagcomp.PacketFrame, x0, y0 float64, lost bool) {
	if pk.InputBackups > 0 && x0 > fl.x0 {
		p.backupRing(x0, y0)
		fl.drew[flowBackups] = true
	}
	if lost || pk.InputBackups == pk.Inputs || pk.Client >= len(p.f.InputOffsets) || p.f.InputOffsets[pk.Client] < 0 {
		return
	}
	tick := model.Second / model.Time(max(1, p.f.Config.TickHz))
	at := pk.FirstInputT + p.f.InputOffsets[pk.Client]
	at = (at + tick - 1) / tick * tick
	if at < fl.t0 || at > fl.t1 || at > p.f.T {
		return
	}
	x, y := fl.x(at), fl.lanes[laneServer]
	p.dc.SetColor(MovePink)
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.DrawLine(x, y+5*p.s, x, y+11*p.s)
	p.dc.Stroke()
	fl.drew[flowApplied] = true
}

// backupRing is the small ring that marks a packet repeating inputs.
func (p *pane) backupRing(x, y float64) {
	p.dc.SetColor(MovePink)
	p.dc.SetLineWidth(1 * p.s)
	p.dc.DrawCircle(x, y, 2.5*p.s)
	p.dc.Stroke()
}

// ackOf is the index of the first packet the other way, to the same
// client, that acknowledged cmd (its header's Ack, or a bit of AckBits,
// names cmd's sequence number), or -1.
func ackOf(pks []lagcomp.PacketFrame, cmd *lagcomp.PacketFrame) int {
	for i := range pks {
		q := &pks[i]
		if q.Up == cmd.Up || q.Client != cmd.Client || q.Sent < cmd.Deliver || q.Deliver < 0 || q.Dup {
			continue
		}
		if q.Ack == cmd.Seq || (q.Ack > cmd.Seq && q.Ack-cmd.Seq <= 32 && q.AckBits&(1<<(q.Ack-cmd.Seq-1)) != 0) {
			return i
		}
	}
	return -1
}

// ackLabel names the packet that carried the shot's ack back.
func (p *pane) ackLabel(fl *flow, q *lagcomp.PacketFrame, seq uint32) {
	if q.Sent > fl.t1 {
		return
	}
	x, y := fl.x(q.Sent), fl.lanes[laneServer]
	p.ackMark(x, y)
	fl.drew[flowAckLeaves] = true
	p.labelPx(x, y, fmt.Sprintf("ack of shot #%d leaves", seq), p.pal.Text)
}

// baseLatency is the one-way base latency of the packet's link when it
// was sent: its trace's delay then while one replays.
func (p *pane) baseLatency(pk *lagcomp.PacketFrame) model.Time {
	return model.MsF(p.f.LinkBaseMs(pk.Client, pk.Up, pk.Sent))
}

func (p *pane) arrowLine(x0, y0, x1, y1 float64, c color.NRGBA, width float64, dashed bool) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(width * p.s)
	if dashed {
		p.dc.SetDash(5*p.s, 3*p.s)
	}
	p.dc.DrawLine(x0, y0, x1, y1)
	p.dc.Stroke()
	p.dc.SetDash()
}

func (p *pane) arrowHead(x0, y0, x1, y1 float64, c color.NRGBA, width float64) {
	a := math.Atan2(y1-y0, x1-x0)
	l := (6 + width) * p.s
	p.dc.SetColor(c)
	p.dc.MoveTo(x1, y1)
	p.dc.LineTo(x1-l*math.Cos(a-0.4), y1-l*math.Sin(a-0.4))
	p.dc.LineTo(x1-l*math.Cos(a+0.4), y1-l*math.Sin(a+0.4))
	p.dc.ClosePath()
	p.dc.Fill()
}

// cross marks a lost packet; labels keep off it.
func (p *pane) cross(x, y float64, c color.NRGBA) {
	r := 5 * p.s
	p.shape(rect{x - r - p.s, y - r - p.s, x + r + p.s, y + r + p.s})
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2.2 * p.s)
	p.dc.DrawLine(x-r, y-r, x+r, y+r)
	p.dc.DrawLine(x-r, y+r, x+r, y-r)
	p.dc.Stroke()
}

// shotMarks marks the selected shot: when it was fired (on the lane of
// the client that fired it: in a duel, the peeker's shots leave the
// victim's lane), the server time its stamp names, the time the client
// was really showing, the tick that judged it and the time the server
// rewound to.
func (p *pane) shotMarks(fl *flow, r *lagcomp.ShotRecord) {
	sy := fl.lanes[laneServer]
	in := func(t model.Time) bool { return t >= fl.t0 && t <= fl.t1 }
	if in(r.Fire) {
		fl.drew[flowFired] = true
		x, y := fl.x(r.Fire), fl.lanes[clientLane(r.Shooter)]
		p.diamond(x, y, ClientRed)
		p.labelPx(x, y, fmt.Sprintf("shot #%d fired", r.Seq), ClientRed)
	}
	// above the server lane: what the client claimed and what it showed
	if r.HasClaimed && in(r.Claimed) {
		fl.drew[flowStamp] = true
		p.mark(fl.x(r.Claimed), sy, -1, ClientRed, fmt.Sprintf("stamp %.3f s", r.Claimed.Seconds()), 1)
	}
	if in(r.IdealTo) && (!r.HasClaimed || absT(r.IdealTo-r.Claimed) > model.Millisecond) {
		fl.drew[flowStamp] = true
		p.mark(fl.x(r.IdealTo), sy, -1, ClientRed, fmt.Sprintf("client showed %.3f s", r.IdealTo.Seconds()), 2)
	}
	// below it: what the server did
	if in(r.Judged) {
		fl.drew[flowJudged] = true
		p.mark(fl.x(r.Judged), sy, 1, ServerBlue, fmt.Sprintf("judged at tick %.3f s", r.Judged.Seconds()), 1)
	}
	if in(r.RewindTo) {
		fl.drew[flowJudged] = true
		p.mark(fl.x(r.RewindTo), sy, 1, ServerBlue, fmt.Sprintf("rewound to %.3f s", r.RewindTo.Seconds()), 2)
	}
	if in(r.RewindTo) && in(r.Judged) && r.Judged > r.RewindTo {
		// the rewind, as a bracket from the judging tick back in time
		y := sy + (3*16+20)*p.s
		x0, x1 := fl.x(r.Judged), fl.x(r.RewindTo)
		p.arrowLine(x0, y, x1, y, ServerBlue, 1.5, false)
		p.arrowHead(x0, y, x1, y, ServerBlue, 1.5)
		p.shape(rect{x1, y - 3*p.s, x0, y + 3*p.s})
		label := fmt.Sprintf("rewind %.1f ms", r.RewindMs())
		for _, rule := range r.Rules {
			label += " · " + string(rule)
		}
		p.labelPx((x0+x1)/2, y, label, ServerBlue)
	}
}

// clientLane is the lane of client i's machine.
func clientLane(i int) int {
	if i == lagcomp.TargetPawn {
		return laneVictim
	}
	return laneShooter
}

// mark is a vertical tick on a lane (side -1 above, 1 below) reaching to
// row row of that side, so marks close in time do not meet, with its
// label placed off the marks.
func (p *pane) mark(x, y float64, side float64, c color.NRGBA, label string, row int) {
	reach := (float64(row)*16 + 4) * p.s
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2 * p.s)
	p.dc.DrawLine(x, y, x, y+side*reach)
	p.dc.Stroke()
	p.dc.DrawCircle(x, y, 3.5*p.s)
	p.dc.Fill()
	p.shape(rect{x - 4*p.s, math.Min(y, y+side*reach) - 4*p.s, x + 4*p.s, math.Max(y, y+side*reach) + 4*p.s})
	p.labelPx(x, y+side*reach, label, c)
}

// diamond is a mark on a lane: a shot fired, a sighting in the duel.
func (p *pane) diamond(x, y float64, c color.Color) {
	r := 6 * p.s
	p.shape(rect{x - r, y - r, x + r, y + r})
	p.dc.SetColor(c)
	p.dc.MoveTo(x, y-r)
	p.dc.LineTo(x+r, y)
	p.dc.LineTo(x, y+r)
	p.dc.LineTo(x-r, y)
	p.dc.ClosePath()
	p.dc.Fill()
}

func absT(t model.Time) model.Time {
	if t < 0 {
		return -t
	}
	return t
}

// packetHeader sums up the window: packets by fate, and the shot.
func (p *pane) packetHeader(fl *flow, r *lagcomp.ShotRecord, j journey) {
	var sent, lost, dup, resent int
	for _, pk := range p.f.Packets {
		if pk.Sent < fl.t0 || pk.Client > lagcomp.TargetPawn {
			continue
		}
		switch {
		case pk.Dup:
			dup++
		case pk.Deliver < 0:
			lost++
			sent++
		default:
			sent++
		}
		if pk.Resend {
			resent++
		}
	}
	info := fmt.Sprintf("%.3f – %.3f s · %d packets sent, %d lost, %d duplicated, %d reliable resends",
		fl.t0.Seconds(), fl.t1.Seconds(), sent, lost, dup, resent)
	if r != nil {
		info += fmt.Sprintf(" · shot #%d: rewind %.1f ms (ideal %.1f)", r.Seq, r.RewindMs(), r.IdealRewindMs())
		if r.Outcome == lagcomp.OutcomeJudged && j.path.Tells < 0 {
			info += fmt.Sprintf(" · the %s is not told yet (no snapshot since the judging tick)", lagcomp.ClientName(r.Target))
		}
	}
	if w := p.linkWords(lagcomp.ShooterPawn); w != "" {
		info += " · link: " + w
	}
	p.header("Packet flow", info)
}

// packetLegend is this pane's legend: the packet kinds, fates and marks
// of the selected shot it drew, and nothing else.
func (p *pane) packetLegend(fl *flow) {
	rows, size := p.ownLegendLayout(p.flowEntries(fl))
	p.flowRowsNeed = len(rows)
	p.drawOwnLegend(rows, size)
}

// flowEntries are the legend entries of the marks fl drew.
func (p *pane) flowEntries(fl *flow) []ownEntry {
	all := [flowKeyCount]ownEntry{
		flowCommand:   {p.legendArrow(ClientRed, false, false), "command (client → server: the command packet with a shot, and the inputs since the last)"},
		flowMove:      {p.legendArrow(MovePink, false, false), "movement command (the inputs of the frames since the last, cl_cmdrate)"},
		flowBackups:   {func(x, y float64) { p.backupRing(x+9*p.s, y) }, "repeats earlier inputs (cl_cmdbackup)"},
		flowApplied:   {func(x, y float64) { p.legendTick(x, y, MovePink) }, "tick that began playing its inputs"},
		flowServer:    {p.legendArrow(ServerBlue, false, false), "snapshot, weapon BurstCounter (server → client)"},
		flowGrey:      {p.legendArrow(TrailGrey, false, false), "ping bounce, weapon channel's acks, StopFire"},
		flowProj:      {p.legendArrow(AuthGreen, false, false), "projectile message (reliable)"},
		flowResend:    {p.legendArrow(p.pal.Text, true, false), "resend"},
		flowAckOnly:   {p.legendAck, "ack only"},
		flowLost:      {func(x, y float64) { p.cross(x+9*p.s, y, p.pal.Text) }, "lost"},
		flowDup:       {p.legendArrow(p.pal.Text, false, true), "duplicated"},
		flowInFlight:  {p.inFlightDot, "in flight now"},
		flowTick:      {p.legendServerTick, "server tick"},
		flowFired:     {func(x, y float64) { p.diamond(x+9*p.s, y, ClientRed) }, "fired"},
		flowStamp:     {func(x, y float64) { p.legendTick(x, y, ClientRed) }, "stamp / client showed"},
		flowJudged:    {func(x, y float64) { p.legendTick(x, y, ServerBlue) }, "judged tick / rewound to"},
		flowAckLeaves: {func(x, y float64) { p.ackMark(x+9*p.s, y) }, "the shot's ack leaves"},
		flowJourney:   {p.legendJourney, "the shot's journey"},
		flowOutage: {func(x, y float64) {
			p.dc.SetColor(eventShade)
			p.dc.DrawRectangle(x, y-6*p.s, 18*p.s, 12*p.s)
			p.dc.Fill()
		}, "outage / disconnected (scripted)"},
		flowKeyChange: {func(x, y float64) { p.eventLine(x+9*p.s, y-7*p.s, y+7*p.s) }, "keys changed (scripted)"},
		flowKill:      {func(x, y float64) { p.cross(x+9*p.s, y, p.pal.Text) }, "a death: killed at the server, told by the snapshot"},
	}
	return drawnEntries(all[:], fl.drew[:])
}

// ackMark is where the packet acking the selected shot leaves the
// server: a hollow square, not the in-flight dot.
func (p *pane) ackMark(x, y float64) {
	r := 4 * p.s
	p.shape(rect{x - r - p.s, y - r - p.s, x + r + p.s, y + r + p.s})
	p.dc.SetColor(p.pal.Panel)
	p.dc.DrawRectangle(x-r, y-r, 2*r, 2*r)
	p.dc.Fill()
	p.dc.SetColor(p.pal.Text)
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.DrawRectangle(x-r, y-r, 2*r, 2*r)
	p.dc.Stroke()
}

// legendJourney is a step of the journey: a thick arrow on its glow.
func (p *pane) legendJourney(x, y float64) {
	p.glow(arrowSeg{x0: x + 2*p.s, y0: y, x1: x + 16*p.s, y1: y})
	p.arrowLine(x, y, x+18*p.s, y, ClientRed, 3, false)
	p.arrowHead(x, y, x+18*p.s, y, ClientRed, 3)
}

func (p *pane) legendServerTick(x, y float64) {
	p.dc.SetColor(p.pal.Dim)
	p.dc.SetLineWidth(1 * p.s)
	p.dc.DrawLine(x, y, x+18*p.s, y)
	for _, dx := range []float64{3, 9, 15} {
		p.dc.DrawLine(x+dx*p.s, y-4*p.s, x+dx*p.s, y+4*p.s)
	}
	p.dc.Stroke()
}

func (p *pane) legendArrow(c color.NRGBA, dashed, double bool) func(x, y float64) {
	return func(x, y float64) {
		if double {
			p.arrowLine(x, y-2.5*p.s, x+18*p.s, y-2.5*p.s, c, 1.3, false)
			y += 2.5 * p.s
		}
		p.arrowLine(x, y, x+18*p.s, y, c, 1.3, dashed)
		p.arrowHead(x, y, x+18*p.s, y, c, 1.3)
	}
}

func (p *pane) legendTick(x, y float64, c color.NRGBA) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2 * p.s)
	p.dc.DrawLine(x+9*p.s, y-7*p.s, x+9*p.s, y+7*p.s)
	p.dc.Stroke()
}

func (p *pane) inFlightDot(x, y float64) {
	p.arrowLine(x, y, x+15*p.s, y, p.pal.Text, 1.3, false)
	p.dc.SetColor(p.pal.Text)
	p.dc.DrawCircle(x+15*p.s, y, 3*p.s)
	p.dc.Fill()
}

func (p *pane) legendAck(x, y float64) {
	p.dc.SetColor(TrailGrey)
	p.dc.SetLineWidth(1 * p.s)
	p.dc.SetDash(1.5*p.s, 2.5*p.s)
	p.dc.DrawLine(x, y, x+18*p.s, y)
	p.dc.Stroke()
	p.dc.SetDash()
}

// eventShade is a scripted outage's or disconnect's band: a grey that
// reads on both themes and leaves the arrows over it visible.
var eventShade = color.NRGBA{128, 128, 128, 70}

// scriptedEvents draws the run's scripted events within the window
// (lagcomp/events): an outage or a disconnect as a band over the lanes of
// the clients it hits, from its start to its end, labelled with what it
// is; a key change as a dashed line across the lanes, labelled with the
// keys it set. A label goes above the top lane, where the arrows are not.
func (p *pane) scriptedEvents(fl *flow) {
	row := 0
	for _, e := range p.f.Events {
		in := func(t model.Time) bool { return t >= fl.t0 && t <= fl.t1 }
		visible := e.At <= fl.t1 && e.End() >= fl.t0
		if e.Kind == events.Set {
			visible = in(e.At) || e.For > 0 && in(e.End())
		}
		if !visible {
			continue
		}
		top, bottom := fl.lanes[0]-10*p.s, fl.lanes[2]+6*p.s
		if e.Client != events.All {
			if e.Client > lagcomp.TargetPawn {
				continue // observers have no lane here
			}
			lane := clientLane(e.Client)
			y := fl.lanes[lane]
			top, bottom = y-fl.laneHeight/3, y+fl.laneHeight/3
			if lane == laneShooter { // not past the lanes: labels and the time axis are there
				top = y - 10*p.s
			} else if lane == laneVictim {
				bottom = y + 6*p.s
			}
		}
		var label string
		switch e.Kind {
		case events.Set:
			for _, t := range []model.Time{e.At, e.End()} {
				if in(t) && (t == e.At || e.For > 0) {
					p.eventLine(fl.x(t), fl.lanes[0]-10*p.s, fl.lanes[2]+6*p.s)
					fl.drew[flowKeyChange] = true
				}
			}
			var kv []string
			for _, st := range e.Set {
				kv = append(kv, st.Key+" "+st.Value)
			}
			label = strings.Join(kv, ", ")
			if e.For > 0 {
				label += " for " + events.FormatTime(e.For)
			}
		default:
			x0, x1 := fl.x(max(e.At, fl.t0)), fl.x(min(e.End(), fl.t1))
			p.dc.SetColor(eventShade)
			p.dc.DrawRectangle(x0, top, x1-x0, bottom-top)
			p.dc.Fill()
			fl.drew[flowOutage] = true
			label = "outage " + events.FormatTime(e.Dur)
			if e.Kind == events.Disconnect {
				label = events.ClientName(e.Client) + " disconnected " + events.FormatTime(e.Dur) + ", then reconnects"
				if e.Client == events.All {
					label = "every client disconnected " + events.FormatTime(e.Dur) + ", then reconnects"
				}
			} else if e.Client != events.All {
				label = events.ClientName(e.Client) + "'s " + label
			}
		}
		// above the top lane, in two rows so neighbours do not collide;
		// kept within the diagram's width
		tw, th := p.measure(label, 10)
		x := min(fl.x(max(e.At, fl.t0))+3*p.s, fl.x1-tw)
		y := fl.lanes[0] - 12*p.s - float64(row)*(th+3*p.s)
		p.text(label, x, y, 10, p.pal.Text, 0, 1, false)
		p.shape(rect{x, y - th, x + tw, y})
		row = (row + 1) % 2
	}
}

// eventLine is a key change's dashed line.
func (p *pane) eventLine(x, y0, y1 float64) {
	p.dc.SetColor(p.pal.Text)
	p.dc.SetLineWidth(1.5 * p.s)
	p.dc.SetDash(6*p.s, 3*p.s)
	p.dc.DrawLine(x, y0, x, y1)
	p.dc.Stroke()
	p.dc.SetDash()
}

// deaths marks each death in the window (health > 0): the tick that
// killed the pawn on the server lane, and on its client's lane the
// arrival of the first snapshot from that tick on that reached it — the
// one that tells the client it is dead (its pose there not alive), a
// one-way trip and the wait for a snapshot after the kill. Both are
// crosses in the text's colour, apart from the lost packets' by their
// labels.
func (p *pane) deaths(fl *flow) {
	in := func(t model.Time) bool { return t >= fl.t0 && t <= fl.t1 }
	for _, k := range p.f.Kills {
		if k.Victim > lagcomp.TargetPawn {
			continue // observers have no lane here
		}
		victim := "target"
		if k.Victim == lagcomp.ShooterPawn {
			victim = "shooter"
		}
		if in(k.At) {
			fl.drew[flowKill] = true
			x, y := fl.x(k.At), fl.lanes[laneServer]
			p.cross(x, y, p.pal.Text)
			p.labelPx(x, y, fmt.Sprintf("%s killed %.3f s", victim, k.At.Seconds()), p.pal.Text)
		}
		told := -1
		for i := range p.f.Packets {
			pk := &p.f.Packets[i]
			if pk.Kind == lagcomp.PacketSnapshot && !pk.Up && pk.Client == k.Victim && pk.Sent >= k.At && pk.Deliver >= 0 &&
				(told < 0 || pk.Deliver < p.f.Packets[told].Deliver) {
				told = i
			}
		}
		if told < 0 || !in(p.f.Packets[told].Deliver) {
			continue
		}
		fl.drew[flowKill] = true
		at := p.f.Packets[told].Deliver
		x, y := fl.x(at), fl.lanes[clientLane(k.Victim)]
		p.cross(x, y, p.pal.Text)
		p.labelPx(x, y, fmt.Sprintf("told: dead (+%.0f ms)", (at-k.At).Millis()), p.pal.Text)
	}
}
