package lagcomp

import (
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Peeker's advantage, as Riot breaks it down for VALORANT ("Peeking into
// VALORANT's Netcode", technology.riotgames.com/news/peeking-valorants-netcode,
// and the dev post "04: On Peeker's Advantage & Ranked"): the time the
// player peeking from cover sees the player holding the angle before the
// holder sees the peeker is
//
//	peeker's client frame time + peeker's 1-way network lag
//	  + server frame (tick) + holder's 1-way network lag
//	  + holder's network interp delay
//
// (Riot: "ENEMY'S CLIENT FRAMERATE + ENEMY'S 1-WAY NETWORK LAG + SERVER
// FRAMERATE + YOUR 1-WAY NETWORK LAG + NETWORK INTERP DELAY", the enemy
// being the peeker). In lagscope the peeker is the target (pawn 1, moving
// by target_motion, best "peek") and the holder the shooter (pawn 0).
// Nothing here adds the terms up to make the gap: the peeker's movement
// goes through the netcode (lagcomp/movement) — its input frame, its wait
// for a command packet, its link, the server's input buffer and tick, the
// snapshot's wait, the holder's link, interpolation and frame — and the
// run measures when each side's screen first shows the other in sight
// (line of sight through the walls, between the poses that client
// displays) and whose shot the server confirmed first. The terms below are
// the configuration's, for the breakdown and the bounds.

// PeekersAdvantage is the breakdown and what the run measured.
type PeekersAdvantage struct {
	Peeker, Holder int
	// the terms, ms: the intervals each wait is sampled from, and the
	// fixed delays
	PeekerFrameMs float64 // the peeker's frame, 1000/fps: its input covers one
	PeekerCmdMs   float64 // between its command packets, 1000/cmd_rate_hz (capped at fps)
	PeekerUpMs    float64 // the peeker's one-way latency to the server
	InputBufferMs float64 // the server's input buffer (input_buffer_ms)
	ServerTickMs  float64 // between server ticks, 1000/tick_hz (its wait is inside the input buffer)
	SnapshotMs    float64 // between snapshots, 1000/snapshot_hz
	HolderDownMs  float64 // the holder's one-way latency from the server
	// the links' jitter (jitter_ms: each packet's delay is its latency
	// plus up to this much), the peeker's up-link's and the holder's
	// down-link's
	PeekerJitterMs, HolderJitterMs float64
	// OneWayFromTrace: a one-way term is a replayed trace's delay at the
	// peek (the run's, not the configuration's latency_ms)
	OneWayFromTrace bool
	HolderInterpMs  float64 // the holder's interpolation buffer (interp_ms; 0 unless display = interp)
	HolderFrameMs   float64 // the holder's frame, 1000/fps
	// PeekerCmdWaitMs is what the peeker's command schedule adds beyond
	// its frame (Config.peekTerm, less a frame). With frame beats it is
	// the input buffer's Span less a frame: the longest wait for a command
	// packet. The buffer plays every input at one offset, so a peek's
	// first input is played that long after its start whatever its own
	// wait was: the cycle's longest wait, not its mean, is in the gap (at
	// 144 fps and 64 packets a second 13.9 ms, where the mean wait is
	// 4.6). With tick or cmd_frame beats the span, the packets' lag behind
	// their newest command and the peeker's own screen delay (its pawn
	// moves a beat at a time) move with the command phase (cmd_phase_ms):
	// drawn, this is the term's mean over a phase uniform over the beat,
	// PeekerCmdWaitLoMs and PeekerCmdWaitHiMs the least and the most a
	// phase gives; fixed (or frame beats), all three are its value.
	PeekerCmdWaitMs                      float64
	PeekerCmdWaitLoMs, PeekerCmdWaitHiMs float64
	// PredictedMs is the analytic mean of the gap. The peeker's movement
	// reaches the server the input buffer's offset later — its input
	// frame and the longest command wait (PeekerCmdWaitMs), its one-way
	// latency, input_buffer_ms (which holds the tick's wait: Riot's
	// server frame) — and the holder shows the server's path down + interp
	// behind plus the frame its newest snapshot waited (half a frame on
	// average); the two sightings' own frames (each up to one) cancel on
	// average. Snapshots and ticks between do not add: interpolation
	// reconstructs the path between them — unless interp_ms is shorter
	// than the snapshot interval, when the holder waits for the snapshot
	// itself beyond what interpolation absorbs: SnapshotWaitMs, the mean
	// of max(0, W − interp) for W uniform over the interval. Each link's
	// jitter adds half of itself (a packet's mean extra delay): the
	// peeker's input buffer follows its link's mean delay, not its late
	// tail, so at 20 % loss and 40 ms jitter on each link the measured
	// mean is this within the sample's error (TestDuelUnderLossAndJitter,
	// and TestDuelCommandPhaseIsSampled with the phase drawn).
	PredictedMs    float64
	SnapshotWaitMs float64
	// LowMs and HighMs bound one peek's gap: the fixed delays (latencies,
	// interpolation, input buffer), and those plus the peeker's input
	// frame, a command interval (or the most a command phase makes the
	// command term, PeekerCmdWaitHiMs, when that is more), two of the
	// holder's frames and a snapshot interval (when interp_ms is shorter
	// than it, the holder waits for the snapshot itself).
	LowMs, HighMs float64

	// measured: when each first saw the other (the server: when its
	// own poses first had them in sight), and whether it happened
	PeekerSaw, ServerSaw, HolderSaw    model.Time
	PeekerSeen, ServerSeen, HolderSeen bool
	// Winner is whose hit the server confirmed first after the first
	// sighting (-1: none yet); WonAt when.
	Winner int
	WonAt  model.Time
	// PeekerShotAt and HolderShotAt are when the first shot each side
	// fired at the other during the exposure reached the server (the
	// Shot flags: whether one has; a shot the screen's centre-to-centre
	// sighting has not yet timed counts: its shooter saw part of the
	// other): the gap at the server, the figure that decides who wins
	// (AtServerGapMs).
	PeekerShotAt, HolderShotAt model.Time
	PeekerShot, HolderShot     bool
	// Rules name what shaped the measured gap beyond what one peek's
	// bounds hold (the duel's rules: snapshot_lost, peek_input_late,
	// prediction_through_wall), as they happened in the run.
	Rules []rule.Rule
	// End is how the duel ended (health > 0): its kills, who won, the
	// times to kill (duel_outcome.go)
	End DuelOutcome
}

// AtServerGapMs is the gap at the server: how much later the holder's
// first shot at the peek reached the server than the peeker's first at
// the holder did. Tokey et al. 2024 ("Peeker's advantage" in
// first-person shooters) find that this, not the gap between screens,
// decides who wins, and that it tracks the holder's latency: the
// peeker's own latency is on both sides of it (its movement's trip up
// delays the holder's sighting, its shot's trip up delays its shot)
// and cancels, the holder's round trip does not.
func (p *PeekersAdvantage) AtServerGapMs() (float64, bool) {
	if !p.PeekerShot || !p.HolderShot {
		return 0, false
	}
	return (p.HolderShotAt - p.PeekerShotAt).Millis(), true
}

// duelRules are the rules that shaped the gap: what the run saw happen
// to the exposure between the sightings.
func (s *Sim) duelRules(p *PeekersAdvantage) []rule.Rule {
	w := &s.sight
	var out []rule.Rule
	if w.corrected {
		out = append(out, rule.PredictionThroughWall)
	}
	if w.inputLate {
		out = append(out, rule.PeekInputLate)
	}
	if w.snapLost {
		out = append(out, rule.SnapshotLost)
	}
	return out
}

// MeasuredMs is the measured advantage: how much later the holder's
// screen first showed the peeker than the peeker's showed the holder.
func (p *PeekersAdvantage) MeasuredMs() (float64, bool) {
	if !p.PeekerSeen || !p.HolderSeen {
		return 0, false
	}
	return (p.HolderSaw - p.PeekerSaw).Millis(), true
}

// FirstSaw is the pawn whose screen showed the other first (-1: neither
// yet, or both in the same frame).
func (p *PeekersAdvantage) FirstSaw() int {
	switch {
	case p.PeekerSeen && (!p.HolderSeen || p.PeekerSaw < p.HolderSaw):
		return p.Peeker
	case p.HolderSeen && (!p.PeekerSeen || p.HolderSaw < p.PeekerSaw):
		return p.Holder
	}
	return -1
}

// sightings watches the first peek: the peeker's client, the server and
// the holder's client each record the first moment the two players
// are in sight of each other, counted only once all three have shown
// them out of sight (so all three time the same peek, not one already
// under way when a display first filled). A client looks only once its
// display has filled: before, it shows nothing to be out of sight of.
//
// The three sightings are of one exposure, the server's: the holder's
// screen shows the server's past, so its sighting counts only when the
// state it shows is newer than the server's last look that had them out
// of sight before the exposure (srvHidden). A holder whose render time
// steps back (a snapshot that came later than the one before resets
// the replicated clock behind what it showed) can show the tail of the
// last exposure again; paired with the next peek's sighting of the
// peeker, that gave a gap of −840 ms under regional-p95's jitter.
// A value: a clone copies it.
type sightings struct {
	hidden [3]bool // the last look of each observer had them out of sight
	armed  bool    // all three had them hidden at once: the next sightings count
	seen   [3]bool
	at     [3]model.Time
	// srvHidden is the server's last look that had them out of sight,
	// frozen at its sighting: the exposure's start; srvShown its last
	// look that had them in sight before the duel armed: the last
	// exposure's end on the server
	srvHidden, srvShown model.Time
	won                 bool
	winner              int
	wonAt               model.Time
	// what shaped the gap (the duel's rules, as they happened)
	snapLost bool // a snapshot of the exposure to the holder was lost
	// the peeker's input buffer and prediction at its sighting, to see
	// what changed by the server's: late inputs, corrections
	peekBuf   movement.Stats
	peekCorr  int
	inputLate bool // the peeker's inputs of the exposure came late or not at all
	corrected bool // the peeker's client corrected its prediction before the server saw
	// the first shot each side fired at the other during the exposure
	// to reach the server (exposureShot): when it arrived, and when it
	// was fired or, the holder's, what state its screen showed, to check
	// it against the exposure's start once that is known
	shotAt  [2]model.Time
	shotArr [2]bool
	shotOf  [2]model.Time
	// out is what the duel's kills did: its end, who won (duel_outcome.go)
	out duelOutcome
}

// The observers of a sighting.
const (
	sightPeeker = iota
	sightServer
	sightHolder
)

// inSight is line of sight between two points: no wall between them.
func inSight(walls []model.Wall, a, b model.Vec) bool {
	d := b.Sub(a)
	dist := d.Len()
	if dist == 0 {
		return true
	}
	return model.Raycast(a, d.Unit(), dist, walls, nil).Part == model.PartNone
}

// look records one observer's look at the two players at t; shows is
// the server time of the state it shows (the server's own: t).
func (s *Sim) look(who int, visible bool, t, shows model.Time) {
	w := &s.sight
	w.out.visible[who], w.out.looked[who] = visible, true
	if who == sightServer && !visible && !w.seen[sightServer] {
		w.srvHidden = t
	}
	if who == sightServer && visible && !w.armed {
		w.srvShown = t
	}
	if !w.armed {
		w.hidden[who] = !visible
		w.armed = w.hidden == [3]bool{true, true, true}
		return
	}
	if !visible || w.seen[who] {
		return
	}
	if who == sightHolder && shows <= w.srvHidden {
		return // the state before the exposure: not this peek's sighting
	}
	w.seen[who], w.at[who] = true, t
	peeker := s.Server.conns[TargetPawn].inputs
	switch who {
	case sightPeeker:
		w.peekBuf, w.peekCorr = peeker.Stats, s.Clients[TargetPawn].pred.Corrections
	case sightServer:
		if !w.seen[sightPeeker] {
			return
		}
		b := peeker.Stats
		w.inputLate = b.Starved > w.peekBuf.Starved || b.Resyncs > w.peekBuf.Resyncs || b.Late > w.peekBuf.Late || b.Lost > w.peekBuf.Lost
		w.corrected = !s.cfg.PredictWalls && s.Clients[TargetPawn].pred.Corrections > w.peekCorr
	}
}

// watchClientSight is a duel client's look at the other player, from the
// poses its own screen displays.
func (s *Sim) watchClientSight(c *Client, t model.Time) {
	v := c.view()
	other, who := TargetPawn, sightHolder
	if c.Index == TargetPawn {
		other, who = ShooterPawn, sightPeeker
	}
	if !v.Filled || !v.Shown[other] {
		return // nothing shown yet: neither in sight nor out of it
	}
	s.look(who, inSight(s.cfg.Walls, v.Poses[c.Index].Pos, v.Poses[other].Pos), t, v.IdealT)
}

// watchServerSight is the server's look, from its present poses.
func (s *Sim) watchServerSight(t model.Time) {
	p := s.Server.Pawns
	s.look(sightServer, inSight(s.cfg.Walls, p[ShooterPawn].Pose.Pos, p[TargetPawn].Pose.Pos), t, t)
}

// duelSnapshotLost notes a snapshot to the holder the link dropped: one
// of the exposure's (stamped after the server's last look without it,
// once the server has seen it, before the holder has) delays the
// holder's sighting by a snapshot interval or more (snapshot_lost).
func (s *Sim) duelSnapshotLost(c *Client, snap *Snapshot) {
	w := &s.sight
	if c.Index == ShooterPawn && w.armed && w.seen[sightServer] && !w.seen[sightHolder] && snap.Stamp > w.srvHidden {
		w.snapLost = true
	}
}

// duelShot notes a shot that reached the server: the first each side
// fired at the other during the exposure (exposureShot) times the gap at
// the server; the first server-confirmed hit after the first sighting
// (anyone's: the peeker's shot may reach the server before the peeker's
// own movement, which waits in the input buffer) decides the duel.
func (s *Sim) duelShot(r *ShotRecord) {
	w := &s.sight
	if !s.cfg.Duel {
		return
	}
	// the first to arrive of the shots that are of the exposure so far
	// (the server's last exposure may end after a peeker's shot came),
	// fired before the duel's kill ended it for their shooter
	if side, of := exposureShot(r); side >= 0 && w.exposureShotOf(side, of) && w.out.ofTheDuel(side, r.Fire) &&
		(!w.shotArr[side] || !w.exposureShotOf(side, w.shotOf[side]) || r.Arrival < w.shotAt[side]) {
		w.shotAt[side], w.shotArr[side], w.shotOf[side] = r.Arrival, true, of
	}
	s.duelKill(r)
	if w.won || !r.ServerHit || r.Rejected || w.seen == [3]bool{} {
		return
	}
	w.won, w.winner, w.wonAt = true, r.Shooter, r.Judged
}

// exposureShot is the side whose shot r may be one of the exposure's
// (-1: not), and the time that says whether it is (exposureShotOf): a
// shot fired at the other player is fired at an enemy its shooter's
// screen shows, and it counts even before that screen's sighting, which
// looks from centre to centre: a bot fires as soon as any of the
// other's hitbox is in its sight, and prediction-correction's peeker,
// whose prediction walked through the wall, fired at the holder it
// showed 17 ms before the one-frame blip out of sight that began the
// duel's sightings — not counted, its next shot a second later made the
// gap at the server −783.3 ms.
func exposureShot(r *ShotRecord) (side int, of model.Time) {
	side, _ = duelSide(r.Shooter)
	if other, _ := duelSide(r.Target); side < 0 || other < 0 || other == side {
		return -1, 0
	}
	if side == 1 {
		return side, r.IdealTo
	}
	return side, r.Fire
}

// exposureShotOf is whether a side's shot is of the exposure, by the time
// exposureShot gave: the peeker's screen leads the server, so a shot it
// fired after the server last had them in sight before the exposure
// (srvShown) is at this exposure; the holder's screen shows the server's
// past, so its shot is of the exposure when the state its screen showed
// is newer than the server's last look without it, as its sighting must
// be (srvHidden, once the server has seen it).
func (w *sightings) exposureShotOf(side int, of model.Time) bool {
	if side == 1 {
		return w.seen[sightServer] && of > w.srvHidden
	}
	return of > w.srvShown
}

// duelSide is a pawn's side of the duel (0 the peeker, 1 the holder; -1
// neither) and its observer.
func duelSide(pawn int) (side, who int) {
	switch pawn {
	case TargetPawn:
		return 0, sightPeeker
	case ShooterPawn:
		return 1, sightHolder
	}
	return -1, 0
}

// PeekersAdvantage is the breakdown for the configuration and what the
// run has measured so far; ok is false unless the duel is on.
func (s *Sim) PeekersAdvantage() (PeekersAdvantage, bool) {
	if !s.cfg.Duel {
		return PeekersAdvantage{}, false
	}
	c := &s.cfg
	if rates := [4]int{c.FPS, c.cmdRate(), c.TickHz, int(c.CmdPhaseMs * 1000)}; s.duelSpan.of != rates { // worked out once for the rates
		s.duelSpan.mean, s.duelSpan.lo, s.duelSpan.hi = c.cmdSpanTerm()
		s.duelSpan.of = rates
	}
	p := predictPeekersAdvantage(c, s.duelSpan.mean, s.duelSpan.lo, s.duelSpan.hi)
	w := &s.sight
	// a link that replays a trace does not play latency_ms: its one-way
	// term is the trace's delay at the peek (now, before the peeker saw)
	at := s.Now
	if w.seen[sightPeeker] {
		at = w.at[sightPeeker]
	}
	if up := s.Clients[p.Peeker].up; up != nil {
		if _, ok := up.Replayed(); ok {
			p.PeekerUpMs, p.OneWayFromTrace = up.BaseMs(at), true
		}
	}
	if down := s.Clients[p.Holder].down; down != nil {
		if _, ok := down.Replayed(); ok {
			p.HolderDownMs, p.OneWayFromTrace = down.BaseMs(at), true
		}
	}
	if p.OneWayFromTrace {
		p.sum()
	}
	p.PeekerSaw, p.ServerSaw, p.HolderSaw = w.at[sightPeeker], w.at[sightServer], w.at[sightHolder]
	p.PeekerSeen, p.ServerSeen, p.HolderSeen = w.seen[sightPeeker], w.seen[sightServer], w.seen[sightHolder]
	if w.won {
		p.Winner, p.WonAt = w.winner, w.wonAt
	}
	p.PeekerShotAt, p.HolderShotAt = w.shotAt[0], w.shotAt[1]
	p.PeekerShot = w.shotArr[0] && w.exposureShotOf(0, w.shotOf[0])
	p.HolderShot = w.shotArr[1] && w.exposureShotOf(1, w.shotOf[1])
	p.Rules = s.duelRules(&p)
	p.End = w.out.end(&p)
	return p, true
}

// PredictPeekersAdvantage is the breakdown for a configuration, each
// term from the keys that set it.
func PredictPeekersAdvantage(cfg *Config) PeekersAdvantage {
	span, lo, hi := cfg.cmdSpanTerm()
	return predictPeekersAdvantage(cfg, span, lo, hi)
}

// predictPeekersAdvantage is PredictPeekersAdvantage with the peeker's
// command schedule's span given (its mean over the phase, its range).
func predictPeekersAdvantage(cfg *Config, span, lo, hi model.Time) PeekersAdvantage {
	frame := model.TickTime(1, cfg.FPS)
	up, _ := cfg.clientLinks(TargetPawn)
	_, down := cfg.clientLinks(ShooterPawn)
	ms := func(hz int) float64 { return 1000 / float64(hz) }
	p := PeekersAdvantage{
		Peeker: TargetPawn, Holder: ShooterPawn, Winner: -1,
		PeekerFrameMs:  ms(cfg.FPS),
		PeekerCmdMs:    model.TickTime(1, cfg.cmdRate()).Millis(),
		PeekerUpMs:     up.LatencyMs,
		InputBufferMs:  cfg.inputBuffer().Millis(),
		ServerTickMs:   ms(cfg.TickHz),
		SnapshotMs:     ms(cfg.SnapshotHz),
		HolderDownMs:   down.LatencyMs,
		PeekerJitterMs: up.JitterMs, HolderJitterMs: down.JitterMs,
		HolderInterpMs: cfg.interpDelay().Millis(),
		HolderFrameMs:  ms(cfg.FPS),
	}
	p.PeekerCmdWaitMs = (span - frame).Millis()
	p.PeekerCmdWaitLoMs, p.PeekerCmdWaitHiMs = (lo - frame).Millis(), (hi - frame).Millis()
	if d := p.SnapshotMs - p.HolderInterpMs; d > 0 {
		p.SnapshotWaitMs = d * d / (2 * p.SnapshotMs)
	}
	p.sum()
	return p
}

// sum derives the predicted gap and one peek's bounds from the terms.
func (p *PeekersAdvantage) sum() {
	fixed := p.PeekerUpMs + p.InputBufferMs + p.HolderDownMs + p.HolderInterpMs
	jitter := p.PeekerJitterMs + p.HolderJitterMs
	p.PredictedMs = fixed + p.PeekerFrameMs + p.PeekerCmdWaitMs + p.HolderFrameMs/2 + p.SnapshotWaitMs + jitter/2
	p.LowMs = fixed
	p.HighMs = fixed + p.PeekerFrameMs + max(p.PeekerCmdMs, p.PeekerCmdWaitHiMs) + 2*p.HolderFrameMs + p.SnapshotMs + jitter
}
