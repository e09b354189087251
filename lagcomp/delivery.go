package lagcomp

import (
	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Every shot the shooter fires is accounted for: its command's copies are
// followed from the client to the server, so a shot ends in exactly one
// record — judged, rejected, or lost — or, when the run ends first, in
// flight.
//
// A shot is LOST when no copy of its command reached the server and none
// can any more: every copy sent was dropped by the link (none is on the
// wire), and the client will send no further copy — it was sent
// unreliably without backups, or its command is no longer among the last
// cmd_backup commands that command packets repeat, or the reliability layer gave up
// resending it (reliable_fire: its connection was lost, connection_lost).
// The simulator sees every copy's fate when
// it is sent, so a shot is known lost the moment the last copy is dropped.
// A shot that has not arrived and can still arrive (a copy on the wire, a
// resend or a backup still to come) is IN FLIGHT; at the end of a run such
// shots are reported as in flight, not lost.

// Outcome is what became of a fired shot.
type Outcome string

const (
	OutcomeJudged   Outcome = "judged"    // the server traced it (or, in client mode, believed it)
	OutcomeRejected Outcome = "rejected"  // a defence refused it
	OutcomeLost     Outcome = "lost"      // no copy of its command reached the server, and none can
	OutcomeInFlight Outcome = "in_flight" // the run ended before it arrived; a copy can still arrive
)

// delivery follows one command's copies: the simulator's omniscient
// account, never seen by client or server. Plain values and a slice.
type delivery struct {
	cmd        *Command     // as sent; shared with its packets, never changed
	sentAt     []model.Time // when each copy left: its own packet, backups, resends, replays
	onWire     int          // copies the link will deliver that the server has not taken yet
	relPending bool         // reliable_fire: the reliability layer may still resend it
	connLost   bool         // reliable_fire: given up with its lost connection (connection_lost)
	cutBy      uint8        // scripted events cut copies of it: a bit per rule (packet.go's cutBit)
	arrived    bool         // a copy reached the server and was handled
	lost       bool         // no copy arrived and none can
	rec        int          // its record in Sim.Shots (hitscan), -1 before it has one
}

// arrivedCopy is which copy of a command reached the server.
type arrivedCopy struct {
	sent     model.Time // when that copy left the client
	resends  int        // copies sent before it
	reliable bool       // a reliable message (resends are the layer's)
	held     model.Time // how long it waited in its channel for an earlier message
	backup   bool       // a cl_cmdbackup repeat in a later packet
	refire   bool       // held by UT2003's refire check (refire.go), its sequence already checked
}

// shot is the delivery record of command seq, nil for a command the bot
// never sent (a test's forgery).
// The pointer is for writing: the pending shots are made this Sim's own.
func (s *Sim) shot(seq uint32) *pendingShot {
	if seq < 1 || int(seq) > s.pending.Len() {
		return nil
	}
	return s.pending.Mut(int(seq)-1, ownSent)
}

// commands are the commands a packet carries, in this order: its own,
// the backups, and reliable command messages — read where they lie (a
// range over it allocates and copies nothing: every upstream packet is
// followed twice, as it leaves and as it arrives).
func (p *Packet) commands(yield func(*Command) bool) {
	for _, cmd := range p.Cmds {
		if !yield(cmd) {
			return
		}
	}
	for _, cmd := range p.Backup {
		if !yield(cmd) {
			return
		}
	}
	for _, m := range p.Rel {
		if m.Body.Cmd != nil && !yield(m.Body.Cmd) {
			return
		}
	}
}

// shotArrived says whether command seq's shot has arrived, read where it
// lies: what its later copies would count (onWire; sentAt already stops
// at the arrival) is read no more — checkLost returns at once for an
// arrived shot, and nothing else reads them — so the copies of a shot
// that arrived are not followed, nor its chunk made this run's own for
// them. cl_cmdbackup repeats a shot's command after it arrived (when
// shots rode every packet until newer ones pushed them out, following
// them was most of a packet's bookkeeping). countSettled follows them
// anyway (the tests' full path).
func (s *Sim) shotArrived(seq uint32) bool {
	if s.countSettled || seq < 1 || int(seq) > s.pending.Len() {
		return false
	}
	return s.pending.At(int(seq) - 1).arrived
}

// commandCopies follows the copies an upstream packet carries: n of each
// are on the wire (0: the link dropped them).
func (s *Sim) commandCopies(p *Packet, n int) {
	for cmd := range p.commands {
		if s.shotArrived(cmd.Seq) {
			continue
		}
		if ps := s.shot(cmd.Seq); ps != nil {
			if !ps.arrived {
				// what a copy sent after one arrived could say is read no
				// more (the record took the count, later copies are
				// duplicates): when cl_cmdbackup repeated a shot in every
				// packet until newer ones pushed it out, an hour of them
				// was 3 kB a shot
				if ps.sentAt == nil { // room for its own copy and its backups at once
					ps.sentAt = make([]model.Time, 0, 1+s.cfg.CmdBackup)
				}
				ps.sentAt = append(ps.sentAt, p.Sent)
			}
			ps.onWire += n
			s.checkLost(ps)
		}
	}
}

// commandArrived takes the copies of an arriving packet off the wire.
func (s *Sim) commandArrived(p *Packet) {
	for cmd := range p.commands {
		if s.shotArrived(cmd.Seq) {
			continue
		}
		if ps := s.shot(cmd.Seq); ps != nil {
			ps.onWire--
		}
	}
}

// copyOf is the copy of cmd that left at sent.
func (s *Sim) copyOf(cmd *Command, sent model.Time) arrivedCopy {
	c := arrivedCopy{sent: sent}
	if ps := s.shot(cmd.Seq); ps != nil {
		for _, t := range ps.sentAt {
			if t < sent {
				c.resends++
			}
		}
	}
	return c
}

// backupCommand is a command repeated by cl_cmdbackup: the server runs
// it only if it has not run it or anything newer (Source runs only the
// backups of commands it missed); otherwise it is the redundancy it was
// meant to be, and ignored.
func (s *Sim) backupCommand(cmd *Command, p *Packet) {
	cn := s.Server.conns[p.Client]
	// the comparisons first: most backups are older than the newest run,
	// and the set's lookup is the dear part (the same answer either way)
	if cmd.Seq <= cn.highSeq || cmd.Seq <= cn.stopThrough || cn.seen.Has(cmd.Seq) {
		return
	}
	c := s.copyOf(cmd, p.Sent)
	// a backup follows the command's own packet even when sent in the
	// same frame: count the copies sent with it too
	if ps := s.shot(cmd.Seq); ps != nil {
		for _, t := range ps.sentAt {
			c.resends += b2i(t == p.Sent)
		}
		c.resends--
	}
	c.backup = true
	s.judge(cmd, p.Deliver, c)
}

// oldConnection: a packet of a connection the client's rejoin replaced
// arrived after it (netem.NewConnection): dropped whole, so a command it
// carried is named disconnected, and lost if no copy is left.
func (s *Sim) oldConnection(p *Packet) {
	for cmd := range p.commands {
		if ps := s.shot(cmd.Seq); ps != nil && !ps.arrived {
			ps.cutBy |= cutBit(rule.Disconnected)
			s.checkLost(ps)
		}
	}
}

// duplicatePacket: the packet layer dropped a network duplicate; the
// shots it carried (their own or reliable commands, not backups) say so.
func (s *Sim) duplicatePacket(p *Packet) {
	for _, cmd := range p.Cmds {
		s.duplicate(cmd.Seq, rule.DuplicatePacket)
	}
	for _, m := range p.Rel {
		if m.Body.Cmd != nil {
			s.duplicate(m.Body.Cmd.Seq, rule.DuplicatePacket)
		}
	}
}

// duplicate is a copy of a command that was already handled, refused by
// rule: counted, and named on the shot's one record — never a second one.
func (s *Sim) duplicate(seq uint32, rule Rule) {
	s.dupRejected++
	ps := s.shot(seq)
	if ps == nil {
		return
	}
	if ps.rec >= 0 && !s.Shots.At(ps.rec).HasRule(rule) {
		r := s.Shots.Mut(ps.rec) // only to write: a record already naming the rule stays shared
		r.Rules = append(r.Rules, rule)
		if ps.rec < s.tally.n { // the running summary folded the record already
			s.tally.s.RuleCounts = tally(s.tally.s.RuleCounts, rule)
		}
	}
	if p := s.proj(seq); p != nil {
		p.duplicates++
	}
}

// connectionLost: one end of c's connection (or of its weapon channel's)
// gave it up by its style's rule. An engine disconnects the player here;
// lagscope keeps the player and reconnects at once (netem.Reconnect):
// every message the connection had not delivered is given up, counted,
// and named connection_lost on what it shaped.
//
// A StopFire given up this way would leave the server's weapon firing for
// ever; a rejoining player's weapon starts from its trigger, so when the
// shooter's trigger is up the server stops firing at the loss.
func (s *Sim) connectionLost(c *Client, weapon bool) {
	s.connectionsLost++
	fromClient, fromServer := netem.Reconnect(s.endpoint(c, true, weapon), s.endpoint(c, false, weapon))
	stop := false
	for _, m := range append(fromClient, fromServer...) {
		s.gaveUp(m.Body)
		stop = stop || m.Body.Kind == PacketStopFire
	}
	if stop && !c.holding {
		s.weaponStopped()
	}
}

// gaveUp is a reliable message given up with its connection: counted, and
// named on the projectile it was about, or its shot lost (unless a copy
// still on the wire is yet to be dropped: abandoned).
func (s *Sim) gaveUp(m relMsg) {
	if ps := s.dropReliable(m); ps != nil {
		ps.connLost = true
		s.checkLost(ps)
	}
}

// dropReliable counts a reliable message its connection's end dropped
// (given up, or cut by a rejoin), names it on the projectile it was
// about, and gives back the shot it carried, no longer pending (nil if
// none), for the caller to name why.
func (s *Sim) dropReliable(m relMsg) *pendingShot {
	s.reliableGaveUp++
	if m.Proj != nil {
		if p := s.proj(m.Proj.Seq); p != nil {
			p.gaveUp++
		}
	}
	if m.Cmd == nil {
		return nil
	}
	ps := s.shot(m.Cmd.Seq)
	if ps != nil {
		ps.relPending = false
	}
	return ps
}

// abandoned are copies of reliable commands that arrived after their
// connection was lost: dropped, so their shots may now be known lost.
func (s *Sim) abandoned(msgs []netem.Message[relMsg]) {
	for _, m := range msgs {
		if m.Body.Cmd != nil {
			if ps := s.shot(m.Body.Cmd.Seq); ps != nil {
				s.checkLost(ps)
			}
		}
	}
}

// moreCopies reports whether the client may still send a copy of ps: a
// reliable resend, or a backup while its command is among the last
// cmd_backup commands sent, which the next command packet repeats (see
// Client.backups).
func (s *Sim) moreCopies(ps *pendingShot) bool {
	if ps.relPending {
		return true
	}
	if s.cfg.CheatResend && len(ps.sentAt) < 2 {
		return true // cheat_resend's second copy leaves right after the first
	}
	n := uint32(s.cfg.CmdBackup)
	return n > 0 && !s.cfg.ReliableFire && ps.cmd.Usercmd+n > s.Clients[ps.cmd.Client].lastSentInput()
}

// checkLost makes the lost record of a shot that can no longer arrive.
func (s *Sim) checkLost(ps *pendingShot) {
	if ps.arrived || ps.lost || ps.onWire > 0 || s.moreCopies(ps) {
		return
	}
	ps.lost = true
	if ps.cmd.Weapon.IsProjectile() {
		if p := s.proj(ps.cmd.Seq); p != nil {
			p.neverSpawned = true
			p.rec.Fire(projectile.ReconcileNeverSpawned)
		}
		return
	}
	r := s.clientRecord(ps)
	r.Outcome, r.Settled = OutcomeLost, s.Now
	s.predictedMarker(&r)
	if ps.connLost {
		r.Rules = append(r.Rules, rule.ConnectionLost)
	}
	r.Rules = append(r.Rules, cutRules(ps.cutBy)...)
	ps.rec = s.Shots.Len()
	s.Shots.add(r, s.spares.shotChunks())
}

// clientRecord is what a shot's record knows before the server has
// judged it: the client's side alone.
func (s *Sim) clientRecord(ps *pendingShot) ShotRecord {
	cmd := ps.cmd
	return ShotRecord{
		ID: ps.id, Seq: cmd.Seq, Shooter: cmd.Client, Target: foe(cmd.Client), Mode: s.cfg.Mode, Weapon: cmd.Weapon,
		Fire: ps.fire, IdealTo: ps.idealT, ClientSaw: ps.saw, Dir: cmd.Dir,
		ClientOrigin: ps.origin, ClientEnd: ps.hit.Point, ClientHit: ps.clientHit, ClientPart: ps.hit.Part,
		ServerHitPawn: -1, Sends: len(ps.sentAt), Usercmd: cmd.Usercmd, ClockError: cmd.ClockError, HasClockError: cmd.HasClockError,
		Sent: firstOr(ps.sentAt), HasSent: len(ps.sentAt) > 0, Stamp: s.stampSent(cmd),
	}
}

// firstOr is ts's first time, 0 for none.
func firstOr(ts []model.Time) model.Time {
	if len(ts) == 0 {
		return 0
	}
	return ts[0]
}

// InFlightShots are the records of hitscan shots fired that have neither
// arrived nor been lost: at the end of a run, the shots still in flight.
func (s *Sim) InFlightShots() []ShotRecord {
	var out []ShotRecord
	for i := 0; i < s.pending.Len(); i++ {
		ps := s.pending.At(i)
		if ps.cmd == nil || ps.arrived || ps.lost || ps.cmd.Weapon.IsProjectile() {
			continue
		}
		r := s.clientRecord(ps)
		r.Outcome = OutcomeInFlight
		out = append(out, r)
	}
	return out
}

// AllShots are every hitscan shot's one record: judged, rejected and lost
// in the order their fate was known, then those still in flight.
func (s *Sim) AllShots() []ShotRecord {
	return append(s.Shots.Records(), s.InFlightShots()...)
}

// shotCounts counts every shot fired, of any weapon, by fate.
func (s *Sim) shotCounts() (fired, lost, inFlight int) {
	for i := 0; i < s.pending.Len(); i++ {
		ps := s.pending.At(i)
		switch {
		case ps.lost:
			lost++
		case !ps.arrived:
			inFlight++
		}
	}
	return s.pending.Len(), lost, inFlight
}
