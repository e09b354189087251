package netem

import (
	"slices"

	"lagscope/model"
)

// The reliability layer engines put over an unreliable link (Quake 3's and
// Source's netchan, Unreal's reliable bunches, ENet's channels): every
// packet is unreliable and carries a per-direction sequence number and the
// acknowledgement of the packets received the other way; reliable messages
// ride inside packets, go out again as the connection's Style says (see
// style.go), and are delivered in order within their own channel.
// Unreliable traffic never waits for them: a lost reliable message holds
// back only the later messages of its channel.
//
// An Endpoint is one end of one connection. The simulation drives it:
// Queue a reliable message, Outgoing when it sends any packet (the packet
// gets the header and the messages due), Incoming when a packet arrives,
// ConnectionLost on each tick or frame to learn whether the style's
// give-up rule fired (then Reconnect both ends), and NeedsPacket to learn
// whether something must go out even with no other traffic (a message
// due, an ack owed, or a packet to keep the flow the style relies on).

// Header is what every packet carries, reliable messages or not.
type Header struct {
	Seq     uint32 // this packet's number in its direction: 1, 2, …
	Ack     uint32 // the newest packet received from the other side (0: none yet)
	AckBits uint32 // bit i set: packet Ack-1-i was received too
	// Elicit asks the receiver to ack this packet within its ack delay
	// though it carries no reliable message: a nak sender sets it while a
	// message waits for its ack, so the ack that reveals a gap comes back
	// at once (Unreal acks every packet at the receiver's next tick).
	Elicit bool
	// Gen is the connection the packet belongs to: NewConnection starts
	// the next, and a packet of an earlier one arriving after it is
	// dropped whole (its numbers would read as the new connection's).
	Gen uint32
}

// Message is a reliable message as it rides in a packet.
type Message[M any] struct {
	ID      uint32 // endpoint-wide, 1, 2, …: what resends and dedup go by
	Channel uint8
	ChanSeq uint32 // order within the channel, 1, 2, …
	// Epoch is the connection it was sent on: a copy from before a
	// Reconnect is dropped on arrival (its connection was lost).
	Epoch   uint32
	First   model.Time // when the first copy was sent
	Sent    model.Time // when this copy was sent
	Arrived model.Time // when this copy arrived (set by the receiver; later than it if it waited for its turn)
	Resends int        // copies sent before this one (0: the first)
	Body    M
}

// ReliableConfig tunes an Endpoint. Times are model.Time.
type ReliableConfig struct {
	Style Style
	// InitialRTT is the round trip to assume before the first sample: the
	// one the connection handshake measured (RFC 6298's first R).
	InitialRTT model.Time
	// AckDelay is how long a received ack-eliciting packet may wait for a
	// packet going back before an explicit ack is sent (QUIC's
	// max_ack_delay). The round-trip samples include it, so the timer
	// does not add it again.
	AckDelay model.Time
	// PacketInterval is the sender's own packet cadence (a client's frame,
	// the server's snapshot interval): nak and repeat need packets to keep
	// flowing while a message waits for its ack, as engines' connections
	// send every frame or tick anyway, so at least one goes per interval.
	PacketInterval model.Time
	MinRTO         model.Time // rto: floor of the timer
	MaxRTO         model.Time // rto: cap of the doubled timer (RFC 6298 allows one of 60 s or more)
}

// DefaultReliable is a configuration of style for a handshake round trip
// and a packet interval. The timer's floor is 30 ms, not RFC 6298's 1 s:
// game transports (ENet) set none, and a 1 s floor would be no game's.
func DefaultReliable(style Style, rtt, interval model.Time) ReliableConfig {
	return ReliableConfig{Style: style, InitialRTT: rtt, AckDelay: 20 * model.Millisecond, PacketInterval: interval,
		MinRTO: 30 * model.Millisecond, MaxRTO: 60 * model.Second}
}

// ReliableStats counts what an endpoint did.
type ReliableStats struct {
	Packets      int // packets stamped by Outgoing
	Messages     int // reliable messages queued
	Resends      int // copies sent again (nak: after a gap; rto: after a timeout; repeat: every later packet)
	GaveUp       int // messages given up when the connection was lost
	Delivered    int // messages delivered in order to the receiver
	DupPackets   int // packets received twice (a network duplicate)
	DupMessages  int // messages received again (a resend whose first copy arrived)
	StalePackets int // packets older than one already received (reordered)
	Naks         int // packets carrying messages that a later packet's acks left out
	KeepAlives   int // packets sent only to keep the flow nak relies on
	Abandoned    int // copies that arrived after their connection was lost
	OldPackets   int // packets of a connection NewConnection replaced, dropped on arrival
	Lost         int // times this end's give-up rule fired
}

// slot is a queued message's sending state, whatever its body.
type slot struct {
	sent     bool
	lastSent model.Time
	naked    bool       // nak: the packet of its last copy was left out of a later ack
	timeout  model.Time // rto: its timer, doubled at each expiry
	limit    model.Time // rto: ENetTimeoutLimit times its first timer
}

// outMsg is a reliable message waiting for its ack.
type outMsg[M any] struct {
	msg Message[M]
	slot
}

// sentPacket is a packet that carried reliable messages, kept until it
// is acked or can no longer be.
type sentPacket struct {
	seq   uint32
	at    model.Time
	ids   []uint32
	fresh bool // it carried a message's first copy (Karn's rule: the only samples)
}

// channel is one ordered stream of reliable messages.
type channel[M any] struct {
	sendSeq uint32       // the last ChanSeq given out
	next    uint32       // receiving: the next ChanSeq to deliver
	waiting []Message[M] // receiving: arrived ahead of next, by ChanSeq
}

// conn is an endpoint's state that is not about message bodies: what the
// styles read and write.
type conn struct {
	cfg      ReliableConfig
	srtt     model.Time
	rttvar   model.Time
	rto      model.Time // RFC 6298's RTO from the estimate (backed-off timers live on each message)
	lastSent model.Time // when the last packet went out (-1: none yet)
	earliest model.Time // ENet's earliestTimeout: the earliest expiry not followed by an ack (-1: none)
	lost     string     // the give-up rule that fired, "" while the connection holds
}

// Endpoint is one end of a connection. Its state is plain values and
// slices: Clone copies it deeply (message bodies are copied by value; a
// body holding pointers shares what they point to, which the sender must
// not change after Queue).
type Endpoint[M any] struct {
	conn
	style  resender
	seq    uint32 // last packet sequence number sent
	nextID uint32
	epoch  uint32
	gen    uint32       // the connection (NewConnection), carried in each packet's header
	queue  []outMsg[M]  // unacked, by ID
	flight []sentPacket // by seq
	chans  []channel[M] // by channel number
	// receiving
	recvHigh uint32 // newest packet seq received
	recvBits uint64 // bit i: recvHigh-1-i received (dedup window of 64)
	ackOwed  model.Time
	owesAck  bool
	Stats    ReliableStats
}

// clockGranularity is RFC 6298's G: lagscope's clock is exact.
const clockGranularity = model.Millisecond

// NewEndpoint makes an endpoint. The round-trip estimate starts as RFC
// 6298 (2.2) starts it from a first measurement R: SRTT = R, RTTVAR = R/2.
func NewEndpoint[M any](cfg ReliableConfig) *Endpoint[M] {
	e := &Endpoint[M]{conn: conn{cfg: cfg, srtt: cfg.InitialRTT, rttvar: cfg.InitialRTT / 2, lastSent: -1, earliest: -1},
		style: resenderOf(cfg.Style)}
	e.setRTO()
	return e
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

// SetPacketInterval changes the sender's packet cadence from now on (the
// client's frame rate or the server's snapshot rate changed).
func (e *Endpoint[M]) SetPacketInterval(d model.Time) { e.cfg.PacketInterval = d }

// Style is the endpoint's resend style.
func (e *Endpoint[M]) Style() Style { return e.cfg.Style }

// setRTO is RFC 6298 (2.3): RTO = SRTT + max(G, 4 RTTVAR), within
// [MinRTO, MaxRTO].
func (e *Endpoint[M]) setRTO() {
	e.rto = min(max(e.srtt+max(clockGranularity, 4*e.rttvar), e.cfg.MinRTO), e.cfg.MaxRTO)
}

// RTO is the retransmission timeout a message sent now would start with.
func (e *Endpoint[M]) RTO() model.Time { return e.rto }

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
// sent. It returns the message's ID. A queue past the style's limit loses
// the connection (ConnectionLost reports it), as the engines do.
func (e *Endpoint[M]) Queue(ch uint8, body M) uint32 {
	c := e.channel(ch)
	c.sendSeq++
	e.nextID++
	e.Stats.Messages++
	e.queue = append(e.queue, outMsg[M]{msg: Message[M]{ID: e.nextID, Channel: ch, ChanSeq: c.sendSeq, Body: body}})
	onChannel := 0
	for i := range e.queue {
		if e.queue[i].msg.Channel == ch {
			onChannel++
		}
	}
	e.style.queued(&e.conn, onChannel, len(e.queue))
	return e.nextID
}

// NeedsPacket reports whether a packet must be sent now even if nothing
// else is: a reliable message is due, an ack is owed, or the style needs
// the flow kept (KeepAliveDue).
func (e *Endpoint[M]) NeedsPacket(now model.Time) bool {
	return e.AckOwed(now) || e.MessagesDue(now) || e.KeepAliveDue(now)
}

// Idle reports that nothing of the endpoint's can act at now: no message
// waits for its ack, the connection holds and no ack is owed. Then
// ConnectionLost finds nothing (and changes nothing) and NeedsPacket is
// false, so a caller that checks every end of every connection at every
// tick and frame, most of them idle, may skip both (inlined: no walk of
// the queue, no call into the style).
func (e *Endpoint[M]) Idle(now model.Time) bool {
	return e.lost == "" && len(e.queue) == 0 && !e.AckOwed(now)
}

// MessagesDue reports whether a reliable message needs a packet now.
func (e *Endpoint[M]) MessagesDue(now model.Time) bool {
	if e.lost != "" {
		return false
	}
	for i := range e.queue {
		if e.style.due(&e.conn, &e.queue[i].slot, now) {
			return true
		}
	}
	return false
}

// KeepAliveDue reports whether a packet with no message must go to keep
// the flow: a nak sender with a message waiting for its ack has sent
// nothing for a packet interval (the next packet is what reveals a loss).
func (e *Endpoint[M]) KeepAliveDue(now model.Time) bool {
	return e.lost == "" && e.style.probes() && len(e.queue) > 0 && e.quiet(now)
}

// quiet: nothing has gone out for a packet interval.
func (e *conn) quiet(now model.Time) bool {
	return e.cfg.PacketInterval > 0 && e.lastSent >= 0 && now-e.lastSent >= e.cfg.PacketInterval
}

// AckOwed reports whether the next packet is owed as an explicit ack.
func (e *Endpoint[M]) AckOwed(now model.Time) bool { return e.owesAck && now >= e.ackOwed }

// Outgoing stamps the next packet sent at now: its header (sequence and
// acks, which settles any ack owed) and the reliable messages that ride
// it by the style.
func (e *Endpoint[M]) Outgoing(now model.Time) (Header, []Message[M]) {
	var h Header
	var out []Message[M]
	e.OutgoingTo(&h, &out, now)
	return h, out
}

// OutgoingTo is Outgoing writing the header and the messages into h and
// *out (nil), the packet's own fields: the simulation stamps every packet
// this way (the two results returned, then stored, were most of the
// stamping's time in a CPU profile of the default scene).
func (e *Endpoint[M]) OutgoingTo(h *Header, out *[]Message[M], now model.Time) {
	e.seq++
	e.Stats.Packets++
	e.owesAck = false
	*h = Header{Seq: e.seq, Ack: e.recvHigh, AckBits: uint32(e.recvBits), Elicit: e.style.probes() && len(e.queue) > 0, Gen: e.gen}
	var ids []uint32
	fresh := false
	for i := range e.queue {
		m := &e.queue[i]
		if e.lost != "" || !e.style.rides(&e.conn, &m.slot, now) {
			continue
		}
		if m.sent {
			e.style.sent(&e.conn, &m.slot, now, true)
			if e.lost != "" { // the give-up rule fired instead
				continue
			}
			m.msg.Resends++
			e.Stats.Resends++
		} else {
			m.msg.First = now
			e.style.sent(&e.conn, &m.slot, now, false)
			fresh = true
		}
		m.sent, m.lastSent, m.naked = true, now, false
		cp := m.msg
		cp.Sent, cp.Epoch = now, e.epoch
		*out = append(*out, cp)
		ids = append(ids, m.msg.ID)
	}
	if len(ids) > 0 {
		e.flight = append(e.flight, sentPacket{seq: e.seq, at: now, ids: ids, fresh: fresh})
	}
	e.lastSent = now
}

// KeepAlive counts a packet sent only for KeepAliveDue.
func (e *Endpoint[M]) KeepAlive() { e.Stats.KeepAlives++ }

// ConnectionLost reports whether the style's give-up rule has fired, and
// which: the caller then Reconnects both ends.
func (e *Endpoint[M]) ConnectionLost(now model.Time) (string, bool) {
	if e.lost == "" {
		for i := range e.queue {
			if e.queue[i].sent {
				e.style.check(&e.conn, &e.queue[i].slot, now)
			}
		}
	}
	return e.lost, e.lost != ""
}

// Reconnect is what the simulation does where an engine drops the player
// and the player rejoins: both ends of a lost connection give up every
// message not yet delivered — unacked at its sender, or arrived at the
// receiver but waiting behind one that never came — returned by sender
// for the records they shaped; both forget them and start a new epoch, so
// copies still on the wire are dropped on arrival. Packet numbers and the
// round-trip estimate carry on.
func Reconnect[M any](a, b *Endpoint[M]) (fromA, fromB []Message[M]) {
	for _, e := range []*Endpoint[M]{a, b} {
		if e.lost != "" {
			e.Stats.Lost++
		}
	}
	fromA, fromB = a.drop(b), b.drop(a)
	a.skip(b)
	b.skip(a)
	return fromA, fromB
}

// NewConnection is what a client that rejoins after a disconnect makes,
// its handshake with the server done: a new connection between the same
// two ends. Both give up every message not yet delivered, returned by
// sender as Reconnect returns them, and start again as new endpoints do —
// packet numbers from 1, no acks owed, every channel from its first
// message, nothing in flight — keeping their counts; the round-trip
// estimate is restarted by Measured once the new handshake has measured
// one. Any packet of the old connection still on the wire is dropped on
// arrival (Received.OldConnection).
func NewConnection[M any](a, b *Endpoint[M]) (fromA, fromB []Message[M]) {
	fromA, fromB = a.drop(b), b.drop(a)
	for _, e := range []*Endpoint[M]{a, b} {
		n := NewEndpoint[M](e.cfg)
		n.Stats, n.epoch, n.gen = e.Stats, e.epoch, e.gen+1
		*e = *n
	}
	return fromA, fromB
}

// Measured restarts the round-trip estimate from a new connection's
// handshake round trip, as NewEndpoint starts it (RFC 6298 2.2).
func (e *Endpoint[M]) Measured(rtt model.Time) {
	e.cfg.InitialRTT = rtt
	e.srtt, e.rttvar = rtt, rtt/2
	e.setRTO()
}

// drop gives up what e sent and peer has not delivered, by ID.
func (e *Endpoint[M]) drop(peer *Endpoint[M]) []Message[M] {
	var gone []Message[M]
	for i := range e.queue {
		// unacked, but delivered if the peer's channel is past it (its ack
		// was lost): not given up
		if m := e.queue[i].msg; int(m.Channel) >= len(peer.chans) || m.ChanSeq >= peer.chans[m.Channel].next {
			gone = append(gone, m)
		}
	}
	for _, c := range peer.chans {
		for _, w := range c.waiting {
			if !slices.ContainsFunc(gone, func(m Message[M]) bool { return m.ID == w.ID }) {
				gone = append(gone, w)
			}
		}
	}
	slices.SortFunc(gone, func(x, y Message[M]) int { return int(x.ID) - int(y.ID) })
	e.Stats.GaveUp += len(gone)
	e.queue, e.flight = nil, nil
	e.lost, e.earliest = "", -1
	e.epoch++
	return gone
}

// skip makes e's receiving side wait for nothing peer sent before.
func (e *Endpoint[M]) skip(peer *Endpoint[M]) {
	for i := range e.chans {
		e.chans[i].waiting = nil
	}
	for ch := range peer.chans {
		e.channel(uint8(ch)).next = peer.chans[ch].sendSeq + 1
	}
}

// Received is what an arriving packet brought.
type Received[M any] struct {
	Duplicate bool         // seen before (a network duplicate): drop it
	Stale     bool         // older than a packet already received (reordered); still delivered
	Deliver   []Message[M] // reliable messages now deliverable, in channel order
	Abandoned []Message[M] // copies sent on a connection lost since: dropped
	Acked     int          // reliable messages this packet's acks settled
	// OldConnection: the packet belongs to a connection NewConnection
	// replaced: dropped whole (its messages are in Abandoned)
	OldConnection bool
}

// Incoming takes a packet that arrived at now: its acks settle the
// messages they cover (and, by the style, mark what they leave out), and
// its reliable messages are delivered in order within their channels
// (duplicates dropped, early ones held back).
func (e *Endpoint[M]) Incoming(now model.Time, h Header, msgs []Message[M]) Received[M] {
	return e.IncomingAt(now, now, h, msgs)
}

// IncomingAt is Incoming for a receiver that takes its packets at now,
// later than the packet arrived (a server reads what came in at its
// tick): its messages' Arrived is the packet's arrival, so a message
// held behind an earlier one that arrived in the same tick's batch still
// shows how long it waited.
func (e *Endpoint[M]) IncomingAt(now, arrived model.Time, h Header, msgs []Message[M]) Received[M] {
	var r Received[M]
	e.IncomingTo(&r, now, arrived, h, msgs)
	return r
}

// IncomingTo is IncomingAt writing its report into r, which must be
// zero: the simulation takes every packet this way, its report where it
// lies (returning the ten-word report by value, zeroed then copied out,
// was most of IncomingAt's time in a CPU profile of the default scene).
func (e *Endpoint[M]) IncomingTo(r *Received[M], now, arrived model.Time, h Header, msgs []Message[M]) {
	if h.Gen != e.gen {
		e.Stats.OldPackets++
		e.Stats.Abandoned += len(msgs)
		r.OldConnection, r.Abandoned = true, msgs
		return
	}
	if e.seen(h.Seq) {
		e.Stats.DupPackets++
		r.Duplicate = true
		return
	}
	r.Stale = h.Seq < e.recvHigh
	if r.Stale {
		e.Stats.StalePackets++
	}
	e.mark(h.Seq)
	r.Acked = e.acked(now, h)
	if (len(msgs) > 0 || h.Elicit) && !e.owesAck {
		// an ack-eliciting packet: ack it within AckDelay, on whatever
		// goes back first or on a packet of its own
		e.owesAck, e.ackOwed = true, now+e.cfg.AckDelay
	}
	for _, m := range msgs {
		if m.Epoch != e.epoch {
			e.Stats.Abandoned++
			r.Abandoned = append(r.Abandoned, m)
			continue
		}
		m.Arrived = arrived
		r.Deliver = e.accept(m, r.Deliver)
	}
	e.Stats.Delivered += len(r.Deliver)
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
// takes a round-trip sample from the newest of them. A packet older than
// the header's Ack that it leaves out — unacked in its bits, or beyond
// them — was lost (or is late): Unreal's ReceivedNak, which the nak style
// answers by resending its messages at once; the others wait for their
// own rule. With the rto style Karn's rule holds: only a packet that
// carried some message's first copy gives a sample (one carrying resends
// alone would not, in TCP, say which copy its ack answers).
func (e *Endpoint[M]) acked(now model.Time, h Header) int {
	if h.Ack == 0 || len(e.flight) == 0 {
		// no packet in flight carried a message: ackedFlight would
		// settle, mark and sample nothing (most packets of most runs)
		return 0
	}
	return e.ackedFlight(now, h)
}

// ackedFlight is acked with packets in flight to settle.
func (e *Endpoint[M]) ackedFlight(now model.Time, h Header) int {
	var ids, missing []uint32
	var newest *sentPacket
	e.flight = slices.DeleteFunc(e.flight, func(p sentPacket) bool {
		switch {
		case p.seq > h.Ack:
			return false
		case p.seq == h.Ack || (h.Ack-p.seq <= 32 && h.AckBits&(1<<(h.Ack-p.seq-1)) != 0):
			ids = append(ids, p.ids...)
			if (p.fresh || !e.style.karn()) && (newest == nil || p.seq > newest.seq) {
				cp := p
				newest = &cp
			}
			return true
		}
		missing = append(missing, p.ids...)
		e.Stats.Naks++
		return true
	})
	if newest != nil {
		e.sample(now - newest.at)
	}
	for i := range e.queue {
		if m := &e.queue[i]; slices.Contains(missing, m.msg.ID) {
			e.style.missing(&m.slot)
		}
	}
	n := len(e.queue)
	e.queue = slices.DeleteFunc(e.queue, func(m outMsg[M]) bool { return slices.Contains(ids, m.msg.ID) })
	if len(e.queue) < n {
		e.earliest = -1 // ENet restarts its give-up clock at an ack
	}
	return n - len(e.queue)
}

// sample updates the smoothed round trip and its deviation, and the
// timer from them (RFC 6298 2.3).
func (e *Endpoint[M]) sample(r model.Time) {
	d := e.srtt - r
	if d < 0 {
		d = -d
	}
	e.rttvar = (3*e.rttvar + d) / 4
	e.srtt = (7*e.srtt + r) / 8
	e.setRTO()
}

// accept files one arriving message: a duplicate is dropped, one ahead of
// its channel waits, the next in order is delivered with every waiting
// one it unblocks.
func (e *Endpoint[M]) accept(m Message[M], out []Message[M]) []Message[M] {
	c := e.channel(m.Channel)
	if m.ChanSeq < c.next || slices.ContainsFunc(c.waiting, func(w Message[M]) bool { return w.ChanSeq == m.ChanSeq }) {
		e.Stats.DupMessages++
		return out
	}
	i, _ := slices.BinarySearchFunc(c.waiting, m.ChanSeq, func(w Message[M], s uint32) int { return int(w.ChanSeq) - int(s) })
	c.waiting = slices.Insert(c.waiting, i, m)
	for len(c.waiting) > 0 && c.waiting[0].ChanSeq == c.next {
		w := c.waiting[0]
		c.waiting = c.waiting[1:]
		out = append(out, w)
		c.next++
	}
	return out
}
