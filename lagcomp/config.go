package lagcomp

import (
	"fmt"
	"slices"

	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/clock"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/ping"
	"lagscope/lagcomp/rewind"
	"lagscope/lagcomp/rule"
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// Mode is a hitscan lag-compensation technique; the modes, their order
// and their strategies are the table in lagcomp/compensation.
type Mode = compensation.Mode

// DisplayMode is how a client shows remote pawns.
type DisplayMode string

const (
	DisplayInterp DisplayMode = "interp" // between two snapshots, interp_ms in the past (Source)
	DisplayExtrap DisplayMode = "extrap" // dead reckoning from the latest snapshot; warps on correction (UT2003 clients)
	DisplayRaw    DisplayMode = "raw"    // the latest snapshot as it is
)

// WeaponKind is a hitscan weapon.
type WeaponKind string

const (
	WeaponRifle WeaponKind = "rifle" // single shot (instagib shock rifle)
	WeaponRapid WeaponKind = "rapid" // rapid fire in bursts
)

// Control is who pulls the shooter's trigger.
type Control string

const (
	ControlBot  Control = "bot"  // aims at the displayed target and fires at the weapon's rate
	ControlUser Control = "user" // fires only when asked (a click in the shooter's view)
)

// StampMode is when a rapid-fire gun sends its timestamp.
type StampMode string

const (
	StampPerShot   StampMode = "per_shot"   // every shot carries its own stamp
	StampStartFire StampMode = "start_fire" // only StartFire does; the server advances it (UT2003's open problem)
)

// Config is every knob of a run in one plain struct. It is filled from
// Defaults, then a preset, then --set or the sliders, all through the
// keys of Params, and checked by Validate in one place.
type Config struct {
	Seed       uint64
	DurationMs float64

	// Network: the shooter's links (and the observers'); the victim's are
	// the same but for each field of VictimUp and VictimDown that is >= 0
	// (the victim_-prefixed link keys; -1 = as the shooter's).
	Up, Down             netem.LinkConfig
	VictimUp, VictimDown netem.LinkConfig
	// Population names a distribution every player's link is drawn from
	// ("" none; population.go), PopulationDraw which draw of it.
	Population     string
	PopulationDraw int

	// Rates.
	TickHz     int
	SnapshotHz int
	FPS        int
	// Movement: commands made at each beat of CmdPer (a frame, a tick,
	// or a command frame of CmdFrameMs: usercmd.go), sent in command
	// packets CmdRateHz times a second (at most FPS and the command beat:
	// cmdRate), played by the server's input buffer InputBufferMs behind
	// the first (-1: one tick); PredictWalls: the predicting client
	// collides with the walls.
	CmdPer     CmdPer
	CmdFrameMs float64
	// CmdPhaseMs is where a client's command beats lie against the
	// server's ticks (tick and cmd_frame beats; -1: drawn per client
	// from the seed): cmdPhase.
	CmdPhaseMs    float64
	CmdRateHz     int
	InputBufferMs float64
	// InputStarved is what the input buffer does when a player's next
	// input has not come, each engine's rule: repeat the last (Overwatch),
	// or hold and catch up as Source (source), Unreal (ue) or no engine
	// (wait) does.
	InputStarved movement.Starve
	// MaxUsercmdTicks caps the movement one tick runs under
	// input_starved = source (sv_maxusrcmdprocessticks; 0: none);
	// MaxMoveDeltaMs clamps a move under input_starved = ue
	// (MaxMoveDeltaTime).
	MaxUsercmdTicks int
	MaxMoveDeltaMs  float64
	PredictWalls    bool
	// Predict: the client moves its own pawn by its inputs at once
	// (false: it shows the server's word on it, nothing predicted);
	// Reconcile: it replays the inputs the server has not played on each
	// word (false: the pawn snaps back to the server's). The naive
	// client's switches, as Gabriel Gambetta's demo has them.
	Predict, Reconcile bool
	// MovementAuthority: whether the server adopts a client's reported
	// position within MaxPositionErrorM of its own (authority.go).
	MovementAuthority Authority
	MaxPositionErrorM float64
	InterpMs          float64
	Display           DisplayMode

	// Compensation.
	Mode                 Mode
	Bias                 float64
	MaxRewindMs          float64
	MaxTrailMs           float64
	StampSubtractsInterp bool
	Rotation             rewind.RotationLerp
	TrailReset           bool
	TeleportGuard        bool
	TeleportDistM        float64
	SourceWindowMs       float64
	StampPrecision       compensation.Precision
	HitLeewayM           float64
	ViewDotMin           float64
	HitFeedback          HitFeedback

	// Ping tracking.
	PingStyle           ping.Style
	PingIntervalMs      float64
	PingSmoothing       float64
	PingCompress        bool
	MaxPredictionPingMs float64
	CorrectionFactor    float64
	LatencyReductionMs  float64
	PingToleranceMs     float64

	// Weapon and shooter bot; TargetControl: who moves the target.
	Control        Control
	TargetControl  Control
	Weapon         WeaponKind
	StampMode      StampMode
	FireIntervalMs float64
	BurstShots     int
	BurstPauseMs   float64
	AimErrorDeg    float64
	RangeM         float64
	// How shots travel: ReliableFire sends each as a reliable message
	// (UT2003's ServerPredictedStartFire is a reliable RPC); otherwise a
	// shot is its command's fire button, and CmdBackup repeats the last N
	// commands in every command packet (Source's cl_cmdbackup). With
	// either, loss delays shots.
	ReliableFire bool
	// RefireCheck is UT2003's server refire check on each StartFire
	// (refire.go): one that comes before its weapon's NextFireTime is
	// held until it, named refire_delayed.
	RefireCheck bool
	CmdBackup   int
	// ReliableStyle is how every connection resends its reliable messages
	// (netem.Style: Unreal's NAK, RFC 6298's timer, Quake 3's repeat).
	ReliableStyle netem.Style

	// Projectile prediction.
	PredictProjectiles bool
	RocketSpeedMps     float64
	RocketRadiusM      float64
	RocketCorrectFake  bool
	RocketPredictFX    bool
	BoltSpeedMps       float64
	BoltCorrectFake    bool
	BoltPredictFX      bool
	CorrectionMs       float64 // time constant of the fake's drift toward the auth
	SwitchExtraMs      float64 // SwitchToAuthTimer = the tracked ping + this
	MismatchM          float64 // detonations further apart than this "hit the wrong thing"
	RemoteResim        bool    // remote clients rewind to the spawn and resimulate
	ResimSpeedup       float64 // how much faster than real time a remote copy catches up

	// Weapon-fire effects over property replication (ShooterGame's BurstCounter article).
	BurstEncoding      burstcounter.Encoding // naive int32 BurstCounter or FRepBurstInfo
	BurstCompressByte  bool                  // bCompressByte: 6-bit counter (8 bits in all) or 14-bit (16)
	BurstCreationCheck bool                  // skip the burst on the packet that opens the channel (CreationTime)
	BurstAutoLoop      bool                  // the bonus: a looping effect timer at the fire rate
	BurstPlayCount     bool                  // an update plays NumShotsFired effects, not one (FRepBurstInfo)
	NetUpdateHz        int                   // NetUpdateFrequency: how often the server replicates the weapon
	TriggerHoldMs      float64               // the trigger is released this long after a burst's last shot
	RelevancyM         float64               // beyond this the shooter's weapon is culled on a client

	// World.
	ShooterX, ShooterY float64
	Target             model.Motion
	Walls              []model.Wall
	ExtraPawns         int
	ArenaM             float64
	// Observers are remote clients besides the victim that watch the
	// shooter; Observer is the first one's motion, the others' is the same
	// turned about the shooter (see observerMotions).
	Observers int
	// Duel: the target shoots back. Its client's bot fires hitscan at the
	// shooter when its own screen shows the shooter in sight, judged by
	// the server like the shooter's shots; the run measures the peeker's
	// advantage (peekers_advantage.go).
	Duel     bool
	Observer model.Motion
	// A bot's reaction (reaction.go): from its screen's first showing of
	// the other player in sight to its trigger pull, the shooter's (in a
	// duel, the holder's) and the duel's target's, plus a draw uniform in
	// [0, ReactionSpreadMs) once per run.
	ReactionMs, VictimReactionMs, ReactionSpreadMs float64

	// Health and damage (health.go): a player's pawn's health (0: it
	// cannot die), each weapon's damage by body part (-1: the weapon's
	// own, weaponDamage), the time dead before a respawn, and what the
	// server does with a shot its dead shooter fired.
	Health        int
	DamageBody    int
	DamageHead    int
	RespawnMs     float64
	DeadShooter   DeadShooter
	TradeWindowMs float64

	// Events is the run's script of network events (lagcomp/events' text
	// form): key changes, outages and disconnects at exact times.
	Events string

	// Each client's clock (lagcomp/clock): how it keeps its estimate of
	// server time, the one its shots are stamped with, and how its
	// oscillator is off.
	ClockSync     clock.Sync
	ClockOffsetMs float64
	ClockDriftPPM float64

	// Cheating client.
	CheatStampMs   float64
	CheatPingMs    float64
	CheatForgeHits bool
	CheatResend    bool
	CheatBacktrack bool
}

// Cheats reports whether the shooter cheats at all (a cheat_* key set):
// then the run keeps an honest twin to measure what the cheats gained.
func (c *Config) Cheats() bool {
	return c.CheatStampMs != 0 || c.CheatPingMs != 0 || c.CheatForgeHits || c.CheatResend
}

// honestTwin is c with every cheat off: the same player, seed and world,
// aiming at what it sees and stamping what it saw.
func (c Config) honestTwin() Config {
	c.CheatStampMs, c.CheatPingMs, c.CheatForgeHits, c.CheatResend = 0, 0, false, false
	return c
}

// clockSettings are a client clock's keys.
func (c *Config) clockSettings() clock.Settings {
	return clock.Settings{Sync: c.ClockSync, Offset: model.MsF(c.ClockOffsetMs), DriftPPM: c.ClockDriftPPM}
}

// Defaults is the baseline every preset starts from: a 64 Hz server,
// 40 ms each way, Source-like interpolation and UT2003's timestamp mode.
// Each key's default is declared in its row of the key table (keys.go);
// the fields no key sets are in unkeyed.
func Defaults() Config { return defaults }

var defaults = Keys.Defaults(unkeyedDefaults())

// unkeyed are the Config fields no key sets, each with why, and the value
// a run starts from when it is not the zero value. The key table and this
// list together cover every field: TestEveryConfigFieldIsAKeyOrUnkeyed
// fails on a field that is in neither.
var unkeyed = []struct {
	field, why string
	set        func(*Config)
}{
	{"Target.Seed", "the target's random walk and teleport spawns draw from a stream of their own, fixed so a preset's path is the same whatever the run's seed",
		func(c *Config) { c.Target.Seed = 7 }},
	{"Target.Phase", "drawn from the run's seed when the run starts (New)", nil},
	{"Observer.Yaw", "each observer faces the shooter: observerMotions sets it when the run starts",
		func(c *Config) { c.Observer.Yaw = model.V(0, -1).Angle() }},
	{"Observer.Seed", "observerMotions draws each observer's from the run's seed", nil},
	{"Observer.Dead", "observers do not die: a teleporting observer respawns at once", nil},
	{"Observer.Phase", "observers start their cycle at its beginning", nil},
	{"VictimUp.Trace", "a recorded trace is the links' (trace, up_trace): the victim's replays the shooter's; its own victim_ keys are the link fields that are numbers", nil},
	{"VictimUp.TraceLoop", "as VictimUp.Trace: trace_loop is the links'", nil},
	{"VictimDown.Trace", "as VictimUp.Trace", nil},
	{"VictimDown.TraceLoop", "as VictimUp.Trace", nil},
	{"Down.TraceLoop", "trace_loop is one key for both directions: it sets Up's and Down's alike", nil},
	{"VictimUp.TraceLoss", "as VictimUp.Trace: trace_loss is the links'", nil},
	{"VictimDown.TraceLoss", "as VictimUp.Trace", nil},
	{"Down.TraceLoss", "trace_loss is one key for both directions: it sets Up's and Down's alike", func(c *Config) { c.Down.TraceLoss = netem.LossRate }},
}

func unkeyedDefaults() Config {
	var c Config
	for _, u := range unkeyed {
		if u.set != nil {
			u.set(&c)
		}
	}
	return c
}

// Validate checks what single keys cannot: relations between settings.
// Every single key is already in range when it was set through Params.
// The script is checked as a whole, played from this configuration.
func (c *Config) Validate() error { return c.validate(false) }

// validate is Validate; scripted leaves out the script, key (events) and
// play: what a running script's own step is checked by. Its script was
// checked whole when the run began; read and played again at each of
// its steps, 2 000 events took a minute.
func (c *Config) validate(scripted bool) error {
	probe := new(Config) // one scratch copy for every key's check
	for _, p := range Params {
		if scripted && p.Key == "events" {
			continue
		}
		if err := p.CheckWith(c, probe); err != nil {
			return err
		}
	}
	if c.Duel && c.Weapon != WeaponRifle {
		// the target's bot fires single hitscan shots; the burst counter
		// and projectiles follow the shooter's weapon only
		return fmt.Errorf("duel: needs weapon = \"rifle\" (got %q)", c.Weapon)
	}
	if c.SnapshotHz > c.TickHz {
		return fmt.Errorf("snapshot_hz %d is above tick_hz %d: the server cannot send more snapshots than it has ticks", c.SnapshotHz, c.TickHz)
	}
	if err := c.Target.Validate(); err != nil {
		return fmt.Errorf("target: %w", err)
	}
	if err := c.Observer.Validate(); err != nil {
		return fmt.Errorf("observer: %w", err)
	}
	if scripted {
		return nil
	}
	evs, _, err := c.script()
	if err != nil {
		return fmt.Errorf("events: %w", err)
	}
	if err := c.checkPopulationEvents(evs); err != nil {
		return fmt.Errorf("events: %w", err)
	}
	return nil
}

// script is the run's events and the actions they make on its clock. A
// key change may set any key a running simulation takes live (none that
// changes the world, nor events), and the configuration it makes, at
// every step of the script, must be valid as a whole.
func (c *Config) script() ([]events.Event, []events.Action, error) {
	evs, err := events.Parse(c.Events)
	if err != nil || len(evs) == 0 {
		return nil, nil, err
	}
	if len(evs) > stream.MaxEvents {
		return nil, nil, fmt.Errorf("%d events (allowed: at most %d)", len(evs), stream.MaxEvents)
	}
	for _, e := range evs {
		if e.Client != events.All && e.Client >= 2+c.Observers {
			return nil, nil, fmt.Errorf("event %s: there is no %s (observers = %d)", e, events.ClientName(e.Client), c.Observers)
		}
	}
	play := *c
	play.Events = ""
	// what puts a key back: itself, a shorthand's targets, or for a
	// shorthand of many keys (a network profile) every live key
	back := func(key string) []events.Setting {
		p, ok := Lookup(key)
		if !ok {
			return nil // apply says it is unknown
		}
		if !p.Alias {
			return []events.Setting{{Key: p.Key, Value: p.Format(&play)}}
		}
		var out []events.Setting
		for _, q := range Params {
			if !q.Alias && !q.Restarts && q.Read != nil && (len(p.Sets) == 0 || slices.Contains(p.Sets, q.Key)) {
				out = append(out, events.Setting{Key: q.Key, Value: q.Format(&play)})
			}
		}
		return out
	}
	apply := func(set []events.Setting) error {
		settings := make([]Setting, len(set))
		for i, s := range set {
			p, ok := Lookup(s.Key)
			switch {
			case !ok:
				return UnknownKey(s.Key)
			case p.Key == "events":
				return fmt.Errorf("key \"events\": an event cannot change the script")
			case p.Restarts:
				return fmt.Errorf("key %q changes the world, which a running simulation cannot take (allowed: keys a slider changes live)", s.Key)
			}
			settings[i] = Setting{Key: p.Key, Value: s.Value}
		}
		if err := Apply(&play, settings); err != nil {
			return err
		}
		return play.Validate()
	}
	acts, err := events.Schedule(evs, back, apply)
	return evs, acts, err
}

// netUpdateHz is the weapon's effective NetUpdateFrequency: the server
// replicates at most once a tick, so a higher rate means every tick (the
// burst records name the cap: rule.NetUpdateCapped).
func (c *Config) netUpdateHz() int { return min(c.NetUpdateHz, c.TickHz) }

// Tick is the server tick interval (also the step of the timeline's
// tick-by-tick stepping and of the moments' search for projectile rules).
func (c *Config) Tick() model.Time { return model.TickTime(1, c.TickHz) }

// interpDelay is the interpolation delay the server allows clients
// (Source's cl_interp, bounded by the server): what a rewind may go back
// beyond the latency it compensates. Clients that do not interpolate
// show the newest state and get none.
func (c *Config) interpDelay() model.Time {
	if c.Display != DisplayInterp {
		return 0
	}
	return model.MsF(c.InterpMs)
}

// clientLinks are client i's link conditions: the victim's (the duel's
// peeker) with its own victim_ keys where set, everyone else's (observers
// too) as the shooter's.
func (c *Config) clientLinks(i int) (up, down netem.LinkConfig) {
	up, down = c.Up, c.Down
	if i == TargetPawn {
		up, down = victimLink(up, &c.VictimUp), victimLink(down, &c.VictimDown)
	}
	if pl, ok := c.PlayerLink(i); ok {
		up, down = drawnLink(up, pl), drawnLink(down, pl)
	}
	return up, down
}

// ClientLinks are client i's link conditions (the victim's own keys
// applied for the victim), as the views draw them.
func (c *Config) ClientLinks(i int) (up, down netem.LinkConfig) { return c.clientLinks(i) }

// victimLink is the victim's link in one direction: l with every field
// the victim's keys set (>= 0) replaced. The fields are the link keys'
// table's, so a new link key is a victim key too.
func victimLink(l netem.LinkConfig, v *netem.LinkConfig) netem.LinkConfig {
	for _, lf := range linkFields {
		if x := *lf.f(v); x >= 0 {
			*lf.f(&l) = x
		}
	}
	return l
}

// cmdRate is the rate command packets go out at: cmd_rate_hz, but at most
// one a frame, and no more than commands are made (a packet carries at
// least one new command): the clamp is named, rule.CmdRateCapped.
func (c *Config) cmdRate() int { return min(c.CmdRateHz, c.FPS, c.beatHz()) }

// inputBuffer is the server's input buffer (input_buffer_ms; -1 is one
// tick).
func (c *Config) inputBuffer() model.Time {
	if c.InputBufferMs < 0 {
		return c.Tick()
	}
	return model.MsF(c.InputBufferMs)
}

// NeedsRestart reports whether going from a to b changes the world, so
// the simulation must start again rather than take the change live.
func NeedsRestart(a, b *Config) bool {
	for _, s := range Diff(a, b) {
		if p, _ := Lookup(s.Key); p.Restarts {
			return true
		}
	}
	return false
}

// scriptState is a run's scripted events on its clock: the script and its
// actions (never written after New, so clones share them), how far the
// run has got, and what the script did.
type scriptState struct {
	evs  []events.Event
	acts []events.Action
	next int // acts[:next] have run
	// refused counts key changes the running configuration refused (a
	// change made live since, e.g. in the window, made it invalid); the
	// newest reason is kept
	refused    int
	refusedWhy string
	reconnects int
	// resetDropped: the reliable messages the shooter's connection gave
	// up at its rejoins, [from the server, from the client]
	resetDropped [2]int
	// the shooter's packets the script cut, [down, up] by what cut them
	// (packet.go)
	cuts [2][cutKinds]int
}

// runScript runs the script's actions due by t, before anything else
// happens at t: a key change at 3 s holds for every packet sent from
// 3 s on.
func (s *Sim) runScript(t model.Time) {
	sc := &s.script
	for sc.next < len(sc.acts) && sc.acts[sc.next].T <= t {
		a := sc.acts[sc.next]
		sc.next++
		switch a.Kind {
		case events.Apply, events.Revert:
			c := s.cfg
			set := make([]Setting, len(a.Set))
			for i, st := range a.Set {
				set[i] = Setting{Key: st.Key, Value: st.Value}
			}
			err := Apply(&c, set)
			if err == nil {
				err = s.setConfig(c, false, true)
			}
			if err != nil {
				sc.refused++
				sc.refusedWhy = fmt.Sprintf("event %s: %v", sc.evs[a.Event], err)
			}
		case events.Reconnect:
			s.reconnect(a)
		}
	}
}

// reconnect ends a disconnect: each client it hit rejoins as a new
// connection. Its old one is gone at both ends: every reliable message it
// had not delivered either way is given up — counted
// (up_reconnect_dropped, down_reconnect_dropped) and named disconnected on
// the shot it carried — and both ends start again as new endpoints
// (netem.NewConnection: packet numbers, acks and channels from the start).
// Then the client sends its connect request (rejoin) at its next frame,
// over its links as they are, and sends nothing else until the reply
// comes back; both ends' pings start again from that exchange.
func (s *Sim) reconnect(a events.Action) {
	e := s.script.evs[a.Event]
	for i, c := range s.Clients {
		if !e.Hits(i) {
			continue
		}
		cn := s.Server.conns[i]
		stop := false
		for _, weapon := range []bool{false, true} {
			fromClient, fromServer := netem.NewConnection(s.endpoint(c, true, weapon), s.endpoint(c, false, weapon))
			if i == ShooterPawn && !weapon {
				s.script.resetDropped[1] += len(fromClient)
				s.script.resetDropped[0] += len(fromServer)
			}
			for _, m := range append(fromClient, fromServer...) {
				s.droppedAtReconnect(m.Body)
				stop = stop || m.Body.Kind == PacketStopFire
			}
		}
		if stop && !c.holding { // as connectionLost: a rejoining weapon starts from its trigger
			s.weaponStopped()
		}
		old, oldM := c.ping, cn.measured
		c.ping = ping.NewTracker(s.cfg.PingStyle, model.MsF(s.cfg.PingIntervalMs), s.cfg.PingSmoothing)
		cn.measured = ping.NewTracker(s.cfg.PingStyle, c.ping.Interval, c.ping.Smoothing)
		// the run's counts of capped and dropped samples go on
		c.ping.Capped, c.ping.Dropped = old.Capped, old.Dropped
		cn.measured.Capped, cn.measured.Dropped = oldM.Capped, oldM.Dropped
		c.rejoin = rejoin{active: true, event: a.Event, sent: -1}
	}
}

// droppedAtReconnect is a reliable message its connection's end gave up
// when the client rejoined: counted with the others given up, and named
// disconnected on the projectile or the shot it was about (a shot with no
// copy left is lost).
func (s *Sim) droppedAtReconnect(m relMsg) {
	if ps := s.dropReliable(m); ps != nil {
		ps.cutBy |= cutBit(rule.Disconnected)
		s.checkLost(ps)
	}
}

// HandshakeResend is how long a rejoining client waits for the reply
// before it sends its request again: UE's net.HandshakeResendInterval
// (1 s), checked each frame as UE checks it each tick. After
// handshakeTries requests without a reply (the connect handshake's rule)
// the rejoin is counted failed (handshakes_failed) and the run goes on as
// after a failed first handshake: no ping until a bounce returns.
const (
	HandshakeResend = model.Second
	handshakeTries  = 10
)

// rejoin is a client's handshake after a disconnect, both ends of it.
type rejoin struct {
	active     bool       // the client waits for the reply: it sends nothing else
	event      int        // the disconnect it ends
	tries      int        // requests sent
	sent       model.Time // the last request's time (-1: none yet)
	accepted   bool       // the server took a request: its packets to the client flow again
	replied    model.Time // the server's last reply
	awaitFirst bool       // the server times its round trip by the new connection's first packet
}

// rejoinFrame is a rejoining client's frame: the first request, or
// another once HandshakeResend has passed without a reply.
func (s *Sim) rejoinFrame(c *Client, t model.Time) {
	rj := &c.rejoin
	if !rj.active || rj.sent >= 0 && t-rj.sent < HandshakeResend {
		return
	}
	if rj.tries == handshakeTries {
		// no reply to any try: counted, and the run goes on with no ping
		// and the reliability layer from the links' base round trip
		s.handshakesFailed++
		base := model.MsF(s.TrueRTTMs(c.Index))
		s.rejoined(c, base, base)
		return
	}
	rj.tries++
	rj.sent = t
	s.send(&Packet{Kind: PacketHandshake, Client: c.Index, Up: true, Stamp: t}, c)
}

// handshakeRequest: the server takes a rejoining client's request and
// replies; its packets to the client flow again from now.
func (s *Sim) handshakeRequest(p *Packet) {
	c := s.Clients[p.Client]
	rj := &c.rejoin
	rj.accepted, rj.replied, rj.awaitFirst = true, s.Server.Now, rj.active
	s.send(&Packet{Kind: PacketHandshakeReply, Client: p.Client, Stamp: p.Stamp}, c)
}

// handshakeReply: the reply reached the rejoining client; its round trip
// (from the request it answers) restarts the client's ping and its ends'
// estimates. A late reply to an earlier try, once connected, is nothing.
func (s *Sim) handshakeReply(c *Client, p *Packet, t model.Time) {
	if !c.rejoin.active {
		return
	}
	rtt := t - p.Stamp
	c.ping.Connect(rtt.Millis())
	s.rejoined(c, rtt, -1)
}

// rejoined ends a client's rejoin: its ends start their round-trip
// estimates from rtt; the server's from serverRTT (-1: when the new
// connection's first packet arrives, its time since the reply).
func (s *Sim) rejoined(c *Client, rtt, serverRTT model.Time) {
	c.rel.Measured(rtt)
	c.weaponRel.Measured(rtt)
	c.rejoin.active = false
	s.script.reconnects++
	if serverRTT >= 0 {
		c.rejoin.accepted, c.rejoin.awaitFirst = true, false
		cn := s.Server.conns[c.Index]
		cn.rel.Measured(serverRTT)
		cn.weaponRel.Measured(serverRTT)
	}
}

// rejoinedFirst: the first packet of a rejoined client's new connection
// reached the server: the time since its reply is the round trip the
// server's end and its ping start from.
func (s *Sim) rejoinedFirst(p *Packet) {
	c := s.Clients[p.Client]
	if !c.rejoin.awaitFirst {
		return
	}
	c.rejoin.awaitFirst = false
	rtt := p.Deliver - c.rejoin.replied
	cn := s.Server.conns[p.Client]
	cn.measured.Connect(rtt.Millis())
	cn.rel.Measured(rtt)
	cn.weaponRel.Measured(rtt)
}

// Events is the run's script, in time order (shared: do not write).
func (s *Sim) Events() []events.Event { return s.script.evs }

// ScriptRefused is how many scripted key changes the running
// configuration refused, and the newest reason.
func (s *Sim) ScriptRefused() (int, string) { return s.script.refused, s.script.refusedWhy }
