package lagcomp

import (
	"encoding/binary"
	"math"
	"slices"

	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/packetlog"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

//go:generate go run ../internal/gen/clone/cmd

// Clone is a deep copy of the whole simulation: run both on and they
// produce the same bytes. It is what the timeline's keyframes are made
// of. As fogleman/nes saves a console by having each component write its
// own state, every part copies itself: the structs marked //clone:gen
// by clone_gen.go, generated from their fields' clone tags (go generate
// ./lagcomp/...), the rest here. clone_test.go reflects over every state
// struct and fails when a field appears that no clone handles (in a
// generated struct: an untagged field that holds a reference).
//
// What is shared rather than copied is immutable once made: shot records,
// pending shots and the packet log (append-only; the copy's slices are
// clipped, so an append on either side reallocates), the snapshots and
// packets in flight (never written after sending), the configuration's
// walls. What is written in place now and then is copied on its first
// write after a clone: a shot's delivery account as its copies travel
// (one chunk of firedShots), a record naming a refused duplicate
// (ownShots). A pawn's Swept is rebuilt from its history rather than
// stored.
func (s *Sim) Clone() *Sim {
	c := s.clone()
	c.ownSlabs()
	c.relog()
	return c
}

// clone is Clone sharing the slabs' inputs and snapshots with s: Keyframe
// copies them out itself (slabFree).
func (s *Sim) clone() *Sim {
	s.live()
	if s.packetBytes == nil {
		s.framed() // the log's entries are shared as frames (Clone makes its ring again of them)
	}
	c := *s
	// the two may share memory now (Recycle takes none of either), and
	// the copy draws nothing from the source's Recycler
	s.lent, c.lent, c.spares = true, true, nil
	c.q = s.q.Clone()
	var ms []model.Motion
	if s.Server.kept != nil { // a keyframe's bystanders: made again from their scripts
		ms = s.motions()
	}
	c.Server = s.Server.clone()
	c.Server.clonePawns(s.Server, ms)
	c.Clients = make([]*Client, len(s.Clients))
	for i, cl := range s.Clients {
		c.Clients[i] = cl.clone()
	}
	c.Dropped = slices.Clip(s.Dropped)
	c.refill()
	c.ids = s.ids.Clone()
	c.aim, c.aimSrc = stream.Clone(s.aimSrc)
	if s.duelAimSrc != nil {
		c.duelAim, c.duelAimSrc = stream.Clone(s.duelAimSrc)
	}
	c.pending = s.pending.Clone()
	c.Shots = s.Shots.clone()
	c.tally = s.tally.clone()
	c.life.kills = slices.Clip(s.life.kills)  // append-only: shared, clipped
	c.confirming = slices.Clone(s.confirming) // filtered in place: a copy of its own
	// the frames' log is append-only (it moves into another array):
	// shared, clipped; the ring is written over as entries leave, so the
	// copy has none until Clone makes it (relog)
	c.packets = slices.Clip(s.packets)
	c.log, c.extras = logRing[loggedPacket]{Lo: s.log.Lo, N: s.log.N}, logRing[packetExtras]{}
	if s.packetBytes != nil { // a keyframe's
		c.packets, c.packetBytes = packetsOf(s.packetBytes), nil
	}
	c.renders = slices.Clone(s.renders)
	c.fireAt = clonePtr(s.fireAt)
	if s.honest != nil {
		c.honest = s.honest.Clone()
	}
	c.sampledLog = slices.Clip(s.sampledLog)
	c.projs = make([]*projState, len(s.projs))
	c.projBySeq = make(map[uint32]*projState, len(s.projBySeq))
	for i, p := range s.projs {
		c.projs[i] = p.clone()
		c.projBySeq[p.seq] = c.projs[i]
	}
	c.projDone = s.projDone.clone()
	c.fx = s.fx.Clone()
	// the source's listener has had the packets up to here
	c.packetTo, c.tickTo = nil, nil
	if s.allPackets != nil { // append-only, clipped as packets
		all := slices.Clip(*s.allPackets)
		c.allPackets = &all
	}
	return &c
}

// Keyframe is a deep copy made to be kept, as the timeline keeps its
// keyframes (lagcomp/timeline): never stepped itself, only cloned again
// (Clone) for a seek to replay from. It leaves out what a replay rebuilds
// and holds nothing of the live run's that it does not need, so an hour's
// keyframes cost only what differs between them:
//   - each pawn's Swept, rebuilt from its history by Clone;
//   - the bystanders whose whole state their scripts give back bit for
//     bit: almost nothing of them (keptPawns; Server.clone makes them);
//   - the samples of every history that TruthAt gives back, bit for bit
//     (a bystander's, from its script; a player's, from its path's knots):
//     only their times are kept, one list for all that share them, and
//     Clone makes them again; any other history (the shooter's seenTrail)
//     is kept packed (rewind's History.Pack), as is
//   - each player's exact path (rewind.Pack: a few bytes a knot where
//     the pawn stands or goes straight, not 48), unpacked by Clone;
//   - the packet log's room: its entries (the last PacketWindow's) are
//     kept as bytes (keptPackets, about 12 a packet), and Clone makes
//     them again;
//   - the room of the inboxes (compact): only the packets in flight;
//   - the slabs the live run carves inputs and snapshots from, which it
//     goes on filling and reuses: a client's inputs (its predictor's, its
//     batch and backups, those of its packets in flight) are kept as
//     bytes (movement.PackInputs, about a byte an input), the snapshots
//     buffered or in flight too (snapKeeper: what the pawns' truth does
//     not give back, about 15 bytes a snapshot), and Clone and refill
//     make them again.
//
// The running summaries of s are folded up to now first, which changes
// no figure: the live run may have gone unseen (the user watching a
// seek), and a seek's first frame should fold only what came after its
// keyframe, not the whole run before it.
func (s *Sim) Keyframe() *Sim {
	s.foldRunning()
	k := s.clone()
	var ts []model.Time
	var shell *rewind.History
	for i := range k.Server.Pawns {
		p := &k.Server.Pawns[i]
		p.Swept = rewind.Swept{}
		if byTruth(p) {
			if t := p.History.Times(); !slices.Equal(t, ts) {
				ts = t
			}
			shell = p.History.Shell(shell)
			p.History, p.scripted = shell, ts // the times (and shell) shared by every pawn that ticked with the rest
		} else {
			p.History = p.History.Pack()
		}
		p.packed, p.path = rewind.Pack(p.path), nil
	}
	k.packetBytes, k.packets, k.packetsAt, k.packetsLo = keptPackets(k.packets[k.packetsLo:]), nil, k.packetsAt+k.packetsLo, 0
	sk := snapKeeper{pawns: s.Server.Pawns, tick: k.cfg.Tick()} // the live run's: their paths unpacked
	keep := func(p *Packet) {
		if p.Inputs != nil { // Sim.refill unpacks them
			p.inputsKept, k.inputBytes = int32(len(k.inputBytes))+1, movement.AppendInputs(k.inputBytes, p.Inputs)
		}
		p.Inputs, p.inputSlab = nil, 0
		p.Snap, p.snapKept = nil, sk.ref(p.Snap)
	}
	k.Server.in.compact()
	k.Server.in.each(keep)
	k.Dropped = slices.Clone(k.Dropped) // not the live run's array
	for _, c := range k.Clients {
		if c.seenTrail != nil {
			c.seenTrail = c.seenTrail.Pack()
		}
		c.pred = c.pred.Pack()
		c.batch, c.batchKept = nil, movement.PackInputs(c.batch)
		c.sentInputs, c.sentKept = nil, movement.PackInputs(c.sentInputs)
		c.slab = nil
		c.in.compact()
		c.in.each(keep)
	}
	for _, c := range k.Clients { // after the packets: a client's buffer holds what has arrived, the oldest
		sk.list(c.snaps)
		c.snaps = nil
	}
	k.snapBytes, k.inputBytes = sk.bytes(), slices.Clone(k.inputBytes) // no spare room
	// the server's scratch: each trace and each projectile tick fills them afresh
	k.Server.targets, k.Server.rewound, k.Server.cells, k.Server.projTargets = nil, nil, nil, nil
	k.Server.keepScripted(k.motions(), k.cfg.Tick())
	return k
}

// keptPawns are a keyframe's bystanders whose state their scripts give
// back bit for bit (Server.keepScripted): the keyframe's Server.Pawns
// ends before them, and Server.clone makes them again, pose and velocity
// from the script, history from its times. A pawn is some 700 bytes; 64
// bystanders cost a keyframe 45 KB, kept here a few hundred bytes.
type keptPawns struct {
	dt       model.Time        // the tick gap their velocities span (scriptVel)
	ts       []model.Time      // their histories' times (ServerPawn.scripted)
	hist     []*rewind.History // their histories' shells (equal ones shared)
	lastJump []model.Time      // nil when none has jumped
	maxSpeed []float64         // nil when every one is its script's
}

// keepScripted moves the pawns at the end of s.Pawns whose state their
// scripts (ms, as Sim.motions makes them) give back into s.kept: each a
// bystander of script ms[i], its pose the script's at s.Now, its velocity
// the script's over the last tick gap (tick, or tick+1 as ticks
// alternate), its history's samples the script's (a Shell, with the same
// times as the rest), no walk leg remembered that a clone could not
// work out again.
func (s *Server) keepScripted(ms []model.Motion, tick model.Time) {
	n := len(s.Pawns)
	var dt model.Time
	for ; n > 0; n-- {
		p := &s.Pawns[n-1]
		if n > len(ms) || p.Driven || p.Motion != ms[n-1] || p.scripted == nil || p.path != nil || p.packed != nil || p.offsets != nil ||
			(n < len(s.Pawns) && !slices.Equal(p.scripted, s.Pawns[n].scripted)) || !samePose(p.Pose, p.Motion.At(s.Now)) {
			break
		}
		if dt == 0 {
			for _, d := range []model.Time{tick, tick + 1} {
				if sameVec(p.Vel, scriptVel(p.Motion, p.Pose, s.Now, d)) {
					dt = d
					break
				}
			}
		}
		if dt == 0 || !sameVec(p.Vel, scriptVel(p.Motion, p.Pose, s.Now, dt)) {
			break
		}
	}
	if n == len(s.Pawns) {
		return
	}
	k := &keptPawns{dt: dt, ts: s.Pawns[n].scripted}
	for i := n; i < len(s.Pawns); i++ {
		p := &s.Pawns[i]
		k.hist = append(k.hist, p.History)
		if p.LastJump != noJump && k.lastJump == nil {
			k.lastJump = make([]model.Time, len(s.Pawns)-n)
			for j := range k.lastJump {
				k.lastJump[j] = s.Pawns[n+j].LastJump
			}
		}
		if math.Float64bits(p.MaxSpeed) != math.Float64bits(p.Motion.MaxSpeed()) && k.maxSpeed == nil {
			k.maxSpeed = make([]float64, len(s.Pawns)-n)
			for j := range k.maxSpeed {
				k.maxSpeed[j] = s.Pawns[n+j].MaxSpeed
			}
		}
	}
	s.Pawns, s.kept = slices.Clone(s.Pawns[:n]), k
}

// unkeep is s.Pawns with the pawns keepScripted kept made again (their
// Swept and History still to make, as every pawn's in Server.clone).
func (s *Server) unkeep(ms []model.Motion) []ServerPawn {
	k := s.kept
	n := len(s.Pawns)
	pawns := make([]ServerPawn, n+len(k.hist))
	copy(pawns, s.Pawns)
	for j, h := range k.hist {
		m := ms[n+j]
		p := &pawns[n+j]
		p.Motion, p.Pose, p.History, p.scripted, p.LastJump, p.MaxSpeed = m, m.At(s.Now), h, k.ts, noJump, m.MaxSpeed()
		p.Vel = scriptVel(m, p.Pose, s.Now, k.dt)
		if k.lastJump != nil {
			p.LastJump = k.lastJump[j]
		}
		if k.maxSpeed != nil {
			p.MaxSpeed = k.maxSpeed[j]
		}
	}
	return pawns
}

func sameVec(a, b model.Vec) bool {
	return math.Float64bits(a.X) == math.Float64bits(b.X) && math.Float64bits(a.Y) == math.Float64bits(b.Y)
}

// slabFree copies a clone's packets' inputs and snapshots out of the
// slabs they were carved from (client.go's input slab, server.go's
// snapSlab), each snapshot once however many hold it: what lies in a
// slab, whole; the rest is never written, and shared.
type slabFree struct {
	copied map[*Snapshot]*Snapshot
}

func (o *slabFree) packet(p *Packet) {
	if p.inputSlab != 0 {
		p.Inputs, p.inputSlab = slices.Clone(p.Inputs), 0
	}
	p.Snap = o.snapshot(p.Snap)
}

func (o *slabFree) snapshot(s *Snapshot) *Snapshot {
	if s == nil || s.slab == 0 {
		return s
	}
	if c, ok := o.copied[s]; ok {
		return c
	}
	if o.copied == nil {
		o.copied = map[*Snapshot]*Snapshot{}
	}
	c := *s
	c.Poses, c.Vels, c.Acks, c.Played = slices.Clone(s.Poses), slices.Clone(s.Vels), slices.Clone(s.Acks), slices.Clone(s.Played)
	c.slab = 0
	o.copied[s] = &c
	return &c
}

// acksPosed is whether each of s's acks is the pose of its pawn in
// s.Poses and a cursor (Server.snapshot), or nothing when the server has
// not begun to play that client's inputs: a keyframe keeps the cursors
// only (Snapshot.cursors), and refill makes the acks again.
func acksPosed(s *Snapshot) bool {
	if len(s.Acks) != len(s.Played) || len(s.Acks) > len(s.Poses) {
		return false
	}
	for i, a := range s.Acks {
		if s.Played[i] && samePose(a.Pose, s.Poses[i]) || !s.Played[i] && a.Cursor == 0 && samePose(a.Pose, model.Pose{}) {
			continue
		}
		return false
	}
	return true
}

// ownSlabs copies out of the slabs what a clone shares with the run it
// was cloned from: the inputs and snapshots of the packets in flight and
// the snapshots of the clients' buffers. Either run reuses its
// slabs once nothing of its own reads them (Sim.inputsHeld,
// Sim.snapshotsHeld), so the other must hold nothing there.
func (c *Sim) ownSlabs() {
	var o slabFree
	c.Server.in.each(o.packet)
	for _, cl := range c.Clients {
		cl.in.each(o.packet)
		for i, s := range cl.snaps {
			cl.snaps[i] = o.snapshot(s)
		}
	}
}

// compact moves the packets in flight to the first slots and leaves no
// free one: a keyframe keeps no room for packets. Which slot a packet
// sits in orders nothing (the keys do, and keep their order).
func (b *inbox) compact() {
	slots := make([]Packet, len(b.keys))
	for i := range b.keys {
		slots[i] = b.slots[b.keys[i].slot]
		b.keys[i].slot = int32(i)
	}
	b.slots, b.free, b.keys = slots, nil, slices.Clip(b.keys)
}

// velsByTruth is whether s's velocities from pawn n on are, bit for bit,
// what the pawns' truth gives with the tick before Stamp dt earlier.
func velsByTruth(pawns []ServerPawn, s *Snapshot, n int, dt model.Time) bool {
	for i := n; i < len(s.Vels); i++ {
		v := truthVel(&pawns[i], s.Poses[i], s.Stamp, dt)
		if math.Float64bits(v.X) != math.Float64bits(s.Vels[i].X) || math.Float64bits(v.Y) != math.Float64bits(s.Vels[i].Y) {
			return false
		}
	}
	return true
}

// scriptVel is the velocity Server.advance gives a pawn its script moves
// to pose (m.At(t)) at tick time t, the tick before it dt earlier (the
// same arithmetic).
func scriptVel(m model.Motion, pose model.Pose, t, dt model.Time) model.Vec {
	prev := m.At(t - dt)
	if prev.Epoch != pose.Epoch {
		return model.Vec{}
	}
	return pose.Pos.Sub(prev.Pos).Scale(1 / dt.Seconds())
}

// truthVel is the velocity Server.advance gives pawn p moving to pose
// (TruthAt(t)) at tick time t, the tick before it dt earlier: its
// script's (scriptVel), or a player's over its path (the pose it played
// to at the tick before, the same arithmetic).
func truthVel(p *ServerPawn, pose model.Pose, t, dt model.Time) model.Vec {
	prev := p.TruthAt(t - dt)
	if prev.Epoch != pose.Epoch {
		return model.Vec{}
	}
	return pose.Pos.Sub(prev.Pos).Scale(1 / dt.Seconds())
}

// refill makes a keyframe's snapshots (snapBytes) and the inputs of its
// packets in flight (inputsKept) again in its clone c. A clone of
// anything else has none to make.
func (c *Sim) refill() {
	var snaps []*Snapshot
	if c.snapBytes != nil {
		var rest []byte
		snaps, rest = snapsOf(c.snapBytes, c.Server.Pawns)
		for _, cl := range c.Clients {
			cl.snaps, rest = snapList(rest, snaps)
		}
		c.snapBytes = nil
	}
	whole := func(p *Packet) {
		if p.snapKept != 0 {
			p.Snap, p.snapKept = snaps[p.snapKept-1], 0
		}
		if p.inputsKept != 0 {
			p.Inputs, p.inputsKept = movement.UnpackInputs(c.inputBytes[p.inputsKept-1:]), 0
		}
	}
	c.Server.in.each(whole)
	for _, cl := range c.Clients {
		cl.in.each(whole)
	}
	c.inputBytes = nil
}

// byTruth is whether every sample p's history holds is, bit for bit,
// the pose TruthAt gives at its time: its script's for a bystander, its
// path's knot then for a player (the server samples the pose it played
// to), so Server.clone can make them again from the times alone.
func byTruth(p *ServerPawn) bool {
	for i := range p.History.Len() {
		s := p.History.At(i)
		if !samePose(s.Pose, p.TruthAt(s.T)) {
			return false
		}
	}
	return true
}

func samePose(a, b model.Pose) bool {
	bits := math.Float64bits
	return a == b && bits(a.Pos.X) == bits(b.Pos.X) && bits(a.Pos.Y) == bits(b.Pos.Y) && bits(a.Yaw) == bits(b.Yaw) && a.Alive == b.Alive && a.Epoch == b.Epoch
}

// clonePawns makes c's pawns its own, c a clone of s (Server.clone
// shares them): a keyframe's bystanders made again from their scripts
// (ms), its paths unpacked and its histories refilled, each Swept
// rebuilt from its history.
func (c *Server) clonePawns(s *Server, ms []model.Motion) {
	if s.kept != nil {
		c.Pawns, c.kept = s.unkeep(ms), nil
	} else {
		c.Pawns = slices.Clone(s.Pawns)
	}
	for i := range c.Pawns {
		p := &c.Pawns[i]
		if p.packed != nil { // a keyframe's: unpacked
			p.path, p.packed = p.packed.Unpack(), nil
		} else {
			p.path = slices.Clone(p.path)
		}
		p.offsets = slices.Clone(p.offsets)
		if ts := p.scripted; ts != nil { // a keyframe's: made again (after the path they may come from)
			p.History, p.scripted = p.History.Refill(ts, p.TruthAt), nil
		} else {
			p.History = p.History.Clone()
		}
		p.Swept = rewind.SweptOf(p.History) // rebuilt: a keyframe need not store it
	}
}

// cloneHand is the keyframe's part of Client's clone: its inputs kept
// as bytes (Sim.Keyframe) are made again, or the live run's copied.
func (cl *Client) cloneHand(c *Client) {
	c.batch, c.sentInputs = slices.Clone(cl.batch), slices.Clone(cl.sentInputs)
	if cl.batchKept != nil || cl.sentKept != nil { // a keyframe's
		c.batch, c.sentInputs = movement.UnpackInputs(cl.batchKept), movement.UnpackInputs(cl.sentKept)
		c.batchKept, c.sentKept = nil, nil
	}
}

// clone shares the spreads' values (orderstat) until either side writes
// them: t's own Stats learn they are shared, hence the pointer.
func (t *shotTally) clone() shotTally {
	c := *t
	c.s.RuleCounts, c.s.ByRole = slices.Clone(t.s.RuleCounts), slices.Clone(t.s.ByRole)
	c.errs, c.extra, c.arrival = t.errs.clone(), t.extra.clone(), t.arrival.clone()
	return c
}

func (t projTally) clone() projTally {
	t.s.Outcomes, t.s.Rules, t.s.ServerRules = slices.Clone(t.s.Outcomes), slices.Clone(t.s.Rules), slices.Clone(t.s.ServerRules)
	return t
}

// clonePtr is a new pointer to a copy of *p (nil stays nil).
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

// snapKeeper writes a keyframe's snapshots as bytes (Sim.Keyframe):
// every snapshot its clients buffer or have in flight, once however many
// hold it (a packet names it by number, Packet.snapKept; a client's
// buffer is a list of numbers), each written as its stamp (the
// difference from the one before) and what its pawns' truth does not
// give back: the poses from the last one on that TruthAt gives back bit
// for bit are left out (a bystander's, from its script; a player's, from
// its path), so are their velocities when the tick before gives them all
// (truthVel), and each ack that is its pawn's pose is its cursor alone
// (acksPosed). A snapshot of the default scene is about 15 bytes, not
// 190 in five allocations; refill makes them again (snapsOf).
type snapKeeper struct {
	pawns []ServerPawn
	tick  model.Time
	index map[*Snapshot]int32
	n     int
	snaps []byte // the snapshots
	lists []byte // the clients' buffers
	stamp model.Time
}

// snapshot flags: which of its slices are nil, whether its acks are its
// poses and cursors
const (
	snNilPoses = 1 << iota
	snNilVels
	snNilAcks
	snNilPlayed
	snPosed
)

// ref is s's number plus one (0 for nil), writing it the first time.
func (k *snapKeeper) ref(s *Snapshot) int32 {
	if s == nil {
		return 0
	}
	if i, ok := k.index[s]; ok {
		return i + 1
	}
	if k.index == nil {
		k.index = map[*Snapshot]int32{}
	}
	k.index[s] = int32(k.n)
	k.n++
	k.put(s)
	return int32(k.n)
}

func (k *snapKeeper) put(s *Snapshot) {
	n := len(s.Poses)
	if n == len(k.pawns) {
		for n > 0 && samePose(s.Poses[n-1], k.pawns[n-1].TruthAt(s.Stamp)) {
			n--
		}
	}
	nv, dt := len(s.Vels), model.Time(0)
	if n < len(s.Poses) && nv == len(s.Poses) {
		for _, d := range []model.Time{k.tick, k.tick + 1} { // ticks alternate gaps (TickTime)
			if velsByTruth(k.pawns, s, n, d) {
				nv, dt = n, d
				break
			}
		}
	}
	flags := 0
	for _, x := range []struct {
		on   bool
		flag int
	}{{s.Poses == nil, snNilPoses}, {s.Vels == nil, snNilVels}, {s.Acks == nil, snNilAcks}, {s.Played == nil, snNilPlayed}, {acksPosed(s), snPosed}} {
		if x.on {
			flags |= x.flag
		}
	}
	b := append(k.snaps, byte(flags))
	b = binary.AppendVarint(b, int64(s.Stamp-k.stamp))
	k.stamp = s.Stamp
	b = binary.AppendUvarint(b, uint64(len(s.Poses)))
	b = binary.AppendUvarint(b, uint64(n))
	for _, p := range s.Poses[:n] {
		b = appendPose(b, p)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Vels)))
	b = binary.AppendUvarint(b, uint64(nv))
	b = binary.AppendVarint(b, int64(dt))
	for _, v := range s.Vels[:nv] {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.X))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Y))
	}
	b = binary.AppendUvarint(b, uint64(len(s.Played)))
	for i := 0; i < len(s.Played); i += 8 {
		var x byte
		for j := i; j < min(i+8, len(s.Played)); j++ {
			if s.Played[j] {
				x |= 1 << (j - i)
			}
		}
		b = append(b, x)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Acks)))
	for i, a := range s.Acks {
		switch {
		case flags&snPosed == 0:
			b = binary.AppendVarint(b, int64(a.Cursor-s.Stamp))
			b = appendPose(b, a.Pose)
		case s.Played[i]:
			b = binary.AppendVarint(b, int64(a.Cursor-s.Stamp))
		}
	}
	k.snaps = b
}

// list writes a client's buffer as the numbers of its snapshots (nil
// kept nil).
func (k *snapKeeper) list(snaps []*Snapshot) {
	if snaps == nil {
		k.lists = append(k.lists, 0)
		return
	}
	k.lists = binary.AppendUvarint(k.lists, uint64(len(snaps))+1)
	prev := int32(0)
	for _, s := range snaps {
		i := k.ref(s)
		k.lists = binary.AppendVarint(k.lists, int64(i-prev-1)) // 0: the next one
		prev = i
	}
}

// bytes is the snapshots, then the clients' buffers.
func (k *snapKeeper) bytes() []byte {
	b := binary.AppendUvarint(make([]byte, 0, len(k.snaps)+len(k.lists)+8), uint64(k.n))
	return append(append(b, k.snaps...), k.lists...)
}

// snapsOf makes again the snapshots snapKeeper wrote, with pawns (the
// clone's: their paths unpacked) giving what was left out; rest is the
// clients' buffers.
func snapsOf(b []byte, pawns []ServerPawn) (snaps []*Snapshot, rest []byte) {
	r := &packetlog.BytesIn{B: b}
	u, v := r.U, r.V
	f64 := func() float64 {
		x := math.Float64frombits(binary.LittleEndian.Uint64(r.B))
		r.B = r.B[8:]
		return x
	}
	pose := func() model.Pose {
		p := model.Pose{Pos: model.Vec{X: f64(), Y: f64()}, Yaw: f64()}
		p.Epoch = int(v())
		p.Alive, r.B = r.B[0] != 0, r.B[1:]
		return p
	}
	snaps = make([]*Snapshot, u())
	var stamp model.Time
	for i := range snaps {
		s := &Snapshot{}
		flags := int(r.B[0])
		r.B = r.B[1:]
		stamp += model.Time(v())
		s.Stamp = stamp
		s.Poses = make([]model.Pose, u())
		n := int(u())
		for j := range n {
			s.Poses[j] = pose()
		}
		for j := n; j < len(s.Poses); j++ {
			s.Poses[j] = pawns[j].TruthAt(stamp)
		}
		s.Vels = make([]model.Vec, u())
		nv, dt := int(u()), model.Time(v())
		for j := range nv {
			s.Vels[j] = model.Vec{X: f64(), Y: f64()}
		}
		for j := nv; j < len(s.Vels); j++ {
			s.Vels[j] = truthVel(&pawns[j], s.Poses[j], stamp, dt)
		}
		s.Played = make([]bool, u())
		for j := 0; j < len(s.Played); j += 8 {
			for k := j; k < min(j+8, len(s.Played)); k++ {
				s.Played[k] = r.B[0]&(1<<(k-j)) != 0
			}
			r.B = r.B[1:]
		}
		s.Acks = make([]movement.Ack, u())
		for j := range s.Acks {
			switch {
			case flags&snPosed == 0:
				s.Acks[j].Cursor = stamp + model.Time(v())
				s.Acks[j].Pose = pose()
			case s.Played[j]:
				s.Acks[j] = movement.Ack{Cursor: stamp + model.Time(v()), Pose: s.Poses[j]}
			}
		}
		for _, x := range []struct {
			flag int
			nil  func()
		}{{snNilPoses, func() { s.Poses = nil }}, {snNilVels, func() { s.Vels = nil }}, {snNilAcks, func() { s.Acks = nil }}, {snNilPlayed, func() { s.Played = nil }}} {
			if flags&x.flag != 0 {
				x.nil()
			}
		}
		snaps[i] = s
	}
	return snaps, r.B
}

// snapList is a client's buffer snapKeeper.list wrote.
func snapList(b []byte, snaps []*Snapshot) ([]*Snapshot, []byte) {
	n, k := binary.Uvarint(b)
	b = b[k:]
	if n == 0 {
		return nil, b
	}
	list := make([]*Snapshot, n-1)
	prev := int64(0)
	for i := range list {
		d, k := binary.Varint(b)
		b = b[k:]
		prev += d + 1
		list[i] = snaps[prev-1]
	}
	return list, b
}

func appendPose(b []byte, p model.Pose) []byte {
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Pos.X))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Pos.Y))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Yaw))
	b = binary.AppendVarint(b, int64(p.Epoch))
	return append(b, b2byte(p.Alive))
}

func b2byte(x bool) byte {
	if x {
		return 1
	}
	return 0
}

// keptPackets is a keyframe's packet log as bytes (Sim.Keyframe): about
// 10 bytes an entry, not a PacketFrame's 170 (packetlog.Keep). Clone
// makes the log again (packetsOf), entry for entry.
func keptPackets(log []PacketFrame) []byte { return packetlog.Keep(log) }

// packetsOf is the log keptPackets wrote.
func packetsOf(b []byte) packetLog { return packetlog.Unkeep(b) }
