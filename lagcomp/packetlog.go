package lagcomp

import (
	"sort"

	"lagscope/model"
)

// PacketWindow is how far back the packet log reaches: the packet-flow
// diagram draws every packet sent within it, delivered, in flight or lost.
const PacketWindow = 3 * model.Second

// maxLogged bounds the log whatever the rates (a 1000 Hz snapshot rate
// sends 6000 packets in PacketWindow); the oldest go first.
const maxLogged = 8192

// packetLog is the recent history of every packet on every link: one
// entry per copy that arrives, one per packet lost, so a duplicated
// packet has two entries (the second marked Dup).
type packetLog []PacketFrame

// logPacket records p; a copy the link duplicated is marked Dup, one it
// dropped has Deliver -1. What the reliability layer put in it (sequence
// number, acks, reliable messages and whether any is a resend) comes along.
func (s *Sim) logPacket(p *Packet, lost bool) {
	e := packetFrame(p, p.dupCopy)
	if lost {
		e.Deliver = -1
	}
	s.packets = append(s.packets, e)
	// forget what has left the window: entries are in sending order
	drop := 0
	for drop < len(s.packets) && (s.packets[drop].Sent < s.Now-PacketWindow || len(s.packets)-drop > maxLogged) {
		drop++
	}
	if drop > len(s.packets)/2 { // shift rarely: amortised O(1) per packet
		// into a new array, never in place: keyframes share the old one
		s.packets = append(make(packetLog, 0, 2*(len(s.packets)-drop)+16), s.packets[drop:]...)
	}
}

// recentPackets are the logged packets sent within PacketWindow before
// now, in sending order: a window of the log itself, not a copy (entries
// are logged at their sending time, so in order, and never written after;
// clipped, so an append to it cannot reach the log).
func (s *Sim) recentPackets() []PacketFrame {
	lo := sort.Search(len(s.packets), func(i int) bool { return s.packets[i].Sent >= s.Now-PacketWindow })
	hi := sort.Search(len(s.packets), func(i int) bool { return s.packets[i].Sent > s.Now })
	if lo >= hi {
		return []PacketFrame{}
	}
	return s.packets[lo:hi:hi]
}
