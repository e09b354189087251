package lagcomp

import (
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// ServerPawn is a pawn on the server: the authority's pose, its history
// and what the broad phase needs to know about it.
type ServerPawn struct {
	Motion   model.Motion
	Pose     model.Pose
	Vel      model.Vec
	History  *rewind.History
	Swept    rewind.Swept // the box of History, for the broad phase
	LastJump model.Time   // last teleport or respawn
}

// conn is the server's side of one client's connection.
type conn struct {
	highSeq   uint32
	seen      map[uint32]bool
	reported  float64 // ExactPing from ServerUpdatePing, ms
	hasReport bool
	// replicated is the Ping other clients are sent (the byte of ms/4
	// with ping_compress); overflow: the byte ran out and ExactPing was
	// set to 1020 ms
	replicated float64
	overflow   bool
	measured   *ping.Tracker             // the server's own bounce measurement
	rel        *netem.Endpoint[relMsg]   // the server's end of the reliability layer (owned here)
	weaponRel  *netem.Endpoint[relMsg]   // and of the weapon channel's connection
	acks       int                       // explicit ack packets sent
	startFire  compensation.StartFire    // start_fire: the stamp of StartFire and the server time it was judged
	weapon     fireeffects.WeaponChannel // the shooter's weapon actor on this connection
}

// Server is the authority: it ticks the world, keeps every pawn's history,
// sends snapshots and judges shots.
type Server struct {
	Pawns  []ServerPawn
	Now    model.Time
	weapon fireeffects.ServerWeapon // the shooter's weapon actor
	in     inbox
	conns  []*conn
	// scratch for judging, reused so a shot does not allocate per pawn
	targets []model.Target
	rewound []int
	// the present hitboxes projectiles sweep against this tick
	projTargets []model.Target
	// noCull turns the broad phase off: tests prove it never changes a
	// verdict, benchmarks measure what it saves.
	noCull bool
	// the broad phase: every pawn's swept bound, indexed by the first trace
	// of each tick (gridTick: the tick it was built for)
	grid     rewind.Grid
	gridTick model.Time
	bounds   []rewind.Bound
	cells    []int32 // the cells the last trace visited
}

func newServer(cfg *Config, motions []model.Motion, clients int) *Server {
	s := &Server{Pawns: make([]ServerPawn, len(motions)), conns: make([]*conn, clients), weapon: fireeffects.NewServerWeapon(cfg.BurstEncoding, cfg.BurstCompressByte)}
	capHint := int(cfg.MaxTrailMs*float64(cfg.TickHz)/1000) + 4
	for i, m := range motions {
		s.Pawns[i] = ServerPawn{Motion: m, History: rewind.NewHistory(model.MsF(cfg.MaxTrailMs), capHint), LastJump: -1 << 62}
	}
	for i := range s.conns {
		s.conns[i] = &conn{seen: map[uint32]bool{}, measured: ping.NewTracker(cfg.PingStyle, model.MsF(cfg.PingIntervalMs), cfg.PingSmoothing)}
	}
	return s
}

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
		pose := p.Motion.At(t)
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
		if p.History.Len() == 0 || dt <= 0 {
			prev, dt = p.Motion.At(t-tick), tick
		}
		p.Vel = model.Vec{}
		if prev.Epoch == pose.Epoch {
			p.Vel = pose.Pos.Sub(prev.Pos).Scale(1 / dt.Seconds())
		}
		p.Pose = pose
		p.History.SetMaxTrail(maxTrail)
		smp := rewind.Sample{T: t, Pose: pose}
		p.History.Push(smp, guard)
		p.Swept.Push(smp)
		p.Swept.Trim(p.History.At(0).T)
	}
	s.Now = t
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
		s.bounds = append(s.bounds, s.Pawns[i].Swept.Bound(s.Pawns[i].Pose))
	}
	s.grid.Build(s.bounds)
}

// snapshot copies every pawn's pose and velocity at the current tick.
func (s *Server) snapshot() *Snapshot {
	snap := &Snapshot{Stamp: s.Now, Poses: make([]model.Pose, len(s.Pawns)), Vels: make([]model.Vec, len(s.Pawns))}
	for i := range s.Pawns {
		snap.Poses[i], snap.Vels[i] = s.Pawns[i].Pose, s.Pawns[i].Vel
	}
	return snap
}

// checkSeq is the server's defence against replayed and stale commands:
// a sequence number seen before is a duplicate, one older than the newest
// processed is out of order; both are rejected.
func (c *conn) checkSeq(seq uint32) Rule {
	if c.seen[seq] {
		return rule.Duplicate
	}
	if seq < c.highSeq {
		c.seen[seq] = true
		return rule.OutOfOrder
	}
	c.seen[seq] = true
	c.highSeq = seq
	if seq > 2048 { // forget what can no longer arrive out of order
		delete(c.seen, seq-2048)
	}
	return ""
}
