package lagcomp

import (
	"math"

	"github.com/google/uuid"

	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Projectile prediction ("Projectile Prediction") on every machine at
// once: the owner's fake and its copy of the auth, the server's
// authoritative projectile fast-forwarded at spawn, the remote client's
// copy; the techniques themselves are package projectile's, what each
// projectile is recorded as is projectile_record.go's.

// Projectile weapons of the projectile-prediction document.
const (
	WeaponRocket WeaponKind = "rocket" // slow, area damage
	WeaponBolt   WeaponKind = "bolt"   // fast, small, direct hit
)

// Weapons lists every weapon, hitscan and projectile, in the order the
// UI offers them.
var Weapons = []WeaponKind{WeaponRifle, WeaponRapid, WeaponRocket, WeaponBolt}

// IsProjectile reports whether a weapon fires projectiles.
func (w WeaponKind) IsProjectile() bool { return w == WeaponRocket || w == WeaponBolt }

// spec is the configured projectile.Spec of the current projectile weapon.
func (c *Config) spec() projectile.Spec {
	if c.Weapon == WeaponBolt {
		return projectile.Spec{SpeedMps: c.BoltSpeedMps, Lifetime: 2 * model.Second, CorrectFake: c.BoltCorrectFake, PredictFX: c.BoltPredictFX}
	}
	return projectile.Spec{SpeedMps: c.RocketSpeedMps, RadiusM: c.RocketRadiusM, Lifetime: 4 * model.Second, CorrectFake: c.RocketCorrectFake, PredictFX: c.RocketPredictFX}
}

// projMsg is what the server replicates about a projectile.
type projMsg struct {
	Seq    uint32
	Origin model.Vec  // where it left the muzzle
	Spawn  model.Vec  // where it is at SpawnT, after the fast-forward
	SpawnT model.Time // the server tick that spawned it
	FF     model.Time // how far it was fast-forwarded
	Dir    model.Vec
	Speed  float64
	Final  model.Vec  // torn off: where it detonated
	FinalT model.Time // and when
	// Detonated: a spawn replicated after the auth already detonated in
	// its fast-forward (Final, FinalT say where and when); a client may
	// not detonate it before it is torn off.
	Detonated bool
}

// maxPath bounds each drawn path (samples per tick or render frame).
const maxPath = 600

// projState is one projectile on every machine: the server's
// authoritative one, the owner's fake and its copy of the auth, and the
// remote client's copy. The simulator sees all of them at once.
//
//clone:gen
type projState struct {
	id       uuid.UUID
	seq      uint32
	weapon   WeaponKind
	spec     projectile.Spec
	fire     model.Time
	origin   model.Vec
	dir      model.Vec
	lastSeen model.Time // last event, for dropping it from frames

	// server
	server  *projectile.Flight `clone:"ptr"`
	srvAt   model.Time         // last server step
	srvPos  model.Vec
	srvPath []model.Vec `clone:"slice"`
	srvDone bool
	final   model.Vec
	finalT  model.Time
	hits    []int `clone:"slice"`
	ff      model.Time
	spawnT  model.Time

	// owner
	predicted   bool
	fakeAt      model.Time // when the fake spawns (delayed above MaxPredictionPing)
	fakeDelay   model.Time
	fakeSpawned bool
	fake        movingCopy            `clone:"clone"`
	auth        movingCopy            `clone:"clone"` // the owner's copy of the auth (hidden in play, drawn in debug)
	rec         projectile.Reconciler `clone:"Clone"`
	linkOffsetM float64
	catchupM    float64
	maxDiv      float64
	fakeFinal   *model.Vec `clone:"ptr"`

	// remote (the victim's client)
	remote      movingCopy `clone:"clone"`
	remoteTau   model.Time // flight time the remote copy has simulated
	remoteJump  float64
	remoteDelay model.Time
	remoteFinal *model.Vec `clone:"ptr"`
	remoteDueT  model.Time // when TornOff asked it to detonate
	remoteDetT  model.Time // when the remote copy detonated

	// serverRules are the rules the server applied to it (lagcomp/rule):
	// a refusal, the fast-forward's clamp to MaxPredictionPing, no ping
	serverRules []Rule `clone:"slice"`
	rejected    bool   // the server refused its command
	expired     bool   // its lifetime ran out before it met anything
	damage      int    // the health it took from the pawns it hit
	dealt       bool   // it detonated with health > 0: damage means something

	// delivery of its fire command
	neverSpawned bool       // the command was lost: the server never spawned it
	duplicates   int        // copies of the command refused as duplicates
	gaveUp       int        // its replicated messages (spawn, tear-off, reject) the reliability layer gave up on
	arrivalRule  Rule       // command_backup or command_resent: it arrived late
	arrivalDelay model.Time // how much later the copy that arrived was sent
	resends      int        // copies sent before it
}

// movingCopy is a client's copy of a projectile, integrated per render
// frame.
//
//clone:gen value
type movingCopy struct {
	shown, alive bool
	pos          model.Vec
	at           model.Time
	path         []model.Vec `clone:"slice"`
	det          *model.Vec  `clone:"ptr"`
}

func (m *movingCopy) record() {
	if len(m.path) < maxPath {
		m.path = append(m.path, m.pos)
	}
}

func (s *Sim) proj(seq uint32) *projState { return s.projBySeq[seq] }

// fireProjectile is the owner's side of a shot: a fake spawns at once, or
// after FakeSpawnDelay (the ping less PredictionLatencyReduction above
// MaxPredictionPing), unless prediction is off.
func (s *Sim) fireProjectile(c *Client, cmd *Command, origin model.Vec, t model.Time) {
	cfg := &s.cfg
	sp := cfg.spec()
	p := &projState{id: s.pending.At(int(cmd.Seq) - 1).id, seq: cmd.Seq, weapon: cmd.Weapon, spec: sp, fire: t,
		origin: origin, dir: cmd.Dir, predicted: cfg.PredictProjectiles, lastSeen: t}
	p.rec = projectile.NewReconciler(cfg.MismatchM, sp.PredictFX)
	if !p.predicted {
		p.rec.Fire(projectile.ReconcileUnpredicted)
	} else {
		p.fakeDelay = projectile.FakeSpawnDelay(c.pingOrZero(), cfg.LatencyReductionMs, cfg.MaxPredictionPingMs)
		p.fakeAt = t + p.fakeDelay
	}
	s.projs = append(s.projs, p)
	s.projBySeq[cmd.Seq] = p
}

// spawnProjectile is the server's side: the authoritative projectile,
// fast-forwarded by ForwardPredictionTime of the ping the server
// perceives, replicated to every client.
func (s *Sim) spawnProjectile(cmd *Command, refused Rule, shooter model.Pose, via arrivedCopy) {
	cfg := &s.cfg
	p := s.proj(cmd.Seq)
	owner := s.Clients[cmd.Client]
	if p != nil {
		if ps := s.shot(cmd.Seq); ps != nil {
			p.arrivalRule, p.arrivalDelay, p.resends = s.arrival(ps, via)
		}
	}
	if refused == "" && !shooter.Alive {
		refused = rule.ShooterDead
	}
	if refused != "" || p == nil {
		if p != nil {
			p.rejected, p.serverRules = true, append(p.serverRules, refused)
			s.projRejected++
			s.sendReliable(relMsg{Kind: PacketProjReject, Proj: &projMsg{Seq: cmd.Seq}}, owner, false, projChannel(cmd.Seq))
		}
		return
	}
	s.weaponFired(cmd)
	s.projSpawned++
	now := s.Server.Now
	ping, ok := s.Server.conns[cmd.Client].measured.ExactPing()
	if !ok { // the handshake failed and no bounce has returned: no fast-forward
		ping = 0
		p.serverRules = append(p.serverRules, rule.PingUnknown)
	}
	var clamped bool
	p.ff, clamped = projectile.ForwardPredictionTime(ping, cfg.LatencyReductionMs, cfg.Bias, cfg.MaxPredictionPingMs)
	if clamped {
		p.serverRules = append(p.serverRules, rule.MaxPredictionPing)
	}
	p.spawnT = now
	fl := projectile.Flight{From: shooter.Pos, Dir: cmd.Dir, Speed: p.spec.SpeedMps, T0: now - p.ff}
	p.server, p.srvAt, p.origin = &fl, fl.T0, shooter.Pos
	p.srvPath = append(p.srvPath, fl.From)
	s.projTargets()
	// the fast-forward ticks it through the present world: it can
	// detonate on spawn
	s.stepServerProjectile(p, now)
	msg := &projMsg{Seq: p.seq, Origin: fl.From, Spawn: p.srvPos, SpawnT: now, FF: p.ff, Dir: fl.Dir, Speed: fl.Speed,
		Detonated: p.srvDone, Final: p.final, FinalT: p.finalT}
	for _, c := range s.players() {
		s.sendReliable(relMsg{Kind: PacketProjSpawn, Proj: msg}, c, false, projChannel(p.seq))
	}
	if p.srvDone {
		s.tearOff(p)
	}
}

// tickProjectiles moves every authoritative projectile to the server's now.
func (s *Sim) tickProjectiles() {
	targets := false // collected for the first projectile in flight: most ticks have none
	for _, p := range s.projs {
		if p.server == nil || p.srvDone {
			continue
		}
		if !targets {
			s.projTargets()
			targets = true
		}
		s.stepServerProjectile(p, s.Server.Now)
		if p.srvDone {
			s.tearOff(p)
		}
	}
}

// stepServerProjectile sweeps the projectile to t against the walls and
// the pawns as they are now (projectiles are not lag-compensated by
// rewind: the fast-forward is their compensation).
func (s *Sim) stepServerProjectile(p *projState, t model.Time) {
	fl := p.server
	end := min(t, fl.T0+p.spec.Lifetime)
	hit := fl.Sweep(p.srvAt, end, s.cfg.Walls, s.Server.projTargets)
	p.srvAt, p.srvPos = end, fl.At(end)
	switch {
	case hit.Part != model.PartNone:
		p.srvPos = hit.Point
		p.detonate(s, hit, end)
	case end < t: // lifetime over: it stops where it is
		p.expired = true
		p.detonate(s, model.Hit{Pawn: -1, Point: p.srvPos}, end)
	}
	if len(p.srvPath) < maxPath {
		p.srvPath = append(p.srvPath, p.srvPos)
	}
	p.lastSeen = s.Now
}

// projTargets collects the pawns' present hitboxes for this tick's
// projectile sweeps (everyone but the shooter, as with traces).
func (s *Sim) projTargets() {
	srv := s.Server
	srv.projTargets = srv.projTargets[:0]
	for i := range srv.Pawns {
		if pw := srv.Pawns[i].Pose; i != ShooterPawn && pw.Alive {
			srv.projTargets = append(srv.projTargets, model.Target{Pawn: i, Box: pw.Box()})
		}
	}
}

func (p *projState) detonate(s *Sim, hit model.Hit, t model.Time) {
	p.srvDone, p.final, p.finalT = true, hit.Point, t
	if hit.Pawn >= 0 {
		p.hits = append(p.hits, hit.Pawn)
	}
	if p.spec.RadiusM > 0 { // area damage
		for i := range s.Server.Pawns {
			pw := s.Server.Pawns[i].Pose
			if i != hit.Pawn && pw.Alive && pw.Pos.Dist(hit.Point) <= p.spec.RadiusM {
				p.hits = append(p.hits, i)
			}
		}
	}
	if s.cfg.mortal() { // the server deals its damage at the detonation: the direct hit by its part, the area's as a body hit
		p.dealt = true
		for k, i := range p.hits {
			part := model.PartBody
			if k == 0 && i == hit.Pawn {
				part = hit.Part
			}
			dealt, _ := s.hurt(ShooterPawn, i, s.cfg.hitDamage(part), p.seq, false)
			p.damage += dealt
		}
	}
}

// tearOff replicates the detonation (bTearOff) with its final position.
func (s *Sim) tearOff(p *projState) {
	msg := &projMsg{Seq: p.seq, Final: p.final, FinalT: p.finalT, Dir: p.server.Dir, Speed: p.server.Speed}
	for _, c := range s.players() {
		s.sendReliable(relMsg{Kind: PacketProjTornOff, Proj: msg}, c, false, projChannel(p.seq))
	}
}

// clientProjectileMsg handles replicated projectile traffic on a client.
func (s *Sim) clientProjectileMsg(c *Client, pk relMsg, t model.Time) {
	p := s.proj(pk.Proj.Seq)
	if p == nil {
		return
	}
	p.lastSeen = t
	if c.Index == ShooterPawn {
		s.ownerMsg(c, p, pk, t)
	} else {
		s.remoteMsg(c, p, pk, t)
	}
}

// ownerMsg: the auth arrives (CatchupTick, link), detonates, or is refused.
func (s *Sim) ownerMsg(c *Client, p *projState, pk relMsg, t model.Time) {
	m := pk.Proj
	switch pk.Kind {
	case PacketProjSpawn:
		// CatchupTick: the copy is replication time (half the ping) behind
		// the server's; move it on so reconciliation compares like with like
		catchup := model.MsF(c.pingOrZero() / 2)
		p.catchupM = projectile.CatchupDistance(m.Speed, catchup)
		p.auth = movingCopy{shown: true, alive: true, pos: m.Spawn.Add(m.Dir.Scale(p.catchupM)), at: t}
		if m.Detonated {
			// it detonated in the server's fast-forward: it stays where
			// it stopped, and may not detonate here until torn off
			p.catchupM, p.auth.pos, p.auth.alive = 0, m.Final, false
		}
		p.auth.record()
		if p.fake.alive {
			p.linkOffsetM = p.fake.pos.Dist(p.auth.pos)
		}
		p.rec.Link(t, m.Detonated)
		s.settleOwner(p, t)
	case PacketProjTornOff:
		p.auth.pos, p.auth.alive = m.Final, false
		fin := m.Final
		p.auth.det = &fin
		p.auth.record()
		p.rec.AuthDetonated(t, m.Final)
		s.settleOwner(p, t)
	case PacketProjReject:
		p.rec.Reject()
		s.settleOwner(p, t)
	}
}

// settleOwner destroys the fake once it detonated or a rule decided
// against it: the reconciler owns whether it lives.
func (s *Sim) settleOwner(p *projState, _ model.Time) {
	if !p.rec.FakeAlive() {
		p.fake.alive = false
	}
}

// ownerProjectiles advances the owner's fakes and auth copies a render
// frame.
func (s *Sim) ownerProjectiles(c *Client, t model.Time) {
	var targets []model.Target
	for _, p := range s.projs {
		if p.rec.Done() && !p.auth.alive && !p.fake.alive {
			continue
		}
		if p.predicted && !p.fakeSpawned && !p.rec.Done() && t >= p.fakeAt {
			p.fakeSpawned = true
			p.rec.FakeSpawned()
			p.fake = movingCopy{shown: true, alive: true, pos: p.origin, at: t}
			p.fake.record()
		}
		if p.fake.alive {
			if targets == nil {
				targets = s.clientTargets(c.view(), c.Index)
			}
			s.moveFake(c, p, t, targets)
		}
		if p.auth.alive {
			p.auth.pos = p.auth.pos.Add(p.dir.Scale(p.spec.SpeedMps * (t - p.auth.at).Seconds()))
			p.auth.at = t
			p.auth.record()
		}
		if p.fake.alive && p.auth.alive {
			p.maxDiv = max(p.maxDiv, p.fake.pos.Dist(p.auth.pos))
		}
		p.rec.Tick(t)
		s.settleOwner(p, t)
	}
}

// moveFake flies the fake through the owner's view of the world; with
// CorrectFake it drifts toward the auth copy over fake_correction_ms.
func (s *Sim) moveFake(c *Client, p *projState, t model.Time, targets []model.Target) {
	cfg := &s.cfg
	dt := (t - p.fake.at).Seconds()
	from := p.fake.pos
	to := from.Add(p.dir.Scale(p.spec.SpeedMps * dt))
	if p.spec.CorrectFake && p.auth.alive {
		k := 1 - math.Exp(-dt*1000/cfg.CorrectionMs)
		to = to.Add(p.auth.pos.Sub(to).Scale(k))
	}
	p.fake.at = t
	d := to.Sub(from)
	if l := d.Len(); l > 0 {
		if hit := model.Raycast(from, d.Unit(), l, cfg.Walls, targets); hit.Part != model.PartNone {
			to = hit.Point
			p.fake.pos = to
			p.fake.record()
			det := to
			p.fakeFinal = &det
			p.fake.det = &det
			p.rec.FakeDetonated(t, to, s.switchToAuthTimer(c))
			s.settleOwner(p, t)
			return
		}
	}
	p.fake.pos = to
	p.fake.record()
	if t-p.fakeAt >= p.spec.Lifetime { // stops where it is
		det := to
		p.fakeFinal, p.fake.det = &det, &det
		p.rec.FakeDetonated(t, to, s.switchToAuthTimer(c))
		s.settleOwner(p, t)
	}
}

// switchToAuthTimer is how long a detonated fake waits for its auth
// before switching to it: the owner's ping plus switch_extra_ms, however
// the fake detonated (a hit, or its lifetime running out).
func (s *Sim) switchToAuthTimer(c *Client) model.Time {
	return model.MsF(c.pingOrZero() + s.cfg.SwitchExtraMs)
}

// remoteMsg: a remote client learns of a projectile or its detonation.
func (s *Sim) remoteMsg(c *Client, p *projState, pk relMsg, t model.Time) {
	m := pk.Proj
	switch pk.Kind {
	case PacketProjSpawn:
		p.remote = movingCopy{shown: true, alive: true, at: t}
		if s.cfg.RemoteResim {
			// rewound to its spawn, resimulated quickly to catch up
			p.remote.pos, p.remoteTau = m.Origin, 0
		} else {
			// shown where the server has it: it jumps ahead of the muzzle
			p.remote.pos, p.remoteTau = m.Spawn, m.FF
		}
		p.remoteJump = p.remote.pos.Dist(m.Origin)
		p.remote.record()
	case PacketProjTornOff:
		fin := m.Final
		p.remoteFinal, p.remoteDueT = &fin, t
		switch {
		case p.remote.det != nil:
			// it already detonated here, where this client's own
			// simulation had it hit something: TornOff has nothing to do
			p.remoteDelay = p.remoteDetT - t
		case !s.cfg.RemoteResim || !p.remote.alive:
			s.remoteDetonate(p, t, fin)
		}
	}
}

// remoteProjectiles advances remote copies. A resimulating copy runs
// resim_speedup faster than real time until it has flown as long as the
// client estimates the server's has (fast-forward plus server time since
// the spawn, from PackageTimeStamp and half the ping), then keeps pace;
// after TornOff it detonates only once it has reached the final position.
//
// The copy is simulated locally, collisions included, against this
// client's own view (itself where it predicts itself, the others as
// displayed): its detonation can come at a different time or place than
// the server's, which TornOff then reconciles.
func (s *Sim) remoteProjectiles(c *Client, t model.Time) {
	ping := c.pingOrZero()
	var targets []model.Target
	for _, p := range s.projs {
		if !p.remote.alive {
			continue
		}
		if targets == nil {
			targets = s.clientTargets(c.view(), ShooterPawn)
		}
		dt := t - p.remote.at
		p.remote.at = t
		if s.cfg.RemoteResim {
			estimate := p.ff + (c.PackageTimeStamp - p.spawnT) + model.MsF(ping/2)
			p.remoteTau = max(p.remoteTau, min(p.remoteTau+model.Time(float64(dt)*(1+s.cfg.ResimSpeedup)), estimate))
		} else {
			p.remoteTau += dt
		}
		pos := p.origin.Add(p.dir.Scale(p.spec.SpeedMps * p.remoteTau.Seconds()))
		if d := pos.Sub(p.remote.pos); d.Len() > 0 {
			if hit := model.Raycast(p.remote.pos, d.Unit(), d.Len(), s.cfg.Walls, targets); hit.Part != model.PartNone {
				s.remoteDetonate(p, t, hit.Point)
				continue
			}
		}
		if p.remoteFinal != nil && pos.Dist(p.origin) >= p.remoteFinal.Dist(p.origin) {
			// torn off and caught up: it detonates where the server's did
			s.remoteDetonate(p, t, *p.remoteFinal)
			continue
		}
		p.remote.pos = pos
		p.remote.record()
	}
}

// remoteDetonate ends the remote copy at pos: its own hit, or the
// server's final position after TornOff.
func (s *Sim) remoteDetonate(p *projState, t model.Time, pos model.Vec) {
	p.remote.alive = false
	det := pos
	p.remote.pos, p.remote.det, p.remoteDetT = det, &det, t
	p.remote.record()
	if p.remoteFinal != nil {
		p.remoteDelay = t - p.remoteDueT
	}
}
