package lagcomp

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/google/uuid"

	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/fireeffects"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/schedule"
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// The two players every scenario has; the observers' pawns follow them
// (2…), then the bystanders'.
const (
	ShooterPawn = 0
	TargetPawn  = 1
)

// Sim is the whole discrete-event simulation: one server, the shooter's
// and the victim's clients, the links between them, on one integer clock.
// It owns every random source, all seeded from Config.Seed.
type Sim struct {
	cfg     Config
	Now     model.Time
	q       schedule.Queue
	Server  *Server
	Clients []*Client
	ids     *stream.IDs
	aim     *rand.Rand
	aimSrc  *rand.PCG
	pktSeq  uint64
	pending firedShots // by command seq − 1
	Shots   ShotLog
	tally   shotTally // the summary of Shots, kept up to date as frames ask
	// pending[:settled] have a known fate, settledLost of them lost
	settled, settledLost int
	// Dropped are the losses of the last droppedWindow as frames draw
	// them, newest last (bounded): frames, not packets, so they hold
	// nothing of the slabs packets carry their inputs and snapshots in
	Dropped []PacketFrame
	// log is the packet log (packet.go's logPacket), extras its entries'
	// slices; packets is it as frames draw it, made as they ask
	// (framed): packets[i] is entry packetsAt+i, and packets[:packetsLo]
	// have left the window
	log                  logRing[loggedPacket]
	extras               logRing[packetExtras]
	packets              packetLog
	packetsAt, packetsLo int
	// noReuse turns the reuse of slabs and log arrays off: tests prove
	// it never changes a byte, benchmarks measure what it saves.
	noReuse bool
	// countSettled follows the copies of shots that arrived as it does
	// before (shotArrived): tests prove skipping them never changes a byte.
	countSettled bool
	// packetBytes is a keyframe's packet log (packets is nil then), as
	// keptPackets wrote it
	packetBytes []byte
	// snapBytes is a keyframe's snapshots, those its clients buffer or
	// have in flight (clone.go's snapKeeper): its clients' buffers are
	// nil then, its packets name them by number (Packet.snapKept)
	snapBytes []byte
	// inputBytes is a keyframe's packets' inputs (Packet.inputsKept)
	inputBytes []byte
	// dupRejected counts command copies refused as duplicates: network
	// duplicates the packet layer dropped, and replays the server's
	// sequence check refused.
	dupRejected int
	// reliableGaveUp counts reliable messages given up with their
	// connection; connectionsLost the connections lost.
	reliableGaveUp  int
	connectionsLost int
	// projSpawned and projRejected count the projectile commands the
	// server spawned and refused (they have no shot records).
	projSpawned, projRejected int
	// handshakesFailed counts the clients whose connect handshake lost
	// every try (see New).
	handshakesFailed int
	openFrom         int // pending[:openFrom] have all arrived or been lost

	ticks, snaps schedule.Metronome
	renders      []schedule.Metronome // per client: its render frames
	fireAt       *model.Vec           // a shot the user asked for, fired at the shooter's next render frame

	projs []*projState // every projectile, in firing order
	// the first projSettled projectiles are settled, folded in projDone
	projSettled int
	projDone    projTally
	projBySeq   map[uint32]*projState

	netUpdates schedule.Metronome // NetUpdateFrequency of the shooter's weapon
	fx         *fireeffects.Log   // every shot and every remote effect (ShooterGame's BurstCounter article)

	sight sightings // the duel's first sightings and its winner (a value)
	life  lifeTally // the run's kills and damage (health.go)
	// confirming are the hits judged whose markers wait for a snapshot
	// to reach their shooters (hit_feedback = server: hitfeedback.go)
	confirming []confirmation
	// the duel's target bot aims with its own stream (nil without a duel)
	duelAim *rand.Rand
	// duelSpan is the peeker's command schedule's span (cmdSpanTerm) for
	// the rates of, worked out again only when one changes
	duelSpan struct {
		mean, lo, hi model.Time
		of           [4]int
	}
	duelAimSrc *rand.PCG

	script scriptState // the run's scripted events (config.go), and the packets they cut (packet.go)
	// allPackets, when asked for (KeepAllPackets), is every packet copy
	// of the run, not only PacketWindow's
	allPackets *packetLog
	// packetTo, when asked for (StreamPackets), is handed every packet
	// copy as it is sent: `sim --json --packets` writes them as the run
	// goes rather than keep an hour of them
	packetTo func(*PacketFrame)
	// tickTo, when asked for (OnTick), is called after every server tick
	tickTo func(model.Time, int64)
	// unlogged: NoPacketLog was asked (no view will draw this run)
	unlogged bool
	user     [2]UserInput // what the user's keys hold for the shooter and the target
	// honest is the run's honest twin while the shooter cheats (nil
	// before any cheat): the same seed, world and settings with every
	// cheat_* key off, stepped alongside, so cheat_hits_gained compares
	// the cheater with the player it would have been. twin marks the
	// twin itself, which takes every change with the cheats off. No view
	// draws the twin: it keeps no packet log.
	honest *Sim
	twin   bool
	// sampled is what each pawn's client last sampled of user; sampledLog
	// the changes sampled since the timeline last took them
	sampled    [2]UserInput
	sampledLog []SampledUserInput
	// work counts what stepping the run has done so far (Work weighs it)
	work WorkCounts
	// spares is the Recycler the run draws its slabs from (nil: it makes
	// them; a clone's is nil)
	spares *Recycler
	// lent: a clone or keyframe was made of the run, or the run is one,
	// so it may share memory with another: Recycle takes none of it
	lent bool
	// recycled: Recycle took the run's buffers; any use of it panics
	recycled bool
}

// pendingShot is the omniscient side of a shot in flight: what the client
// saw when it fired, kept for the record the server's judgement makes,
// and its delivery. What it saw is never written once fired, so it is
// held apart (atFire): the log's chunk a write after a keyframe copies
// holds the deliveries and a pointer each, a third of the bytes.
type pendingShot struct {
	*atFire
	delivery
}

// atFire is what the client saw when it fired a shot.
type atFire struct {
	id        uuid.UUID
	fire      model.Time
	idealT    model.Time
	saw       model.Pose
	hit       model.Hit
	origin    model.Vec
	dir       model.Vec
	clientHit bool
}

// maxDropped bounds Dropped whatever the loss; droppedWindow is how far
// back a frame draws the losses (Frame.Dropped).
const (
	maxDropped    = 256
	droppedWindow = model.Second
)

// New builds a simulation from a validated config.
func New(cfg Config) (*Sim, error) { return newSim(cfg, nil) }

// newSim is New drawing its large buffers from r (nil: making them).
func newSim(cfg Config, r *Recycler) (*Sim, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s := &Sim{cfg: cfg, ids: stream.NewIDs(cfg.Seed), projBySeq: map[uint32]*projState{}, spares: r}
	s.aim, s.aimSrc = stream.New(cfg.Seed, stream.Aim)
	motions := s.motions()
	n := 2 + cfg.Observers
	s.Server = newServer(&s.cfg, motions, n, r)
	s.fx = fireeffects.NewLogFrom(n, r.fireLogs())
	for i := 0; i < n; i++ {
		up, down := cfg.clientLinks(i)
		base := stream.LinkBase + 2*uint64(i)
		if i > TargetPawn {
			base = stream.ObserverLinkBase + 2*uint64(i)
		}
		wbase := stream.WeaponLinkBase + 2*uint64(i)
		s.Clients = append(s.Clients, &Client{
			Index:      i,
			up:         netem.NewLink(up, cfg.Seed, base),
			down:       netem.NewLink(down, cfg.Seed, base+1),
			weaponUp:   netem.NewLink(up, cfg.Seed, wbase),
			weaponDown: netem.NewLink(down, cfg.Seed, wbase+1),
			ping:       ping.NewTracker(cfg.PingStyle, model.MsF(cfg.PingIntervalMs), cfg.PingSmoothing),
			in:         r.inbox(),
			snapBuf:    r.snapBuf(),
			batch:      r.inputList(),
			sentInputs: r.inputList(),
			pred:       movement.NewPredictor(motions[i].At(0), r.pendingRoom()),
			acked:      motions[i].At(0),
			ackStamp:   -1,
			Clock:      clock.New(cfg.clockSettings()),
			cmdPhase:   cfg.cmdPhase(i),
		})
	}
	// the longest forgery a key allows, plus interpolation, kept
	s.Clients[ShooterPawn].seenTrail = r.history(model.MsF(5000+1000+1000), 7*cfg.SnapshotHz)
	s.Clients[ShooterPawn].firePhase = model.Time(stream.Draw(cfg.Seed, stream.FirePhase, int64(model.MsF(cfg.FireIntervalMs))))
	if cfg.Duel {
		s.duelAim, s.duelAimSrc = stream.New(cfg.Seed, stream.DuelAim)
		s.Clients[TargetPawn].firePhase = model.Time(stream.Draw(cfg.Seed, stream.DuelFirePhase, int64(model.MsF(cfg.FireIntervalMs))))
	}
	s.Clients[ShooterPawn].reaction = cfg.reaction(cfg.ReactionMs, stream.Reaction)
	if cfg.Duel {
		s.Clients[TargetPawn].reaction = cfg.reaction(cfg.VictimReactionMs, stream.DuelReaction)
	}
	// a trace's rows further apart than a link's packets replay its loss
	// as a rate (trace_loss): each direction's beat
	upBeat, downBeat := packetInterval(&s.cfg, true), packetInterval(&s.cfg, false)
	for _, c := range s.Clients {
		c.up.SetBeat(upBeat)
		c.weaponUp.SetBeat(upBeat)
		c.down.SetBeat(downBeat)
		c.weaponDown.SetBeat(downBeat)
	}
	for i, c := range s.Clients {
		rtt, ok := handshakeRTT(c.up.Config(), c.down.Config(), cfg.Seed, i)
		if ok {
			c.ping.Connect(rtt)
			s.Server.conns[i].measured.Connect(rtt)
		} else {
			// the handshake failed, where an engine would not connect at
			// all: the run goes on, counted (handshakes_failed), with no
			// ping on either end until a bounce returns (ping_unknown on
			// what needed one) and the reliability layer started from the
			// links' base round trip, which no real endpoint could know
			s.handshakesFailed++
			rtt = s.TrueRTTMs(i)
		}
		// both ends of the reliability layer start from the handshake's round trip
		cc, sc := reliableConfig(&cfg, model.MsF(rtt), true), reliableConfig(&cfg, model.MsF(rtt), false)
		c.rel, c.weaponRel = netem.NewEndpoint[relMsg](cc), netem.NewEndpoint[relMsg](cc)
		s.Server.conns[i].rel, s.Server.conns[i].weaponRel = netem.NewEndpoint[relMsg](sc), netem.NewEndpoint[relMsg](sc)
	}
	var err error
	if s.script.evs, s.script.acts, err = cfg.script(); err != nil { // Validate passed: never
		return nil, err
	}
	s.renders = make([]schedule.Metronome, len(s.Clients))
	s.q.Push(schedule.Event{T: 0, Kind: schedule.ServerTick})
	for i := range s.Clients {
		s.q.Push(schedule.Event{T: 0, Kind: schedule.Render, Client: i})
	}
	if cfg.Cheats() {
		if s.honest, err = newSim(cfg.honestTwin(), r); err != nil {
			return nil, err
		}
		s.honest.twin = true
		s.honest.NoPacketLog()
	}
	return s, nil
}

// handshakeRTT is the round trip of the connect exchange before play
// starts: a request up and a reply down, over links with the client's
// conditions but their own random streams (so the game's packets meet the
// same fate with or without it). Engines time this exchange, so both ends
// have a ping before the first bounce returns. A lost packet is sent
// again, as connection requests are; ok is false if every try was lost.
func handshakeRTT(up, down netem.LinkConfig, seed uint64, client int) (float64, bool) {
	base := stream.Handshake + 2*uint64(client)
	if client > TargetPawn { // observers: clear of the streams after stream.Handshake
		base = stream.ObserverHandshakeBase + 2*uint64(client)
	}
	return exchangeRTT(up, down, seed, base)
}

// exchangeRTT is a connect exchange on the streams base (up) and base+1.
func exchangeRTT(up, down netem.LinkConfig, seed, base uint64) (float64, bool) {
	u := netem.NewLink(up, seed, base)
	d := netem.NewLink(down, seed, base+1)
	for try := 0; try < 10; try++ {
		if n, at, _ := u.Send(0); n > 0 {
			if n, back, _ := d.Send(at); n > 0 {
				return back.Millis(), true
			}
		}
	}
	return 0, false
}

// motions places the shooter, the target, the observers and the
// bystanders.
func (s *Sim) motions() []model.Motion {
	c := &s.cfg
	shooter := model.V(c.ShooterX, c.ShooterY)
	target := c.Target
	target.Seed = c.Seed ^ 0x7a7a
	// where in its cycle the target starts, from its own stream: without
	// it every seed on a clean link would sample the same instants
	if cyc := target.Cycle(); cyc > 0 {
		target.Phase = model.Time(stream.Draw(c.Seed, stream.TargetPhase, int64(cyc)))
	}
	ms := []model.Motion{
		{Kind: model.Stationary, Origin: shooter, Yaw: target.Origin.Sub(shooter).Angle()},
		target,
	}
	ms = append(ms, observerMotions(c, shooter)...)
	centre := shooter.Lerp(target.Origin, 0.5)
	for i := 0; i < c.ExtraPawns; i++ {
		ms = append(ms, model.Motion{
			// walking at 5 m/s, each leg as long as crossing the arena
			// diagonally takes, so they wait little at the waypoints
			Kind: model.RandomWalk, Origin: centre, Amplitude: c.ArenaM, Speed: 5,
			Period: model.MsF(2 * math.Sqrt2 * c.ArenaM / 5 * 1000),
			Seed:   c.Seed*0x9e3779b97f4a7c15 + uint64(i)*stream.Motion,
		})
	}
	return ms
}

// Config is the configuration the simulation runs with.
func (s *Sim) Config() Config { return s.cfg }

// SetConfig takes a new configuration from the next event on: links,
// rates, modes, caps, ping and weapon settings change live (packets in
// flight keep their delivery times). A change to the world itself is an
// error: see NeedsRestart.
func (s *Sim) SetConfig(c Config) error { return s.setConfig(c, true, false) }

// setConfig is SetConfig; forward passes the change on to the honest
// twin, which is at the same instant between two Steps (a scripted
// change is not forwarded: the twin runs the same script itself). An
// honest twin takes every change with the cheats off. A cheat switched
// on in a run that had none makes the twin then: the run so far was
// honest, so a copy of it is the honest run's state. scripted is a step
// of the run's own script, checked without playing the script again.
func (s *Sim) setConfig(c Config, forward, scripted bool) error {
	s.live()
	if s.twin {
		c = c.honestTwin()
	}
	if err := c.validate(scripted); err != nil {
		return err
	}
	if NeedsRestart(&s.cfg, &c) {
		return fmt.Errorf("the change alters the world; start a new simulation")
	}
	if !s.twin && s.honest == nil && c.Cheats() {
		s.honest, forward = s.Clone(), true
		s.honest.twin = true
		s.honest.NoPacketLog()
	}
	if forward && s.honest != nil {
		if err := s.honest.setConfig(c, false, false); err != nil {
			return err
		}
	}
	s.cfg = c
	for i, cl := range s.Clients {
		up, down := c.clientLinks(i)
		cl.up.SetConfig(up)
		cl.down.SetConfig(down)
		cl.weaponUp.SetConfig(up)
		cl.weaponDown.SetConfig(down)
		cl.ping.Interval, cl.ping.Smoothing = model.MsF(c.PingIntervalMs), c.PingSmoothing
		m := s.Server.conns[i].measured
		m.Interval, m.Smoothing = cl.ping.Interval, cl.ping.Smoothing
		for _, weapon := range [2]bool{false, true} {
			for _, up := range [2]bool{false, true} {
				s.endpoint(cl, up, weapon).SetPacketInterval(packetInterval(&c, up))
			}
		}
	}
	return nil
}

// QueueFire asks the shooter to fire at a point of its own view at its
// next render frame with the weapon ready: the user's trigger.
func (s *Sim) QueueFire(at model.Vec) {
	s.fireAt = &at
	if s.honest != nil {
		s.honest.QueueFire(at) // the honest player clicks the same
	}
}

// Step runs every event up to and including time until.
func (s *Sim) Step(until model.Time) {
	s.live()
	for s.q.Len() > 0 && s.q.Peek().T <= until {
		s.runScript(s.q.Peek().T)
		e := s.q.Peek() // left queued while it runs: its next beat takes its place
		s.Now = e.T
		switch e.Kind {
		case schedule.ServerTick:
			s.work.tick(len(s.Server.Pawns), len(s.projs)-s.projSettled)
			s.serverTick(e.T)
			if s.tickTo != nil {
				s.tickTo(e.T, s.work.Ticks)
			}
			s.q.Replace(schedule.Event{T: s.ticks.Next(e.T, s.cfg.TickHz), Kind: schedule.ServerTick})
		case schedule.Render:
			s.work.render(len(s.Server.Pawns))
			s.render(s.Clients[e.Client], e.T)
			s.q.Replace(schedule.Event{T: s.renders[e.Client].Next(e.T, s.cfg.FPS), Kind: schedule.Render, Client: e.Client})
		}
	}
	s.Now = max(s.Now, until)
	if s.honest != nil {
		s.honest.Step(until)
	}
}

// WorkCounts are what drives the cost of stepping a run: server ticks,
// with the pawns they move and the projectiles in flight; client frames,
// with the pawns each could draw; packets sent.
type WorkCounts struct {
	Ticks, PawnTicks, ProjTicks, Frames, PawnFrames, Packets int64
}

func (w *WorkCounts) tick(pawns, projs int) {
	w.Ticks++
	w.PawnTicks += int64(pawns)
	w.ProjTicks += int64(projs)
}

// plus is w and o counted together.
func (w WorkCounts) plus(o WorkCounts) WorkCounts {
	return WorkCounts{w.Ticks + o.Ticks, w.PawnTicks + o.PawnTicks, w.ProjTicks + o.ProjTicks,
		w.Frames + o.Frames, w.PawnFrames + o.PawnFrames, w.Packets + o.Packets}
}

func (w *WorkCounts) render(pawns int) {
	w.Frames++
	w.PawnFrames += int64(pawns)
}

// The cost of replaying a run, modelled from its WorkCounts: the weights
// are nanoseconds of this project's reference machine (2-core AMD EPYC),
// fitted by least squares (relative error, each scene alike) to
// BenchmarkWork, which steps scenes of 0 and 64 bystanders at 60 and 240
// fps and 64 and 128 Hz and reports each scene's counts a simulated second
// and its ns/work; the best fit in whole nanoseconds is within 3.5 % in
// all eight (a tick's weight is the loosest: 65 to 85 fit about as well).
// A client frame's pawns cost about a nanosecond each: it lerps them only
// when its view is read. A projectile tick's weight is
// BenchmarkProjectiles'. Fit them again when the hot path's speed changes
// (`make bench` runs both). The timeline spaces its keyframes by it
// (lagcomp/timeline), so a seek replays about the same wall time in a
// crowd as in a duel.
const (
	workTick      = 85
	workPawnTick  = 44
	workProjTick  = 256
	workFrame     = 101
	workPawnFrame = 1
	workPacket    = 149
)

// Cost is the modelled cost of w, in units of about a nanosecond.
func (w WorkCounts) Cost() int64 {
	return w.Ticks*workTick + w.PawnTicks*workPawnTick + w.ProjTicks*workProjTick +
		w.Frames*workFrame + w.PawnFrames*workPawnFrame + w.Packets*workPacket
}

// Counts are what the run has done from its start to now (its honest
// twin's included).
func (s *Sim) Counts() WorkCounts {
	if s.honest != nil {
		return s.work.plus(s.honest.Counts())
	}
	return s.work
}

// Work is the modelled cost of stepping the run from its start to now:
// replaying from a copy made at work w to now costs about Work() − w.
func (s *Sim) Work() int64 { return s.Counts().Cost() }

// send puts a packet on a link at now. The sender's end of the
// reliability layer stamps it (sequence number, acks of the other
// direction) and puts in it the reliable messages due; upstream packets
// also repeat the shots of the commands they repeat (cl_cmdbackup). Copies that survive wait in
// the destination's inbox until it next runs. It reports whether any did.
// p is the caller's, written here (stamped, its backups): a packet is
// copied once, into the inbox slot each surviving copy waits in, not
// through the stack at every call (280 bytes, a packet-heavy run's
// largest copies).
func (s *Sim) send(p *Packet, c *Client) bool {
	s.work.Packets++
	p.Sent = s.Now
	p.onWeapon = p.onWeapon || p.Kind == PacketWeapon
	link, to := s.route(p, c)
	if p.Up && !p.onWeapon && !p.Kind.Handshake() {
		if k := p.InputBackups; k > 0 { // the shots of the commands it repeats (cl_cmdbackup)
			p.Backup, p.backupSeq = c.backups(p.Inputs[0].Seq, p.Inputs[k-1].Seq)
		}
	}
	if p.Up && (s.disconnected(c.Index, s.Now) || c.rejoin.active && !p.Kind.Handshake()) {
		// the client sends nothing while off, nor while it rejoins but
		// its connect request
		s.unsent(p)
		return false
	}
	// a connect exchange belongs to no connection yet, nor does what the
	// server sends a rejoining client before it took its request (cut)
	if !p.Kind.Handshake() && (p.Up || !c.rejoin.active || c.rejoin.accepted) {
		p.Rel = nil
		s.endpoint(c, p.Up, p.onWeapon).OutgoingTo(&p.Hdr, &p.Rel, s.Now)
	}
	n, d1, d2 := link.Send(s.Now)
	n, d1, d2 = s.scriptedFate(p, c, n, d1, d2)
	if p.Up {
		s.commandCopies(p, n)
	}
	if n == 0 {
		if p.Kind == PacketSnapshot && s.cfg.Duel {
			s.duelSnapshotLost(c, p.Snap)
		}
		p.Deliver = -1
		s.logPacket(p, true)
		s.Dropped = append(s.Dropped, packetFrame(p, false))
		s.forgetDropped()
		return false
	}
	for i, d := range [2]model.Time{d1, d2} {
		if i >= n {
			break
		}
		q, slot := to.alloc()
		*q = *p
		s.pktSeq++
		q.seq, q.Deliver, q.dupCopy = s.pktSeq, d, i == 1
		s.logPacket(q, false)
		to.push(slot)
	}
	return true
}

// forgetDropped lets go of the losses a frame no longer draws (time only
// moves on): older than droppedWindow, or past the newest maxDropped.
// Sliced off the front, never written: a clone may share the array.
func (s *Sim) forgetDropped() {
	drop := max(0, len(s.Dropped)-maxDropped)
	for drop < len(s.Dropped) && s.Dropped[drop].Sent <= s.Now-droppedWindow {
		drop++
	}
	s.Dropped = s.Dropped[drop:]
}

// route is the link a packet takes and the inbox it lands in. The weapon
// channel's traffic (ShooterGame's BurstCounter article) has links of its own: the same
// conditions as the client's, its own random streams, so it never shifts
// the draws — or the queue — of the traffic lagscope had before it.
func (s *Sim) route(p *Packet, c *Client) (*netem.Link, *inbox) {
	weapon := p.onWeapon
	switch {
	case p.Up && weapon:
		return c.weaponUp, &s.Server.in
	case p.Up:
		return c.up, &s.Server.in
	case weapon:
		return c.weaponDown, &c.in
	}
	return c.down, &c.in
}

// sendReliable queues a reliable message on c's connection, server to
// client (or client to server if up); it rides the next packet sent
// that way — this tick's snapshot, or a packet of its own at the flush.
// The weapon channel's messages take its own connection.
func (s *Sim) sendReliable(m relMsg, c *Client, up bool, ch uint8) {
	weapon := m.Kind == PacketWeapon
	s.endpoint(c, up, weapon).Queue(ch, m)
}

// endpoint is one end of c's connection (or of its weapon channel's):
// the client's when up (it sends), the server's otherwise.
func (s *Sim) endpoint(c *Client, up, weapon bool) *netem.Endpoint[relMsg] {
	switch {
	case up && weapon:
		return c.weaponRel
	case up:
		return c.rel
	}
	cn := s.Server.conns[c.Index] // looked up only for the server's ends
	if weapon {
		return cn.weaponRel
	}
	return cn.rel
}

// flush ends a tick or frame on one end of c's connections: if the
// reliability style's give-up rule fired the connection is lost (and
// counted), and if reliable messages are due, an ack is owed or the style
// needs packets to keep flowing, and nothing else went out, a packet goes
// out for them alone.
func (s *Sim) flush(c *Client, up bool) {
	for _, weapon := range [2]bool{false, true} {
		ep := s.endpoint(c, up, weapon)
		if ep.Idle(s.Now) { // nothing below would act (most ends, most frames)
			continue
		}
		if _, lost := ep.ConnectionLost(s.Now); lost {
			s.connectionLost(c, weapon)
		}
		if !ep.NeedsPacket(s.Now) {
			continue
		}
		kind := PacketReliable
		switch {
		case ep.MessagesDue(s.Now):
		case !ep.AckOwed(s.Now):
			kind = PacketKeepAlive
			ep.KeepAlive()
		default:
			kind = PacketAck
			switch { // counted for the connection's own links (the summary's packets)
			case weapon:
			case up:
				c.acks++
			default:
				s.Server.conns[c.Index].acks++
			}
		}
		s.send(&Packet{Kind: kind, Client: c.Index, Up: up, onWeapon: weapon}, c)
	}
}

func (s *Sim) serverTick(t model.Time) {
	cfg := &s.cfg
	srv := s.Server
	srv.receiveInputs(t)
	srv.advance(cfg, t)
	if cfg.Duel {
		s.watchServerSight(t)
	}
	s.releaseRefires()
	for p, slot := srv.in.next(srv.Now); p != nil; p, slot = srv.in.next(srv.Now) {
		s.serverPacket(p) // handled where it lies: an arrival allocates nothing
		srv.in.done(slot)
	}
	s.tickProjectiles()
	if s.snaps.Due(srv.Now, cfg.SnapshotHz) {
		snap := srv.snapshot(cfg, s.snapshotsHeld)
		for _, c := range s.Clients {
			s.send(&Packet{Kind: PacketSnapshot, Client: c.Index, Snap: snap}, c)
		}
	}
	for i, cn := range srv.conns {
		if cn.measured.Due(srv.Now) {
			s.send(&Packet{Kind: PacketServerPing, Client: i, Stamp: srv.Now}, s.Clients[i])
		}
	}
	s.replicateWeapon()
	for _, c := range s.Clients {
		s.flush(c, false)
	}
}

// snapshotsHeld says whether anything can still read a snapshot carved
// from the server's slab gen: a packet in flight to a client, or a
// client's buffer. Nothing else holds one: a client takes what it needs
// of a snapshot as it arrives, frames copy what they show
// (clientSnapshot), a loss is kept as a frame draws it (Dropped), and a
// clone or keyframe copies out those it shares (ownSlabs, slabFree).
func (s *Sim) snapshotsHeld(gen uint32) bool {
	if s.noReuse {
		return true
	}
	for _, c := range s.Clients {
		for _, sn := range c.snaps {
			if sn.slab == gen {
				return true
			}
		}
		for _, k := range c.in.keys {
			if sn := c.in.slots[k.slot].Snap; sn != nil && sn.slab == gen {
				return true
			}
		}
	}
	return false
}

// serverPacket takes one arrived packet through the server's end of the
// reliability layer: a network duplicate is dropped (and named on the
// shot it carried), acks settle reliable messages, and what it brings is
// handled — repeated backup commands, the packet's own message, then the
// reliable messages now deliverable in order.
func (s *Sim) serverPacket(p *Packet) {
	if p.Kind == PacketHandshake {
		s.handshakeRequest(p)
		return
	}
	s.commandArrived(p)
	var r netem.Received[relMsg]
	s.endpoint(s.Clients[p.Client], false, p.onWeapon).IncomingTo(&r, s.Server.Now, p.Deliver, p.Hdr, p.Rel)
	if r.OldConnection {
		s.oldConnection(p)
		return
	}
	if r.Duplicate {
		s.duplicatePacket(p)
		return
	}
	s.rejoinedFirst(p)
	s.abandoned(r.Abandoned)
	for _, cmd := range p.Backup {
		s.backupCommand(cmd, p)
	}
	s.serverReceive(p)
	for _, m := range r.Deliver {
		switch {
		case m.Body.Cmd != nil:
			s.judge(m.Body.Cmd, p.Deliver, arrivedCopy{sent: m.Sent, resends: m.Resends, reliable: true, held: p.Deliver - m.Arrived})
		case m.Body.Kind == PacketStopFire:
			s.triggerUp(p.Client, m.Body.Shot)
		}
	}
	if p.HasTrigger && !p.Trigger {
		s.triggerUp(p.Client, p.TriggerShot)
	}
}

func (s *Sim) serverReceive(p *Packet) {
	cn := s.Server.conns[p.Client]
	c := s.Clients[p.Client]
	for _, cmd := range p.Cmds { // a reliable command rides in p.Rel instead
		s.judge(cmd, p.Deliver, s.copyOf(cmd, p.Sent))
	}
	switch p.Kind {
	case PacketPing: // ServerBouncePing -> ClientReturnPing
		s.send(&Packet{Kind: PacketPong, Client: p.Client, Stamp: p.Stamp}, c)
	case PacketPingReport: // ServerUpdatePing
		cn.reported, cn.hasReport, cn.replicated, cn.overflow = p.Value, true, p.Value, false
		if s.cfg.PingCompress {
			// only the replicated Ping is the byte of ms/4; ExactPing,
			// which GetPredictionTime reads, stays exact unless the byte
			// overflows, when the article sets it to 255 x 4 too
			cn.replicated = ping.Decompress(ping.Compress(p.Value))
			if ping.Overflowed(p.Value) {
				cn.reported, cn.overflow = cn.replicated, true
			}
		}
	case PacketServerPong:
		cn.measured.Return(p.Stamp, s.Server.Now)
	}
}

// render is one of a client's render frames (at fps): it takes what has
// arrived, shows the world, and runs what the player does at that frame.
// (A Frame is something else: the views' snapshot of the whole run.)
func (s *Sim) render(c *Client, t model.Time) {
	cfg := &s.cfg
	if c.hasStamp {
		// PredictedPlayer.PlayerTick: PackageTimeStamp += DeltaTime
		c.PackageTimeStamp += t - c.lastRender
		c.Clock.Advance(t - c.lastRender) // the client's oscillator measures the same frame
	}
	for p, slot := c.in.next(t); p != nil; p, slot = c.in.next(t) {
		s.clientPacket(c, p, t) // handled where it lies: an arrival allocates nothing
		c.in.done(slot)
	}
	s.rejoinFrame(c, t)
	s.sampleInput(c, t)
	own := c.pred.Pose
	if !cfg.Predict {
		own = c.acked
	}
	if c.dead { // its pawn as the snapshot told it: dead
		own.Alive = false
	}
	c.display(cfg, t, own, len(s.Server.Pawns))
	if c.Display.Starved {
		c.starved++
	}
	if cfg.Duel && c.Index <= TargetPawn {
		s.watchClientSight(c, t)
	}
	switch c.Index {
	case ShooterPawn:
		s.releaseTrigger(c, t)
		s.shooterBot(c, t)
		s.ownerProjectiles(c, t)
	case TargetPawn: // observers watch fire effects only
		s.remoteProjectiles(c, t)
		if cfg.Duel { // the target shoots back
			s.shooterBot(c, t)
		}
	}
	if c.Index != ShooterPawn {
		s.renderWeapon(c, t)
	}
	s.sendInputs(c, t)
	if c.ping.Due(t) { // CheckSendPing
		s.send(&Packet{Kind: PacketPing, Client: c.Index, Up: true, Stamp: t}, c)
	}
	s.flush(c, true)
	c.lastRender = t
}

// clientPacket takes one arrived packet through the client's end of the
// reliability layer and handles what it brings.
func (s *Sim) clientPacket(c *Client, p *Packet, t model.Time) {
	if p.Kind == PacketHandshakeReply {
		s.handshakeReply(c, p, t)
		return
	}
	var r netem.Received[relMsg]
	s.endpoint(c, true, p.onWeapon).IncomingTo(&r, t, t, p.Hdr, p.Rel)
	if r.Duplicate || r.OldConnection {
		return // the packet layer drops a network duplicate, and a replaced connection's packet
	}
	s.clientReceive(c, p, t, r.Stale)
	for _, m := range r.Deliver {
		if m.Body.Kind == PacketWeapon { // reliable: delivered in order
			s.receiveWeapon(c, m.Body.Weapon, m.Sent, t, false)
		} else {
			s.clientProjectileMsg(c, m.Body, t)
		}
	}
}

// clientReceive handles what a packet brought; stale says an older
// packet of its connection than one already received (reordered).
func (s *Sim) clientReceive(c *Client, p *Packet, t model.Time, stale bool) {
	switch p.Kind {
	case PacketSnapshot:
		keep := model.MsF(s.cfg.InterpMs) + model.Second
		c.receive(p.Snap, keep)
		if s.cfg.mortal() {
			c.told(p.Snap)
			if s.cfg.Duel {
				s.duelTold(c, t)
			}
			s.confirmHits(c, p.Snap.Stamp, t)
		}
		s.reconcile(c, p.Snap, t)
	case PacketPong: // ClientReturnPing, then ServerUpdatePing
		changed := c.ping.Return(p.Stamp, t)
		// CalculatePing tells the server only when ExactPing changed; the
		// moving average changes with every reply
		if exact, ok := c.ping.ExactPing(); ok && (changed || s.cfg.PingStyle == ping.EWMA) {
			s.send(&Packet{Kind: PacketPingReport, Client: c.Index, Up: true, Value: exact + s.cfg.CheatPingMs}, c)
		}
	case PacketServerPing:
		s.send(&Packet{Kind: PacketServerPong, Client: c.Index, Up: true, Stamp: p.Stamp}, c)
	case PacketWeapon:
		s.receiveWeapon(c, p.Weapon, p.Sent, t, stale)
	}
}

// Link is the link of client i, upstream or down.
func (s *Sim) Link(i int, up bool) *netem.Link {
	if up {
		return s.Clients[i].up
	}
	return s.Clients[i].down
}

// TrueRTTMs is the base round trip of client i's links now (a trace's
// delays at this instant, when they replay one).
func (s *Sim) TrueRTTMs(i int) float64 {
	return s.Clients[i].up.BaseMs(s.Now) + s.Clients[i].down.BaseMs(s.Now)
}

// aimError draws a bot's aim error, radians: the duel's target from its
// own stream, so its shots never shift the shooter's draws.
func (s *Sim) aimError(c *Client) float64 {
	if s.cfg.AimErrorDeg <= 0 {
		return 0
	}
	r := s.aim
	if c.Index != ShooterPawn {
		r = s.duelAim
	}
	return r.NormFloat64() * s.cfg.AimErrorDeg * math.Pi / 180
}

// foe is the player a duellist fires at: the target for the shooter, the
// shooter for the target.
func foe(pawn int) int {
	if pawn == ShooterPawn {
		return TargetPawn
	}
	return ShooterPawn
}

// TraceLossByRate reports whether the game links of one direction
// replay their trace's loss as a rate (trace_loss = rate, the trace
// sparser than the packets), as the trace line says.
func (s *Sim) TraceLossByRate(up bool) bool {
	l := s.Clients[ShooterPawn].down
	if up {
		l = s.Clients[ShooterPawn].up
	}
	return l.LossByRate()
}

// Trace is the trace the links of one direction replay, and those links'
// counts summed over every client (game and weapon channels); ok is false
// when the direction replays none.
func (s *Sim) Trace(up bool) (t *netem.Trace, st netem.LinkStats, ok bool) {
	for _, c := range s.Clients {
		links := []*netem.Link{c.down, c.weaponDown}
		if up {
			links = []*netem.Link{c.up, c.weaponUp}
		}
		for _, l := range links {
			lt, traced := l.Replayed()
			if !traced {
				continue
			}
			t, ok = lt, true
			st.Sent += l.Stats.Sent
			st.TraceLost += l.Stats.TraceLost
		}
	}
	return t, st, ok
}
