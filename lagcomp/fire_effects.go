package lagcomp

import (
	"lagscope/lagcomp/burst"
	"lagscope/lagcomp/chunklog"
	"lagscope/model"
)

// Weapon-fire effects on remote clients (source 001): the server's weapon
// counts its shots into the replicated BurstCounter, each remote client's
// copy of the weapon plays muzzle flashes from what arrives, and every
// shot and every flash is logged so the records can say which shots no
// one saw and which flashes stood for no shot.

// fireLog is the omniscient account of fire and effects.
type fireLog struct {
	Shots   chunklog.Log[ServerShot] // every log shared with keyframes, chunk by chunk
	Bursts  chunklog.Log[ServerBurst]
	Values  chunklog.Log[ValueChange] // the server's property after each change
	Clients []RemoteFire              // by client index; 0 (the shooter) stays empty
	tallies []burstTally              // by client index: the records kept running
}

// ServerShot is one shot the server's weapon fired.
type ServerShot struct {
	T     model.Time
	Burst int
	// Relevant has bit i set when client i's channel was open at the
	// shot: shots fired while a client's copy is culled cannot play there.
	Relevant uint64
}

// ServerBurst is a run of shots between StartFire and StopFire.
type ServerBurst struct {
	Start, Stop model.Time // Stop -1 while still firing
	First, N    int        // its shots: Shots[First : First+N]
	Relevant    uint64     // its shots' Relevant, or'ed: bit i clear when all played culled on client i
}

// ValueChange is the server's BurstCounter after a shot or a stop.
type ValueChange struct {
	T      model.Time
	Value  int
	Firing bool
}

// RemoteFire is what one remote client received and played.
type RemoteFire struct {
	Updates chunklog.Log[FireUpdate]
	Effects chunklog.Log[PlayedEffect]
	Culled  []Span // when its copy of the weapon did not exist
}

// FireUpdate is a property value the client applied.
type FireUpdate struct {
	Sent, Recv model.Time
	Value      int
	Firing     bool
	Open       bool // it opened the channel
	Bits       int
}

// PlayedEffect is one muzzle flash a remote client played, attributed to
// the server burst it stands for (-1: none, an effect for no shot).
type PlayedEffect struct {
	T     model.Time
	Cause burst.Cause
	Burst int
	Bogus bool // played on relevancy re-entry for a weapon not firing
}

// Span is a time interval; End -1 while it lasts.
type Span struct{ Start, End model.Time }

func newFireLog(clients int) *fireLog {
	l := &fireLog{Clients: make([]RemoteFire, clients), tallies: make([]burstTally, clients)}
	for i := 1; i < clients; i++ {
		l.Clients[i].Culled = []Span{{0, -1}} // no copy until the channel opens
	}
	return l
}

// weaponFired is the server's weapon firing an accepted shot
// (HandleFireShot).
func (s *Sim) weaponFired() {
	srv := s.Server
	w := &srv.weapon
	if !w.firing {
		s.fx.Bursts.Add(ServerBurst{Start: srv.Now, Stop: -1, First: s.fx.Shots.Len()}, nil)
	}
	w.HandleFireShot()
	b := s.fx.Bursts.Len() - 1
	var rel uint64
	for i := 1; i < len(srv.conns) && i < 64; i++ {
		if srv.conns[i].weapon.open {
			rel |= 1 << i
		}
	}
	sb := s.fx.Bursts.Mut(b, nil)
	sb.N++
	sb.Relevant |= rel
	s.fx.Shots.Add(ServerShot{T: srv.Now, Burst: b, Relevant: rel}, nil)
	s.logValue()
}

// weaponStopped is the server handling ServerStopFire.
func (s *Sim) weaponStopped() {
	w := &s.Server.weapon
	if !w.firing {
		return
	}
	w.StopFire()
	s.fx.Bursts.Mut(s.fx.Bursts.Len()-1, nil).Stop = s.Server.Now
	s.logValue()
}

func (s *Sim) logValue() {
	v := s.Server.weapon.BurstCounter
	s.fx.Values.Add(ValueChange{T: s.Server.Now, Value: v.Value(), Firing: v.Firing()}, nil)
}

// releaseTrigger is the shooter letting go trigger_hold_ms after its last
// shot: ServerStopFire, reliable as in ShooterGame.
func (s *Sim) releaseTrigger(c *Client, t model.Time) {
	if !c.holding || t < c.releaseAt {
		return
	}
	c.holding = false
	s.sendReliable(relMsg{Kind: PacketStopFire}, c, true, 0)
}

// holdTrigger notes a shot: the trigger stays down until trigger_hold_ms
// after it, or, in the middle of a rapid-fire burst, until that long
// after the next shot is due (the bot releases it if the shot never
// comes).
func (s *Sim) holdTrigger(c *Client, t model.Time) {
	last := t
	if c.firing {
		last = c.nextFire
	}
	c.holding, c.releaseAt = true, last+model.MsF(s.cfg.TriggerHoldMs)
}

// effectOptions are a remote client's weapon settings.
func (s *Sim) effectOptions() burst.Options {
	return burst.Options{CreationCheck: s.cfg.BurstCreationCheck, AutoLoop: s.cfg.BurstAutoLoop, FireInterval: model.MsF(s.cfg.FireIntervalMs)}
}

// receiveWeapon is a remote client handling a packet of the weapon's
// channel: spawn the actor on open, destroy it on close, apply the value.
// sent is when the packet (or reliable message copy) carrying m left.
func (s *Sim) receiveWeapon(c *Client, m *weaponMsg, sent, t model.Time) {
	rf := &s.fx.Clients[c.Index]
	switch {
	case m.Close:
		if c.weapon != nil && c.weaponGen == m.Gen {
			c.weapon = nil
			rf.Culled = append(rf.Culled, Span{t, -1})
		}
		return
	case m.Gen < c.weaponGen || (m.Gen == c.weaponGen && c.weapon == nil):
		return // for a channel already closed
	case m.Gen > c.weaponGen:
		if !m.Open {
			return // the open packet has not arrived: UE4 would queue it; nothing can apply it
		}
		if c.weapon == nil {
			rf.Culled[len(rf.Culled)-1].End = t
		}
		c.weapon = burst.NewReplica(s.cfg.BurstEncoding, s.cfg.BurstCompressByte, t, m.Tag, s.effectOptions())
		c.weaponGen = m.Gen
	}
	v, err := burst.Unmarshal(s.cfg.BurstEncoding, m.Data)
	if err != nil { // the server only sends whole values
		return
	}
	rf.Updates.Add(FireUpdate{Sent: sent, Recv: t, Value: v.Value(), Firing: v.Firing(), Open: m.Open && c.weapon.CreationTime == t, Bits: m.Bits}, nil)
	c.weapon.Receive(v, t, m.Tag)
	s.collectEffects(c)
}

// renderWeapon runs a remote client's copy of the weapon for a render
// frame.
func (s *Sim) renderWeapon(c *Client, t model.Time) {
	if c.weapon == nil {
		return
	}
	c.weapon.SetOptions(s.effectOptions())
	c.weapon.Tick(t)
	s.collectEffects(c)
}

// collectEffects logs what the client's copy just played, each effect
// attributed to the burst it stands for.
func (s *Sim) collectEffects(c *Client) {
	rf := &s.fx.Clients[c.Index]
	for _, e := range c.weapon.TakeEffects() {
		pe := PlayedEffect{T: e.T, Cause: e.Cause, Burst: -1}
		switch {
		case e.Open && !c.weapon.BurstCounter.Firing():
			pe.Bogus = true // a burst for shots long gone
		case e.Tag > 0 && (e.Tag > e.PrevTag || e.Open || e.Cause == burst.CauseLoop):
			pe.Burst = s.fx.Shots.At(int(e.Tag - 1)).Burst
		}
		rf.Effects.Add(pe, nil)
	}
}
