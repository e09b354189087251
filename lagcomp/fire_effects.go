package lagcomp

import (
	"lagscope/lagcomp/burstcounter"
	"lagscope/lagcomp/fireeffects"
	"lagscope/model"
)

// Weapon-fire effects on remote clients (ShooterGame's BurstCounter article): the
// server's weapon counts its shots into the replicated BurstCounter, each
// remote client's copy of the weapon plays muzzle flashes from what
// arrives, and every shot and every flash is logged so the records can
// say which shots no one saw and which flashes stood for no shot. The
// techniques are package fireeffects's (the weapon actor, its channel,
// the log and its running fold); here the Sim drives them: the weapon
// fires and stops, the trigger, each client's copy receiving and
// rendering, the net update, and the views' lanes.

// weaponFired is the server's weapon firing an accepted shot
// (HandleFireShot). A shot fired after the trigger came up ends the burst
// before it first, whatever became of that release's StopFire.
func (s *Sim) weaponFired(cmd *Command) {
	srv := s.Server
	w := &srv.weapon
	if cmd.AfterRelease {
		s.weaponStopped()
	}
	if !w.Firing() {
		s.fx.AddBurst(fireeffects.ServerBurst{Start: srv.Now, Stop: -1, First: s.fx.Shots.Len()})
	}
	w.HandleFireShot()
	b := s.fx.Bursts.Len() - 1
	var rel uint64
	for i := 1; i < len(srv.conns) && i < 64; i++ {
		if srv.conns[i].weapon.Open() {
			rel |= 1 << i
		}
	}
	sb := s.fx.Bursts.Mut(b, nil)
	sb.N++
	sb.Relevant |= rel
	s.fx.AddShot(fireeffects.ServerShot{T: srv.Now, Burst: b, Relevant: rel})
	s.logValue()
}

// weaponStopped is the server handling ServerStopFire.
func (s *Sim) weaponStopped() {
	w := &s.Server.weapon
	if !w.Firing() {
		return
	}
	w.StopFire()
	s.fx.Bursts.Mut(s.fx.Bursts.Len()-1, nil).Stop = s.Server.Now
	s.logValue()
}

func (s *Sim) logValue() {
	v := s.Server.weapon.BurstCounter
	s.fx.AddValue(fireeffects.ValueChange{T: s.Server.Now, Value: v.Value(), Firing: v.Firing()})
}

// releaseTrigger is the shooter letting go trigger_hold_ms after its last
// shot. The release rides the command stream, behind the shots it ends:
// every command packet from now on says the trigger is up (Source's
// usercmd buttons), or, with reliable_fire, a reliable ServerStopFire
// follows the fire commands on their own channel (ShooterGame's and
// UT2003's RPCs, in order on the weapon's actor channel); either leaves
// with the next command packet (sendInputs), and the next shot says the
// trigger came up before it (Command.AfterRelease).
func (s *Sim) releaseTrigger(c *Client, t model.Time) {
	if !c.holding || t < c.releaseAt {
		return
	}
	c.holding, c.released = false, true
	if s.cfg.ReliableFire {
		c.stopQueued = true
	}
}

// triggerUp is the server learning that client i's trigger came up after
// its shot n: ServerStopFire, taken in the command stream's order. Word
// older than a shot already handled is stale (a newer shot started since)
// and ignored; word of a shot not handled yet means that shot was lost on
// the way, and a copy of it coming later is out of order (Source runs no
// usercmd older than one it ran).
func (s *Sim) triggerUp(i int, n uint32) {
	if i != ShooterPawn { // the weapon channel carries the shooter's weapon only
		return
	}
	cn := s.Server.conns[i]
	if cn.highSeq > n {
		return
	}
	cn.stopThrough = max(cn.stopThrough, n)
	s.weaponStopped()
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
func (s *Sim) effectOptions() burstcounter.Options {
	return burstcounter.Options{CreationCheck: s.cfg.BurstCreationCheck, AutoLoop: s.cfg.BurstAutoLoop, FireInterval: model.MsF(s.cfg.FireIntervalMs), PlayCount: s.cfg.BurstPlayCount}
}

// receiveWeapon is a remote client handling a packet of the weapon's
// channel: spawn the actor on open, destroy it on close, apply the value.
// sent is when the packet (or reliable message copy) carrying m left;
// stale says the packet is older than one the weapon's connection already
// received (reordered).
func (s *Sim) receiveWeapon(c *Client, m *fireeffects.WeaponMsg, sent, t model.Time, stale bool) {
	rf := &s.fx.Clients[c.Index]
	switch {
	case m.Close:
		if c.weapon != nil && c.weaponGen == m.Gen {
			c.weapon = nil
			rf.Culled = append(rf.Culled, fireeffects.Span{Start: t, End: -1})
		}
		return
	case m.Gen < c.weaponGen || (m.Gen == c.weaponGen && c.weapon == nil):
		return // for a channel already closed
	case m.Gen == c.weaponGen && stale:
		// UE4 drops a packet older than one already received, so an old
		// value never overwrites a newer one (property replication
		// guarantees the eventual state, not every change). The dropped
		// packet goes unacked: the server takes it for lost when the
		// acks of the client's next packets reach it, and sends the
		// current value again. (A stale packet that opens the channel is
		// applied: the open is reliable in UE4 and would come again.)
		rf.Stale++
		up := model.MsF(c.weaponUp.BaseMs(t))
		s.Server.conns[c.Index].weapon.Nak(m.Gen, t+up)
		return
	case m.Gen > c.weaponGen:
		if !m.Open {
			return // the open packet has not arrived: UE4 would queue it; nothing can apply it
		}
		if c.weapon == nil {
			rf.Culled[len(rf.Culled)-1].End = t
		}
		c.weapon = burstcounter.NewReplica(s.cfg.BurstEncoding, s.cfg.BurstCompressByte, t, m.Tag, s.effectOptions())
		c.weaponGen = m.Gen
	}
	v, err := burstcounter.Unmarshal(s.cfg.BurstEncoding, m.Data)
	if err != nil { // the server only sends whole values
		return
	}
	s.fx.AddUpdate(c.Index, fireeffects.FireUpdate{Sent: sent, Recv: t, Value: v.Value(), Firing: v.Firing(), Open: m.Open && c.weapon.CreationTime == t, Bits: m.Bits})
	prevTag := c.weapon.Tag()
	c.weapon.Receive(v, t, m.Tag)
	// merged shots: the update brought every shot since the value it
	// replaced (omniscient tags), or for the naive int32 those since the
	// last reset (the ones before it were lost to the reset, not brought);
	// if its OnRep played fewer flashes than that, the rest were merged
	if played := s.collectEffects(c); played > 0 {
		brought := int(m.Tag - prevTag)
		if v.Encoding == burstcounter.Naive {
			brought = min(brought, v.Value())
		}
		rf.Merged += max(0, brought-played)
	}
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
// attributed to the burst it stands for, and reports how many an update
// played (OnRep's, not the loop's).
func (s *Sim) collectEffects(c *Client) (onRep int) {
	for _, e := range c.weapon.TakeEffects() {
		pe := fireeffects.PlayedEffect{T: e.T, Cause: e.Cause, Burst: -1}
		switch {
		case e.Open && !c.weapon.BurstCounter.Firing():
			pe.Bogus = true // a burst for shots long gone
		case e.Back > 0: // burst_play_count: an earlier shot of the update's
			if int64(e.Back) < e.Tag-e.PrevTag {
				pe.Burst = s.fx.Shots.At(int(e.Tag - 1 - int64(e.Back))).Burst
			}
		case e.Tag > 0 && (e.Tag > e.PrevTag || e.Open || e.Cause == burstcounter.CauseLoop):
			pe.Burst = s.fx.Shots.At(int(e.Tag - 1)).Burst
		}
		onRep += b2i(e.Cause == burstcounter.CauseOnRep)
		s.fx.AddEffect(c.Index, pe)
	}
	return onRep
}

// replicateWeapon is the server's net update for the weapon, at the end
// of a frame when NetUpdateFrequency says it is due.
func (s *Sim) replicateWeapon() {
	srv := s.Server
	if !s.netUpdates.Due(srv.Now, s.cfg.netUpdateHz()) {
		return
	}
	from := srv.Pawns[ShooterPawn].Pose.Pos
	var shared []byte // packed when a message carries it: most net updates send none
	for i := 1; i < len(s.Clients); i++ {
		c := s.Clients[i]
		ch := &srv.conns[i].weapon
		relevant := srv.Pawns[i].Pose.Pos.Dist(from) <= s.cfg.RelevancyM
		m := ch.Replicate(srv.Now, &srv.weapon, relevant, nil)
		if m == nil {
			continue
		}
		if !m.Close {
			if shared == nil {
				shared = srv.weapon.BurstCounter.Marshal()
			}
			m.Data = shared
		}
		p := Packet{Kind: PacketWeapon, Client: i, Weapon: m}
		if m.Close { // closing a channel is reliable in UE4
			s.sendReliable(relMsg{Kind: PacketWeapon, Weapon: m}, c, false, 0)
			continue
		}
		rtt := model.MsF(c.up.BaseMs(srv.Now) + c.down.BaseMs(srv.Now))
		ch.Sent(srv.Now, rtt, m, s.send(&p, c))
	}
}

// burstCutoff is when client i's bursts are judged from: those ending
// after it are too recent (settle).
func (s *Sim) burstCutoff(i int) model.Time { return s.Now - s.settle(i) }

// catchUpBurstTally folds what happened for client i since the last call.
func (s *Sim) catchUpBurstTally(i int) { s.fx.CatchUp(i, s.burstCutoff(i)) }

// runningBurstRecord is burstRecord(i)'s record, from the running fold
// and the unsettled bursts alone.
func (s *Sim) runningBurstRecord(i int) BurstRecord {
	l := s.fx
	n := l.Running(i, s.burstCutoff(i))
	r := BurstRecord{Client: i, Name: ClientName(i), Encoding: s.cfg.BurstEncoding, ShotsFired: l.Shots.Len(), EffectsPlayed: l.Clients[i].Effects.Len(),
		ShotsCulled: n.ShotsCulled, ShotsPending: n.ShotsPending, SingleShotsMissed: n.SingleShotsMissed, BurstsMissed: n.BurstsMissed,
		ShotsWithoutEffect: n.ShotsWithoutEffect, ExtraEffects: n.ExtraEffects, BogusBursts: n.BogusBursts, EffectGapSDMs: n.EffectGapSDMs}
	s.burstChannel(i, &r)
	return r
}

// FireWindow is how much fire-effects history a frame carries for the
// lane view.
const FireWindow = 4 * model.Second

// FireFrame is the weapon-fire effects around a frame: the server's real
// shots and its BurstCounter, and per remote client what arrived, what it
// played, and which shots went unseen.
type FireFrame struct {
	From, To      model.Time
	Encoding      burstcounter.Encoding
	CompressByte  bool
	AutoLoop      bool
	CreationCheck bool
	PlayCount     bool // burst_play_count: an update plays NumShotsFired flashes at once
	NetUpdateHz   int  // effective (capped at tick_hz)
	Shots         []FireShot
	Stops         []model.Time
	Values        []fireeffects.ValueChange // the server's property after each change, from the last one before From
	Lanes         []FireLane                // remote clients, victim first
}

// FireShot is a server shot in the window.
type FireShot struct {
	T      model.Time
	Burst  int
	Single bool // its burst is one shot
}

// FireLane is one remote client.
type FireLane struct {
	Client  int
	Name    string
	Updates []fireeffects.FireUpdate
	Effects []FireEffect
	Missed  []model.Time       // shots no effect was played for (bursts old enough to judge)
	Culled  []fireeffects.Span // its copy of the weapon did not exist
	Record  BurstRecord        // the whole run so far
}

// FireEffect is a played effect, marked as the records count it.
type FireEffect struct {
	T     model.Time
	Cause burstcounter.Cause
	Extra bool // beyond its burst's shots, or for none
	Bogus bool // on relevancy re-entry for a weapon not firing
}

// fireFrame builds the window ending now.
func (s *Sim) fireFrame() *FireFrame {
	l := s.fx
	from := s.Now - FireWindow
	ff := &FireFrame{From: from, To: s.Now, Encoding: s.cfg.BurstEncoding, CompressByte: s.cfg.BurstCompressByte,
		AutoLoop: s.cfg.BurstAutoLoop, CreationCheck: s.cfg.BurstCreationCheck, PlayCount: s.cfg.BurstPlayCount, NetUpdateHz: s.cfg.netUpdateHz()}
	// shots and bursts are in time order, one burst stopping before the
	// next starts: only the window's tail is read, so a frame costs the
	// same after 10 shots and after 100 000
	first := l.Shots.Len()
	for first > 0 && l.Shots.At(first-1).T >= from {
		first--
	}
	for _, sh := range l.Shots.Slice(first, l.Shots.Len()) {
		ff.Shots = append(ff.Shots, FireShot{T: sh.T, Burst: sh.Burst, Single: l.Bursts.At(sh.Burst).N == 1})
	}
	b := l.Bursts.Len()
	for b > 0 && (l.Bursts.At(b-1).Stop >= from || l.Bursts.At(b-1).Stop < 0) {
		b--
	}
	for ; b < l.Bursts.Len(); b++ {
		if stop := l.Bursts.At(b).Stop; stop >= from {
			ff.Stops = append(ff.Stops, stop)
		}
	}
	ff.Values = l.ValuesSince(from)
	for i := 1; i < len(s.Clients); i++ {
		ff.Lanes = append(ff.Lanes, s.fireLane(i, from))
	}
	return ff
}

func (s *Sim) fireLane(i int, from model.Time) FireLane {
	rf := &s.fx.Clients[i]
	ln := FireLane{Client: i, Name: ClientName(i), Record: s.runningBurstRecord(i)}
	// every log is in time order: the window is its tail
	u := rf.Updates.Len()
	for u > 0 && rf.Updates.At(u-1).Recv >= from {
		u--
	}
	ln.Updates = rf.Updates.Slice(u, rf.Updates.Len())
	e := rf.Effects.Len()
	for e > 0 && rf.Effects.At(e-1).T >= from {
		e--
	}
	sh := s.fx.Shots.Len()
	for sh > 0 && s.fx.Shots.At(sh-1).T >= from {
		sh--
	}
	marks := s.fx.Marks(i, s.burstCutoff(i), e, sh)
	for j, pe := range rf.Effects.Slice(e, rf.Effects.Len()) {
		ln.Effects = append(ln.Effects, FireEffect{T: pe.T, Cause: pe.Cause, Extra: marks.EffectExtra[j], Bogus: pe.Bogus})
	}
	for j, shot := range s.fx.Shots.Slice(sh, s.fx.Shots.Len()) {
		if marks.ShotMissed[j] {
			ln.Missed = append(ln.Missed, shot.T)
		}
	}
	c := len(rf.Culled)
	for c > 0 && (rf.Culled[c-1].End < 0 || rf.Culled[c-1].End >= from) {
		c--
	}
	ln.Culled = append(ln.Culled, rf.Culled[c:]...)
	return ln
}
