package packetlog

import (
	"lagscope/model"
)

// Header is what a packet copy says of itself, as the log records it: its
// link, its times, the reliability layer's header, and what it carries in
// counts. It is declared once: the log's entries (Entry) and the views'
// frames (Frame) hold it whole, and every form that writes a field out
// (the keyframe codec, the packet line of `sim --json --packets`, the
// schema's packet line) reads how from its row in Fields. A field added
// here and in Fields reaches them all; TestFieldsAreTheHeader fails until
// the row is written.
type Header struct {
	// (fields by size, the small ones first: a Frame is 168 bytes, not
	// 192 — the packet log holds thousands)
	Kind   Kind // Reliable: sent only for reliable messages; Ack: only to ack
	Up     bool
	Dup    bool // the second copy of a packet the link duplicated
	Resend bool // it carries a reliable message sent again after a loss
	// Weapon: it travelled the weapon channel's own links (the engine's
	// route).
	Weapon       bool
	Shot         uint32 // a command's shot sequence number (0 for other kinds): the first, when it carries several
	Seq          uint32 // this packet's number in its direction (the reliability layer's header)
	Ack, AckBits uint32 // the newest packet acked the other way (0: none), and the 32 before it
	FirstInput   uint32 // the Seq of the first new movement input it carries (Inputs)
	Client       int
	Sent         model.Time
	Deliver      model.Time // -1: lost
	// Inputs and InputBackups: the movement inputs it carries (a command
	// packet, or a shot's), InputBackups of them repeats of earlier ones
	// (cl_cmdbackup); FirstInput is the Seq of the first new one.
	Inputs, InputBackups int
	FirstInputT          model.Time // the client time its first new input's frame starts
}

// Lost says whether the copy never arrived.
func (h *Header) Lost() bool { return h.Deliver == -1 }

// Field is one of Header's fields as the outputs write it.
type Field struct {
	Name string // the Header field's name: TestFieldsAreTheHeader holds Get and Set to it
	// Key is its key in the packet line, "" when the line does not print
	// it on its own (records says Up, Weapon, Client and Deliver as
	// direction, channel, client, arrival_ms and lost)
	Key  string
	Form Form   // how the line prints it (and the schema types it)
	Doc  string // the schema's description of Key ("": none)
	Code Code   // how the keyframe codec writes it
	Get  func(*Header) int64
	Set  func(*Header, int64)
}

// Form is how the packet line prints a field.
type Form uint8

const (
	FormCount Form = iota // an unsigned integer
	FormMs                // a time, in milliseconds (rounded to the nanosecond)
	FormFlag              // true or false
	FormKind              // the kind's name
)

// Code is how the keyframe codec (Keep) writes a field: most entries on
// a link repeat their shape and step their numbers by one, so a field is
// written as what changes.
type Code uint8

const (
	CodeShape     Code = iota // with the link's shape, only when the shape changes
	CodeShapeOnes             // the same, a uint32 most often all ones (acked bits)
	CodeFlag                  // a bit of the shape's flags (a bool)
	CodeClient                // the link's client: written with the link
	CodeSent                  // the difference from the entry before (any link)
	CodeDeliver               // a flag when lost; else its latency, from the link's last
	CodeLinkStep              // the difference from the link's last entry
	CodeSinceSent             // a flag when 0; else its time from Sent, from the link's last
)

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Fields are Header's fields, one row each, in the order the packet line
// prints those it prints on their own (after the keys records writes:
// see records.Packet).
var Fields = []Field{
	{Name: "Kind", Key: "kind", Form: FormKind, Code: CodeShape,
		Get: func(h *Header) int64 { return int64(h.Kind) }, Set: func(h *Header, v int64) { h.Kind = Kind(v) }},
	{Name: "Seq", Key: "sequence", Form: FormCount, Code: CodeLinkStep,
		Get: func(h *Header) int64 { return int64(h.Seq) }, Set: func(h *Header, v int64) { h.Seq = uint32(v) }},
	{Name: "Sent", Key: "sent_ms", Form: FormMs, Code: CodeSent,
		Get: func(h *Header) int64 { return int64(h.Sent) }, Set: func(h *Header, v int64) { h.Sent = model.Time(v) }},
	{Name: "Dup", Key: "duplicate", Form: FormFlag, Code: CodeFlag, Doc: "the link's second copy of a packet",
		Get: func(h *Header) int64 { return b2i(h.Dup) }, Set: func(h *Header, v int64) { h.Dup = v != 0 }},
	{Name: "Shot", Key: "shot", Form: FormCount, Code: CodeShape, Doc: "the shot whose command it carries as its own (0: none); the first when it carries several",
		Get: func(h *Header) int64 { return int64(h.Shot) }, Set: func(h *Header, v int64) { h.Shot = uint32(v) }},
	{Name: "Ack", Key: "ack", Form: FormCount, Code: CodeLinkStep,
		Get: func(h *Header) int64 { return int64(h.Ack) }, Set: func(h *Header, v int64) { h.Ack = uint32(v) }},
	{Name: "AckBits", Key: "ack_bits", Form: FormCount, Code: CodeShapeOnes,
		Get: func(h *Header) int64 { return int64(h.AckBits) }, Set: func(h *Header, v int64) { h.AckBits = uint32(v) }},
	{Name: "Up", Form: FormFlag, Code: CodeFlag,
		Get: func(h *Header) int64 { return b2i(h.Up) }, Set: func(h *Header, v int64) { h.Up = v != 0 }},
	{Name: "Weapon", Form: FormFlag, Code: CodeFlag,
		Get: func(h *Header) int64 { return b2i(h.Weapon) }, Set: func(h *Header, v int64) { h.Weapon = v != 0 }},
	{Name: "Client", Form: FormCount, Code: CodeClient,
		Get: func(h *Header) int64 { return int64(h.Client) }, Set: func(h *Header, v int64) { h.Client = int(v) }},
	{Name: "Deliver", Form: FormMs, Code: CodeDeliver,
		Get: func(h *Header) int64 { return int64(h.Deliver) }, Set: func(h *Header, v int64) { h.Deliver = model.Time(v) }},
	{Name: "Resend", Form: FormFlag, Code: CodeFlag,
		Get: func(h *Header) int64 { return b2i(h.Resend) }, Set: func(h *Header, v int64) { h.Resend = v != 0 }},
	{Name: "Inputs", Form: FormCount, Code: CodeShape,
		Get: func(h *Header) int64 { return int64(h.Inputs) }, Set: func(h *Header, v int64) { h.Inputs = int(v) }},
	{Name: "InputBackups", Form: FormCount, Code: CodeShape,
		Get: func(h *Header) int64 { return int64(h.InputBackups) }, Set: func(h *Header, v int64) { h.InputBackups = int(v) }},
	{Name: "FirstInput", Form: FormCount, Code: CodeLinkStep,
		Get: func(h *Header) int64 { return int64(h.FirstInput) }, Set: func(h *Header, v int64) { h.FirstInput = uint32(v) }},
	{Name: "FirstInputT", Form: FormMs, Code: CodeSinceSent,
		Get: func(h *Header) int64 { return int64(h.FirstInputT) }, Set: func(h *Header, v int64) { h.FirstInputT = model.Time(v) }},
}
