package packetlog

import (
	"slices"

	"lagscope/lagcomp/rule"
)

// Frame is a packet on a link as the views draw it: its Header, and what
// rides it that most packets leave empty.
type Frame struct {
	Header
	Shots    []uint32 // every shot whose command it carries as its own (fired since the last command packet)
	Messages []Message
	// Backup are the shot numbers of the commands cl_cmdbackup repeated
	// in it, oldest first: a shot whose own packet was lost can arrive in
	// one of them.
	Backup []uint32
	// Cut names the scripted event that dropped it (rule.Outage or
	// rule.Disconnected) when the link itself would have delivered it.
	Cut rule.Rule
}

// Message is a reliable message riding a packet.
type Message struct {
	Kind    Kind // what it carries: command, proj_spawn, proj_torn_off, proj_reject
	ID      uint32
	Channel uint8
	Resends int    // copies sent before this one: > 0 is a resend
	Shot    uint32 // a fire command's shot number (0 for other messages)
}

// Carries reports whether the packet carries a copy of shot seq's
// command: as its own, as a cl_cmdbackup repeat, or as a reliable
// message (new or resent). Shot numbers are per shooter: match Client too.
func (p *Frame) Carries(seq uint32) bool {
	if seq == 0 {
		return false
	}
	if p.Shot == seq || slices.Contains(p.Shots, seq) {
		return true
	}
	for _, b := range p.Backup {
		if b == seq {
			return true
		}
	}
	for _, m := range p.Messages {
		if m.Shot == seq {
			return true
		}
	}
	return false
}
