package lagcomp

import (
	"fmt"
	"math"

	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// MaxObservers bounds the observers key: 64 clients in all.
const MaxObservers = 62

// Observers are remote clients besides the victim: they watch the
// shooter, so its weapon-fire effects are seen from more than one place.
// Client (and pawn) 0 is the shooter, 1 the victim, 2… the observers; the
// bystanders' pawns come after them.

// observerMotions places the observers. The first follows cfg.Observer;
// observer k of n has the same script turned about the shooter by
// 180°·k/n, so with the default (beside the shooter) they fan out over
// the half-plane behind it, never into the line of fire. Each faces the
// shooter.
func observerMotions(cfg *Config, shooter model.Vec) []model.Motion {
	ms := make([]model.Motion, cfg.Observers)
	for k := range ms {
		m := cfg.Observer
		turn := math.Pi * float64(k) / float64(cfg.Observers)
		m.Origin = shooter.Add(m.Origin.Sub(shooter).Rotate(turn))
		m.Heading += turn
		m.Yaw = shooter.Sub(m.Origin).Angle()
		m.Seed = cfg.Seed*0x2545f4914f6cdd1d + uint64(k+1)*stream.Motion
		ms[k] = m
	}
	return ms
}

// players are the shooter's and the victim's clients: projectiles are
// replicated to them only (one remote copy per projectile, the victim's);
// observers watch the weapon-fire effects.
func (s *Sim) players() []*Client { return s.Clients[:2] }

// ClientName is how records name a client: "shooter", "victim",
// "observer1"…
func ClientName(i int) string {
	switch i {
	case ShooterPawn:
		return "shooter"
	case TargetPawn:
		return "victim"
	}
	return fmt.Sprintf("observer%d", i-1)
}
