package projectile

import (
	"math"

	"lagscope/model"
)

// Spec is one projectile weapon's flight and reconciliation settings:
// the per-weapon options of the document.
type Spec struct {
	SpeedMps float64
	RadiusM  float64    // area damage radius (0: direct hit only)
	Lifetime model.Time // it detonates where it is when this runs out
	// CorrectFake is bCorrectFakeProjectilePositionOverTime: the owner's
	// fake drifts toward its authoritative twin (usually slow projectiles).
	CorrectFake bool
	// PredictFX is bPredictFX: the fake plays detonation effects itself
	// (fine for direct-hit projectiles, not for area damage).
	PredictFX bool
}

// ForwardPredictionTime is how far the server fast-forwards a new
// authoritative projectile: ClientBiasPct x (ping -
// PredictionLatencyReduction), the ping term clamped to [0,
// MaxPredictionPing] (GetForwardPredictionTime, as UT4's
// GetPredictionTime clamps ExactPing - PredictionFudgeFactor). The cap is
// the projectile-prediction document's point of MaxPredictionPing: a
// client at 1000 ms must not put its projectiles "an entire second ahead"
// of where everyone else sees them. clamped reports that the cap cut it.
func ForwardPredictionTime(pingMs, reductionMs, bias, maxPredictionPingMs float64) (ff model.Time, clamped bool) {
	p := math.Max(0, pingMs-reductionMs)
	if p > maxPredictionPingMs {
		p, clamped = maxPredictionPingMs, true
	}
	return model.MsF(bias * p), clamped
}

// FakeSpawnDelay is how long the owner waits before spawning its fake, so
// that it never forward-predicts more than MaxPredictionPing: 150 ms of
// ping with a 100 ms cap waits 50 ms (the projectile-prediction
// document's example, without a PredictionLatencyReduction). The ping
// it compares with the cap is the one the forward prediction uses, less
// PredictionLatencyReduction, as UT4's GetProjectileSleepTime has it
// (ExactPing − PredictionFudgeFactor − MaxPredictionPing): the fake waits
// exactly what ForwardPredictionTime's clamp cuts, so fake delay plus
// clamped term is ping − reduction.
func FakeSpawnDelay(pingMs, reductionMs, maxPredictionPingMs float64) model.Time {
	return model.MsF(math.Max(0, pingMs-reductionMs-maxPredictionPingMs))
}

// CatchupDistance is how far CatchupTick moves the owner's copy of the
// authoritative projectile on arrival: speed x replication time (half
// the ping).
func CatchupDistance(speedMps float64, replication model.Time) float64 {
	return speedMps * replication.Seconds()
}

// Flight is a projectile in straight flight: at time T0 it is at From,
// moving along unit Dir at Speed.
type Flight struct {
	From  model.Vec
	Dir   model.Vec
	Speed float64
	T0    model.Time
}

// At is where it is at t.
func (f Flight) At(t model.Time) model.Vec {
	return f.From.Add(f.Dir.Scale(f.Speed * (t - f.T0).Seconds()))
}

// Sweep moves a projectile from time a to b against walls and hitboxes
// and reports the first thing it meets (Part none: nothing).
func (f Flight) Sweep(a, b model.Time, walls []model.Wall, targets []model.Target) model.Hit {
	p, q := f.At(a), f.At(b)
	l := q.Sub(p).Len()
	if l == 0 {
		return model.Hit{Pawn: -1, Point: p}
	}
	return model.Raycast(p, f.Dir, l, walls, targets)
}
