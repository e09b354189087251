package lagcomp

import (
	"path/filepath"
	"slices"

	"lagscope/lagcomp/events"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/packetlog"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// Frame is one instant of the simulation, for every view to draw: the
// server's truth, what each client shows, the shots and the packets.
// It is a copy; nothing changes it after Frame() returns it.
type Frame struct {
	T      model.Time
	Config Config

	Pawns   []PawnFrame   // the server's truth
	Clients []ClientFrame // 0: the shooter, 1: the victim, 2…: the observers
	// Shots are the records judged within GhostWindow before T (for
	// ghosts and the overlay), oldest first; Last is the newest of all.
	Shots []ShotRecord
	Last  *ShotRecord
	Fired []FiredShot // fired by the shooter and not yet judged
	// Kills are the deaths the server judged up to T (health > 0),
	// oldest first: the packet flow and the duel view mark them
	Kills    []KillRecord
	InFlight []PacketFrame
	Dropped  []PacketFrame // lost within the last second
	// Packets are every packet sent within PacketWindow before T, in
	// sending order: delivered, in flight (Deliver > T) or lost.
	Packets []PacketFrame
	// Fire is the weapon-fire effects of the last FireWindow
	// (ShooterGame's BurstCounter article).
	Fire    *FireFrame
	Summary Summary
	Ping    PingFrame
	// Trails are the shooter's and the target's history (the bystanders'
	// are left out: a thousand trails copied per frame is garbage).
	Trails [2][]rewind.Sample
	// Projectiles alive or active within GhostWindow, and all projectiles
	// so far summarised.
	Projectiles []ProjectileFrame
	ProjSummary ProjectileSummary
	// Duel is the peeker's advantage so far (nil without a duel)
	Duel *PeekersAdvantage
	// Events is the run's script (Config.Events), in time order: the
	// timeline and the packet-flow view draw them (shared: do not write)
	Events []events.Event
	// InputOffsets are, client by client, how far behind its client the
	// server plays its inputs (its input buffer's offset; -1 before the
	// first): a movement command's input starting at client time T is
	// played from the first tick at or after T + offset.
	InputOffsets []model.Time
	// Replayed are, client by client, the traces its [down, up] links
	// replay (nil where a link replays none; shared, read-only): views say
	// the link by its trace and time its packets by the trace's delay.
	Replayed [][2]*netem.Trace
}

// LinkBaseMs is the base one-way delay of client i's link (up or down)
// for a packet sent at t: its trace's delay then while it replays one,
// else latency_ms (the frame's configuration: a frame of records alone
// knows no trace).
func (f *Frame) LinkBaseMs(i int, up bool, t model.Time) float64 {
	if tr := f.trace(i, up); tr != nil {
		l, d := f.Config.ClientLinks(i)
		if up {
			return tr.DelayAt(t, l.TraceLoop).Millis()
		}
		return tr.DelayAt(t, d.TraceLoop).Millis()
	}
	l, d := f.Config.ClientLinks(i)
	if up {
		return l.LatencyMs
	}
	return d.LatencyMs
}

// LinkTrace is the file name of the trace client i's link (up or down)
// replays, "" when none.
func (f *Frame) LinkTrace(i int, up bool) string {
	if tr := f.trace(i, up); tr != nil {
		return filepath.Base(tr.Name)
	}
	return ""
}

func (f *Frame) trace(i int, up bool) *netem.Trace {
	if i < 0 || i >= len(f.Replayed) {
		return nil
	}
	return f.Replayed[i][b2i(up)]
}

// GhostWindow is how long a judged shot's hitboxes stay on screen, as
// sv_showlagcompensation leaves them.
const GhostWindow = 3 * model.Second

// PawnFrame is a pawn on the server.
type PawnFrame struct {
	Pose   model.Pose
	Vel    model.Vec
	Motion model.Motion // its script: the truth at any other time
}

// ClientFrame is what a client shows and knows.
type ClientFrame struct {
	View             ClientView
	PackageTimeStamp model.Time
	// Buffer is the target's (for the shooter; the shooter's for the
	// victim) pose in every buffered snapshot, with their stamps.
	Buffer      []rewind.Sample
	WarpM       float64     // the last frame's extrapolation warp
	Warps       []WarpEvent // the extrapolation warps of the last GhostWindow, oldest first
	TrackedPing float64     // ms; NaN before the first reply
	// Corrections are the reconciliations of the last GhostWindow that
	// moved this client's own pawn (from where it had predicted it to
	// where the server's state and the replay put it), oldest first: the
	// views draw them in this client's pane, as Unreal's
	// p.NetShowCorrections does.
	Corrections []movement.Correction
	// OtherTruth is the other player (the target for the shooter, the
	// shooter for the victim) where the server's own movement truly had it
	// at the time this client shows (View.IdealT): the extrapolation's
	// error is the distance to it.
	OtherTruth model.Pose
	// Pending is how many of its inputs the server has not played yet
	// (the replay's length at the next correction).
	Pending int
}

// FiredShot is a shot in flight to the server (neither arrived nor lost):
// the client already drew its beam, as the Lag Compensation article says
// it must.
type FiredShot struct {
	Seq         uint32
	Fire        model.Time
	Origin, End model.Vec
	ClientHit   bool
	Saw         model.Pose
}

// PacketFrame is a packet on a link, with what the reliability layer put
// in it: its sequence number, the acks it carries the other way, and the
// reliable messages riding it (new or resent). Its fields are declared
// once, in the packet log (packetlog.Header).
type PacketFrame = packetlog.Frame

// MessageFrame is a reliable message riding a packet.
type MessageFrame = packetlog.Message

// packetFrame is p as the views draw it; dup marks the link's second copy.
func packetFrame(p *Packet, dup bool) PacketFrame {
	var f PacketFrame
	p.fill(&f, dup)
	return f
}

// header writes p's header in h, the packet log's declaration of what a
// packet copy says of itself: every field but Shot and Resend, which
// what rides it gives (fill); dup marks the link's second copy. The one
// place a Packet becomes its log entry: logPacket writes most entries
// with it alone, and fill every frame.
func (p *Packet) header(h *packetlog.Header, dup bool) {
	*h = packetlog.Header{Kind: p.Kind, Client: p.Client, Up: p.Up, Sent: p.Sent, Deliver: p.Deliver, Dup: dup,
		Seq: p.Hdr.Seq, Ack: p.Hdr.Ack, AckBits: p.Hdr.AckBits, Weapon: p.onWeapon,
		Inputs: len(p.Inputs), InputBackups: p.InputBackups}
	if p.InputBackups < len(p.Inputs) {
		h.FirstInput, h.FirstInputT = p.Inputs[p.InputBackups].Seq, p.Inputs[p.InputBackups].T
	}
}

// fill makes f packetFrame(p, dup) where it lies (no copy of a frame
// through the stack).
func (p *Packet) fill(f *PacketFrame, dup bool) {
	*f = PacketFrame{Cut: p.cut}
	p.header(&f.Header, dup)
	for i, cmd := range p.Cmds {
		if i == 0 {
			f.Shot = cmd.Seq
		}
		f.Shots = append(f.Shots, cmd.Seq)
	}
	if len(p.backupSeq) == len(p.Backup) && len(p.Backup) > 0 {
		f.Backup = p.backupSeq // never written: shared, not copied
	} else if len(p.Backup) > 0 {
		f.Backup = make([]uint32, len(p.Backup))
		for i, c := range p.Backup {
			f.Backup[i] = c.Seq
		}
	}
	for _, m := range p.Rel {
		mf := MessageFrame{Kind: m.Body.Kind, ID: m.ID, Channel: m.Channel, Resends: m.Resends}
		if m.Body.Cmd != nil {
			mf.Shot = m.Body.Cmd.Seq
			if f.Shot == 0 {
				f.Shot = m.Body.Cmd.Seq
			}
		}
		f.Messages = append(f.Messages, mf)
		f.Resend = f.Resend || m.Resends > 0
	}
}

// ShotPath is one shot's journey through the packet log, as indices
// into Frame.Packets: every copy of its command the shooter sent (its own
// packet, backups, resends, the link's duplicates; lost ones too), the
// copy the server judged, and the snapshots to the victim from the
// judging tick on, up to the first that arrived: the one that told it.
type ShotPath struct {
	Copies    []int // in sending order
	Delivered int   // the first copy to arrive, which the server judged; -1: not in the window
	Told      []int // snapshots to the victim sent at or after the judging tick, lost ones first
	Tells     int   // the first of Told to arrive (it may still be in flight at T); -1: none sent yet
}

// ShotPath follows shot r through the packets of the frame's window. The
// copy that judged it is the first to arrive: the server takes arrivals
// in delivery order, and drops any later copy (a network duplicate, or a
// backup of a command it has run).
func (f *Frame) ShotPath(r *ShotRecord) ShotPath {
	sp := ShotPath{Delivered: -1, Tells: -1}
	if r == nil {
		return sp
	}
	for i := range f.Packets {
		pk := &f.Packets[i]
		if !pk.Up || pk.Client != r.Shooter || !pk.Carries(r.Seq) {
			continue
		}
		sp.Copies = append(sp.Copies, i)
		if pk.Deliver >= 0 && pk.Deliver <= r.Judged && (sp.Delivered < 0 || pk.Deliver < f.Packets[sp.Delivered].Deliver) {
			sp.Delivered = i
		}
	}
	if r.Outcome != OutcomeJudged || r.Target < 0 {
		return sp
	}
	for i := range f.Packets {
		pk := &f.Packets[i]
		if pk.Kind != PacketSnapshot || pk.Up || pk.Dup || pk.Client != r.Target || pk.Sent < r.Judged {
			continue
		}
		sp.Told = append(sp.Told, i)
		if pk.Deliver >= 0 {
			sp.Tells = i
			break
		}
	}
	return sp
}

// PingFrame compares the true round trip with what each side measured.
type PingFrame struct {
	TrueRTTMs  float64 // base up + down latency of the shooter's links
	ClientMs   float64 // the shooter's tracked ExactPing
	ServerMs   float64 // the server's own measurement (inflated by ticks and frames)
	ReportedMs float64 // what the shooter told the server (ServerUpdatePing): ExactPing
	// ReplicatedMs is the Ping the server replicates to every client:
	// with ping_compress a byte of ms/4, so a multiple of 4 ms
	ReplicatedMs float64
}

// Frame snapshots the simulation now.
func (s *Sim) Frame() *Frame {
	s.live()
	f := &Frame{T: s.Now, Config: s.cfg, Summary: s.Summary()}
	for _, cn := range s.Server.conns {
		off := model.Time(-1)
		if cn.inputs.Anchored() {
			off = cn.inputs.Offset
		}
		f.InputOffsets = append(f.InputOffsets, off)
	}
	if pa, ok := s.PeekersAdvantage(); ok {
		f.Duel = &pa
	}
	f.Config.Walls = append([]model.Wall(nil), s.cfg.Walls...)
	for _, c := range s.Clients {
		var rp [2]*netem.Trace
		rp[0], _ = c.down.Replayed()
		rp[1], _ = c.up.Replayed()
		if rp[0] != nil || rp[1] != nil {
			if f.Replayed == nil {
				f.Replayed = make([][2]*netem.Trace, len(s.Clients))
			}
			f.Replayed[c.Index] = rp
		}
	}
	f.Pawns = make([]PawnFrame, len(s.Server.Pawns))
	for i, p := range s.Server.Pawns {
		f.Pawns[i] = PawnFrame{Pose: p.Pose, Vel: p.Vel, Motion: p.Motion}
	}
	for i := range f.Trails {
		h := s.Server.Pawns[i].History
		f.Trails[i] = make([]rewind.Sample, h.Len())
		for j := range f.Trails[i] {
			f.Trails[i][j] = h.At(j)
		}
	}
	for i, c := range s.Clients {
		other := ShooterPawn // whose buffered poses the pane shows
		if i == ShooterPawn {
			other = TargetPawn
		}
		f.Clients = append(f.Clients, s.clientSnapshot(c, other))
	}
	for i := s.Shots.Len() - 1; i >= 0 && s.Shots.At(i).Settled > s.Now-GhostWindow; i-- {
		f.Shots = append(f.Shots, *s.Shots.At(i))
	}
	for i, j := 0, len(f.Shots)-1; i < j; i, j = i+1, j-1 {
		f.Shots[i], f.Shots[j] = f.Shots[j], f.Shots[i]
	}
	if r := s.Shots.Last(); r != nil {
		last := *r
		f.Last = &last
	}
	for ; s.openFrom < s.pending.Len() && (s.pending.At(s.openFrom).arrived || s.pending.At(s.openFrom).lost); s.openFrom++ {
	}
	for i := s.openFrom; i < s.pending.Len(); i++ {
		// the shooter's only: in a duel the target's shots share the numbering
		if p := s.pending.At(i); !p.arrived && !p.lost && p.cmd.Client == ShooterPawn {
			f.Fired = append(f.Fired, FiredShot{Seq: uint32(i + 1), Fire: p.fire, Origin: p.origin, End: p.hit.Point, ClientHit: p.clientHit, Saw: p.saw})
		}
	}
	f.InFlight = s.inFlight()
	f.Packets = s.recentPackets()
	f.Kills = slices.Clip(s.life.kills) // append-only: shared
	f.Events = s.script.evs
	f.Fire = s.fireFrame()
	for i := range s.Dropped {
		if p := &s.Dropped[i]; p.Sent > s.Now-droppedWindow && p.Sent <= s.Now {
			f.Dropped = append(f.Dropped, *p)
		}
	}
	f.Ping = s.pingFrame()
	f.Projectiles = s.projectileFrames()
	if len(s.projs) > 0 {
		f.ProjSummary = s.projectileSummary()
	}
	return f
}

func (s *Sim) clientSnapshot(c *Client, other int) ClientFrame {
	v := c.view()
	cf := ClientFrame{View: *v, PackageTimeStamp: c.PackageTimeStamp, WarpM: c.warpLast}
	cf.View.Poses = append([]model.Pose(nil), v.Poses...)
	cf.View.Shown = append([]bool(nil), v.Shown...)
	if len(c.snaps) > 0 { // sized at once: a frame's garbage is what the collector pays for
		cf.Buffer = make([]rewind.Sample, 0, len(c.snaps))
	}
	for _, sn := range c.snaps {
		cf.Buffer = append(cf.Buffer, rewind.Sample{T: sn.Stamp, Pose: sn.Poses[other]})
	}
	// the list is pruned as warps come; a frame shows only the recent ones
	for _, w := range c.warps {
		if w.T > s.Now-GhostWindow {
			cf.Warps = append(cf.Warps, w)
		}
	}
	cf.TrackedPing, _ = c.ping.ExactPing()
	for _, k := range c.corrections {
		if k.At > s.Now-GhostWindow {
			cf.Corrections = append(cf.Corrections, k)
		}
	}
	cf.Pending = c.pred.Pending()
	cf.OtherTruth = s.Server.Pawns[other].TruthAt(c.Display.IdealT)
	return cf
}

func (s *Sim) inFlight() []PacketFrame {
	var out []PacketFrame
	n := s.Server.in.Len()
	for _, c := range s.Clients {
		n += c.in.Len()
	}
	if n > 0 { // sized at once (at most every packet queued): a frame's garbage is what the collector pays for
		out = make([]PacketFrame, 0, n)
	}
	add := func(p *Packet) {
		if p.Deliver > s.Now {
			out = append(out, packetFrame(p, p.dupCopy))
		}
	}
	s.Server.in.each(add) // in the heap's order, as before
	for _, c := range s.Clients {
		c.in.each(add)
	}
	return out
}

func (s *Sim) pingFrame() PingFrame {
	pf := PingFrame{TrueRTTMs: s.TrueRTTMs(ShooterPawn)}
	pf.ClientMs, _ = s.Clients[ShooterPawn].ping.ExactPing()
	pf.ServerMs, _ = s.Server.conns[ShooterPawn].measured.ExactPing()
	cn := s.Server.conns[ShooterPawn]
	pf.ReportedMs, pf.ReplicatedMs = cn.reported, cn.replicated
	return pf
}
