// Package projectile is projectile prediction as the document
// "Projectile Prediction" describes it (the owner's fake, the server's
// fast-forward, the reconciliation), in the parts that need nothing of
// the simulation: a weapon's flight settings (Spec), the straight
// flight and its sweep through walls and hitboxes,
// the server's fast-forward (ForwardPredictionTime), the owner's delayed
// fake (FakeSpawnDelay) and CatchupTick's move, and the owner's
// reconciliation of fake and authoritative detonations (Reconciler: the
// rules of ShouldAuthProjDetonateOnOwner, SwitchToAuthTimer and TornOff).
// Package lagcomp flies each projectile on every machine with them.
package projectile
