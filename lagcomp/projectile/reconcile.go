package projectile

import (
	"slices"

	"lagscope/model"
)

// Reconcile names how the owner's fake and authoritative projectiles were
// reconciled at detonation: the rules of ShouldAuthProjDetonateOnOwner,
// SwitchToAuthTimer and TornOff.
type Reconcile string

const (
	ReconcilePending      Reconcile = ""
	ReconcileConfirmed    Reconcile = "confirmed"      // both detonated close together: the fake's effects stand
	ReconcileSwitchTimer  Reconcile = "switch_to_auth" // the fake detonated, the auth had not when the timer ran out: fake destroyed, auth used
	ReconcileAuthFirst    Reconcile = "auth_first"     // the auth detonated while the fake flew on: fake destroyed, auth used
	ReconcileTooFarApart  Reconcile = "too_far_apart"  // both detonated, far apart: effects replayed where the auth did
	ReconcileFakeGone     Reconcile = "fake_gone"      // the fake was already destroyed: effects replayed where the auth did
	ReconcileTornOff      Reconcile = "torn_off"       // the auth detonated before it was linked (on spawn): detonation waited for the link
	ReconcileRejected     Reconcile = "rejected"       // the server refused the shot: the fake destroyed
	ReconcileUnpredicted  Reconcile = "unpredicted"    // no fake: the auth alone
	ReconcileNeverSpawned Reconcile = "never_spawned"  // the fire command was lost: no auth ever existed, only the fake
)

// Reconciler is the owning client's view of one fake/auth pair: a small
// state machine fed the events as they reach the client.
type Reconciler struct {
	mismatchM   float64
	predictFX   bool
	fakeAlive   bool
	fakeDet     bool
	fakeDetPos  model.Vec
	switchAt    model.Time // SwitchToAuthTimer deadline; 0: not running
	linked      bool
	pendingAuth *model.Vec // an auth detonation that arrived before the link
	// spawnedDetonated: the auth was replicated already detonated (on
	// spawn); it may not detonate before it is torn off
	spawnedDetonated bool
	Rule             Reconcile   // the last rule that fired
	Fired            []Reconcile // every rule that fired, in order
	// FX is where the player finally saw the detonation effects; FXAt when.
	FX      model.Vec
	FXAt    model.Time
	FXFake  bool // the effects were the fake's predicted ones
	HasFX   bool // effects were played at all (a never-spawned shot without bPredictFX shows none)
	fxShown bool
	done    bool // the auth has detonated: nothing more to reconcile
}

// FakeDetonated: the fake hit something at pos. With bPredictFX it plays
// its effects now; either way the switch-to-auth timer starts.
func (o *Reconciler) FakeDetonated(t model.Time, pos model.Vec, timer model.Time) {
	if !o.fakeAlive {
		return
	}
	o.fakeDet, o.fakeDetPos, o.fakeAlive = true, pos, false
	o.switchAt = t + timer
	if o.predictFX {
		o.FX, o.FXAt, o.FXFake, o.fxShown, o.HasFX = pos, t, true, true, true
	}
}

// Tick runs the switch-to-auth timer.
func (o *Reconciler) Tick(t model.Time) {
	if !o.done && o.Rule != ReconcileSwitchTimer && o.Rule != ReconcileNeverSpawned && o.fakeDet && o.switchAt > 0 && t >= o.switchAt {
		// the fake hit something the auth did not: use the auth from now on
		o.Fire(ReconcileSwitchTimer)
		o.fxShown = false
	}
}

// Link is the replicated auth arriving; a detonation that came first is
// handled now (TornOff). An auth that detonated on spawn arrives already
// detonated: it is linked, but detonates only when TornOff comes.
func (o *Reconciler) Link(t model.Time, detonated bool) {
	o.linked = true
	if o.pendingAuth != nil {
		pos := *o.pendingAuth
		o.pendingAuth = nil
		o.Fire(ReconcileTornOff)
		o.AuthDetonated(t, pos)
		return
	}
	o.spawnedDetonated = detonated
}

// AuthDetonated is ShouldAuthProjDetonateOnOwner.
func (o *Reconciler) AuthDetonated(t model.Time, pos model.Vec) {
	if !o.linked {
		o.pendingAuth = &pos
		return
	}
	if o.spawnedDetonated {
		// the second try, after TornOff, then one of the rules below
		o.spawnedDetonated = false
		o.Fire(ReconcileTornOff)
	}
	switch {
	case o.Rule == ReconcileUnpredicted || o.Rule == ReconcileRejected:
		o.show(t, pos) // the auth alone
	case o.fakeAlive:
		// the fake missed something the auth hit: destroy it, use the auth
		o.fakeAlive = false
		o.Fire(ReconcileAuthFirst)
		o.show(t, pos)
	case !o.fakeDet || o.Rule == ReconcileSwitchTimer:
		// the fake is gone (switched away, or never spawned): replay the
		// detonation with the auth
		o.Fire(ReconcileFakeGone)
		o.show(t, pos)
	case o.fakeDetPos.Dist(pos) > o.mismatchM:
		o.Fire(ReconcileTooFarApart)
		o.show(t, pos)
	default:
		o.Fire(ReconcileConfirmed)
		if !o.fxShown { // without bPredictFX the auth's effects play now
			o.show(t, pos)
		}
	}
	o.done = true
}

// Fire notes that rule r fired.
func (o *Reconciler) Fire(r Reconcile) {
	o.Rule = r
	o.Fired = append(o.Fired, r)
}

func (o *Reconciler) show(t model.Time, pos model.Vec) {
	o.FX, o.FXAt, o.FXFake, o.fxShown, o.HasFX = pos, t, false, true, true
}

// NewReconciler is the reconciler of one shot: fake and auth detonations
// farther apart than mismatchM are replayed where the auth was; with
// predictFX (bPredictFX) the fake plays its own effects.
func NewReconciler(mismatchM float64, predictFX bool) Reconciler {
	return Reconciler{mismatchM: mismatchM, predictFX: predictFX}
}

// FakeSpawned: the owner's fake is in flight.
func (o *Reconciler) FakeSpawned() { o.fakeAlive = true }

// Reject: the server refused the shot; the fake is destroyed.
func (o *Reconciler) Reject() {
	o.fakeAlive, o.done = false, true
	o.Fire(ReconcileRejected)
}

// FakeAlive is whether the fake may fly on: the reconciler decides it.
func (o *Reconciler) FakeAlive() bool { return o.fakeAlive }

// Done is whether the auth has detonated: nothing more to reconcile.
func (o *Reconciler) Done() bool { return o.done }

// FXShown is whether the player sees detonation effects now.
func (o *Reconciler) FXShown() bool { return o.fxShown }

// DetonationBeforeLink is whether an auth detonation came before the auth
// itself and waits for it (TornOff).
func (o *Reconciler) DetonationBeforeLink() bool { return o.pendingAuth != nil }

// Clone is an independent copy (a keyframe's).
func (o Reconciler) Clone() Reconciler {
	o.pendingAuth, o.Fired = clonePtr(o.pendingAuth), slices.Clone(o.Fired)
	return o
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
