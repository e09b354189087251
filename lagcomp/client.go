package lagcomp

import (
	"fmt"
	"math"
	"slices"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/schedule"
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// Client is one player's machine: what it has heard from the server and
// what it therefore shows. Its clone is generated (clone_gen.go) from
// its fields' clone tags.
//
//clone:gen
type Client struct {
	Index int         // the pawn it controls
	up    *netem.Link `clone:"Clone"`
	down  *netem.Link `clone:"Clone"`
	in    inbox       `clone:"clone"`
	// the weapon channel's own links (see Sim.route)
	weaponUp, weaponDown *netem.Link `clone:"Clone"`
	// weapon is this client's copy of the shooter's weapon actor (nil
	// while culled or before its channel opened); weaponGen the opening
	// it came from.
	weapon    *burstcounter.Replica `clone:"Clone?"`
	weaponGen int
	// its ends of the reliability layer, of the connection and of the
	// weapon channel's (owned here)
	rel, weaponRel *netem.Endpoint[relMsg] `clone:"Clone"`
	acks           int                     // explicit ack packets sent

	// snaps are the buffered snapshots, oldest first: a window of
	// snapBuf, whose front holds what was dropped since the window last
	// moved back (receive)
	snaps   []*Snapshot `clone:"slice"` // reordered in place; the snapshots themselves are immutable
	snapBuf []*Snapshot `clone:"nil"`   // receive makes its own when snaps is full
	// PackageTimeStamp is UT2003's replicated server time, set from each
	// newer snapshot and advanced by the render frame time in between.
	PackageTimeStamp model.Time
	hasStamp         bool
	lastRender       model.Time
	// Clock is the client's own estimate of server time, the value it
	// stamps shots with (lagcomp/clock: UT2003's replicated stamp,
	// Source's tick_count, or none); PackageTimeStamp above, advanced by
	// true time, is the reference it is measured against.
	Clock clock.Clock
	// seenTrail is the shooter's client's own trail of the target, pose by
	// snapshot (a backtrack cheat's record of where it was: see
	// Sim.backtracks); nil on the other clients.
	seenTrail *rewind.History `clone:"Clone?"`

	// Display is what the client shows at this render frame; its remote
	// pawns' poses are written when first read (view).
	Display ClientView `clone:"clone"`
	lerp    pendingLerp

	ping *ping.Tracker `clone:"Clone"`
	// rejoin is its handshake after a disconnect, both ends' state of it
	rejoin rejoin
	// dead: the newest snapshot (stamped lifeStamp) showed its own pawn
	// dead (health.go): it neither moves nor fires until one shows it alive
	dead      bool
	lifeStamp model.Time
	// lives is the respawns of its pawn its reconciliations have met
	// (the snapshot's pose of its pawn is that many epochs past the
	// ack's); respawns, those whose teleport a reconciliation carried:
	// a spawn, not a misprediction, so never a correction
	lives, respawns int

	// weapon state of the shooter bot: it starts firing firePhase after
	// its display first fills (armed), a phase drawn from the seed
	firePhase  model.Time
	armed      bool
	nextFire   model.Time
	burstShots int
	firing     bool
	// noSight: the bot, ready to fire at the target its screen shows, holds
	// its fire for want of a line of sight, since noSightHeld's count of
	// such waits went up (one a wait: until it fires again)
	noSight bool
	// reaction is the bot's reaction (reaction.go); seeing and seenAt
	// the frame its ready weapon first had the other in sight
	reaction    model.Time
	seeing      bool
	seenAt      model.Time
	noSightHeld int
	holding     bool       // the trigger is down
	released    bool       // the trigger came up since the last shot (the next one says so)
	stopQueued  bool       // reliable_fire: a ServerStopFire waits for the next command packet
	releaseAt   model.Time // when it comes up (trigger_hold_ms after the last shot)
	seq         uint32
	recent      []*Command  `clone:"slice"` // the newest commands, for cl_cmdbackup (packets hold windows of it: only appended)
	recentSeq   []uint32    `clone:"slice"` // their shot numbers, as the packet log shows the backups (windows likewise)
	lastExtrap  []model.Vec `clone:"slice"` // extrapolated positions shown last frame, to measure warps
	lastExtrapT model.Time  // and the display time they were for
	lastVel     []model.Vec `clone:"slice"`
	warpMax     float64
	warpMaxAt   model.Time // the frame of the largest warp
	warpLast    float64
	warps       []WarpEvent `clone:"slice"` // the warps of the last GhostWindow, oldest first
	starved     int         // render frames that ran past the newest snapshot

	// movement: the prediction of its own pawn, and its inputs on their
	// way (the pipeline of lagcomp/movement; the README's "How the
	// simulation works")
	pred       *movement.Predictor `clone:"Clone"`
	hands      model.WalkLeg       // what the bot's script remembers between frames (a value: a clone copies it)
	inputSeq   uint32
	framed     bool             // a frame has been seen: the next input covers the time since
	prevFrame  model.Time       // where the last command ended (with frame beats, the frame before this one)
	cmdPhase   model.Time       // where its command beats lie after the server's ticks (cmd_phase_ms)
	batch      []movement.Input `clone:"hand"` // sampled since the last command packet
	slab       []movement.Input `clone:"nil"`  // where sent packets' inputs are carved (never written below len while it is)
	slabGen    uint32           // its number, which its packets carry (Packet.inputSlab)
	oldSlabs   []inputSlab      `clone:"nil"`  // slabs filled before it, oldest first: reused once no packet holds them
	sentInputs []movement.Input `clone:"hand"` // the newest inputs sent, for cl_cmdbackup
	// batchKept and sentKept, in a keyframe only, are batch and sentInputs
	// as bytes (movement.PackInputs): Sim.Clone unpacks them
	batchKept, sentKept []byte             `clone:"hand"`
	cmds                schedule.Metronome // the command packets' rate
	// cmdWaits: a command packet came due with no new command to carry
	// (a tick or cmd_frame beat still to come): it leaves at the next
	// frame that makes one, not a whole packet interval later
	cmdWaits   bool
	inputsSent int
	// queued are the shot commands fired since the last command packet:
	// they leave with the next (Source's usercmds, built each frame, go
	// out together at cl_cmdrate)
	queued []*Command `clone:"slice"`
	// cmdPackets counts the command packets sent; cmdCapped those sent
	// while cmd_rate_hz asked for more than one a frame or a command (cmd_rate_capped)
	cmdPackets, cmdCapped int
	ackStamp              model.Time            // the newest snapshot reconciled with
	acked                 model.Pose            // its own pawn as that snapshot has it: what a client that does not predict shows
	corrections           []movement.Correction `clone:"slice"` // those of the last GhostWindow, oldest first
	lastCorr              *movement.Correction  `clone:"ptr"`   // the newest, whenever it was
	maxCorr               movement.Correction   // the largest, whenever it was
}

// ClientView is the remote world as one client displays it at a render
// frame.
//
//clone:gen value
type ClientView struct {
	T       model.Time   // client time of the frame
	Poses   []model.Pose `clone:"slice"` // every pawn as displayed (its own at its predicted pose)
	Shown   []bool       `clone:"slice"` // whether the client has any state for the pawn yet
	IdealT  model.Time   // the server time whose state the remote pawns show
	Render  model.Time   // interpolation: the render time; otherwise the same as IdealT
	Starved bool         // interpolation ran past the newest snapshot
	// Filled is whether the remote pawns come from the snapshots as the
	// display mode means them: with interpolation, a render time after
	// the first snapshot (until then the buffer is still filling and the
	// oldest state is held).
	Filled bool
}

// receive files an arrived snapshot, keeping the buffer in stamp order
// (an out-of-order one is inserted, a duplicate ignored).
func (c *Client) receive(s *Snapshot, keep model.Time) {
	newer := len(c.snaps) == 0 || s.Stamp > c.snaps[len(c.snaps)-1].Stamp
	i := len(c.snaps)
	for i > 0 && c.snaps[i-1].Stamp > s.Stamp {
		i--
	}
	if i > 0 && c.snaps[i-1].Stamp == s.Stamp {
		return
	}
	if c.lerp.due && i <= c.lerp.b {
		c.view() // a late one lands before the pending lerp's pair: write its poses first
	}
	if len(c.snaps) == cap(c.snaps) { // (the lerp's indices are the window's: kept as it moves)
		if len(c.snaps) < cap(c.snapBuf)/2 { // room at the front: move back, once in many snapshots
			c.snaps = append(c.snapBuf[:0], c.snaps...)
		} else {
			c.snapBuf = make([]*Snapshot, 0, 2*len(c.snaps)+8)
			c.snaps = append(c.snapBuf, c.snaps...)
		}
	}
	c.snaps = append(c.snaps, nil)
	copy(c.snaps[i+1:], c.snaps[i:])
	c.snaps[i] = s
	if newer {
		c.PackageTimeStamp, c.hasStamp = s.Stamp, true
		c.Clock.Snapshot(s.Stamp)
		if c.seenTrail != nil {
			c.seenTrail.Push(rewind.Sample{T: s.Stamp, Pose: s.Poses[foe(c.Index)]}, 0)
		}
	}
	// Drop what no render time can reach any more, but keep two.
	newest := c.snaps[len(c.snaps)-1].Stamp
	drop := 0
	for drop < len(c.snaps)-2 && c.snaps[drop+1].Stamp < newest-keep {
		drop++
	}
	if drop > 0 {
		if c.lerp.due && drop >= c.lerp.b {
			c.view() // the pending lerp's pair leaves (a gap over a second): write its poses first
		}
		c.lerp.b -= drop
		// sliced off, not shifted: moving pointers costs write barriers
		// while the collector marks; the dropped stay in snapBuf's front,
		// read by nothing (Sim.snapshotsHeld looks at snaps)
		c.snaps = c.snaps[drop:]
	}
}

// display computes the remote pawns' poses for this render frame (an
// interpolation's are written when first read: view).
func (c *Client) display(cfg *Config, t model.Time, own model.Pose, n int) {
	v := &c.Display
	if len(c.snaps) == 0 {
		c.view() // the poses the last frame showed stay in place, unshown
	}
	c.lerp.due = false
	v.T = t
	if cap(v.Poses) < n {
		v.Poses, v.Shown = make([]model.Pose, n), make([]bool, n)
	}
	v.Poses, v.Shown = v.Poses[:n], v.Shown[:n]
	v.Starved, v.Filled = false, len(c.snaps) > 0
	if len(c.snaps) == 0 {
		clear(v.Shown)
	} else {
		switch cfg.Display {
		case DisplayInterp:
			c.interpolate(cfg, v)
		case DisplayExtrap:
			c.extrapolate(v, n)
		default:
			s := c.snaps[len(c.snaps)-1]
			copy(v.Poses, s.Poses)
			v.IdealT, v.Render = s.Stamp, s.Stamp
			setAll(v.Shown, true)
		}
	}
	v.Poses[c.Index], v.Shown[c.Index] = own, true
}

func setAll(b []bool, x bool) {
	for i := range b {
		b[i] = x
	}
}

// interpolate shows the world interp_ms behind PackageTimeStamp, between
// the two snapshots that sandwich that render time, as Source does.
func (c *Client) interpolate(cfg *Config, v *ClientView) {
	render := c.PackageTimeStamp - model.MsF(cfg.InterpMs)
	v.Render = render
	setAll(v.Shown, true)
	first, last := c.snaps[0], c.snaps[len(c.snaps)-1]
	switch {
	case render >= last.Stamp:
		copy(v.Poses, last.Poses)
		v.IdealT = last.Stamp
		v.Starved = render > last.Stamp
		return
	case render <= first.Stamp:
		copy(v.Poses, first.Poses)
		v.IdealT = first.Stamp
		v.Filled = false
		return
	}
	i := c.sandwich(render)
	a, b := c.snaps[i-1], c.snaps[i]
	c.lerp = pendingLerp{b: i, f: float64(render-a.Stamp) / float64(b.Stamp-a.Stamp), due: true}
	v.IdealT = render
}

// sandwich is the index i of the buffered snapshot after render, the
// pair i-1, i sandwiching it, for a render time after the oldest and
// before the newest. The render time trails the newest stamp by
// interp_ms, so the pair is near the newest end of the buffer (which
// holds interp_ms and a second more): it looks from there.
func (c *Client) sandwich(render model.Time) int {
	i := len(c.snaps) - 1
	for c.snaps[i-1].Stamp > render {
		i--
	}
	return i
}

// drawnPair is the interpolation state of the client's display, what a
// sub-tick command sends: the server times of the two snapshots
// interpolate lerped between this frame (the same one twice when it held
// one); lerped is false when the client does not interpolate.
func (c *Client) drawnPair(cfg *Config) (from, to model.Time, lerped bool) {
	if cfg.Display != DisplayInterp || len(c.snaps) == 0 {
		return 0, 0, false
	}
	render := c.Display.Render
	first, last := c.snaps[0].Stamp, c.snaps[len(c.snaps)-1].Stamp
	switch {
	case render >= last:
		return last, last, true
	case render <= first:
		return first, first, true
	}
	i := c.sandwich(render)
	return c.snaps[i-1].Stamp, c.snaps[i].Stamp, true
}

// pendingLerp is a frame's interpolation between the buffered snapshots
// b-1 and b at fraction f, not yet written into the display's poses: most
// frames no one reads the remote pawns' poses (a shot, a sighting, a
// frame for the views does), and with a crowd the lerps were most of a
// frame. It names the pair by index, not by pointer, so a clone or a
// keyframe holds no snapshot (nor the slab it was carved from) beyond
// its buffer's; receive writes the poses before it moves the pair.
type pendingLerp struct {
	b   int
	f   float64
	due bool
}

// view is the client's display with every pose written: what anything
// reading the remote pawns' poses reads.
func (c *Client) view() *ClientView {
	v := &c.Display
	if !c.lerp.due {
		return v
	}
	c.lerp.due = false
	a, b, f := c.snaps[c.lerp.b-1], c.snaps[c.lerp.b], c.lerp.f
	for j := range v.Poses {
		if j == c.Index {
			continue // display shows the predicted pose there
		}
		pa, pb := &a.Poses[j], &b.Poses[j]
		if pa.Epoch != pb.Epoch { // never slide a pawn across a teleport
			if f < 0.5 {
				v.Poses[j] = *pa
			} else {
				v.Poses[j] = *pb
			}
			continue
		}
		v.Poses[j] = lerpShown(pa, pb, f)
	}
	return v
}

// lerpShown is rewind.LerpPose(*a, *b, f, rewind.LerpShortest) bit for
// bit, written out so a frame of many pawns makes no call per pawn: the
// shortest turn d in (-pi, pi] landing in [0, 2*pi) is model.LerpAngle's
// own a + d*f, which neither wraps; anything else takes LerpAngle.
func lerpShown(a, b *model.Pose, f float64) model.Pose {
	near := a
	if f >= 0.5 {
		near = b
	}
	d := b.Yaw - a.Yaw
	yaw := a.Yaw + d*f
	if !(d > -math.Pi && d <= math.Pi && yaw >= 0 && yaw < 2*math.Pi) {
		yaw = model.LerpAngle(a.Yaw, b.Yaw, f)
	}
	return model.Pose{Pos: a.Pos.Lerp(b.Pos, f), Yaw: yaw, Alive: near.Alive, Epoch: near.Epoch}
}

// extrapolate is dead reckoning: the newest snapshot moved on by its
// velocity to PackageTimeStamp. When a snapshot disagrees with the
// prediction the pawn warps, the drawback the Lag Compensation article
// names; the size of each warp is measured.
func (c *Client) extrapolate(v *ClientView, n int) {
	s := c.snaps[len(c.snaps)-1]
	dt := (c.PackageTimeStamp - s.Stamp).Seconds()
	if len(c.lastExtrap) != n {
		c.lastExtrap, c.lastVel = make([]model.Vec, n), make([]model.Vec, n)
	}
	c.warpLast = 0
	for j := 0; j < n; j++ {
		p := s.Poses[j]
		p.Pos = p.Pos.Add(s.Vels[j].Scale(dt))
		if j != c.Index && v.Shown[j] {
			// where the previous frame's prediction puts it at this
			// frame's display time: a warp is a correction of what was
			// shown, not PackageTimeStamp re-syncing to a snapshot (which
			// moves the display time, and a perfect prediction with it)
			expect := c.lastExtrap[j].Add(c.lastVel[j].Scale((c.PackageTimeStamp - c.lastExtrapT).Seconds()))
			d := p.Pos.Dist(expect)
			c.warpLast = max(c.warpLast, d)
			if d >= WarpEventMinM {
				c.noteWarp(WarpEvent{T: v.T, Pawn: j, From: expect, To: p.Pos, M: d})
			}
		}
		c.lastExtrap[j], c.lastVel[j] = p.Pos, s.Vels[j]
		v.Poses[j] = p
	}
	if c.warpLast > c.warpMax {
		c.warpMax, c.warpMaxAt = c.warpLast, v.T
	}
	c.lastExtrapT = c.PackageTimeStamp
	v.IdealT, v.Render = c.PackageTimeStamp, c.PackageTimeStamp
	setAll(v.Shown, true)
}

// WarpEvent is one extrapolation warp: at client time T the pawn shown
// at From (where the previous frame's prediction would have put it)
// jumped to To, M metres away, because a snapshot corrected it.
type WarpEvent struct {
	T        model.Time
	Pawn     int
	From, To model.Vec
	M        float64
}

// WarpEventMinM is the smallest jump listed as a warp event: below a
// millimetre it is rounding in the prediction, not a correction. The
// max_warp_m figure counts every jump, however small.
const WarpEventMinM = 0.001

// noteWarp records a warp event and forgets those older than GhostWindow.
func (c *Client) noteWarp(e WarpEvent) {
	drop := 0
	for drop < len(c.warps) && c.warps[drop].T <= e.T-GhostWindow {
		drop++
	}
	c.warps = append(c.warps[:0], c.warps[drop:]...)
	c.warps = append(c.warps, e)
}

// LargestWarp is the largest extrapolation warp the client's display has
// made so far (max_warp_m) and the frame it made it at: where a lecture's
// "largest warp" bookmark points (lagcomp/moments). Zero before any.
func (c *Client) LargestWarp() (m float64, at model.Time) { return c.warpMax, c.warpMaxAt }

// LargestCorrection is the largest correction of this client's own pawn
// so far (zero before any): where a lecture's "largest correction"
// bookmark points (lagcomp/moments).
func (c *Client) LargestCorrection() movement.Correction { return c.maxCorr }

// DownLink is the configuration of the link from the server to this
// client (the victim's own latency applied), as it stands now.
func (c *Client) DownLink() netem.LinkConfig { return c.down.Config() }

// pingOrZero is the client's tracked ping in ms, 0 before the first
// reply: what a client without a measurement has to go on.
func (c *Client) pingOrZero() float64 {
	if ping, ok := c.ping.ExactPing(); ok {
		return ping
	}
	return 0
}

// backups are the shots whose commands a packet repeats, oldest first:
// those fired in commands lo to hi, the packet's cl_cmdbackup copies of
// earlier commands (a shot is its command's fire button: it rides where
// the command does), and their shot numbers. They are windows of recent
// and recentSeq themselves, not copies (clipped: an append to one cannot
// reach them), which are never written where a window can see them
// (remember).
func (c *Client) backups(lo, hi uint32) ([]*Command, []uint32) {
	r := c.recent
	j := len(r)
	for j > 0 && r[j-1].Usercmd > hi { // the packet's own commands' shots are the newest
		j--
	}
	i := j
	for i > 0 && r[i-1].Usercmd >= lo {
		i--
	}
	if i == j {
		return nil, nil
	}
	return r[i:j:j], c.recentSeq[i:j:j]
}

// remember keeps a new command for the backups of later packets. recent
// only grows, and moves to a new array rarely (packets in flight hold
// windows of the old one, which nothing writes again), keeping the shots
// of the commands later packets may still repeat: those among the last
// n sent.
func (c *Client) remember(cmd *Command, n int) {
	if keep := n + 1; len(c.recent) >= 4*keep+16 {
		last := c.lastSentInput()
		from := 0
		for from < len(c.recent) && c.recent[from].Usercmd+uint32(n) <= last {
			from++
		}
		room := 2*(len(c.recent)-from) + 8*keep + 32
		c.recent = append(make([]*Command, 0, room), c.recent[from:]...)
		c.recentSeq = append(make([]uint32, 0, room), c.recentSeq[from:]...)
	}
	c.recent, c.recentSeq = append(c.recent, cmd), append(c.recentSeq, cmd.Seq)
}

// MaxObservers bounds the observers key (events declares it: its client
// names go as far).
const MaxObservers = events.MaxObservers

// Observers are remote clients besides the victim: they watch the
// shooter, so its weapon-fire effects are seen from more than one place.
// Client (and pawn) 0 is the shooter, 1 the victim, 2… the observers; the
// bystanders' pawns come after them.

// observerMotions places the observers. The first follows cfg.Observer;
// observer k of n has the same script turned about the shooter by
// 180°·k/n, so with the default (beside the shooter) they fan out over
// the half-plane behind it, never into the line of fire. Each faces the
// shooter.
func observerMotions(cfg *Config, shooter model.Vec) []model.Motion {
	ms := make([]model.Motion, cfg.Observers)
	for k := range ms {
		m := cfg.Observer
		turn := math.Pi * float64(k) / float64(cfg.Observers)
		m.Origin = shooter.Add(m.Origin.Sub(shooter).Rotate(turn))
		m.Heading += turn
		m.Yaw = shooter.Sub(m.Origin).Angle()
		m.Seed = cfg.Seed*0x2545f4914f6cdd1d + uint64(k+1)*stream.Motion
		ms[k] = m
	}
	return ms
}

// players are the shooter's and the victim's clients: projectiles are
// replicated to them only (one remote copy per projectile, the victim's);
// observers watch the weapon-fire effects.
func (s *Sim) players() []*Client { return s.Clients[:2] }

// ClientName is how records name a client: "shooter", "victim",
// "observer1"…
func ClientName(i int) string {
	switch i {
	case ShooterPawn:
		return "shooter"
	case TargetPawn:
		return "victim"
	}
	return fmt.Sprintf("observer%d", i-1)
}

// UserInput is what the user's keys and mouse hold for a pawn: Move a
// direction (WASD or the arrows: each axis -1, 0 or 1; the pawn walks at
// its speed along it), and, when Aim, the yaw the mouse points at.
type UserInput struct {
	Move model.Vec
	Aim  bool
	Yaw  float64
}

// SetUserInput holds the user's input for pawn (the shooter or the
// target) from now on: the pawn's client samples it at each frame while
// its control (shooter_control, target_control) is user. The timeline
// records it, so a replay samples the same at the same frames.
func (s *Sim) SetUserInput(pawn int, in UserInput) {
	for _, x := range [3]float64{in.Move.X, in.Move.Y, in.Yaw} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return // no key or mouse produces these: refuse rather than move to NaN
		}
	}
	if pawn == ShooterPawn || pawn == TargetPawn {
		s.user[pawn] = in
	}
	if s.honest != nil {
		s.honest.SetUserInput(pawn, in) // the honest player holds the same keys
	}
}

// SampledUserInput is a change of what the user holds for a pawn, as
// the pawn's client sampled it at its frame T: the timeline records the
// user's input at the frame that sampled it, so a replay that sets it
// just before T samples exactly what the live run did, whenever between
// two frames the keys changed.
type SampledUserInput struct {
	Pawn int
	T    model.Time
	In   UserInput
}

// TakeSampledUserInputs hands over the changes of the user's input the
// clients have sampled since the last call, oldest first.
func (s *Sim) TakeSampledUserInputs() []SampledUserInput {
	l := s.sampledLog
	s.sampledLog = nil
	if s.honest != nil {
		s.honest.TakeSampledUserInputs() // the twin's own are the same player's: not recorded twice
	}
	return l
}

// LastSampledUserInput is what pawn's client last sampled of the user's
// input (zero before any): what a replay of the recorded inputs holds.
func (s *Sim) LastSampledUserInput(pawn int) UserInput {
	if pawn == ShooterPawn || pawn == TargetPawn {
		return s.sampled[pawn]
	}
	return UserInput{}
}

// userControlled reports whether the user's keys move client c's pawn.
func (s *Sim) userControlled(c *Client) bool {
	switch c.Index {
	case ShooterPawn:
		return s.cfg.Control == ControlUser
	case TargetPawn:
		return s.cfg.TargetControl == ControlUser
	}
	return false
}

// userSpeed is how fast the user's keys walk pawn i: the target's speed
// (target_speed_mps), 5 m/s when that is 0.
func userSpeed(cfg *Config, i int) float64 {
	if cfg.Target.Speed > 0 {
		return cfg.Target.Speed
	}
	return 5
}

// sampleInput makes the client frame's commands, each sampled and
// applied at once (client-side prediction): the movement since the last,
// from the user's keys or the bot's hands, queued for the next command
// packet. With frame beats that is one command covering the frame just
// ended; with tick or cmd_frame beats one for each beat that has come
// (none, or several when frames are slower than the beat). The first
// frame only starts the clock.
func (s *Sim) sampleInput(c *Client, t model.Time) {
	if !c.framed {
		c.framed, c.prevFrame = true, t
		return
	}
	if s.cfg.CmdPer == CmdPerFrame || s.cfg.CmdPer == "" {
		s.makeCommand(c, t, t)
		return
	}
	for end := s.cfg.beatAfter(c.prevFrame, c.cmdPhase); end <= t; end = s.cfg.beatAfter(c.prevFrame, c.cmdPhase) {
		s.makeCommand(c, t, end)
	}
}

// makeCommand makes the command that ends at end, sampled at frame t: it
// covers the time since the last ended (prevFrame).
func (s *Sim) makeCommand(c *Client, t, end model.Time) {
	dt := end - c.prevFrame
	if dt <= 0 {
		return
	}
	c.inputSeq++
	in := movement.Input{Seq: c.inputSeq, T: c.prevFrame, Dt: dt}
	cur := c.pred.Pose
	in.Epoch, in.Alive, in.Yaw = int32(cur.Epoch), cur.Alive, cur.Yaw
	if s.userControlled(c) {
		u := s.user[c.Index]
		if u != s.sampled[c.Index] {
			s.sampled[c.Index] = u
			s.sampledLog = append(s.sampledLog, SampledUserInput{Pawn: c.Index, T: t, In: u})
		}
		if l := u.Move.Len(); l > 0 {
			in.Vel = u.Move.Scale(userSpeed(&s.cfg, c.Index) / l)
		}
		if u.Aim {
			in.Yaw = model.NormalizeAngle(u.Yaw)
		}
	} else {
		var epoch int
		in.Vel, in.Yaw, epoch, in.Alive, in.Jump = s.botHands(c, end, dt)
		in.Epoch = int32(epoch)
	}
	if c.dead { // told of its death: the dead do not move
		in.Vel = model.Vec{}
	}
	c.pred.Predict(in, s.predictWalls())
	if s.cfg.clientReports() { // ServerMove's ClientLoc: where the prediction put the pawn
		in.Pos, in.HasPos = c.pred.Pose.Pos, true
	}
	c.batch = append(c.batch, in)
	c.prevFrame = end
}

// botHands is the bot's input over the frame ending at t: steer toward
// where its motion script puts the pawn at t, no faster than the script
// walks — so on clean links the pawn follows the script exactly, and
// after a correction or a wall it makes its way back. The script's
// teleports and deaths come with the input as the scene's rule.
func (s *Sim) botHands(c *Client, t, dt model.Time) (vel model.Vec, yaw float64, epoch int, alive bool, jump model.Vec) {
	m := &s.Server.Pawns[c.Index].Motion
	goal := m.AtLeg(t, &c.hands) // At bit for bit, without its copy of the script and its sine at every frame
	cur := c.pred.Pose
	if goal.Epoch != cur.Epoch {
		return model.Vec{}, goal.Yaw, goal.Epoch, goal.Alive, goal.Pos
	}
	vel = handsVel(goal.Pos.Sub(cur.Pos), dt)
	if vel.X != 0 || vel.Y != 0 { // a still bot's zero is no faster than its script
		if top, l := m.MaxSpeed(), vel.Len(); l > top { // the length once: the same value both times
			vel = vel.Scale(top / l)
		}
	}
	return vel, goal.Yaw, goal.Epoch, goal.Alive, model.Vec{}
}

// handsVel is the velocity that covers d in dt (> 0): d.Scale(1 /
// dt.Seconds()). A bot standing where its script wants it (d zero: a
// standing bot's every frame) gets d itself, which is that product bit
// for bit (±0 times a finite positive factor keeps its sign), without the
// two divisions.
func handsVel(d model.Vec, dt model.Time) model.Vec {
	if d.X == 0 && d.Y == 0 {
		return d
	}
	return d.Scale(1 / dt.Seconds())
}

// predictWalls are the walls the predicting client collides with.
func (s *Sim) predictWalls() []model.Wall {
	if s.cfg.PredictWalls {
		return s.cfg.Walls
	}
	return nil
}

// takeInputs moves the inputs sampled since the last command packet into
// p, after the last cmd_backup inputs sent before them (cl_cmdbackup).
func (s *Sim) takeInputs(c *Client, p *Packet) {
	if len(c.batch) == 0 {
		return
	}
	n := s.cfg.CmdBackup
	back := c.sentInputs[max(0, len(c.sentInputs)-n):]
	// packets' inputs are carved from a slab (a packet is never written
	// after it is sent, so they may share one): one allocation for many.
	// The backups were the last packet's newest inputs: when they end the
	// slab, the packet's window starts among them and only the new inputs
	// are stored.
	k := len(back) + len(c.batch)
	shared := 0
	if l := len(c.slab); len(back) > 0 && l >= len(back) && c.slab[l-1].Seq == back[len(back)-1].Seq && c.slab[l-len(back)].Seq == back[0].Seq {
		shared = len(back) // the same inputs: seqs are consecutive
	}
	if cap(c.slab)-len(c.slab) < k-shared {
		s.nextInputSlab(c, max(inputSlabSize, 4*k))
		shared = 0
	}
	if shared == 0 {
		c.slab = append(c.slab, back...)
	}
	c.slab = append(c.slab, c.batch...)
	at := len(c.slab) - k
	p.Inputs, p.inputSlab = c.slab[at:at+k:at+k], c.slabGen
	p.InputBackups = len(back)
	c.inputsSent += len(c.batch)
	c.sentInputs = append(c.sentInputs, c.batch...)
	if len(c.sentInputs) > 2*n+16 { // keep the last n, shifting rarely (in place: a clone copies it)
		c.sentInputs = c.sentInputs[:copy(c.sentInputs, c.sentInputs[len(c.sentInputs)-n:])]
	}
	c.batch = c.batch[:0]
}

// inputSlab is an input slab a client filled, and its number.
type inputSlab struct {
	in  []movement.Input
	gen uint32
}

// inputSlabSize is how many inputs a slab holds (a second's at 128 fps,
// 10 kB), more when a packet carries more than a quarter of that: small,
// as filled slabs are reused, so a run costs a few of them.
const inputSlabSize = 128

// maxOldSlabs bounds how many filled slabs a client or the server keeps
// for reuse: enough for the slabs of the longest delays in flight (a
// slab is reused once nothing reads it), past which the oldest is left
// to the collector.
const maxOldSlabs = 64

// nextInputSlab gives c a new slab of at least size inputs: the oldest
// filled one no packet can read any more (Sim.inputsHeld), else a new
// one. So a run reuses a few slabs for good rather than allocating one
// every few seconds.
func (s *Sim) nextInputSlab(c *Client, size int) {
	if cap(c.slab) > 0 {
		c.oldSlabs = append(c.oldSlabs, inputSlab{c.slab[:0], c.slabGen})
	}
	c.slabGen++
	old := c.oldSlabs
	for i := range old {
		if cap(old[i].in) >= size && !s.inputsHeld(c.Index, old[i].gen) {
			c.slab = old[i].in
			c.oldSlabs = slices.Delete(old, i, i+1) // zeroes the end: nothing stays held twice
			return
		}
	}
	if len(old) > maxOldSlabs {
		c.oldSlabs = slices.Delete(old, 0, 1)
	}
	c.slab = s.spares.inputSlab(size)
}

// inputsHeld says whether anything can still read the inputs client i
// carved from its slab gen: a packet in flight to the server. Nothing
// else holds a packet's inputs: the server copies them into its input
// buffer as they arrive, frames and the recent losses keep what they show
// (packetFrame), and a clone or keyframe copies out those it shares
// (ownSlabs, slabFree).
func (s *Sim) inputsHeld(i int, gen uint32) bool {
	if s.noReuse {
		return true
	}
	in := &s.Server.in
	for _, k := range in.keys {
		if p := &in.slots[k.slot]; p.Client == i && p.inputSlab == gen && len(p.Inputs) > 0 {
			return true
		}
	}
	return false
}

// sendInputs sends a command packet when one is due at cmd_rate_hz and
// commands wait for it. The shots fired in those commands leave in it the
// way the configured engine sends them: as reliable messages riding it
// (UT2003's reliable ServerPredictedStartFire), or as the fire buttons of
// its commands, which later packets repeat with them (Source's usercmds,
// cl_cmdbackup). A shot whose command is not made yet (a tick or
// cmd_frame beat still to come) waits for it. cheat_resend replays them
// in a second packet: copies the server must refuse.
func (s *Sim) sendInputs(c *Client, t model.Time) {
	due := c.cmds.Due(t, s.cfg.cmdRate())
	if !due && !c.cmdWaits || len(c.batch) == 0 && len(c.queued) == 0 {
		c.cmdWaits = c.cmdWaits || due && c.inputSeq > 0 // (the first frame makes none: the clock starts)
		return
	}
	ready := 0
	for ready < len(c.queued) && c.queued[ready].Usercmd <= c.inputSeq {
		ready++
	}
	if len(c.batch) == 0 && ready == 0 {
		c.cmdWaits = true
		return
	}
	c.cmdWaits = false
	p := Packet{Kind: PacketMove, Client: c.Index, Up: true}
	s.takeInputs(c, &p)
	cmds := c.queued[:ready:ready]
	if ready == len(c.queued) {
		c.queued = nil
	} else {
		c.queued = slices.Clone(c.queued[ready:])
	}
	if len(cmds) > 0 {
		p.Kind = PacketCommand
		for _, cmd := range cmds {
			if s.cfg.ReliableFire {
				s.sendReliable(relMsg{Kind: PacketCommand, Cmd: cmd}, c, true, fireChannel)
			} else {
				c.remember(cmd, s.cfg.CmdBackup)
			}
		}
		if !s.cfg.ReliableFire {
			p.Cmds = cmds
		}
	}
	if s.cfg.ReliableFire {
		if c.stopQueued { // behind the shots fired before it came up
			c.stopQueued = false
			s.sendReliable(relMsg{Kind: PacketStopFire, Shot: c.seq}, c, true, fireChannel)
		}
	} else {
		p.HasTrigger, p.Trigger, p.TriggerShot = true, c.holding, c.seq
	}
	c.cmdPackets++
	if s.cfg.CmdRateHz > s.cfg.cmdRate() {
		c.cmdCapped++
	}
	s.send(&p, c)
	if s.cfg.CheatResend && len(cmds) > 0 {
		s.send(&Packet{Kind: PacketCommand, Client: c.Index, Up: true, Cmds: cmds}, c)
	}
}

// reconcile takes a snapshot's word on the client's own pawn: newer than
// any before, it resets the prediction to the server's state and replays
// what the server has not played (a correction when that moves it).
func (s *Sim) reconcile(c *Client, snap *Snapshot, t model.Time) {
	if c.Index >= len(snap.Played) || !snap.Played[c.Index] || snap.Stamp <= c.ackStamp {
		return
	}
	c.ackStamp = snap.Stamp
	a := snap.Acks[c.Index]
	c.acked = a.Pose
	if c.respawned(snap, &a) {
		// the server put the pawn at its spawn point: the client takes it
		// there, uncounted (named in its movement line's respawns)
		n, m := c.pred.Corrections, c.pred.MaxCorrectionM
		c.pred.Reconcile(a, t, s.predictWalls())
		c.pred.Corrections, c.pred.MaxCorrectionM = n, m
		c.respawns++
		return
	}
	if !s.cfg.Predict {
		// nothing shown was predicted, so nothing shown is corrected: the
		// prediction kept behind the screen (the bot's hands steer by it,
		// so the inputs sent stay the same) reconciles uncounted
		n, m := c.pred.Corrections, c.pred.MaxCorrectionM
		c.pred.Reconcile(a, t, s.predictWalls())
		c.pred.Corrections, c.pred.MaxCorrectionM = n, m
		return
	}
	var corr movement.Correction
	var ok bool
	if s.cfg.Reconcile {
		corr, ok = c.pred.Reconcile(a, t, s.predictWalls())
	} else {
		corr, ok = c.pred.Snap(a, t)
	}
	if !ok {
		return
	}
	last := corr // a copy: taking corr's own address would put it on the heap at every snapshot
	c.lastCorr = &last
	if corr.M > c.maxCorr.M {
		c.maxCorr = corr
	}
	drop := 0
	for drop < len(c.corrections) && c.corrections[drop].At <= t-GhostWindow {
		drop++
	}
	// shifted in place: a clone copies the list, a frame copies what it shows
	c.corrections = append(c.corrections[:copy(c.corrections, c.corrections[drop:])], corr)
}
