package lagcomp

import (
	"math"
	"slices"

	"github.com/google/uuid"

	"lagscope/lagcomp/projectile"
	"lagscope/model"
)

// ProjectileRecord is one projectile with every machine's view of it:
// spawn offsets, divergence in flight, both detonations and the rule
// that reconciled them.
type ProjectileRecord struct {
	ID        uuid.UUID
	Seq       uint32
	Weapon    WeaponKind
	Predicted bool
	Fire      model.Time
	Spawned   bool       // the server spawned it
	SpawnT    model.Time // server tick of the spawn
	Forward   model.Time // ForwardPredictionTime the server applied
	Origin    model.Vec  // the muzzle
	SpawnPos  model.Vec  // the auth's position at spawn, after the fast-forward (Draw Spawn Position)
	FakeDelay model.Time // the owner's delayed fake spawn (above MaxPredictionPing)
	// LinkOffsetM is how far apart the fake and the caught-up copy of the
	// auth were when they were linked; LinkOffsetMs the same in flight time.
	LinkOffsetM, LinkOffsetMs float64
	CatchupM                  float64 // CatchupTick's move: speed x replication time
	MaxDivergenceM            float64 // fake vs auth copy, over the flight
	FakeDet, AuthDet          *model.Vec
	DetonationDistM           float64     // between the twins' detonations; NaN if either is missing
	Rule                      Reconcile   // the last rule that fired
	Rules                     []Reconcile // every rule that fired, in order
	FX                        model.Vec   // where the owner finally saw the effects
	FXFake                    bool
	Hits                      []int // pawns the server's detonation hit
	// Damage is the health its detonation took from them (health.go);
	// HasDamage: it detonated with health > 0
	Damage      int
	HasDamage   bool
	RemoteJumpM float64
	RemoteDelay model.Time // from TornOff's arrival to the remote copy's detonation (< 0: it hit something of its own first)
	// RemoteDet is where the remote client's own simulation detonated its
	// copy (nil: not yet); RemoteDetDistM its distance from the server's
	// detonation (NaN if either is missing)
	RemoteDet      *model.Vec
	RemoteDetDistM float64
	Done           bool // reconciled and detonated everywhere
	HasFX          bool // the owner saw effects at all (FX is meaningless otherwise)
	// how its fire command arrived: late (command_backup or
	// command_resent, by ArrivalDelay after Resends copies), refused
	// copies, or never (Rule never_spawned)
	ArrivalRule        Rule
	ArrivalDelay       model.Time
	Resends            int
	DuplicatesRejected int
	// MessagesGivenUp are its spawn, tear-off or reject messages given up
	// undelivered when some client's connection was lost (connection_lost)
	MessagesGivenUp int
	// Outcome is what became of it on the server; ServerRules the rules
	// the server applied to it (a refusal, the fast-forward's clamp).
	Outcome     ProjectileOutcome
	ServerRules []Rule
}

// ProjectileOutcome is what became of a projectile shot: every one fired
// ends in exactly one, so the projectile figures add up to the shots
// fired with a projectile weapon.
type ProjectileOutcome string

const (
	ProjectileHit          ProjectileOutcome = "hit"               // the server's detonation hit a pawn (directly or by its area damage)
	ProjectileDetonated    ProjectileOutcome = "detonated"         // it met a wall or a pawn and hurt nobody
	ProjectileExpired      ProjectileOutcome = "expired"           // its lifetime ran out in the air and it hurt nobody
	ProjectileFlying       ProjectileOutcome = "flying"            // spawned, still in the air when the run ended
	ProjectileRejected     ProjectileOutcome = "rejected"          // the server refused its command (server_rules says why)
	ProjectileNeverSpawned ProjectileOutcome = "never_spawned"     // its command was lost: a shot lost
	ProjectileCommandLate  ProjectileOutcome = "command_in_flight" // its command had not arrived when the run ended, and still may
)

// outcome is what has become of p so far.
func (p *projState) outcome() ProjectileOutcome {
	switch {
	case p.rejected:
		return ProjectileRejected
	case p.neverSpawned:
		return ProjectileNeverSpawned
	case p.server == nil:
		return ProjectileCommandLate
	case !p.srvDone:
		return ProjectileFlying
	case len(p.hits) > 0:
		return ProjectileHit
	case p.expired:
		return ProjectileExpired
	}
	return ProjectileDetonated
}

func (p *projState) record() ProjectileRecord {
	r := ProjectileRecord{ID: p.id, Seq: p.seq, Weapon: p.weapon, Predicted: p.predicted, Fire: p.fire,
		Spawned: p.server != nil, SpawnT: p.spawnT, Forward: p.ff, Origin: p.origin, FakeDelay: p.fakeDelay,
		LinkOffsetM: p.linkOffsetM, CatchupM: p.catchupM, MaxDivergenceM: p.maxDiv,
		FakeDet: p.fakeFinal, Rule: p.rec.Rule, Rules: slices.Clone(p.rec.Fired), FX: p.rec.FX, FXFake: p.rec.FXFake,
		Hits: slices.Clone(p.hits), RemoteJumpM: p.remoteJump, RemoteDelay: p.remoteDelay, DetonationDistM: math.NaN(),
		RemoteDet: cloneVec(p.remote.det), RemoteDetDistM: math.NaN()}
	if p.server != nil {
		r.SpawnPos = p.server.At(p.spawnT)
		if p.srvDone && p.finalT <= p.spawnT { // it stopped in the fast-forward
			r.SpawnPos = p.final
		}
	}
	if p.spec.SpeedMps > 0 {
		r.LinkOffsetMs = p.linkOffsetM / p.spec.SpeedMps * 1000
	}
	if p.srvDone {
		f := p.final
		r.AuthDet = &f
	}
	if r.FakeDet != nil && r.AuthDet != nil {
		r.DetonationDistM = r.FakeDet.Dist(*r.AuthDet)
	}
	if r.RemoteDet != nil && r.AuthDet != nil {
		r.RemoteDetDistM = r.RemoteDet.Dist(*r.AuthDet)
	}
	r.Done = p.rec.Done() && (p.srvDone || p.rec.Rule == projectile.ReconcileRejected) && !p.remote.alive && !p.fake.alive ||
		p.neverSpawned && !p.fake.alive
	r.MessagesGivenUp = p.gaveUp
	r.Damage, r.HasDamage = p.damage, p.dealt
	r.Outcome, r.ServerRules = p.outcome(), slices.Clone(p.serverRules)
	r.HasFX, r.ArrivalRule, r.ArrivalDelay, r.Resends, r.DuplicatesRejected = p.rec.HasFX, p.arrivalRule, p.arrivalDelay, p.resends, p.duplicates
	return r
}

// Projectiles are the records of every projectile fired so far.
func (s *Sim) Projectiles() []ProjectileRecord {
	out := make([]ProjectileRecord, len(s.projs))
	for i, p := range s.projs {
		out[i] = p.record()
	}
	return out
}

// ProjectileSummary aggregates projectile records.
type ProjectileSummary struct {
	Count int `json:"projectiles" from:"projectile" name:"projectiles" unit:"" doc:"projectile shots fired: the sum of projectile_outcomes"`
	// Outcomes: every projectile fired is in exactly one.
	Outcomes    []OutcomeCount   `json:"projectile_outcomes" from:"projectile" name:"projectiles {words}" unit:"" of:"projectiles" doc:"what became of each projectile fired, one outcome each: hit (its detonation hurt a pawn), detonated (met something, hurt nobody), expired (its lifetime ran out), flying (still in the air), rejected (the server refused it), never_spawned (its command was lost), command_in_flight (its command may still arrive)"`
	Rules       []ReconcileCount `json:"projectile_rules" from:"projectile" name:"projectile rule {words} applied" unit:"times" of:"projectiles" doc:"how often each reconciliation rule fired"`
	ServerRules []RuleCount      `json:"projectile_server_rules" from:"projectile" name:"projectile server rule {words} applied" unit:"times" of:"projectiles" doc:"how often each server rule shaped a projectile: its fast-forward clamped to MaxPredictionPing, no ping known, its command refused"`
	// The distances are NaN, not a perfect 0, when nothing was measured:
	// MeanLinkOffsetM with no projectile linked, MaxDivergenceM with no
	// projectile at all, MeanDetDistM with no pair that both detonated.
	// Their tags declare them as summary figures (see Summary).
	MeanLinkOffsetM float64 `json:"mean_projectile_spawn_offset_m" from:"projectile" name:"mean spawn offset" unit:"m" bounds:"0," doc:"mean distance between a fake projectile and its authoritative twin when they were linked; no value with none linked"`
	MaxDivergenceM  float64 `json:"max_projectile_divergence_m" from:"projectile" name:"largest divergence" unit:"m" bounds:"0," doc:"largest distance between a fake projectile and its authoritative twin in flight; no value with no projectile"`
	MeanDetDistM    float64 `json:"mean_detonation_distance_m" from:"projectile" name:"mean detonations apart" unit:"m" bounds:"0," doc:"mean distance between the twins' detonations, over the pairs that both detonated; no value with none"`
}

// Reconcile is a projectile reconciliation rule, as records name it
// (package projectile declares them).
type Reconcile = projectile.Reconcile

// ReconcileCount is how often a reconciliation rule fired.
type ReconcileCount = Count[Reconcile]

// OutcomeCount is how many projectiles ended in an outcome.
type OutcomeCount = Count[ProjectileOutcome]

// SummarizeProjectiles aggregates records, from scratch.
func SummarizeProjectiles(rs []ProjectileRecord) ProjectileSummary {
	var t projTally
	for i := range rs {
		t.add(&rs[i])
	}
	return t.summary()
}

// projTally folds projectile records one at a time (as shotTally does
// shots): a Sim folds each projectile once it is settled and only
// summarises the few still in play on each frame.
type projTally struct {
	s               ProjectileSummary
	linked, pairs   int
	linkSum, detSum float64
}

func (t *projTally) add(r *ProjectileRecord) {
	s := &t.s
	s.Count++
	s.Outcomes = tally(s.Outcomes, r.Outcome)
	for _, rule := range r.Rules {
		s.Rules = tally(s.Rules, rule)
	}
	for _, rule := range r.ServerRules {
		s.ServerRules = tally(s.ServerRules, rule)
	}
	// the distances as the records print them (Micro), so the summary
	// recomputed from the records is the same bits
	if link := Micro(r.LinkOffsetM); link > 0 {
		t.linkSum += link
		t.linked++
	}
	s.MaxDivergenceM = max(s.MaxDivergenceM, Micro(r.MaxDivergenceM))
	if !math.IsNaN(r.DetonationDistM) {
		t.detSum += Micro(r.DetonationDistM)
		t.pairs++
	}
}

func (t *projTally) summary() ProjectileSummary {
	s := t.s
	s.Outcomes, s.Rules, s.ServerRules = slices.Clone(s.Outcomes), slices.Clone(s.Rules), slices.Clone(s.ServerRules)
	s.MeanLinkOffsetM, s.MeanDetDistM = math.NaN(), math.NaN()
	if t.linked > 0 {
		s.MeanLinkOffsetM = t.linkSum / float64(t.linked)
	}
	if t.pairs > 0 {
		s.MeanDetDistM = t.detSum / float64(t.pairs)
	}
	if s.Count == 0 {
		s.MaxDivergenceM = math.NaN()
	}
	return s
}

// settled is whether a projectile's record can no longer change: every
// copy is gone, the server's is done (or it was refused, or its command
// lost: a command still on its way may yet spawn it), and nothing has
// happened to it for GhostWindow (frames stop drawing it then too).
func (p *projState) settled(now model.Time) bool {
	return p.lastSeen < now-GhostWindow && !p.fake.alive && !p.remote.alive &&
		(p.srvDone || p.server == nil && (p.rejected || p.neverSpawned))
}

// projectileSummary is SummarizeProjectiles of every projectile, folding
// the settled ones (a prefix in firing order) once and only the rest anew.
func (s *Sim) projectileSummary() ProjectileSummary {
	for s.projSettled < len(s.projs) && s.projs[s.projSettled].settled(s.Now) {
		r := s.projs[s.projSettled].record()
		s.projDone.add(&r)
		s.projSettled++
	}
	t := s.projDone
	t.s.Outcomes, t.s.Rules, t.s.ServerRules = slices.Clone(t.s.Outcomes), slices.Clone(t.s.Rules), slices.Clone(t.s.ServerRules)
	for _, p := range s.projs[s.projSettled:] {
		r := p.record()
		t.add(&r)
	}
	return t.summary()
}

// ProjectileFrame is one projectile as every machine has it at a frame.
type ProjectileFrame struct {
	ID       uuid.UUID
	Seq      uint32
	Weapon   WeaponKind
	RadiusM  float64
	Dir      model.Vec
	Origin   model.Vec
	Spawned  bool
	SpawnPos model.Vec // after the fast-forward
	Forward  model.Time
	// the server's authoritative projectile: a continuous path, tick by tick
	ServerPos   model.Vec
	ServerAlive bool
	ServerPath  []model.Vec
	Final       *model.Vec
	// the owner's fake and its copy of the auth, and the remote's copy,
	// sampled at each of their frames
	Fake, AuthCopy, Remote CopyFrame
	Rule                   Reconcile
	FX                     model.Vec
	FXShown, FXFake        bool
}

// CopyFrame is a client's copy of a projectile.
type CopyFrame struct {
	Shown, Alive bool
	Pos          model.Vec
	Path         []model.Vec
	Det          *model.Vec
}

func copyFrame(m movingCopy) CopyFrame {
	return CopyFrame{Shown: m.shown, Alive: m.alive, Pos: m.pos, Path: slices.Clone(m.path), Det: cloneVec(m.det)}
}

func cloneVec(v *model.Vec) *model.Vec {
	if v == nil {
		return nil
	}
	c := *v
	return &c
}

// projectileFrames are the projectiles alive or active within GhostWindow.
func (s *Sim) projectileFrames() []ProjectileFrame {
	var out []ProjectileFrame
	for _, p := range s.projs[s.projSettled:] {
		if p.settled(s.Now) {
			continue
		}
		f := ProjectileFrame{ID: p.id, Seq: p.seq, Weapon: p.weapon, RadiusM: p.spec.RadiusM, Dir: p.dir, Origin: p.origin,
			Spawned: p.server != nil, Forward: p.ff, ServerPos: p.srvPos, ServerAlive: p.server != nil && !p.srvDone,
			ServerPath: slices.Clone(p.srvPath), Fake: copyFrame(p.fake), AuthCopy: copyFrame(p.auth), Remote: copyFrame(p.remote),
			Rule: p.rec.Rule, FX: p.rec.FX, FXShown: p.rec.FXShown(), FXFake: p.rec.FXFake}
		if p.server != nil {
			f.SpawnPos = p.server.At(p.spawnT)
		}
		if p.srvDone {
			f.Final = cloneVec(&p.final)
		}
		out = append(out, f)
	}
	return out
}
