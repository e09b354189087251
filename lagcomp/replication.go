package lagcomp

import (
	"lagscope/lagcomp/burst"
	"lagscope/model"
)

// Property replication as source 001 describes UE4's: at the end of a
// server frame, at the actor's NetUpdateFrequency, the server compares
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

// serverWeapon is the shooter's weapon actor on the server.
type serverWeapon struct {
	BurstCounter burst.BurstCounter
	// shadow holds the property in both encodings, to count what each
	// would cost on the wire whatever the run uses.
	shadow [2]burst.BurstCounter
	firing bool
	shots  int64 // HandleFireShot calls so far: the tag of every value sent
}

func newServerWeapon(cfg *Config) serverWeapon {
	return serverWeapon{
		BurstCounter: burst.NewBurstCounter(cfg.BurstEncoding, cfg.BurstCompressByte),
		shadow:       [2]burst.BurstCounter{burst.NewBurstCounter(burst.Naive, cfg.BurstCompressByte), burst.NewBurstCounter(burst.Robust, cfg.BurstCompressByte)},
	}
}

// HandleFireShot is one shot the server's weapon fired.
func (w *serverWeapon) HandleFireShot() {
	w.firing = true
	w.shots++
	w.BurstCounter.HandleFireShot()
	for i := range w.shadow {
		w.shadow[i].HandleFireShot()
	}
}

// StopFire is the server handling the shooter's ServerStopFire.
func (w *serverWeapon) StopFire() {
	w.firing = false
	w.BurstCounter.StopFire()
	for i := range w.shadow {
		w.shadow[i].StopFire()
	}
}

// weaponChannel is the server's side of the weapon actor's channel on
// one connection.
type weaponChannel struct {
	open      bool               // the actor is relevant there and its channel open
	openAcked bool               // the server knows the client has the actor
	gen       int                // counts openings, so a stale close or update never touches a newer copy
	lastSent  burst.BurstCounter // what the server last sent on this connection
	dirty     bool               // a packet carrying the property was lost: send the current value again
	inFlight  []weaponSent       // sent packets whose fate the server does not know yet
	shadow    [2]burst.BurstCounter

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

// weaponMsg is one packet of the weapon's channel.
type weaponMsg struct {
	Open  bool // opens the channel: the client spawns the actor (CreationTime = now)
	Close bool // the actor was culled: the client destroys its copy
	Gen   int
	Data  []byte // the NetSerialized BurstCounter
	Bits  int
	// Tag is omniscient bookkeeping for the records (the server's shot
	// count when the value was sent); no client logic reads it.
	Tag int64
	// Value is the property as sent, for the records and views.
	Value burst.BurstCounter
}

// learn processes what the server has heard of its packets by now.
func (ch *weaponChannel) learn(now model.Time) {
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

// replicate is one net update of the channel: the message to send, or
// nil. relevant is whether the client is within relevancy range; shared
// is the property already packed for every connection this frame
// (WithNetSharedSerialization: FRepBurstInfo has no pointers, so one
// NetSerialize serves all connections).
func (ch *weaponChannel) replicate(now model.Time, w *serverWeapon, relevant bool, shared []byte) *weaponMsg {
	ch.learn(now)
	if !relevant {
		if !ch.open {
			return nil
		}
		ch.open, ch.openAcked, ch.dirty, ch.inFlight = false, false, false, ch.inFlight[:0]
		return &weaponMsg{Close: true, Gen: ch.gen, Tag: w.shots}
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
	return &weaponMsg{Open: !ch.openAcked, Gen: ch.gen, Data: shared, Bits: cur.Bits(), Tag: w.shots, Value: cur}
}

// sent records a message's fate, which the server learns rtt later.
func (ch *weaponChannel) sent(now, rtt model.Time, m *weaponMsg, delivered bool) {
	ch.Packets++
	ch.Bits += int64(m.Bits)
	if !delivered {
		ch.Lost++
	}
	ch.inFlight = append(ch.inFlight, weaponSent{known: now + rtt, lost: !delivered, open: m.Open})
}

// replicateWeapon is the server's net update for the weapon, at the end
// of a frame when NetUpdateFrequency says it is due.
func (s *Sim) replicateWeapon() {
	srv := s.Server
	if !s.netUpdates.Due(srv.Now, s.cfg.netUpdateHz()) {
		return
	}
	from := srv.Pawns[ShooterPawn].Pose.Pos
	shared := srv.weapon.BurstCounter.Marshal()
	for i := 1; i < len(s.Clients); i++ {
		c := s.Clients[i]
		ch := &srv.conns[i].weapon
		relevant := srv.Pawns[i].Pose.Pos.Dist(from) <= s.cfg.RelevancyM
		m := ch.replicate(srv.Now, &srv.weapon, relevant, shared)
		if m == nil {
			continue
		}
		p := Packet{Kind: PacketWeapon, Client: i, Weapon: m}
		if m.Close { // closing a channel is reliable in UE4
			s.sendReliable(relMsg{Kind: PacketWeapon, Weapon: m}, c, false, 0)
			continue
		}
		rtt := model.MsF(c.up.Config().LatencyMs + c.down.Config().LatencyMs)
		ch.sent(srv.Now, rtt, m, s.send(p, c))
	}
}
