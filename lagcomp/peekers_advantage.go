package lagcomp

import (
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
// being the peeker). In lagscope the shooter stands still, so the peeker
// is always the target (pawn 1, moving by target_motion, best "peek") and
// the holder — the defender — the shooter (pawn 0). Each term is computed
// from the configuration; the run measures the same gap: when each side's
// client first displays the other in sight (line of sight through the
// walls, between the poses that client displays), and which shot the
// server confirmed first.

// PeekersAdvantage is the breakdown and what the run measured.
type PeekersAdvantage struct {
	Peeker, Defender int
	// the terms, ms
	PeekerFrameMs float64 // one client frame, 1000/fps
	PeekerUpMs    float64 // the peeker's one-way latency to the server
	ServerTickMs  float64 // one server tick, 1000/tick_hz: Riot's "server framerate"
	// ServerTermMs is the server's term of the sum: the wait for the next
	// snapshot it sends, 1000/min(tick_hz, snapshot_hz). It is a tick
	// only when a snapshot goes out every tick; ServerTerm says which
	// (ServerTermTick or ServerTermSnapshot), so a slower snapshot rate
	// is never shown under the tick's name.
	ServerTermMs     float64
	ServerTerm       string
	DefenderDownMs   float64 // the defender's one-way latency from the server
	DefenderInterpMs float64 // the defender's interpolation buffer (interp_ms; 0 unless display = interp)
	PredictedMs      float64 // the sum

	// measured: when each first saw the other (the server: when its
	// own poses first had them in sight), and whether it happened
	PeekerSaw, ServerSaw, DefenderSaw    model.Time
	PeekerSeen, ServerSeen, DefenderSeen bool
	// Winner is whose hit the server confirmed first after the first
	// sighting (-1: none yet); WonAt when.
	Winner int
	WonAt  model.Time
}

// MeasuredMs is the measured advantage: how much later the defender's
// screen first showed the peeker than the peeker's showed the defender.
func (p *PeekersAdvantage) MeasuredMs() (float64, bool) {
	if !p.PeekerSeen || !p.DefenderSeen {
		return 0, false
	}
	return (p.DefenderSaw - p.PeekerSaw).Millis(), true
}

// FirstSaw is the pawn whose screen showed the other first (-1: neither
// yet, or both in the same frame).
func (p *PeekersAdvantage) FirstSaw() int {
	switch {
	case p.PeekerSeen && (!p.DefenderSeen || p.PeekerSaw < p.DefenderSaw):
		return p.Peeker
	case p.DefenderSeen && (!p.PeekerSeen || p.DefenderSaw < p.PeekerSaw):
		return p.Defender
	}
	return -1
}

// sightings watches the first peek: the peeker's client, the server and
// the defender's client each record the first moment the two players
// are in sight of each other, counted only once all three have shown
// them out of sight (so all three time the same peek, not one already
// under way when a display first filled). A value: a clone copies it.
type sightings struct {
	hidden [3]bool // the last look of each observer had them out of sight
	armed  bool    // all three had them hidden at once: the next sightings count
	seen   [3]bool
	at     [3]model.Time
	won    bool
	winner int
	wonAt  model.Time
}

// The observers of a sighting.
const (
	sightPeeker = iota
	sightServer
	sightDefender
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

// look records one observer's look at the two players at t.
func (s *Sim) look(who int, visible bool, t model.Time) {
	w := &s.sight
	if !w.armed {
		w.hidden[who] = !visible
		w.armed = w.hidden == [3]bool{true, true, true}
		return
	}
	if visible && !w.seen[who] {
		w.seen[who], w.at[who] = true, t
	}
}

// watchClientSight is a duel client's look at the other player, from the
// poses its own screen displays.
func (s *Sim) watchClientSight(c *Client, t model.Time) {
	v := &c.Display
	other, who := TargetPawn, sightDefender
	if c.Index == TargetPawn {
		other, who = ShooterPawn, sightPeeker
	}
	visible := v.Filled && v.Shown[other] && inSight(s.cfg.Walls, v.Poses[c.Index].Pos, v.Poses[other].Pos)
	s.look(who, visible, t)
}

// watchServerSight is the server's look, from its present poses.
func (s *Sim) watchServerSight(t model.Time) {
	p := s.Server.Pawns
	s.look(sightServer, inSight(s.cfg.Walls, p[ShooterPawn].Pose.Pos, p[TargetPawn].Pose.Pos), t)
}

// duelWin notes a server-confirmed hit: the first after the first
// sighting decides the duel.
func (s *Sim) duelWin(r *ShotRecord) {
	w := &s.sight
	if !s.cfg.Duel || w.won || !r.ServerHit || r.Rejected || !w.seen[sightServer] {
		return
	}
	w.won, w.winner, w.wonAt = true, r.Shooter, r.Judged
}

// PeekersAdvantage is the breakdown for the configuration and what the
// run has measured so far; ok is false unless the duel is on.
func (s *Sim) PeekersAdvantage() (PeekersAdvantage, bool) {
	if !s.cfg.Duel {
		return PeekersAdvantage{}, false
	}
	p := PredictPeekersAdvantage(&s.cfg)
	w := &s.sight
	p.PeekerSaw, p.ServerSaw, p.DefenderSaw = w.at[sightPeeker], w.at[sightServer], w.at[sightDefender]
	p.PeekerSeen, p.ServerSeen, p.DefenderSeen = w.seen[sightPeeker], w.seen[sightServer], w.seen[sightDefender]
	if w.won {
		p.Winner, p.WonAt = w.winner, w.wonAt
	}
	return p, true
}

// PredictPeekersAdvantage is Riot's sum for a configuration, each term
// from the keys that set it. The server's term is the wait for the next
// snapshot it sends: a tick when it sends one every tick.
func PredictPeekersAdvantage(cfg *Config) PeekersAdvantage {
	up, _ := cfg.clientLinks(TargetPawn)
	_, down := cfg.clientLinks(ShooterPawn)
	p := PeekersAdvantage{
		Peeker: TargetPawn, Defender: ShooterPawn, Winner: -1,
		PeekerFrameMs:    1000 / float64(cfg.FPS),
		PeekerUpMs:       up.LatencyMs,
		ServerTickMs:     1000 / float64(cfg.TickHz),
		ServerTermMs:     1000 / float64(min(cfg.TickHz, cfg.SnapshotHz)),
		ServerTerm:       ServerTermTick,
		DefenderDownMs:   down.LatencyMs,
		DefenderInterpMs: cfg.interpDelay().Millis(),
	}
	if cfg.SnapshotHz < cfg.TickHz {
		p.ServerTerm = ServerTermSnapshot
	}
	p.PredictedMs = p.PeekerFrameMs + p.PeekerUpMs + p.ServerTermMs + p.DefenderDownMs + p.DefenderInterpMs
	return p
}

// What the server's term of the sum is: a tick, or the slower snapshot
// interval.
const (
	ServerTermTick     = "tick"
	ServerTermSnapshot = "snapshot_interval"
)
