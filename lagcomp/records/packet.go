package records

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/packetlog"
	"lagscope/model"
)

// PacketJSON is one packet copy as `lagscope sim --json --packets` prints
// it: every copy a link delivered and every packet lost, in sending
// order, so an outside tool can check lagscope's links against its own
// model (a duplicated packet is two lines, the second with duplicate).
type PacketJSON struct {
	Type      string  `json:"type"`
	Direction string  `json:"direction"` // up: client to server; down: server to client
	Client    string  `json:"client"`    // whose connection: shooter, victim, observerN
	Channel   string  `json:"channel"`   // game, or weapon: the weapon channel's own links (ShooterGame's BurstCounter)
	Kind      string  `json:"kind"`
	Sequence  uint32  `json:"sequence"` // the reliability layer's packet number in its direction and channel
	SentMs    float64 `json:"sent_ms"`
	// ArrivalMs is when the copy reached the other end's inbox (it is
	// taken at that end's next tick or frame); null when lost
	ArrivalMs *float64 `json:"arrival_ms"`
	Lost      bool     `json:"lost"`
	Duplicate bool     `json:"duplicate"` // the link's second copy of a packet
	// Shot is the shot whose command the packet carries as its own (0:
	// none), the first when it carries several; Shots is every one (the
	// shots fired since the last command packet)
	Shot   uint32   `json:"shot"`
	Shots  []uint32 `json:"shots"`
	Backup []uint32 `json:"backup"` // cl_cmdbackup: the shots repeated in it
	// Ack and AckBits are the header's acks of the other direction: the
	// newest packet received (0: none) and a bit for each of the 32
	// before it
	Ack      uint32        `json:"ack"`
	AckBits  uint32        `json:"ack_bits"`
	Messages []MessageJSON `json:"messages"` // the reliable messages riding it
	// Rules names what dropped it beyond the link's own loss: outage or
	// disconnected (a scripted event)
	Rules []lagcomp.Rule `json:"rules"`
	// more are the header's fields with a key in the packet line that
	// no field above holds (packetlog.Fields: moreRows), written after
	// them as their rows say
	more []byte
}

// typedKeys are the packet line's keys PacketJSON's fields hold, in the
// line's order; moreRows are the Fields rows with a key none of them
// holds: a field added to the packet log's header with a key is printed
// (and typed in the schema) from its row alone.
var typedKeys, moreRows = func() ([]string, []int) {
	var keys []string
	ty := reflect.TypeFor[PacketJSON]()
	for i := range ty.NumField() {
		if k, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	var more []int
	for i, r := range packetlog.Fields {
		if r.Key != "" && !slices.Contains(keys, r.Key) {
			more = append(more, i)
		}
	}
	return keys, more
}()

// MarshalJSON is the line: PacketJSON's fields, then the more rows'.
func (p PacketJSON) MarshalJSON() ([]byte, error) {
	type line PacketJSON // its fields, without this method
	b, err := json.Marshal(line(p))
	if err != nil || len(p.more) == 0 {
		return b, err
	}
	return append(append(b[:len(b)-1], p.more...), '}'), nil
}

// appendField writes ,"key":value for row r of h, in its form.
func appendField(b []byte, r *packetlog.Field, h *packetlog.Header) []byte {
	b = append(append(append(b, `,"`...), r.Key...), `":`...)
	v := r.Get(h)
	switch r.Form {
	case packetlog.FormMs:
		x, _ := json.Marshal(round6(model.Time(v).Millis()))
		return append(b, x...)
	case packetlog.FormFlag:
		return strconv.AppendBool(b, v != 0)
	case packetlog.FormKind:
		return strconv.AppendQuote(b, packetlog.Kind(v).String())
	}
	return strconv.AppendInt(b, v, 10)
}

// MessageJSON is a reliable message riding a packet.
type MessageJSON struct {
	Kind    string `json:"kind"`
	ID      uint32 `json:"id"`
	Channel uint8  `json:"channel"`
	Resends int    `json:"resends"` // copies sent before this one: > 0 is a resend
	Shot    uint32 `json:"shot"`    // a fire command's shot (0 for other messages)
}

// Packet is a packet copy in its output form.
func Packet(p *lagcomp.PacketFrame) PacketJSON {
	j := PacketJSON{Type: "packet", Direction: "down", Client: events.ClientName(p.Client), Channel: "game",
		Kind: p.Kind.String(), Sequence: p.Seq, SentMs: round6(p.Sent.Millis()), Lost: p.Deliver < 0,
		Duplicate: p.Dup, Shot: p.Shot, Backup: p.Backup, Ack: p.Ack, AckBits: p.AckBits,
		Messages: []MessageJSON{}, Rules: []lagcomp.Rule{}}
	if p.Up {
		j.Direction = "up"
	}
	if p.Weapon {
		j.Channel = "weapon"
	}
	if !j.Lost {
		a := round6(p.Deliver.Millis())
		j.ArrivalMs = &a
	}
	if j.Shots = p.Shots; j.Shots == nil {
		j.Shots = []uint32{}
	}
	if j.Backup == nil {
		j.Backup = []uint32{}
	}
	for _, m := range p.Messages {
		j.Messages = append(j.Messages, MessageJSON{Kind: m.Kind.String(), ID: m.ID, Channel: m.Channel, Resends: m.Resends, Shot: m.Shot})
	}
	if p.Cut != "" {
		j.Rules = append(j.Rules, p.Cut)
	}
	for _, i := range moreRows {
		j.more = appendField(j.more, &packetlog.Fields[i], &p.Header)
	}
	return j
}

// check refuses a packet line the fold would misread: a direction other
// than up or down, a lost copy with an arrival, a delivered one without.
func (p *PacketJSON) check() *fieldErr {
	switch {
	case p.Direction != "up" && p.Direction != "down":
		return &fieldErr{"direction", fmt.Sprintf("%q: want up or down", p.Direction)}
	case p.Lost && p.ArrivalMs != nil:
		return &fieldErr{"arrival_ms", "a lost copy has no arrival: want null"}
	case !p.Lost && p.ArrivalMs == nil:
		return &fieldErr{"arrival_ms", "a delivered copy needs its arrival: want a time in ms"}
	case !p.Lost && (*p.ArrivalMs < p.SentMs || math.IsNaN(*p.ArrivalMs)):
		return &fieldErr{"arrival_ms", fmt.Sprintf("%v is before sent_ms %v: want sent_ms or later", *p.ArrivalMs, p.SentMs)}
	}
	return nil
}
