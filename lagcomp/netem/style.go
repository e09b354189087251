package netem

import "lagscope/model"

// How a connection resends a reliable message it has not seen acked, and
// when it gives the connection up. Every style shares the packet header
// (a sequence number and the acks of the other direction) and in-order
// delivery within a channel; they differ only in what makes a message go
// out again — the schemes engine programmers compare:
//
//   - nak, as Unreal's UNetConnection: the receiver acks packet numbers;
//     a packet left out of the acks of a later one is taken as lost
//     (ReceivedNak) and its reliable bunches go in the next packet. A loss
//     costs about one round trip plus the sender's packet interval (the
//     next packet must reveal the gap). No timer. nak.go.
//   - rto, RFC 6298's retransmission timer (as TCP, and ENet for games):
//     the first timeout from the handshake's round trip R (SRTT = R,
//     RTTVAR = R/2, so 3R), then SRTT + 4 RTTVAR; each expiry resends and
//     doubles the timer; Karn's rule: a resent message's ack is no round-
//     trip sample. rto.go.
//   - repeat, as Quake 3's netchan: every unacked reliable command rides
//     every packet until the peer acknowledges it. A loss costs one packet
//     interval; the price is the copies. repeat.go.
//
// Engines do not give a message up and skip past it: they drop the
// connection (the player is disconnected). Each style's rule for that is
// named here, and when it fires the simulation counts connection_lost.

// Style is a reliable-resend scheme.
type Style string

// The styles.
const (
	NAK    Style = "nak"
	RTO    Style = "rto"
	Repeat Style = "repeat"
)

// StyleInfo is what a style is, for people.
type StyleInfo struct {
	Style  Style
	Engine string // who does it this way
	Resend string // what makes a message go out again
	GiveUp string // when the connection is given up (connection_lost)
}

// The engines' limits the give-up rules use.
const (
	// UnrealReliableBuffer is UE4's RELIABLE_BUFFER: a channel holding this
	// many unacked reliable bunches closes the connection ("Outgoing
	// reliable buffer overflow").
	UnrealReliableBuffer = 256
	// Quake3MaxReliableCommands is MAX_RELIABLE_COMMANDS: a command queued
	// with this many unacknowledged is a "command overflow" and drops the
	// connection (CL_AddReliableCommand, SV_AddServerCommand).
	Quake3MaxReliableCommands = 64
	// ENet's enet_protocol_check_timeouts: a peer is disconnected when an
	// expired command's timer has doubled to ENetTimeoutLimit times its
	// first value and ENetTimeoutMinimum has passed since the earliest
	// expiry not followed by an ack, or ENetTimeoutMaximum has.
	ENetTimeoutLimit = 32
)

// ENet's ENET_PEER_TIMEOUT_MINIMUM and ENET_PEER_TIMEOUT_MAXIMUM.
const (
	ENetTimeoutMinimum = 5 * model.Second
	ENetTimeoutMaximum = 30 * model.Second
)

var styleTable = []StyleInfo{
	{NAK, "Unreal (UNetConnection: ReceivedNak)",
		"a packet missing from the acks of a later one: its messages go in the next packet",
		"a channel with 256 unacked reliable messages (UE4's RELIABLE_BUFFER overflow)"},
	{RTO, "RFC 6298 (TCP; ENet's timer is built the same way)",
		"its timer ran out: first 3R (SRTT R, RTTVAR R/2), then SRTT + 4 RTTVAR, doubled at each expiry; Karn's rule",
		"ENet's: a timer doubled to 32x its first value with 5 s since the earliest expiry not followed by an ack, or 30 s"},
	{Repeat, "Quake 3 (netchan: CL_WritePacket, SV_UpdateServerCommandsToClient)",
		"every packet carries every unacked message until one carrying it is acked",
		"a message queued with 64 unacknowledged (MAX_RELIABLE_COMMANDS: command overflow)"},
}

// Styles are the styles, the default (nak) first.
func Styles() []Style {
	out := make([]Style, len(styleTable))
	for i, s := range styleTable {
		out[i] = s.Style
	}
	return out
}

// Info is what style s is; ok is false for an unknown name.
func Info(s Style) (StyleInfo, bool) {
	for _, i := range styleTable {
		if i.Style == s {
			return i, true
		}
	}
	return StyleInfo{}, false
}

// resender is one style's behaviour, over the per-message timing (slot)
// and the connection's shared state (conn); the Endpoint does the rest.
type resender interface {
	// rides: the message goes in a packet sent now.
	rides(c *conn, s *slot, now model.Time) bool
	// due: the message needs a packet sent now, even if nothing else goes.
	due(c *conn, s *slot, now model.Time) bool
	// sent: a copy left now (again: not the first).
	sent(c *conn, s *slot, now model.Time, again bool)
	// missing: the packet carrying its last copy was left out of the acks
	// of a later one.
	missing(s *slot)
	// queued: a message was queued; onChannel and total are the unacked
	// messages of its channel and of the connection, itself included.
	queued(c *conn, onChannel, total int)
	// check applies the give-up rule to an unacked message at now.
	check(c *conn, s *slot, now model.Time)
	// probes: the sender keeps packets flowing while a message waits for
	// its ack, so a loss is seen (nak) or a copy rides (repeat).
	probes() bool
	// karn: only packets carrying no resent message give round-trip samples.
	karn() bool
}

func resenderOf(s Style) resender {
	switch s {
	case RTO:
		return rto{}
	case Repeat:
		return repeat{}
	}
	return nak{}
}
