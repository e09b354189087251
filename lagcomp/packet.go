package lagcomp

import (
	"slices"
	"sort"

	"lagscope/lagcomp/events"
	"lagscope/lagcomp/rule"

	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/packetlog"
	"lagscope/model"
)

// PacketKind is what a packet carries (the packet log's Kind).
type PacketKind = packetlog.Kind

const (
	PacketSnapshot       = packetlog.Snapshot
	PacketCommand        = packetlog.Command
	PacketPing           = packetlog.Ping
	PacketPong           = packetlog.Pong
	PacketPingReport     = packetlog.PingReport
	PacketServerPing     = packetlog.ServerPing
	PacketServerPong     = packetlog.ServerPong
	PacketProjSpawn      = packetlog.ProjSpawn
	PacketProjTornOff    = packetlog.ProjTornOff
	PacketProjReject     = packetlog.ProjReject
	PacketWeapon         = packetlog.Weapon
	PacketStopFire       = packetlog.StopFire
	PacketReliable       = packetlog.Reliable
	PacketAck            = packetlog.Ack
	PacketKeepAlive      = packetlog.KeepAlive
	PacketMove           = packetlog.Move
	PacketHandshake      = packetlog.Handshake
	PacketHandshakeReply = packetlog.HandshakeReply
)

// Packet is one packet on an emulated link: every packet is unreliable
// and carries the reliability layer's header (its sequence number and the
// acks of the other direction); reliable messages ride in Rel.
type Packet struct {
	Kind    PacketKind
	Client  int  // which client's connection
	Up      bool // client -> server
	Sent    model.Time
	Deliver model.Time
	seq     uint64 // total order for ties, and identity
	dupCopy bool   // the second copy of a packet the link duplicated
	// inputSlab numbers the client's input slab Inputs were carved from
	// (Client.slabGen; 0: none, or a copy of their own): the client
	// reuses a slab only when no packet names it (Sim.inputsHeld)
	inputSlab uint32
	Stamp     model.Time
	Value     float64 // a reported ping, ms
	Snap      *Snapshot
	// Cmds are the shot commands fired since the last command packet, in
	// firing order: they leave with the next one, at the command beat, as
	// Source's usercmds do (a command packet carries every usercmd built
	// since the last).
	Cmds   []*Command
	Weapon *fireeffects.WeaponMsg
	Hdr    netem.Header
	Rel    []netem.Message[relMsg]
	// Backup are the last cmd_backup commands, repeated in every upstream
	// packet as Source's cl_cmdbackup does.
	Backup []*Command
	// backupSeq are their shot numbers when the client had them at hand
	// (a window of its list, shared by the packet log's entries)
	backupSeq []uint32
	// Inputs are movement inputs, oldest first: the first InputBackups
	// repeat ones an earlier packet carried (cl_cmdbackup), the rest are
	// new. A command packet carries them.
	Inputs       []movement.Input
	InputBackups int
	// inputsKept, in a keyframe's packets only, is where Inputs start in
	// the keyframe's inputBytes, plus one (movement.AppendInputs), and
	// snapKept Snap's number plus one in its snapshots (clone.go's
	// snapKeeper): Sim.refill makes them again
	inputsKept, snapKept int32
	// A command packet's buttons (Source's usercmd, unreliable fire):
	// whether the trigger was held as it left (Trigger) after the shooter's
	// shot TriggerShot (its newest then); HasTrigger says it carries them.
	// Each packet carries the state, not the change, so the release that
	// ends a burst comes with every packet after it, in the stream's order.
	HasTrigger  bool
	Trigger     bool
	TriggerShot uint32
	// onWeapon: the packet travels the weapon channel's own links and
	// reliability layer (Sim.route)
	onWeapon bool
	cut      Rule // the scripted event that dropped it (scriptedFate)
}

// relMsg is a reliable message: a replicated projectile event, or a shot
// command sent as UT2003's reliable ServerPredictedStartFire. What the
// pointers point to is never changed after it is queued.
type relMsg struct {
	Kind   PacketKind
	Proj   *projMsg
	Cmd    *Command
	Weapon *fireeffects.WeaponMsg // the weapon channel's close (reliable in UE4)
	Shot   uint32                 // a StopFire: the shooter's newest shot when the trigger came up
}

// Reliable channels: fire commands and StopFire upstream, in order on one
// channel (ShooterGame's and UT2003's RPCs on the weapon's actor
// channel); downstream each projectile's
// spawn, tear-off or reject in order on one of projChannels channels (an
// actor channel each, reused as Unreal reuses channel indices). The
// weapon channel's connection uses channel 0 each way.
const (
	fireChannel  = 0
	projChannels = 16
)

func projChannel(seq uint32) uint8 { return uint8(seq % projChannels) }

// reliableConfig is the reliability layer's configuration for one end of
// a connection whose handshake measured rtt (up: the client's end).
func reliableConfig(cfg *Config, rtt model.Time, up bool) netem.ReliableConfig {
	return netem.DefaultReliable(cfg.ReliableStyle, rtt, packetInterval(cfg, up))
}

// packetInterval is how often an end sends a packet when its traffic is
// steady: the server a snapshot each snapshot interval, a client a command
// packet each command interval (cmd_rate_hz, at most one a frame and one
// a command beat: Source's cl_cmdrate, UE's ServerMove, Quake 3's usercmd
// packet). The nak and
// repeat styles send at least that often while a reliable message waits
// for its ack: on the game connection the command packets themselves.
func packetInterval(cfg *Config, up bool) model.Time {
	if up {
		return model.TickTime(1, cfg.cmdRate())
	}
	return model.TickTime(1, min(cfg.SnapshotHz, cfg.TickHz))
}

// Snapshot is the state a server tick sends to a client.
type Snapshot struct {
	Stamp model.Time // the tick's server time: the replicated PackageTimeStamp
	Poses []model.Pose
	Vels  []model.Vec // for dead reckoning
	// Acks tell each client how far the server has played its inputs and
	// where that left its pawn (Played[i]: it has begun to)
	Acks   []movement.Ack
	Played []bool
	// slab numbers the server's snapshot slab it was carved from
	// (snapSlab; 0: none, a copy of its own): the slab is carved again
	// only when no snapshot names it (Sim.snapshotsHeld)
	slab uint32
}

// inbox holds packets in flight to one endpoint, earliest delivery first;
// the endpoint takes the ones that have arrived when it next runs (a tick
// or a frame), which is where the perceived ping grows. The packets stay
// in slots, by value; the heap orders small keys naming them (sifted
// here: container/heap would box each), so sending and taking a packet
// allocate nothing and move a packet once each way, not at every step of
// a sift (a packet holds pointers: moving one while the collector marks
// costs write barriers).
type inbox struct {
	slots []Packet
	free  []int32 // slots not in use
	keys  []inboxKey
}

// inboxKey orders the packet in slots[slot]: delivery time, then the
// packet's sequence (a total order: any heap takes them in one order).
type inboxKey struct {
	deliver model.Time
	seq     uint64
	slot    int32
}

func (k inboxKey) before(o inboxKey) bool {
	if k.deliver != o.deliver {
		return k.deliver < o.deliver
	}
	return k.seq < o.seq
}

// Len is how many packets are in flight to the endpoint.
func (b *inbox) Len() int { return len(b.keys) }

// each calls f on every packet in flight, in no particular order.
func (b *inbox) each(f func(p *Packet)) {
	for _, k := range b.keys {
		f(&b.slots[k.slot])
	}
}

// put queues a copy of p.
func (b *inbox) put(p *Packet) {
	q, slot := b.alloc()
	*q = *p
	b.push(slot)
}

// alloc is a slot for a packet the caller writes whole where it lies
// (no copy through the stack), then queues with push.
func (b *inbox) alloc() (*Packet, int32) {
	if n := len(b.free); n > 0 {
		slot := b.free[n-1]
		b.free = b.free[:n-1]
		return &b.slots[slot], slot
	}
	b.slots = append(b.slots, Packet{})
	return &b.slots[len(b.slots)-1], int32(len(b.slots) - 1)
}

// push queues the packet written in slot (alloc), by its Deliver and seq.
func (b *inbox) push(slot int32) {
	p := &b.slots[slot]
	b.keys = append(b.keys, inboxKey{p.Deliver, p.seq, slot})
	h := b.keys
	for j := len(h) - 1; j > 0; {
		i := (j - 1) / 2
		if !h[j].before(h[i]) {
			break
		}
		h[i], h[j] = h[j], h[i]
		j = i
	}
}

// next takes the next packet delivered by now off the queue and returns
// it where it lies, with its slot (nil: none is due). The slot is free
// again when the caller is done with it (done): an arrival is neither
// copied out nor cleared (moving a packet, which holds pointers, costs
// write barriers while the collector marks). A free slot may keep what
// its last packet pointed to until it is used again: nothing reads it
// (only the queue's slots are packets in flight), and slabs are reused
// by what the queue holds (Sim.inputsHeld, Sim.snapshotsHeld).
func (b *inbox) next(now model.Time) (*Packet, int32) {
	h := b.keys
	if len(h) == 0 || h[0].deliver > now {
		return nil, -1
	}
	slot := h[0].slot
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if r := j + 1; r < n && h[r].before(h[j]) {
			j = r
		}
		if !h[j].before(h[i]) {
			break
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
	b.keys = h
	return &b.slots[slot], slot
}

// done frees the slot of a packet next returned.
func (b *inbox) done(slot int32) { b.free = append(b.free, slot) }

// clone is a copy sharing nothing written later (what the packets point
// to is never written after sending).
func (b *inbox) clone() inbox {
	return inbox{slices.Clone(b.slots), slices.Clone(b.free), slices.Clone(b.keys)}
}

// PacketWindow is how far back the packet log reaches: the packet-flow
// diagram draws every packet sent within it, delivered, in flight or lost.
const PacketWindow = 3 * model.Second

// maxLogged bounds the log whatever the rates (a 1000 Hz snapshot rate
// sends 6000 packets in PacketWindow); the oldest go first.
const maxLogged = 8192

// packetLog is the recent history of every packet on every link, as
// frames draw it: one entry per copy that arrives, one per packet lost,
// so a duplicated packet has two entries (the second marked Dup).
type packetLog []PacketFrame

// loggedPacket is a packet log entry (its Header, and where its extras
// lie): a frame is made of it when a view asks (Sim.recentPackets).
type loggedPacket = packetlog.Entry

// packetExtras are a logged packet's slices and cut.
type packetExtras = packetlog.Extras

// logRing is the log's ring of entries by their global number.
type logRing[T any] = packetlog.Ring[T]

// logRoom is the entries the log holds in PacketWindow at the steady rates
// (each client's command packets and snapshots, and a little for the
// rest): the ring is made at the first packet with room for them (as a
// power of two, a little more as a rule).
func (s *Sim) logRoom() int {
	cfg := &s.cfg
	perSec := len(s.Clients) * (cfg.cmdRate() + min(cfg.SnapshotHz, cfg.TickHz) + 8)
	return min(maxLogged+1, perSec*int(PacketWindow/model.Second)+64)
}

// logPacket records p; a copy the link duplicated is marked Dup, one it
// dropped has Deliver -1. What the reliability layer put in it (sequence
// number, acks, reliable messages and whether any is a resend) comes along.
func (s *Sim) logPacket(p *Packet, lost bool) {
	if s.unlogged {
		if s.allPackets != nil || s.packetTo != nil {
			e := packetFrame(p, p.dupCopy)
			if lost {
				e.Deliver = -1
			}
			if s.packetTo != nil {
				s.packetTo(&e)
			}
			if s.allPackets != nil {
				*s.allPackets = append(*s.allPackets, e)
			}
		}
		return
	}
	if s.log.N-s.log.Lo == len(s.log.Buf) {
		s.log.Grow(s.logRoom())
	}
	e := &s.log.Buf[s.log.N&(len(s.log.Buf)-1)] // (Add's, written out: the call cost a third of the rest)
	s.log.N++
	if len(p.Cmds) > 0 || len(p.Rel) > 0 || p.cut != "" || len(p.Backup) > 0 && len(p.backupSeq) != len(p.Backup) {
		var f PacketFrame // the few packets with more than backups: their frame, as it is drawn
		p.fill(&f, p.dupCopy)
		s.keepFrame(e, &f)
	} else { // the packet's header, written where it lies, and its backups' shot numbers
		p.header(&e.Header, p.dupCopy)
		e.More = 0
		if len(p.Backup) > 0 { // the client's shot numbers, shared as fill shares them
			*s.extras.Add(s.logRoom() / 4) = packetExtras{Backup: p.backupSeq}
			e.More = s.extras.N
		}
	}
	if lost {
		e.Deliver = -1
	}
	if s.allPackets != nil {
		*s.allPackets = append(*s.allPackets, PacketFrame{})
		s.frameOf(e, &(*s.allPackets)[len(*s.allPackets)-1])
	}
	if s.packetTo != nil {
		var f PacketFrame
		s.frameOf(e, &f)
		s.packetTo(&f)
	}
	// forget what has left the window: entries are in sending order, and
	// log.lo is where the live ones begin
	for s.log.Lo < s.log.N {
		old := s.log.At(s.log.Lo)
		if old.Sent >= s.Now-PacketWindow && s.log.N-s.log.Lo <= maxLogged {
			break
		}
		if old.More > 0 {
			s.extras.Lo = old.More
		}
		s.log.Lo++
	}
}

// keepFrame records f in e: its header, its slices and cut in the extras
// when it has any. frameOf gives f back.
func (s *Sim) keepFrame(e *loggedPacket, f *PacketFrame) {
	*e = loggedPacket{Header: f.Header}
	if packetlog.Has(f) {
		*s.extras.Add(s.logRoom() / 4) = packetlog.ExtrasOf(f)
		e.More = s.extras.N
	}
}

// frameOf makes f the PacketFrame e was recorded from.
func (s *Sim) frameOf(e *loggedPacket, f *PacketFrame) {
	var x *packetExtras
	if e.More > 0 {
		x = s.extras.At(e.More - 1)
	}
	packetlog.FrameOf(f, &e.Header, x)
}

// framed brings the frames' log (packets) up to the log: the live entries
// not made into PacketFrames yet are made and appended, and packetsLo
// follows the log's start. packets[i] is entry packetsAt+i; it is only
// appended to (frames and clones hold windows of it).
func (s *Sim) framed() {
	lo, n := s.log.Lo, s.log.N
	end := s.packetsAt + len(s.packets)
	if end < lo { // nothing live made yet: the log starts after the array
		s.packetsLo, s.packetsAt, end = len(s.packets), lo-len(s.packets), lo
	} else {
		s.packetsLo = lo - s.packetsAt
	}
	for ; end < n; end++ {
		if len(s.packets) == cap(s.packets) {
			s.moveLog(n - end)
		}
		s.packets = append(s.packets, PacketFrame{})
		s.frameOf(s.log.At(end), &s.packets[len(s.packets)-1])
	}
}

// relog makes the log's ring again from the frames' log (a clone's,
// whose frames' log is its source's or its keyframe's): entry for entry,
// the same numbers.
func (s *Sim) relog() {
	live := s.packets[s.packetsLo:]
	lo := s.packetsAt + s.packetsLo
	s.log, s.extras = logRing[loggedPacket]{Lo: lo, N: lo}, logRing[packetExtras]{}
	for i := range live {
		s.keepFrame(s.log.Add(max(s.logRoom(), len(live)+1)), &live[i])
	}
}

// moveLog gives the full frames' log an array with room for as many
// entries again as it has live ones (and the more coming) and moves them
// there: never shifted in place, as frames and clones may hold windows of
// the array. The first array is sized for twice PacketWindow at the
// steady rates.
func (s *Sim) moveLog(more int) {
	live := s.packets[s.packetsLo:]
	want := 2*len(live) + more + 64
	if cap(s.packets) == 0 {
		want = max(want, 2*s.logRoom())
	}
	s.packets, s.packetsAt, s.packetsLo = append(make(packetLog, 0, want), live...), s.packetsAt+s.packetsLo, 0
}

// recentPackets are the logged packets sent within PacketWindow before
// now, in sending order: a window of the frames' log, not a copy (entries
// are logged at their sending time, so in order, and never written after:
// the array is only appended to; clipped, so an append to it cannot reach
// the log).
func (s *Sim) recentPackets() []PacketFrame {
	s.framed()
	live := s.packets[s.packetsLo:] // what maxLogged dropped stays dropped, however the array is laid out
	lo := sort.Search(len(live), func(i int) bool { return live[i].Sent >= s.Now-PacketWindow })
	hi := sort.Search(len(live), func(i int) bool { return live[i].Sent > s.Now })
	if lo >= hi {
		return []PacketFrame{}
	}
	return live[lo:hi:hi]
}

// NoPacketLog makes the run keep no log of its recent packets: a run no
// view will draw (a sweep's point, whose figures never read it) skips
// what was half of its allocation. Its frames' Packets are empty, and so
// are the shot paths drawn from them. Ask before stepping.
func (s *Sim) NoPacketLog() {
	s.unlogged, s.packets, s.packetsLo, s.packetsAt = true, nil, 0, 0
	s.log, s.extras = logRing[loggedPacket]{}, logRing[packetExtras]{}
}

// KeepAllPackets makes the run keep every packet copy it sends, not only
// PacketWindow's: `sim --json --packets` lists them. Ask before stepping.
func (s *Sim) KeepAllPackets() {
	if s.allPackets == nil {
		s.allPackets = &packetLog{}
	}
}

// StreamPackets hands to to every packet copy the run sends, in sending
// order, as it is sent: one call per copy delivered and one per packet
// lost, the entries AllPackets would hold, without keeping them (an
// hour's run sends millions). to must not keep the frame past its call
// (its slices it may: they are never written). A clone does not stream.
// Ask before stepping.
func (s *Sim) StreamPackets(to func(*PacketFrame)) {
	s.packetTo = to
}

// AllPackets is every packet copy of the run in sending order, one entry
// per copy delivered and one per packet lost (nil unless KeepAllPackets
// was asked). Shared: do not write.
func (s *Sim) AllPackets() []PacketFrame {
	if s.allPackets == nil {
		return nil
	}
	return slices.Clip(*s.allPackets)
}

// What a scripted event did to a packet (lagcomp/events): an outage drops
// every packet of the clients it hits, both ways, sent while it lasts; a
// disconnected client sends nothing (unsent: the packet never reaches the
// link) and receives nothing: the server's packets to it sent while it is
// off, or arriving then, are dropped. Only packets the link itself would
// have delivered are cut, so the link's own losses stay its own
// (PacketCounts: up_lost against up_outage).
const (
	cutOutage = iota
	cutDisconnected
	cutUnsent
	cutKinds
)

// disconnected says whether client i is off at t.
func (s *Sim) disconnected(i int, t model.Time) bool {
	e, ok := events.Window(s.script.evs, i, t)
	return ok && e.Kind == events.Disconnect
}

// unsent is a packet a disconnected client would have sent: it never
// leaves, and the commands in it are followed as copies that never left
// (a shot fired while off is lost, named disconnected, unless a backup
// or a resend after the reconnect carries it).
func (s *Sim) unsent(p *Packet) {
	s.countCut(p, cutUnsent)
	if p.Up {
		s.markCut(p, rule.Disconnected)
		s.commandCopies(p, 0)
	}
}

// scriptedFate applies the script to a packet the link has taken: n
// copies arriving at d1 (and d2). It returns the copies left. A cut copy
// is logged lost here when another line stands for the packet (a copy
// left, or the caller's line for it lost whole), marked as the link's
// second copy: one line per copy, one unmarked line per packet.
func (s *Sim) scriptedFate(p *Packet, c *Client, n int, d1, d2 model.Time) (int, model.Time, model.Time) {
	if len(s.script.evs) == 0 || n == 0 {
		return n, d1, d2
	}
	copies := [2]model.Time{d1, d2}
	var keep [2]model.Time
	left, cuts, cut := 0, 0, Rule("")
	for _, d := range copies[:n] {
		switch e, ok := events.Window(s.script.evs, c.Index, s.Now); {
		case ok && e.Kind == events.Outage:
			cut = rule.Outage
		case ok || !p.Up && (s.disconnected(c.Index, d) || c.rejoin.active && !c.rejoin.accepted):
			// sent to a client that is off (only the server's packets
			// reach here), or arriving while it is, or sent before the
			// server took its rejoin's request (no connection to send on)
			cut = rule.Disconnected
		default:
			keep[left] = d
			left++
			continue
		}
		cuts++
	}
	if cuts == 0 {
		return n, d1, d2
	}
	for i := 0; i < cuts; i++ {
		if i == 0 && left == 0 {
			continue // the caller logs the packet lost
		}
		q := *p
		q.cut, q.Deliver, q.dupCopy = cut, -1, true
		s.logPacket(&q, true)
	}
	if left == 0 {
		p.cut = cut
		kind := cutOutage
		if cut == rule.Disconnected {
			kind = cutDisconnected
		}
		s.countCut(p, kind)
		s.markCut(p, cut)
	}
	return left, keep[0], keep[1]
}

// countCut counts a cut packet of the shooter's own connection (the
// links PacketCounts reports).
func (s *Sim) countCut(p *Packet, kind int) {
	if p.Client == ShooterPawn && !p.onWeapon {
		s.script.cuts[b2i(p.Up)][kind]++
	}
}

// markCut names the cut on the shots whose commands the packet carries.
func (s *Sim) markCut(p *Packet, r Rule) {
	if !p.Up {
		return
	}
	for cmd := range p.commands {
		if ps := s.shot(cmd.Seq); ps != nil {
			ps.cutBy |= cutBit(r)
		}
	}
}

func cutBit(r Rule) uint8 {
	if r == rule.Outage {
		return 1
	}
	return 2
}

// cutRules are the rules a shot's cut copies name.
func cutRules(mask uint8) []Rule {
	var out []Rule
	for _, r := range []Rule{rule.Outage, rule.Disconnected} {
		if mask&cutBit(r) != 0 {
			out = append(out, r)
		}
	}
	return out
}
