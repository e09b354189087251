package netem

import (
	"slices"

	"lagscope/model"
)

// The reliability layer engines put over an unreliable link (Quake 3's and
// Source's netchan, Unreal's reliable bunches, ENet's channels): every
// packet is unreliable and carries a per-direction sequence number and the
// acknowledgement of the packets received the other way; reliable messages
// ride inside packets, are resent when no packet carrying them is acked
// within a retransmission timeout, and are delivered in order within
// their own channel. Unreliable traffic never waits for them: a lost
// reliable message holds back only the later messages of its channel.
//
// An Endpoint is one end of one connection. The simulation drives it:
// Queue a reliable message, Outgoing when it sends any packet (the packet
// gets the header and the messages due), Incoming when a packet arrives,
// Poll on each tick or frame for messages that ran out of retries, and
// NeedsPacket to learn whether something must go out even with no other
// traffic (a message due, or an ack owed).

// Header is what every packet carries, reliable messages or not.
type Header struct {
	Seq     uint32 // this packet's number in its direction: 1, 2, …
	Ack     uint32 // the newest packet received from the other side (0: none yet)
	AckBits uint32 // bit i set: packet Ack-1-i was received too
}

// Message is a reliable message as it rides in a packet.
type Message[M any] struct {
	ID      uint32 // endpoint-wide, 1, 2, …: what resends and dedup go by
	Channel uint8
	ChanSeq uint32 // order within the channel, 1, 2, …
	// Floor is the sender's forward point (as PR-SCTP's FORWARD TSN): it
	// will send nothing of this channel below it again, so the receiver
	// stops waiting for messages the sender gave up on.
	Floor   uint32
	First   model.Time // when the first copy was sent
	Sent    model.Time // when this copy was sent
	Arrived model.Time // when this copy arrived (set by the receiver; later than it if it waited for its turn)
	Resends int        // copies sent before this one (0: the first)
	Body    M
}

// ReliableConfig tunes an Endpoint. Times are model.Time.
type ReliableConfig struct {
	// InitialRTT is the round trip to assume before the first sample: the
	// one the connection handshake measured.
	InitialRTT model.Time
	// AckDelay is how long a received reliable message may wait for a
	// packet going back before an explicit ack is sent (QUIC's
	// max_ack_delay); the retransmission timeout allows for it.
	AckDelay model.Time
	MinRTO   model.Time // floor of the retransmission timeout
	MaxRTO   model.Time // cap of the retransmission timeout
	// MaxResends bounds the resends of one message; after that it is
	// given up (Poll returns it) rather than resent forever.
	MaxResends int
}

// DefaultReliable is a configuration for a given handshake round trip.
func DefaultReliable(rtt model.Time) ReliableConfig {
	return ReliableConfig{InitialRTT: rtt, AckDelay: 20 * model.Millisecond,
		MinRTO: 30 * model.Millisecond, MaxRTO: model.Second, MaxResends: 20}
}

// ReliableStats counts what an endpoint did.
type ReliableStats struct {
	Packets      int // packets stamped by Outgoing
	Messages     int // reliable messages queued
	Resends      int // copies sent again after a timeout
	GaveUp       int // messages abandoned after MaxResends
	Delivered    int // messages delivered in order to the receiver
	DupPackets   int // packets received twice (a network duplicate)
	DupMessages  int // messages received again (a resend whose first copy arrived)
	StalePackets int // packets older than one already received (reordered)
}

// outMsg is a reliable message waiting for its ack.
type outMsg[M any] struct {
	msg      Message[M]
	lastSent model.Time
	sent     bool
}

// sentPacket is a packet that carried reliable messages, kept until it
// is acked or can no longer be.
type sentPacket struct {
	seq uint32
	at  model.Time
	ids []uint32
}

// channel is one ordered stream of reliable messages.
type channel[M any] struct {
	sendSeq uint32       // the last ChanSeq given out
	next    uint32       // receiving: the next ChanSeq to deliver
	waiting []Message[M] // receiving: arrived ahead of next, by ChanSeq
}

// Endpoint is one end of a connection. Its state is plain values and
// slices: Clone copies it deeply (message bodies are copied by value; a
// body holding pointers shares what they point to, which the sender must
// not change after Queue).
type Endpoint[M any] struct {
	cfg    ReliableConfig
	seq    uint32 // last packet sequence number sent
	nextID uint32
	queue  []outMsg[M]  // unacked, by ID
	flight []sentPacket // by seq
	chans  []channel[M] // by channel number
	// receiving
	recvHigh uint32 // newest packet seq received
	recvBits uint64 // bit i: recvHigh-1-i received (dedup window of 64)
	ackOwed  model.Time
	owesAck  bool
	// round trip, as TCP and ENet estimate it
	srtt, rttvar model.Time
	Stats        ReliableStats
}

// NewEndpoint makes an endpoint.
func NewEndpoint[M any](cfg ReliableConfig) *Endpoint[M] {
	return &Endpoint[M]{cfg: cfg, srtt: cfg.InitialRTT, rttvar: cfg.InitialRTT / 4}
}

// Clone is a deep copy (see Endpoint).
func (e *Endpoint[M]) Clone() *Endpoint[M] {
	c := *e
	c.queue = slices.Clone(e.queue)
	c.flight = slices.Clone(e.flight)
	for i := range c.flight {
		c.flight[i].ids = slices.Clone(e.flight[i].ids)
	}
	c.chans = slices.Clone(e.chans)
	for i := range c.chans {
		c.chans[i].waiting = slices.Clone(e.chans[i].waiting)
	}
	return &c
}

// SetConfig changes the timeouts from now on.
func (e *Endpoint[M]) SetConfig(cfg ReliableConfig) { e.cfg = cfg }

// RTO is the retransmission timeout: the smoothed round trip plus four
// deviations (RFC 6298) plus the peer's ack delay, within [MinRTO, MaxRTO].
func (e *Endpoint[M]) RTO() model.Time {
	rto := e.srtt + 4*e.rttvar + e.cfg.AckDelay
	return min(max(rto, e.cfg.MinRTO), e.cfg.MaxRTO)
}

// SRTT is the smoothed round trip.
func (e *Endpoint[M]) SRTT() model.Time { return e.srtt }

// Unacked is how many reliable messages wait for their ack.
func (e *Endpoint[M]) Unacked() int { return len(e.queue) }

func (e *Endpoint[M]) channel(ch uint8) *channel[M] {
	for int(ch) >= len(e.chans) {
		e.chans = append(e.chans, channel[M]{next: 1})
	}
	return &e.chans[ch]
}

// Queue adds a reliable message to channel ch; it rides the next packet
// sent. It returns the message's ID.
func (e *Endpoint[M]) Queue(ch uint8, body M) uint32 {
	c := e.channel(ch)
	c.sendSeq++
	e.nextID++
	e.Stats.Messages++
	e.queue = append(e.queue, outMsg[M]{msg: Message[M]{ID: e.nextID, Channel: ch, ChanSeq: c.sendSeq, Body: body}})
	return e.nextID
}

func (e *Endpoint[M]) due(m *outMsg[M], now model.Time) bool {
	return !m.sent || now-m.lastSent >= e.RTO()
}

// NeedsPacket reports whether a packet must be sent now even if nothing
// else is: a reliable message is new or due again, or an ack is owed.
func (e *Endpoint[M]) NeedsPacket(now model.Time) bool {
	return e.AckOwed(now) || e.MessagesDue(now)
}

// MessagesDue reports whether a reliable message is new or due again.
func (e *Endpoint[M]) MessagesDue(now model.Time) bool {
	for i := range e.queue {
		if m := &e.queue[i]; e.due(m, now) && !e.exhausted(m) {
			return true
		}
	}
	return false
}

// AckOwed reports whether the next packet is owed as an explicit ack.
func (e *Endpoint[M]) AckOwed(now model.Time) bool { return e.owesAck && now >= e.ackOwed }

func (e *Endpoint[M]) exhausted(m *outMsg[M]) bool {
	return m.sent && m.msg.Resends >= e.cfg.MaxResends
}

// Outgoing stamps the next packet sent at now: its header (sequence and
// acks, which settles any ack owed) and the reliable messages due, new
// ones and those whose timeout ran out.
func (e *Endpoint[M]) Outgoing(now model.Time) (Header, []Message[M]) {
	e.seq++
	e.Stats.Packets++
	e.owesAck = false
	h := Header{Seq: e.seq, Ack: e.recvHigh, AckBits: uint32(e.recvBits)}
	var out []Message[M]
	var ids []uint32
	for i := range e.queue {
		m := &e.queue[i]
		if !e.due(m, now) || e.exhausted(m) {
			continue
		}
		if m.sent {
			m.msg.Resends++
			e.Stats.Resends++
		} else {
			m.msg.First = now
		}
		m.sent, m.lastSent = true, now
		cp := m.msg
		cp.Sent, cp.Floor = now, e.floor(cp.Channel)
		out = append(out, cp)
		ids = append(ids, m.msg.ID)
	}
	if len(ids) > 0 {
		e.flight = append(e.flight, sentPacket{seq: e.seq, at: now, ids: ids})
	}
	return h, out
}

// floor is the lowest ChanSeq of ch still waiting for its ack: everything
// below it was acked or given up.
func (e *Endpoint[M]) floor(ch uint8) uint32 {
	f := e.chans[ch].sendSeq + 1
	for i := range e.queue {
		if m := &e.queue[i].msg; m.Channel == ch {
			f = min(f, m.ChanSeq)
		}
	}
	return f
}

// Poll gives up the messages that were resent MaxResends times and still
// not acked after one more timeout; the caller names them in what they
// shaped. It returns them in ID order.
func (e *Endpoint[M]) Poll(now model.Time) []Message[M] {
	var gone []Message[M]
	e.queue = slices.DeleteFunc(e.queue, func(m outMsg[M]) bool {
		if e.exhausted(&m) && now-m.lastSent >= e.RTO() {
			gone = append(gone, m.msg)
			return true
		}
		return false
	})
	e.Stats.GaveUp += len(gone)
	return gone
}

// Received is what an arriving packet brought.
type Received[M any] struct {
	Duplicate bool         // seen before (a network duplicate): drop it
	Stale     bool         // older than a packet already received (reordered); still delivered
	Deliver   []Message[M] // reliable messages now deliverable, in channel order
	Acked     int          // reliable messages this packet's acks settled
}

// Incoming takes a packet that arrived at now: its acks settle the
// messages they cover, and its reliable messages are delivered in order
// within their channels (duplicates dropped, early ones held back).
func (e *Endpoint[M]) Incoming(now model.Time, h Header, msgs []Message[M]) Received[M] {
	var r Received[M]
	if e.seen(h.Seq) {
		e.Stats.DupPackets++
		r.Duplicate = true
		return r
	}
	r.Stale = h.Seq < e.recvHigh
	if r.Stale {
		e.Stats.StalePackets++
	}
	e.mark(h.Seq)
	r.Acked = e.acked(now, h)
	if len(msgs) > 0 && !e.owesAck {
		// an ack-eliciting packet: ack it within AckDelay, on whatever
		// goes back first or on a packet of its own
		e.owesAck, e.ackOwed = true, now+e.cfg.AckDelay
	}
	for _, m := range msgs {
		m.Arrived = now
		r.Deliver = e.accept(m, r.Deliver)
	}
	e.Stats.Delivered += len(r.Deliver)
	return r
}

// seen reports whether packet seq was received before (within the last
// 64; older ones are taken as new, and reliable messages in them are
// still deduplicated by their channel order).
func (e *Endpoint[M]) seen(seq uint32) bool {
	switch {
	case seq == e.recvHigh:
		return seq != 0
	case seq > e.recvHigh:
		return false
	case e.recvHigh-seq > 64:
		return false
	}
	return e.recvBits&(1<<(e.recvHigh-seq-1)) != 0
}

func (e *Endpoint[M]) mark(seq uint32) {
	if seq > e.recvHigh {
		shift := seq - e.recvHigh
		if shift >= 64 {
			e.recvBits = 0
		} else {
			e.recvBits <<= shift
		}
		if e.recvHigh != 0 && shift <= 64 {
			e.recvBits |= 1 << (shift - 1)
		}
		e.recvHigh = seq
		return
	}
	if d := e.recvHigh - seq; d <= 64 {
		e.recvBits |= 1 << (d - 1)
	}
}

// acked settles the messages of every sent packet the header acks, and
// takes a round-trip sample from the newest of them (packet numbers are
// never reused, so unlike TCP's a resend's sample is not ambiguous).
func (e *Endpoint[M]) acked(now model.Time, h Header) int {
	if h.Ack == 0 {
		return 0
	}
	var ids []uint32
	var newest *sentPacket
	e.flight = slices.DeleteFunc(e.flight, func(p sentPacket) bool {
		switch {
		case p.seq > h.Ack:
			return false
		case p.seq == h.Ack || (h.Ack-p.seq <= 32 && h.AckBits&(1<<(h.Ack-p.seq-1)) != 0):
			ids = append(ids, p.ids...)
			if newest == nil || p.seq > newest.seq {
				cp := p
				newest = &cp
			}
			return true
		}
		// too old to be acked any more: its messages time out instead
		return h.Ack-p.seq > 32
	})
	if newest != nil {
		e.sample(now - newest.at)
	}
	n := len(e.queue)
	e.queue = slices.DeleteFunc(e.queue, func(m outMsg[M]) bool { return slices.Contains(ids, m.msg.ID) })
	return n - len(e.queue)
}

// sample updates the smoothed round trip and its deviation (RFC 6298).
func (e *Endpoint[M]) sample(r model.Time) {
	d := e.srtt - r
	if d < 0 {
		d = -d
	}
	e.rttvar = (3*e.rttvar + d) / 4
	e.srtt = (7*e.srtt + r) / 8
}

// accept files one arriving message: a duplicate is dropped, one ahead of
// its channel waits, the next in order is delivered with every waiting
// one it unblocks. The Floor skips what the sender gave up on.
func (e *Endpoint[M]) accept(m Message[M], out []Message[M]) []Message[M] {
	c := e.channel(m.Channel)
	// below next: delivered already, or given up by the sender (Floor)
	if m.ChanSeq < c.next || slices.ContainsFunc(c.waiting, func(w Message[M]) bool { return w.ChanSeq == m.ChanSeq }) {
		e.Stats.DupMessages++
	} else {
		i, _ := slices.BinarySearchFunc(c.waiting, m.ChanSeq, func(w Message[M], s uint32) int { return int(w.ChanSeq) - int(s) })
		c.waiting = slices.Insert(c.waiting, i, m)
	}
	if m.Floor > c.next {
		c.next = m.Floor
	}
	for len(c.waiting) > 0 && c.waiting[0].ChanSeq <= c.next {
		w := c.waiting[0]
		c.waiting = c.waiting[1:]
		out = append(out, w)
		c.next = max(c.next, w.ChanSeq+1)
	}
	return out
}
