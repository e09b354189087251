package lagcomp

import (
	"fmt"
	"slices"

	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Health, damage, deaths and respawns: duels that end. With health = 0
// (the default) no pawn can die and nothing here runs, so every scene
// keeps the shape it had. Above 0 the server takes a hit's damage from
// its victim when it judges the hit (a hitscan trace, or a projectile's
// detonation: UT2003's instagib trace calls TakeDamage), a pawn at 0
// dies at that server tick, stops moving and firing, its client is told
// by the next snapshot (the pose it carries is not alive), and after
// respawn_ms it respawns — a teleport, a new epoch, so the trail rules
// that apply to a jump apply to it.

// maxHealth is the most health a pawn can have (the health key's top):
// an instagib weapon deals it, so one hit kills whatever the health.
const maxHealth = 1000

// damage is a weapon's damage by body part.
type damage struct{ body, head int }

// words is the damage as the keys' table says it.
func (d damage) words() string {
	if d.body == maxHealth && d.head == maxHealth {
		return fmt.Sprintf("%d", maxHealth)
	}
	return fmt.Sprintf("%d body, %d head", d.body, d.head)
}

// weaponDamage is each weapon's own damage, what damage_body and
// damage_head = -1 take: the rifle is UT2003's instagib shock rifle (one
// hit kills), the rapid-fire gun a rifle of the Counter-Strike kind (a
// head hit four bodies), the rocket a direct hit's damage dealt to every
// pawn within rocket_radius_m, the bolt a direct hit alone.
var weaponDamage = map[WeaponKind]damage{
	WeaponRifle:  {maxHealth, maxHealth},
	WeaponRapid:  {25, 100},
	WeaponRocket: {100, 100},
	WeaponBolt:   {50, 50},
}

// DeadShooter is what the server does with a shot whose command reaches
// it after its shooter died there.
type DeadShooter string

const (
	// DeadShooterReject: the dead do not fire (Source, Valorant): the
	// shot is refused, rule shooter_dead.
	DeadShooterReject DeadShooter = "reject"
	// DeadShooterTrade: a shot arriving within trade_window_ms of its
	// shooter's death is judged (rule trade): a kill it makes is a trade.
	DeadShooterTrade DeadShooter = "trade"
)

// DeadShooters lists the choices, in the order the UI offers them.
var DeadShooters = []DeadShooter{DeadShooterReject, DeadShooterTrade}

// mortal reports whether pawns can die in this run.
func (c *Config) mortal() bool { return c.Health > 0 }

// hitDamage is what a hit on part deals with the configured weapon.
func (c *Config) hitDamage(part model.Part) int {
	own := weaponDamage[c.Weapon]
	if part == model.PartHead {
		if c.DamageHead >= 0 {
			return c.DamageHead
		}
		return own.head
	}
	if c.DamageBody >= 0 {
		return c.DamageBody
	}
	return own.body
}

// life is a player pawn's health on the server, and what its death
// changed of the pose its inputs give it: while dead it stays where it
// died, not alive; each respawn is one more epoch than its inputs say
// (lives), so its trail sees a jump and its client's inputs still play.
type life struct {
	hp     int
	dead   bool
	diedAt model.Time
	at     model.Pose // where it died
	lives  int        // respawns so far
	// played is the pose its inputs last gave it (its client's epoch and
	// aliveness): what the next tick's inputs play on from
	played model.Pose
}

// over is the pose the server has for pawn pose p its inputs gave.
func (l *life) over(p model.Pose) model.Pose {
	p.Epoch += l.lives
	if l.dead {
		p.Pos, p.Yaw, p.Alive = l.at.Pos, l.at.Yaw, false
	}
	return p
}

// inputPose is the pose the server's pawn has, as its inputs play on it
// and its client reconciles to it: the client's epoch, its own
// aliveness (a dead pawn's client is told by the snapshot's pose).
func (l *life) inputPose(p model.Pose) model.Pose {
	p.Epoch -= l.lives
	p.Alive = l.played.Alive
	return p
}

// KillRecord is one death: who killed whom, when the server judged it,
// by which shot (its seq, as the shot lines name it) and whether it was
// a trade (the killer was dead already: its shot arrived within the
// trade window, rule trade).
type KillRecord struct {
	Killer, Victim int
	At             model.Time
	Seq            uint32
	Weapon         WeaponKind
	Trade          bool
}

// lifeTally is the run's deaths.
type lifeTally struct {
	kills []KillRecord
}

// FoldLife puts the health figures in the summary, from the shooter's
// side: the kills, deaths and trades from the kill records, the damage
// and the shots refused for a dead shooter from the shot and projectile
// records. The run folds its own (Sim.Summary), records their lines
// (lagcomp/records): one fold.
func (sum *Summary) FoldLife(kills []KillRecord, shots func(yield func(*ShotRecord) bool), projs []ProjectileRecord) {
	for _, k := range kills {
		sum.Kills += b2i(k.Killer == ShooterPawn)
		sum.Deaths += b2i(k.Victim == ShooterPawn)
		sum.Trades += b2i(k.Trade)
	}
	for r := range shots {
		if r.Shooter == ShooterPawn {
			sum.DamageDealt += r.Damage
			sum.HitMarkers += b2i(r.HasHitMarker)
			sum.FalseHitMarkers += b2i(r.FalseMarker())
		}
		if r.ServerHitPawn == ShooterPawn && r.Shooter != ShooterPawn {
			sum.DamageTaken += r.Damage
		}
		sum.DeadRejected += b2i(r.Rejected && r.HasRule(rule.ShooterDead))
	}
	for i := range projs { // the shooter's: only it fires projectiles
		sum.DamageDealt += projs[i].Damage
		sum.DeadRejected += b2i(slices.Contains(projs[i].ServerRules, rule.ShooterDead))
	}
}

// Kills is every kill of the run so far, in the order the server judged
// them.
func (s *Sim) Kills() []KillRecord { return s.life.kills }

// lifeStart gives every player's pawn its health.
func (s *Server) lifeStart(cfg *Config) {
	for i := range s.Pawns {
		p := &s.Pawns[i]
		p.life = life{hp: cfg.Health, played: p.Pose}
	}
}

// lifeBase is the pose pawn p's inputs play on at tick t: where it
// stands, or, once respawn_ms has passed since its death, its spawn
// point — its script's anchor (Motion.Origin: a stationary pawn's own
// spot, a peeker's place behind its cover, a strafe's centre), facing as
// its script does then; its bot's hands walk it on from there.
func (s *Server) lifeBase(cfg *Config, p *ServerPawn, t model.Time) model.Pose {
	l := &p.life
	if l.dead && t >= l.diedAt+model.MsF(cfg.RespawnMs) {
		l.dead, l.hp = false, cfg.Health
		l.lives++
		l.played.Pos, l.played.Yaw = p.Motion.Origin, p.Motion.At(t).Yaw
		return l.played
	}
	return l.inputPose(p.Pose)
}

// hurt takes a hit's damage from victim, by shooter's shot seq judged
// now; it reports the damage dealt and whether it killed. A pawn dead
// already takes none (a lag-compensated trace can meet its past).
func (s *Sim) hurt(shooter, victim int, dmg int, seq uint32, trade bool) (int, bool) {
	srv := s.Server
	if victim < 0 || victim >= len(s.Clients) || victim == shooter {
		return 0, false // bystanders have no health, and no pawn hurts itself
	}
	p := &srv.Pawns[victim]
	l := &p.life
	if l.dead || dmg <= 0 {
		return 0, false
	}
	dealt := min(dmg, l.hp)
	l.hp -= dealt
	if l.hp > 0 {
		return dealt, false
	}
	l.dead, l.diedAt, l.at = true, srv.Now, p.Pose
	p.Pose.Alive = false // this tick's snapshot tells its client
	s.life.kills = append(s.life.kills, KillRecord{Killer: shooter, Victim: victim, At: srv.Now, Seq: seq, Weapon: s.cfg.Weapon, Trade: trade})
	return dealt, true
}

// deadShooter is the server's rule for a shot arriving at arrival whose
// shooter is dead on it: refused (shooter_dead), or with dead_shooter =
// trade and arriving within trade_window_ms of the death, judged (trade).
func (s *Sim) deadShooter(cmd *Command, arrival model.Time) (refused Rule, trade bool) {
	l := &s.Server.Pawns[cmd.Client].life
	if !s.cfg.mortal() || !l.dead {
		return "", false
	}
	if s.cfg.DeadShooter == DeadShooterTrade && !cmd.Weapon.IsProjectile() && arrival <= l.diedAt+model.MsF(s.cfg.TradeWindowMs) {
		return "", true
	}
	return rule.ShooterDead, false
}

// judgedDamage deals a judged hitscan shot's damage: the record's damage
// and killed.
func (s *Sim) judgedDamage(r *ShotRecord, trade bool) {
	r.HasDamage = true
	if r.Rejected || !r.ServerHit {
		return
	}
	r.Damage, r.Killed = s.hurt(r.Shooter, r.ServerHitPawn, s.cfg.hitDamage(r.ServerPart), r.Seq, trade)
}

// respawned reports whether the snapshot snap, whose ack a the client
// reconciles with, is the first to carry a respawn of its pawn: its pose
// in snap is one epoch more than the ack's for each respawn (life.over,
// life.inputPose), so more of them than the client has met is a spawn's
// teleport.
func (c *Client) respawned(snap *Snapshot, a *movement.Ack) bool {
	if c.Index >= len(snap.Poses) {
		return false
	}
	if lives := snap.Poses[c.Index].Epoch - a.Pose.Epoch; lives > c.lives {
		c.lives = lives
		return true
	}
	return false
}

// told is a client reading its own life from a snapshot: dead while the
// newest snapshot's pose of its pawn is not alive.
func (c *Client) told(snap *Snapshot) {
	if snap.Stamp <= c.lifeStamp || c.Index >= len(snap.Poses) {
		return
	}
	c.lifeStamp, c.dead = snap.Stamp, !snap.Poses[c.Index].Alive
}
