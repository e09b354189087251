package netem

import "lagscope/model"

// repeat resends as Quake 3's netchan does: the client writes every
// reliable command from the last one the server acknowledged to the
// newest into each packet it sends (CL_WritePacket), and the server every
// unacknowledged server command into each snapshot
// (SV_UpdateServerCommandsToClient), until the other side's
// acknowledgement covers it. A lost copy costs one packet interval: the
// next packet carries the command again. lagscope acks packets, not
// command numbers; a packet carrying the command acked means the command
// arrived, which is what Quake 3's reliableAcknowledge says.
type repeat struct{}

func (repeat) rides(*conn, *slot, model.Time) bool { return true }

// due: a new command goes at once; the others ride the traffic, and while
// any waits a packet goes at least every PacketInterval (Quake 3's client
// sends one every frame, capped by cl_maxpackets; its server one a snapshot).
func (repeat) due(c *conn, s *slot, now model.Time) bool { return !s.sent || c.quiet(now) }
func (repeat) sent(*conn, *slot, model.Time, bool)       {}
func (repeat) missing(*slot)                             {}
func (repeat) check(*conn, *slot, model.Time)            {}
func (repeat) probes() bool                              { return false }
func (repeat) karn() bool                                { return false }

// queued: CL_AddReliableCommand drops the connection ("Client command
// overflow") when MAX_RELIABLE_COMMANDS are unacknowledged.
func (repeat) queued(c *conn, _, total int) {
	if total > Quake3MaxReliableCommands && c.lost == "" {
		c.lost = "command overflow: 64 unacknowledged reliable commands"
	}
}
