package views

import (
	"fmt"
	"math"

	"lagscope/lagcomp"
)

// A shot's whole journey in the packet flow: the copies of its command
// the network lost, the copy that got through (its own packet, a
// cl_cmdbackup repeat riding a later packet, or a reliable resend), the
// wait on the server for the tick that judged it, and the snapshot that
// told the victim — with the snapshots lost on the way. Drawn thick and
// glowing over the dimmed traffic, each step named by a label placed off
// the marks. The steps come from the frame's packet log alone
// (lagcomp.Frame.ShotPath); loss delaying a shot instead of losing it is
// the point of backups and resends (Source's cl_cmdbackup, UT2003's
// reliable ServerPredictedStartFire: UnrealWiki's "Lag Compensation" and "Hit Prediction").

// step is what one packet is to the selected shot's journey.
type step uint8

const (
	stepNone      step = iota // not on the journey
	stepLost                  // a copy of the command the link dropped
	stepDelivered             // the copy the server judged
	stepInFlight              // a copy still on the wire (none has arrived yet)
	stepToldLost              // a snapshot to the victim, after the judgement, lost
	stepTells                 // the snapshot that told the victim
)

// journey is the role of each packet of the frame on the shot's way.
type journey struct {
	path lagcomp.ShotPath
	role []step // by index into Frame.Packets
}

// on reports whether packet i is a step of the journey.
func (j journey) on(i int) bool { return i < len(j.role) && j.role[i] != stepNone }

// journeyOf is r's journey through the frame's packets: the copies up to
// the one that got through (later copies are redundancy the server
// ignores, drawn as ordinary traffic), then the snapshots to the victim.
func (p *pane) journeyOf(r *lagcomp.ShotRecord) journey {
	j := journey{path: p.f.ShotPath(r), role: make([]step, len(p.f.Packets))}
	var until = -1
	if d := j.path.Delivered; d >= 0 {
		until = d
	}
	for _, i := range j.path.Copies {
		pk := &p.f.Packets[i]
		switch {
		case i == j.path.Delivered:
			j.role[i] = stepDelivered
		case until >= 0 && pk.Sent > p.f.Packets[until].Sent:
			// sent after the copy that got through: redundancy
		case pk.Deliver < 0:
			j.role[i] = stepLost
		case until < 0 && pk.Deliver > p.f.T:
			j.role[i] = stepInFlight
		}
	}
	for _, i := range j.path.Told {
		j.role[i] = stepToldLost
		if i == j.path.Tells {
			j.role[i] = stepTells
		}
	}
	return j
}

// copyWord says what a copy of shot seq's command is: its own packet, a
// backup riding a later packet, a reliable resend, or the link's
// duplicate.
func copyWord(pk *lagcomp.PacketFrame, seq uint32) string {
	for _, b := range pk.Backup {
		if b == seq {
			return "backup"
		}
	}
	for _, m := range pk.Messages {
		if m.Shot == seq && m.Resends > 0 {
			return "resend"
		}
	}
	if pk.Dup {
		return "duplicate"
	}
	return "command"
}

// drawJourney draws r's journey over the dimmed traffic: each step's
// arrow thick and glowing, commands in red whatever packet carried them,
// snapshots in blue; the wait on the server lane from the arrival to the
// judging tick; a label per step.
func (p *pane) drawJourney(fl *flow, r *lagcomp.ShotRecord, j journey) {
	red, blue := ClientRed, ServerBlue
	lostSaid := map[string]bool{}
	for i, role := range j.role {
		if role == stepNone {
			continue
		}
		pk := &p.f.Packets[i]
		c := &red
		if role == stepToldLost || role == stepTells {
			c = &blue
		}
		seg, ok := p.packetArrow(fl, pk, arrowStyle{c: c, width: 3, glow: true})
		if !ok {
			continue
		}
		mx, my := (seg.x0+seg.x1)/2, (seg.y0+seg.y1)/2
		switch role {
		case stepLost:
			w := copyWord(pk, r.Seq)
			if !lostSaid[w] { // one label for each kind of copy lost: the crosses say the rest
				lostSaid[w] = true
				p.labelPx(seg.x1, seg.y1, fmt.Sprintf("shot #%d's %s lost", r.Seq, w), ClientRed)
			}
		case stepDelivered:
			p.labelPx(mx, my, deliveredWords(pk, r), ClientRed)
			p.serverWait(fl, pk, r)
		case stepInFlight:
			p.labelPx(seg.x1, seg.y1, fmt.Sprintf("shot #%d's %s in flight", r.Seq, copyWord(pk, r.Seq)), ClientRed)
		case stepToldLost:
			if !lostSaid["snapshot"] {
				lostSaid["snapshot"] = true
				p.labelPx(seg.x1, seg.y1, "snapshot lost", ServerBlue)
			}
		case stepTells:
			s := fmt.Sprintf("snapshot tells the %s: %s", lagcomp.ClientName(r.Target), hitWord(r.ServerHit))
			switch {
			case seg.inFlight && pk.Sent >= fl.t1:
				s += " (leaving now)"
			case seg.inFlight:
				s += " (in flight)"
			}
			p.labelPx(mx, my, s, ServerBlue)
		}
	}
}

// deliveredWords names the copy that got through and, when it rode
// another kind of packet, which.
func deliveredWords(pk *lagcomp.PacketFrame, r *lagcomp.ShotRecord) string {
	w := copyWord(pk, r.Seq)
	if w == "command" {
		return fmt.Sprintf("shot #%d arrives", r.Seq)
	}
	s := fmt.Sprintf("%s delivers shot #%d", w, r.Seq)
	if pk.Kind != lagcomp.PacketCommand {
		s += fmt.Sprintf(" (in a %s packet)", packetWords(pk.Kind))
	}
	return s
}

// packetWords is a packet kind in a student's words.
func packetWords(k lagcomp.PacketKind) string {
	switch k {
	case lagcomp.PacketPing, lagcomp.PacketPong, lagcomp.PacketServerPing, lagcomp.PacketServerPong:
		return "ping"
	case lagcomp.PacketPingReport:
		return "ping report"
	case lagcomp.PacketReliable:
		return "reliable"
	}
	return k.String()
}

// hitWord is a verdict in one word.
func hitWord(hit bool) string {
	if hit {
		return "hit"
	}
	return "miss"
}

// serverWait draws, on the server's lane, the wait from the copy's
// arrival to the tick that judged it (a reliable copy held behind an
// earlier message waits longer), glowing like the rest of the journey.
func (p *pane) serverWait(fl *flow, pk *lagcomp.PacketFrame, r *lagcomp.ShotRecord) {
	if pk.Deliver < 0 || r.Judged <= pk.Deliver {
		return
	}
	y := fl.lanes[laneServer]
	x0, x1 := fl.x(max(pk.Deliver, fl.t0)), fl.x(min(r.Judged, fl.t1))
	p.glow(arrowSeg{x0: x0, y0: y, x1: x1, y1: y})
	p.dc.SetColor(ClientRed)
	p.dc.SetLineWidth(3 * p.s)
	p.dc.DrawLine(x0, y, x1, y)
	p.dc.Stroke()
	p.shape(rect{x0, y - 5*p.s, x1, y + 5*p.s})
}

// glow is the wide, faint band under a step of the journey.
func (p *pane) glow(s arrowSeg) {
	p.dc.SetColor(alpha(p.pal.Text, 0.2))
	p.dc.SetLineWidth(11 * p.s)
	p.dc.DrawLine(s.x0, s.y0, s.x1, s.y1)
	p.dc.Stroke()
}

// placeFlowLabels places the diagram's labels off its marks, within the
// lanes and the time axis (not over the legend below).
func (p *pane) placeFlowLabels(fl *flow) {
	x, y, w, _ := p.area()
	p.placeLabelsIn(rect{x, y, x + w, math.Min(fl.lanes[laneVictim]+30*p.s, p.h)})
}
