package records

import (
	"slices"

	"lagscope/lagcomp"
)

// KillJSON is one death as `lagscope sim --json` prints it (health > 0):
// the killer's and the victim's pawns as the shot lines name them
// (shooter, target), the server time that judged the killing hit, the
// shot (its seq) and whether it was a trade — the killer was dead
// already, its shot judged within trade_window_ms (rule trade).
type KillJSON struct {
	Type     string             `json:"type"`
	Killer   int                `json:"killer"`
	Victim   int                `json:"victim"`
	ServerMs float64            `json:"server_ms"`
	Seq      uint32             `json:"seq"`
	Weapon   lagcomp.WeaponKind `json:"weapon"`
	Trade    bool               `json:"trade"`
}

// Kill is a kill in its output form.
func Kill(k *lagcomp.KillRecord) KillJSON {
	return KillJSON{Type: "kill", Killer: k.Killer, Victim: k.Victim, ServerMs: k.At.Millis(), Seq: k.Seq, Weapon: k.Weapon, Trade: k.Trade}
}

// kill reads a kill line: every field required, the weapon one of
// lagscope's.
func (l *lineReader) kill() lagcomp.KillRecord {
	k := lagcomp.KillRecord{Killer: l.count("killer", true, 0), Victim: l.count("victim", true, 0)}
	k.At, _ = l.ms("server_ms", true, false)
	k.Seq = uint32(l.count("seq", true, 0))
	k.Weapon = lagcomp.WeaponKind(l.str("weapon", true))
	if k.Weapon != "" && !slices.Contains(lagcomp.Weapons, k.Weapon) {
		l.fail("weapon", "want one of %v, got %q", lagcomp.Weapons, k.Weapon)
	}
	k.Trade, _ = l.boolean("trade", true, false)
	return k
}
