package fireeffects

import (
	"slices"

	"lagscope/lagcomp/burstcounter"
	"lagscope/model"
)

// Property replication as the BurstCounter article describes UE4's: at the
// end of a server frame, at the actor's NetUpdateFrequency, the server compares
// each replicated property with what it last sent on each connection and
// sends the changes in unreliable packets. It is "reliable but lossy": a
// lost packet is not resent as it was; the property is marked dirty and
// its *current* value goes out at the next update. Intermediate values
// are skipped; the eventual state arrives.
//
// The replicated actor here is the shooter's weapon, and its one
// replicated property is the BurstCounter (package burst). The owner
// plays its own effects, so the property goes to every client but the
// shooter (ShooterGame's COND_SkipOwner).

// ServerWeapon is the shooter's weapon actor on the server.
type ServerWeapon struct {
	BurstCounter burstcounter.BurstCounter
	// shadow holds the property in both encodings, to count what each
	// would cost on the wire whatever the run uses.
	shadow [2]burstcounter.BurstCounter
	firing bool
	shots  int64 // HandleFireShot calls so far: the tag of every value sent
}

// NewServerWeapon is a weapon whose BurstCounter uses enc (compressByte:
// the counter in a byte).
func NewServerWeapon(enc burstcounter.Encoding, compressByte bool) ServerWeapon {
	return ServerWeapon{
		BurstCounter: burstcounter.NewBurstCounter(enc, compressByte),
		shadow:       [2]burstcounter.BurstCounter{burstcounter.NewBurstCounter(burstcounter.Naive, compressByte), burstcounter.NewBurstCounter(burstcounter.Robust, compressByte)},
	}
}

// HandleFireShot is one shot the server's weapon fired.
func (w *ServerWeapon) HandleFireShot() {
	w.firing = true
	w.shots++
	w.BurstCounter.HandleFireShot()
	for i := range w.shadow {
		w.shadow[i].HandleFireShot()
	}
}

// StopFire is the server handling the shooter's ServerStopFire.
func (w *ServerWeapon) StopFire() {
	w.firing = false
	w.BurstCounter.StopFire()
	for i := range w.shadow {
		w.shadow[i].StopFire()
	}
}

// WeaponChannel is the server's side of the weapon actor's channel on
// one connection.
type WeaponChannel struct {
	open      bool                      // the actor is relevant there and its channel open
	openAcked bool                      // the server knows the client has the actor
	gen       int                       // counts openings, so a stale close or update never touches a newer copy
	lastSent  burstcounter.BurstCounter // what the server last sent on this connection
	dirty     bool                      // a packet carrying the property was lost: send the current value again
	inFlight  []weaponSent              // sent packets whose fate the server does not know yet
	shadow    [2]burstcounter.BurstCounter

	Packets, Lost, Resends int64
	Bits                   int64    // property bits sent, resends included
	ShadowBits             [2]int64 // what each encoding sends over a loss-free link (no resends)
}

// weaponSent is a packet the server waits to hear about: it learns of a
// loss (a NAK) one round trip after sending, as UE4 learns from the acks
// in the client's packets.
type weaponSent struct {
	known model.Time
	lost  bool
	open  bool
}

// WeaponMsg is one packet of the weapon's channel.
type WeaponMsg struct {
	Open  bool // opens the channel: the client spawns the actor (CreationTime = now)
	Close bool // the actor was culled: the client destroys its copy
	Gen   int
	Data  []byte // the NetSerialized BurstCounter
	Bits  int
	// Tag is omniscient bookkeeping for the records (the server's shot
	// count when the value was sent); no client logic reads it.
	Tag int64
	// Value is the property as sent, for the records and views.
	Value burstcounter.BurstCounter
}

// learn processes what the server has heard of its packets by now.
func (ch *WeaponChannel) learn(now model.Time) {
	n := 0
	for _, p := range ch.inFlight {
		switch {
		case p.known > now:
			ch.inFlight[n] = p
			n++
		case p.lost:
			ch.dirty = true
		case p.open:
			ch.openAcked = true
		}
	}
	ch.inFlight = ch.inFlight[:n]
}

// Replicate is one net update of the channel: the message to send, or
// nil. relevant is whether the client is within relevancy range; shared
// is the property already packed for every connection this frame
// (WithNetSharedSerialization: FRepBurstInfo has no pointers, so one
// NetSerialize serves all connections).
func (ch *WeaponChannel) Replicate(now model.Time, w *ServerWeapon, relevant bool, shared []byte) *WeaponMsg {
	ch.learn(now)
	if !relevant {
		if !ch.open {
			return nil
		}
		ch.open, ch.openAcked, ch.dirty, ch.inFlight = false, false, false, ch.inFlight[:0]
		return &WeaponMsg{Close: true, Gen: ch.gen, Tag: w.shots}
	}
	for i := range ch.shadow { // loss-free: every change once, an open carries the value
		if !ch.open || w.shadow[i] != ch.shadow[i] {
			ch.shadow[i] = w.shadow[i]
			ch.ShadowBits[i] += int64(w.shadow[i].Bits())
		}
	}
	cur := w.BurstCounter
	if !ch.open {
		ch.open, ch.openAcked, ch.dirty = true, false, false
		ch.gen++
	} else if cur == ch.lastSent && !ch.dirty {
		return nil
	}
	if ch.dirty {
		ch.Resends++
	}
	ch.lastSent, ch.dirty = cur, false
	return &WeaponMsg{Open: !ch.openAcked, Gen: ch.gen, Data: shared, Bits: cur.Bits(), Tag: w.shots, Value: cur}
}

// Sent records a message's fate, which the server learns rtt later.
func (ch *WeaponChannel) Sent(now, rtt model.Time, m *WeaponMsg, delivered bool) {
	ch.Packets++
	ch.Bits += int64(m.Bits)
	if !delivered {
		ch.Lost++
	}
	ch.inFlight = append(ch.inFlight, weaponSent{known: now + rtt, lost: !delivered, open: m.Open})
}

// Nak is the client dropping a packet of opening gen it received after a
// newer one (UE4 drops out-of-order packets): the packet goes unacked, so
// the server learns at known that it was lost and sends the current value
// again at its next net update. A NAK for a copy of the actor since
// closed is moot.
func (ch *WeaponChannel) Nak(gen int, known model.Time) {
	if !ch.open || gen != ch.gen {
		return
	}
	ch.inFlight = append(ch.inFlight, weaponSent{known: known, lost: true})
}

// Firing is whether the weapon is between StartFire and StopFire.
func (w *ServerWeapon) Firing() bool { return w.firing }

// Open is whether the actor is relevant on the connection and its
// channel open.
func (ch *WeaponChannel) Open() bool { return ch.open }

// Clone is an independent copy (a keyframe's).
func (ch WeaponChannel) Clone() WeaponChannel {
	ch.inFlight = slices.Clone(ch.inFlight)
	return ch
}
