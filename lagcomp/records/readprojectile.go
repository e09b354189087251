package records

import (
	"math"
	"slices"

	"lagscope/lagcomp"
	"lagscope/model"
)

// projectileOutcomes are the outcomes a projectile line may name.
var projectileOutcomes = []lagcomp.ProjectileOutcome{lagcomp.ProjectileHit, lagcomp.ProjectileDetonated, lagcomp.ProjectileExpired,
	lagcomp.ProjectileFlying, lagcomp.ProjectileRejected, lagcomp.ProjectileNeverSpawned, lagcomp.ProjectileCommandLate}

// projectile is a projectile line read back into its record. What every
// projectile needs: seq, fire_ms, server_spawn_ms (null: the server never
// spawned it), the reconciliation rules that fired (never_spawned for a
// lost fire command), spawn_offset_m (0: never linked),
// max_divergence_m and detonation_distance_m (null: the twins did not
// both detonate). The rest is optional.
func (l *lineReader) projectile() lagcomp.ProjectileRecord {
	r := lagcomp.ProjectileRecord{ID: l.id("id"), DetonationDistM: math.NaN(), RemoteDetDistM: math.NaN()}
	r.Seq = uint32(l.count("seq", true, 0))
	r.Weapon = lagcomp.WeaponKind(l.str("weapon", false))
	r.Predicted, _ = l.boolean("predicted", false, false)
	r.Fire, _ = l.ms("fire_ms", true, false)
	r.SpawnT, r.Spawned = l.ms("server_spawn_ms", true, true)
	r.Forward, _ = l.ms("forward_prediction_ms", false, false)
	r.FakeDelay, _ = l.ms("fake_spawn_delay_ms", false, false)
	r.LinkOffsetM = l.distance("spawn_offset_m", true)
	r.LinkOffsetMs, _ = l.num("spawn_offset_ms", false, false)
	r.CatchupM, _ = l.num("catchup_m", false, false)
	r.MaxDivergenceM = l.distance("max_divergence_m", true)
	if x, ok := l.num("detonation_distance_m", true, true); ok {
		if x < 0 {
			l.fail("detonation_distance_m", "want a distance ≥ 0, got %v", x)
		}
		r.DetonationDistM = x
	}
	r.Outcome = lagcomp.ProjectileOutcome(l.str("outcome", true))
	if l.present("damage") { // health > 0
		r.Damage, r.HasDamage = l.count("damage", true, 0), true
	}
	if l.err == nil && !slices.Contains(projectileOutcomes, r.Outcome) {
		l.fail("outcome", "want one of %v, got %q", projectileOutcomes, r.Outcome)
	}
	for _, x := range l.strings("server_rules") {
		r.ServerRules = append(r.ServerRules, lagcomp.Rule(x))
	}
	raw, ok := l.raw("rules", true, false)
	if ok {
		l.decode("rules", raw, &r.Rules, "a list of reconciliation rules")
	}
	if len(r.Rules) > 0 {
		r.Rule = r.Rules[len(r.Rules)-1]
	}
	if name := l.str("rule", false); name != "" {
		r.Rule = lagcomp.Reconcile(name)
	}
	if raw, ok := l.raw("effects_at", false, true); ok {
		r.FX, r.HasFX = l.xy("effects_at", raw), true
	}
	r.FXFake, _ = l.boolean("effects_from_fake", false, false)
	if raw, ok := l.raw("server_hits", false, true); ok {
		l.decode("server_hits", raw, &r.Hits, "a list of pawn numbers")
	}
	r.RemoteJumpM, _ = l.num("remote_jump_m", false, false)
	r.RemoteDelay, _ = l.ms("remote_detonation_delay_ms", false, false)
	for _, det := range []struct {
		field string
		to    **model.Vec
	}{{"fake_detonation", &r.FakeDet}, {"auth_detonation", &r.AuthDet}, {"remote_detonation", &r.RemoteDet}} {
		if raw, ok := l.raw(det.field, false, true); ok {
			v := l.xy(det.field, raw)
			*det.to = &v
		}
	}
	if x, ok := l.num("remote_detonation_distance_m", false, true); ok {
		r.RemoteDetDistM = x
	}
	r.Done, _ = l.boolean("done", false, false)
	r.ArrivalDelay, _ = l.ms("arrival_delay_ms", false, false)
	r.Resends = l.count("resends", false, 0)
	r.ArrivalRule = lagcomp.Rule(l.str("arrival_rule", false))
	r.DuplicatesRejected = l.count("duplicates_rejected", false, 0)
	r.MessagesGivenUp = l.count("messages_given_up", false, 0)
	return r
}

// distance is a distance field: a number ≥ 0.
func (l *lineReader) distance(field string, required bool) float64 {
	x, _ := l.num(field, required, false)
	if x < 0 {
		l.fail(field, "want a distance ≥ 0, got %v", x)
	}
	return x
}
