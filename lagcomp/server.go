package lagcomp

import (
	"lagscope/lagcomp/chunklog"
	"slices"
	"sort"

	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// ServerPawn is a pawn on the server: the authority's pose, its history
// and what the broad phase needs to know about it. A player's pawn moves
// by its client's inputs (Driven); a bystander's follows its script.
type ServerPawn struct {
	Motion   model.Motion // a bystander's path; a player's bot's hands (its client samples it)
	Driven   bool         // moved by its client's inputs through the server's input buffer
	Pose     model.Pose
	Vel      model.Vec
	History  *rewind.History
	Swept    rewind.Swept // the box of History, for the broad phase
	LastJump model.Time   // last teleport or respawn
	// MaxSpeed bounds how fast it has moved (m/s): its script's speed, or
	// faster when a drained backlog hurried it (the broad phase's reach)
	MaxSpeed float64
	// path is a driven pawn's exact path: the pose at every input boundary
	// the server played, at the server time it played it for (the truth
	// between ticks, which the rewind interpolates)
	path []rewind.Sample
	// offsets are the input buffer's offsets, each from the server time it
	// took effect (a resync or drain changes it): the input delay at any
	// time a rewind reaches
	offsets []offsetFrom
	// scripted, in a keyframe only, are the times of History's samples,
	// each the pose TruthAt gives then: the keyframe's History holds none
	// (a Shell), and the clone a seek steps makes them again
	scripted []model.Time
	// packed, in a keyframe only, is path as bytes (rewind.Pack): the
	// clone a seek steps unpacks it
	packed rewind.Packed
	// leg is a bystander's random walk's current leg, remembered (a value: a clone copies it)
	leg model.WalkLeg
	// life is a player's health and death (health.go; a value: a clone copies it)
	life life
}

// offsetFrom is an input buffer offset and the server time it took effect.
type offsetFrom struct{ T, Offset model.Time }

// inputDelayAt is how far behind its client a driven pawn was at server
// time t: the offset its inputs were played with then.
func (p *ServerPawn) inputDelayAt(t model.Time) (model.Time, bool) {
	i := sort.Search(len(p.offsets), func(k int) bool { return p.offsets[k].T > t })
	if i == 0 {
		return 0, false
	}
	return p.offsets[i-1].Offset, true
}

// TruthAt is where the server's own movement had the pawn at time t: a
// bystander's script, a player's played inputs (their boundaries joined
// by straight lines, as each input moves it).
func (p *ServerPawn) TruthAt(t model.Time) model.Pose {
	if !p.Driven || len(p.path) == 0 {
		return p.Motion.At(t)
	}
	// the last knot at or before t (knots may share a time: the last
	// of them is where the pawn stood then)
	i := sort.Search(len(p.path), func(k int) bool { return p.path[k].T > t })
	switch {
	case i == 0:
		return p.path[0].Pose
	case i == len(p.path) || p.path[i-1].T == t:
		return p.path[i-1].Pose
	}
	a, b := p.path[i-1], p.path[i]
	if a.Pose.Epoch != b.Pose.Epoch {
		return a.Pose // the jump happens at b
	}
	return rewind.LerpPose(a.Pose, b.Pose, float64(t-a.T)/float64(b.T-a.T), rewind.LerpShortest)
}

// conn is the server's side of one client's connection.
//
//clone:gen
type conn struct {
	highSeq uint32
	// span is its client's command schedule's Span (movement.Buffer),
	// for the rates spanFor holds (fps, the command packets' rate, the
	// tick's): worked out again only when one changes before playback
	span    model.Time
	spanFor [3]int
	seen    chunklog.Bits `clone:"Clone"`
	// stopThrough: a StopFire came after shot stopThrough before that shot
	// did; a copy of it (or of any before it) arriving now is out of order
	stopThrough uint32
	reported    float64 // ExactPing from ServerUpdatePing, ms
	hasReport   bool
	// replicated is the Ping other clients are sent (the byte of ms/4
	// with ping_compress); overflow: the byte ran out and ExactPing was
	// set to 1020 ms
	replicated float64
	overflow   bool
	measured   *ping.Tracker           `clone:"Clone"` // the server's own bounce measurement
	inputs     *movement.Buffer        `clone:"Clone"` // the input buffer playing this client's movement
	rel        *netem.Endpoint[relMsg] `clone:"Clone"` // the server's end of the reliability layer (owned here)
	weaponRel  *netem.Endpoint[relMsg] `clone:"Clone"` // and of the weapon channel's connection
	acks       int                     // explicit ack packets sent
	startFire  compensation.StartFire  // start_fire: the stamp of StartFire and the server time it was judged
	// trueStartFire is the same memory kept for the true stamps (the
	// client's stamps less their clock error), for the second judgement
	trueStartFire compensation.StartFire
	weapon        fireeffects.WeaponChannel `clone:"Clone"` // the shooter's weapon actor on this connection
	// nextFire is the weapon's NextFireTime and delayed the StartFires
	// the refire check holds until it comes (refire.go)
	nextFire model.Time
	delayed  []delayedFire `clone:"slice"`
}

// Server is the authority: it ticks the world, keeps every pawn's history,
// sends snapshots and judges shots.
//
//clone:gen
type Server struct {
	Pawns  []ServerPawn `clone:"caller"`
	Now    model.Time
	weapon fireeffects.ServerWeapon // the shooter's weapon actor
	in     inbox                    `clone:"clone"`
	conns  []*conn                  `clone:"each"`
	// scratch for judging, reused so a shot does not allocate per pawn
	targets []model.Target `clone:"slice"`
	rewound []int          `clone:"slice"`
	// the present hitboxes projectiles sweep against this tick
	projTargets []model.Target `clone:"slice"`
	// noCull turns the broad phase off: tests prove it never changes a
	// verdict, benchmarks measure what it saves.
	noCull bool
	// the broad phase: every pawn's swept bound, indexed by the first trace
	// of each tick (gridTick: the tick it was built for)
	grid     rewind.Grid `clone:"Clone"`
	gridTick model.Time
	bounds   []rewind.Bound `clone:"slice"`
	cells    []int32        `clone:"slice"` // the cells the last trace visited
	// snapSlab is where snapshots are carved from (Server.snapshot)
	snapSlab snapSlab `clone:"zero"`
	// kept, in a keyframe only, are the bystanders Pawns leaves out
	// (clone.go's keepScripted)
	kept *keptPawns `clone:"caller"`
}

// noJump is a pawn's LastJump before it has jumped.
const noJump = -1 << 62

// newServer is the server of a new run, its large buffers drawn from r
// (nil: made).
func newServer(cfg *Config, motions []model.Motion, clients int, r *Recycler) *Server {
	s := &Server{Pawns: make([]ServerPawn, len(motions)), conns: make([]*conn, clients), weapon: fireeffects.NewServerWeapon(cfg.BurstEncoding, cfg.BurstCompressByte)}
	s.in, s.snapSlab.from = r.inbox(), r
	capHint := int(cfg.MaxTrailMs*float64(cfg.TickHz)/1000) + 4
	for i, m := range motions {
		s.Pawns[i] = ServerPawn{Motion: m, Driven: i < clients, Pose: m.At(0), History: r.history(model.MsF(cfg.MaxTrailMs), capHint), LastJump: noJump, MaxSpeed: m.MaxSpeed()}
		r.reserve(&s.Pawns[i].Swept, capHint)
		if i < clients {
			s.Pawns[i].path = r.path(pathRoom(cfg))
		}
		if i < clients && i == TargetPawn && cfg.TargetControl == ControlUser {
			s.Pawns[i].MaxSpeed = userSpeed(cfg, i)
		}
	}
	s.lifeStart(cfg)
	for i := range s.conns {
		s.conns[i] = &conn{measured: ping.NewTracker(cfg.PingStyle, model.MsF(cfg.PingIntervalMs), cfg.PingSmoothing),
			inputs: movement.NewBuffer(inputLead(cfg), r.bufferQueue(), r.bufferKnots())}
	}
	return s
}

// inputLead is the cushion the server's input buffer keeps beyond the
// client's own waits (its frame or beat and its wait for a command
// packet: movement.Buffer.Span) and the link's delay: input_buffer_ms.
func inputLead(cfg *Config) model.Time { return cfg.inputBuffer() }

// pathKeep is how much of a driven pawn's exact path the server keeps
// beyond max_trail_ms: a rewind never reaches further back.
const pathKeep = model.Second

// advance moves the world to tick time t and records history, as
// UT2003's PredictedPawn.Tick stores a LocationTrail every tick.
func (s *Server) advance(cfg *Config, t model.Time) {
	guard := 0.0
	if cfg.TeleportGuard {
		guard = cfg.TeleportDistM
	}
	maxTrail := model.MsF(cfg.MaxTrailMs)
	tick := cfg.Tick()
	for i := range s.Pawns {
		p := &s.Pawns[i]
		var pose model.Pose
		if p.Driven {
			base := p.Pose
			if cfg.mortal() {
				base = s.lifeBase(cfg, p, t)
			}
			pose = s.play(cfg, i, t, tick, base)
		} else {
			pose = p.Motion.AtLeg(t, &p.leg)
		}
		if p.History.Len() > 0 && pose.Epoch != p.Pose.Epoch {
			p.LastJump = t
			// UT2003's open problem: reset the trail, or rewinds cross the
			// jump. Source never clears its records: its walk back
			// (teleport_guard) is its defence.
			if cfg.TrailReset && !compensation.KeepsTrail(cfg.Mode) {
				p.History.Reset()
			}
		}
		// velocity over the last tick, for clients that dead-reckon
		prev, dt := p.Pose, t-s.Now
		if !p.Driven && (p.History.Len() == 0 || dt <= 0) {
			prev, dt = p.Motion.At(t-tick), tick
		}
		p.Vel = model.Vec{}
		if prev.Epoch == pose.Epoch && dt > 0 {
			p.Vel = pose.Pos.Sub(prev.Pos).Scale(1 / dt.Seconds())
			// hypot only when the speed may be a new maximum: well under it
			// (squares 1e-9 below, far beyond their rounding) it is not; a
			// NaN or an overflow takes the exact path
			if v := p.Vel; !(v.X*v.X+v.Y*v.Y < p.MaxSpeed*p.MaxSpeed*(1-1e-9)) {
				p.MaxSpeed = max(p.MaxSpeed, v.Len())
			}
		}
		p.Pose = pose
		p.History.SetMaxTrail(maxTrail)
		smp := rewind.Sample{T: t, Pose: pose}
		p.History.Push(smp, guard) // Swept is fed when a trace wants the bound (indexBounds)
	}
	s.Now = t
}

// receiveInputs puts the movement inputs of every packet arrived by tick t
// into their clients' input buffers, before the tick plays them (the
// packets themselves are handled after the tick's move, as before). A
// network duplicate's inputs are dropped there as copies.
func (s *Server) receiveInputs(t model.Time) {
	for _, k := range s.in.keys { // in the heap's order, as before
		if k.deliver > t { // the key's copy of p.Deliver: a packet still in flight is not read
			continue
		}
		p := &s.in.slots[k.slot]
		s.conns[p.Client].inputs.ReceiveAll(p.Inputs, p.Deliver)
	}
}

// shotOrigin is where a shot leaves from: the shooter's pawn moved on by
// the inputs that came with it, to the frame it was fired at. The server
// judges a shot when it arrives, but plays movement behind its input
// buffer; a shot from a pawn still behind that buffer would leave from
// where the shooter was, not where it fired (Source runs a usercmd's
// movement before its shot).
func (s *Server) shotOrigin(cfg *Config, cmd *Command) model.Vec {
	p := &s.Pawns[cmd.Client]
	if !p.Driven {
		return p.Pose.Pos
	}
	base := p.Pose
	if cfg.mortal() {
		base = p.life.inputPose(base)
	}
	return s.conns[cmd.Client].inputs.Ahead(base, cmd.Fire, cfg.Walls).Pos
}

// play moves player pawn i to tick t by its client's inputs: the input
// buffer plays them (repeating the last when none has come) from base,
// walls stop it, and the path it took is kept for the truth between
// ticks. A mortal pawn's inputs play on the pose its client knows
// (life.inputPose); its death and respawns are laid over what they give.
func (s *Server) play(cfg *Config, i int, t, tick model.Time, base model.Pose) model.Pose {
	p, b := &s.Pawns[i], s.conns[i].inputs
	b.Lead, b.Starve = inputLead(cfg), cfg.InputStarved
	if cn := s.conns[i]; !b.Anchored() { // the client's schedule as it stands when its first input comes
		if rates := [3]int{cfg.FPS, cfg.cmdRate(), cfg.TickHz}; cn.spanFor != rates {
			cn.span, cn.spanFor = cfg.cmdCycleAt(cfg.cmdPhase(i)).SpanMax, rates
		}
		b.Span = cn.span
	}
	b.CatchUp, b.MaxMoveDelta = model.Time(cfg.MaxUsercmdTicks)*tick, model.MsF(cfg.MaxMoveDeltaMs)
	if cfg.clientReports() {
		b.MaxPosError = cfg.MaxPositionErrorM
	}
	pose, _ := b.Tick(t, tick, base, cfg.Walls)
	if cfg.mortal() {
		p.life.played = pose
		pose = p.life.over(pose)
		for k := range b.Knots {
			b.Knots[k].Pose = p.life.over(b.Knots[k].Pose)
		}
	}
	if b.Anchored() && (len(p.offsets) == 0 || p.offsets[len(p.offsets)-1].Offset != b.Offset) {
		p.offsets = append(p.offsets, offsetFrom{t, b.Offset})
		if keep := t - model.MsF(cfg.MaxTrailMs) - pathKeep; len(p.offsets) > 64 {
			// the newest before keep still holds at keep
			drop := sort.Search(len(p.offsets), func(k int) bool { return p.offsets[k].T > keep }) - 1
			if drop > 0 {
				p.offsets = p.offsets[:copy(p.offsets, p.offsets[drop:])] // in place: a clone copies it
			}
		}
	}
	if len(b.Knots) > 0 {
		if p.path == nil {
			p.path = make([]rewind.Sample, 0, pathRoom(cfg))
		}
		p.path = append(p.path, b.Knots...)
		b.Knots = b.Knots[:0]
		p.path = trimPath(p.path, t-model.MsF(cfg.MaxTrailMs)-pathKeep)
	}
	return pose
}

// pathRoom is what a driven pawn's path is made with: room for the most
// the trim in play lets it hold (twice what the horizon keeps, a knot at
// each frame's input and each tick), made once: grown by doubling from
// nothing, a run's paths were a third of what a sweep point allocates.
func pathRoom(cfg *Config) int {
	knots := (model.MsF(cfg.MaxTrailMs) + pathKeep).Seconds() * float64(cfg.FPS+cfg.TickHz)
	return 2*int(knots) + 64
}

// trimPath drops the knots before keep once they are more than half of
// path (shifted in place: a clone copies it). Whether they are is the
// search's first probe, the middle knot: sort.Search looks there first
// and lands past the middle exactly when it is before keep, so the
// search runs only on the ticks that trim, not on every tick.
func trimPath(path []rewind.Sample, keep model.Time) []rewind.Sample {
	if n := len(path); n == 0 || path[n/2].T >= keep {
		return path
	}
	drop := sort.Search(len(path), func(k int) bool { return path[k].T >= keep })
	return path[:copy(path, path[drop:])]
}

// indexBounds rebuilds the broad phase's grid from every pawn's swept
// bound (the box of its trail, where any rewind of it must land) once per
// tick, when the tick's first trace needs it: most ticks judge no shot.
func (s *Server) indexBounds() {
	if s.gridTick == s.Now && s.bounds != nil {
		return
	}
	s.gridTick = s.Now
	s.bounds = s.bounds[:0]
	for i := range s.Pawns {
		p := &s.Pawns[i]
		p.Swept.Feed(p.History) // the trail's samples since the last trace: most ticks trace nothing
		s.bounds = append(s.bounds, p.Swept.Bound(p.Pose))
	}
	s.grid.Build(s.bounds)
}

// snapshot copies every pawn's pose and velocity at the current tick,
// and tells each client how far the server has played its inputs. held
// says whether anything can still read the snapshots of a slab
// (Sim.snapshotsHeld).
func (s *Server) snapshot(cfg *Config, held func(gen uint32) bool) *Snapshot {
	snap := s.snapSlab.carve(len(s.Pawns), len(s.conns), held)
	snap.Stamp = s.Now
	for i := range s.Pawns {
		snap.Poses[i], snap.Vels[i] = s.Pawns[i].Pose, s.Pawns[i].Vel
	}
	for i, cn := range s.conns {
		if cn.inputs.Anchored() {
			pose := s.Pawns[i].Pose
			if cfg.mortal() {
				pose = s.Pawns[i].life.inputPose(pose)
			}
			snap.Acks[i], snap.Played[i] = movement.Ack{Cursor: cn.inputs.Cursor(), Pose: pose}, true
		}
	}
	return snap
}

// snapSlab holds room for the next snapshots: each is carved from it, so
// a snapshot costs an allocation only when a slab runs out (one in
// snapSlabBatch), not five. A snapshot is never written after it is
// sent, so its neighbours in a slab may outlive it or die before it.
// A filled slab is kept (old, oldest first) and carved again once
// nothing can read its snapshots (Snapshot.slab names it), so a run
// reuses a few slabs for good; a clone starts slabs of its own (clone.go),
// as the two runs' next snapshots differ.
type snapSlab struct {
	cur snapRoom
	old []snapRoom
	gen uint32 // the last slab's number
	// from is where new slabs come from (a Recycler: an earlier run's,
	// which nothing of this run can hold; nil: made)
	from *Recycler
}

// snapRoom is one slab: the snapshots and the arrays they hold windows
// of, used of them carved, gen the number its snapshots carry.
type snapRoom struct {
	snaps  []Snapshot
	poses  []model.Pose
	vels   []model.Vec
	acks   []movement.Ack
	played []bool
	used   int
	gen    uint32
}

// snapSlabBatch is how many snapshots a slab holds, fewer with many pawns
// (so a slab kept alive by one buffered snapshot stays small): a few in
// a client's buffer (interp_ms and a second), as slabs are reused once
// nothing reads them and a run costs the slabs its buffers span.
func snapSlabBatch(pawns int) int { return min(16, max(1, 4096/max(1, pawns))) }

// fits says whether the slab has room for another snapshot of pawns
// poses and conns acks.
func (r *snapRoom) fits(pawns, conns int) bool {
	return r.used < len(r.snaps) && len(r.poses) >= (r.used+1)*pawns && len(r.acks) >= (r.used+1)*conns
}

// carve is a snapshot of pawns poses and conns acks from the slab, its
// acks zero: the caller writes every pose and velocity.
func (b *snapSlab) carve(pawns, conns int, held func(gen uint32) bool) *Snapshot {
	if !b.cur.fits(pawns, conns) {
		b.next(pawns, conns, held)
	}
	r := &b.cur
	i := r.used
	r.used++
	snap := &r.snaps[i]
	p, a := r.poses[i*pawns:(i+1)*pawns:(i+1)*pawns], r.acks[i*conns:(i+1)*conns:(i+1)*conns]
	pl := r.played[i*conns : (i+1)*conns : (i+1)*conns]
	clear(a) // a slab carved again holds earlier snapshots' (Poses and Vels the caller writes whole)
	clear(pl)
	*snap = Snapshot{Poses: p, Vels: r.vels[i*pawns : (i+1)*pawns : (i+1)*pawns], Acks: a, Played: pl, slab: r.gen}
	return snap
}

// next starts a slab: the oldest filled one nothing can read any more,
// with the room, else a new one (past maxOldSlabs kept, the oldest is
// left to the collector).
func (b *snapSlab) next(pawns, conns int, held func(gen uint32) bool) {
	if b.cur.snaps != nil {
		b.old = append(b.old, b.cur)
	}
	b.gen++
	n := snapSlabBatch(pawns)
	for i, o := range b.old {
		if o.sized(n, pawns, conns) && !held(o.gen) {
			b.cur = o
			b.cur.used, b.cur.gen = 0, b.gen
			b.old = slices.Delete(b.old, i, i+1)
			return
		}
	}
	if len(b.old) > maxOldSlabs {
		b.old = slices.Delete(b.old, 0, 1)
	}
	b.cur = b.from.snapRoom(n, pawns, conns)
	b.cur.gen = b.gen
}

// newSnapRoom is a slab of n snapshots of pawns poses and conns acks.
func newSnapRoom(n, pawns, conns int) snapRoom {
	return snapRoom{snaps: make([]Snapshot, n), poses: make([]model.Pose, n*pawns), vels: make([]model.Vec, n*pawns),
		acks: make([]movement.Ack, n*conns), played: make([]bool, n*conns)}
}

// sized is whether the slab holds n snapshots of pawns poses and conns
// acks, as newSnapRoom makes it.
func (r *snapRoom) sized(n, pawns, conns int) bool {
	return len(r.snaps) == n && len(r.poses) == n*pawns && len(r.acks) == n*conns
}

// checkSeq is the server's defence against replayed and stale commands:
// a sequence number seen before is a duplicate, one older than the newest
// processed is out of order; both are rejected.
func (c *conn) checkSeq(seq uint32) Rule {
	if c.seen.Has(seq) {
		return rule.Duplicate
	}
	if seq < c.highSeq || seq <= c.stopThrough {
		c.seen.Set(seq)
		return rule.OutOfOrder
	}
	c.seen.Set(seq)
	c.highSeq = seq
	if seq > 2048 { // forget what can no longer arrive out of order
		c.seen.Clear(seq - 2048)
	}
	return ""
}
