package netem

import "lagscope/model"

// nak resends as Unreal's UNetConnection does: packet numbers are acked,
// and a packet a later packet's acks leave out is taken as lost at once
// (FNetPacketNotify reports it, UChannel::ReceivedNak puts its unacked
// reliable bunches in the next packet). There is no timer: a loss is seen
// only when a later packet gets through and its ack comes back, so a
// message's resend leaves about one round trip plus the sender's packet
// interval after the lost copy. Engines' connections send every frame or
// tick anyway; lagscope's sends a packet at least every PacketInterval
// while a message waits (probes), each asking for an ack (Header.Elicit).
type nak struct{}

func (nak) rides(_ *conn, s *slot, _ model.Time) bool { return !s.sent || s.naked }
func (nak) due(_ *conn, s *slot, _ model.Time) bool   { return !s.sent || s.naked }
func (nak) sent(*conn, *slot, model.Time, bool)       {}
func (nak) missing(s *slot)                           { s.naked = true }
func (nak) check(*conn, *slot, model.Time)            {}
func (nak) probes() bool                              { return true }
func (nak) karn() bool                                { return false }

// queued: UE4's UChannel::SendBunch closes the connection when a channel's
// unacked reliable bunches reach RELIABLE_BUFFER.
func (nak) queued(c *conn, onChannel, _ int) {
	if onChannel >= UnrealReliableBuffer && c.lost == "" {
		c.lost = "reliable buffer overflow: 256 unacked messages on a channel"
	}
}
