package stream

import "testing"

// No two consumers of randomness share a stream, for as many clients as
// a run may have (the shooter, the victim and 62 observers): each link,
// each weapon-channel link, each connect exchange and each one-off draw
// has its own.
func TestStreamsNeverOverlap(t *testing.T) {
	seen := map[uint64]string{}
	use := func(id uint64, what string) {
		if other, ok := seen[id]; ok {
			t.Fatalf("stream %d is both %s and %s", id, other, what)
		}
		seen[id] = what
	}
	for _, s := range []struct {
		id   uint64
		what string
	}{{UUID, "uuid"}, {Aim, "aim"}, {Motion, "motion"}, {FirePhase, "fire phase"}, {TargetPhase, "target phase"},
		{DuelAim, "duel aim"}, {DuelFirePhase, "duel fire phase"},
		{Reaction, "reaction"}, {DuelReaction, "duel reaction"}} {
		use(s.id, s.what)
	}
	for c := uint64(0); c < 64; c++ {
		link, handshake := LinkBase+2*c, Handshake+2*c
		if c > 1 { // observers
			link, handshake = ObserverLinkBase+2*c, ObserverHandshakeBase+2*c
		}
		use(link, "a link up")
		use(link+1, "a link down")
		use(WeaponLinkBase+2*c, "a weapon link up")
		use(WeaponLinkBase+2*c+1, "a weapon link down")
		use(handshake, "a handshake up")
		use(handshake+1, "a handshake down")
		use(CmdPhase+c, "a command phase")
	}
}
