package lagcomp

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/projectile"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// The head-of-line blocking the old retransmission caused: resends were
// booked at future times on the FIFO link, so every later snapshot
// waited behind them. On a jitter-free lossy downlink carrying rockets'
// reliable spawns and tear-offs, every packet must arrive exactly one
// base latency after it was sent.
func TestReliableTrafficNeverDelaysOtherPackets(t *testing.T) {
	c := rockets()
	c.Control, c.FireIntervalMs = ControlBot, 300
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Yaw: math.Pi, Speed: 5, Amplitude: 3}
	c.Down.LossPct = 20
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for at := model.Time(0); at < 6*model.Second; at += model.Millisecond {
		s.Step(at)
		for _, p := range s.inFlight() {
			if lat := model.MsF(40); p.Deliver-p.Sent != lat {
				t.Fatalf("%s packet sent at %v arrives after %v, not the link's %v: it waits behind another", p.Kind, p.Sent, p.Deliver-p.Sent, lat)
			}
		}
	}
	if s.Server.conns[ShooterPawn].rel.Stats.Resends == 0 {
		t.Fatal("nothing was resent: the test did not exercise loss")
	}
	if n := s.Clients[ShooterPawn].starved; n > 10 {
		t.Fatalf("%d frames starved of snapshots", n)
	}
}

// Resends and acks are in the packet records the views draw.
func TestResendsAndAcksAreInThePacketRecords(t *testing.T) {
	c := rockets()
	c.Control, c.FireIntervalMs, c.Down.LossPct = ControlBot, 300, 30
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Yaw: math.Pi, Speed: 5, Amplitude: 3}
	// command packets twice a second: between them an ack owed goes in a
	// packet of its own (at 64 Hz every ack rides a command packet)
	c.CmdRateHz = 2
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	var resend, ack, droppedRel, carried bool
	for at := model.Time(0); at < 8*model.Second; at += 5 * model.Millisecond {
		s.Step(at)
		f := s.Frame()
		for _, p := range f.InFlight {
			resend = resend || (!p.Up && p.Resend)
			ack = ack || (p.Up && p.Kind == PacketAck && p.Ack > 0)
			carried = carried || (p.Kind == PacketSnapshot && len(p.Messages) > 0)
			if p.Seq == 0 {
				t.Fatalf("a %s packet without a sequence number", p.Kind)
			}
		}
		for _, p := range f.Dropped {
			droppedRel = droppedRel || len(p.Messages) > 0
		}
	}
	if !resend || !ack || !droppedRel || !carried {
		t.Fatalf("resend %v, explicit ack %v, dropped reliable %v, riding a snapshot %v", resend, ack, droppedRel, carried)
	}
}

// accounted checks that every shot fired has exactly one record with a
// unique id, and returns how many were lost.
func accounted(t *testing.T, s *Sim) (lost int) {
	t.Helper()
	sum := s.Summary()
	all := s.AllShots()
	if len(all) != sum.ShotsFired || sum.ShotsFired != s.pending.Len() {
		t.Fatalf("%d shots fired, %d records", sum.ShotsFired, len(all))
	}
	ids, seqs := map[string]bool{}, map[uint32]bool{}
	for _, r := range all {
		if ids[r.ID.String()] || seqs[r.Seq] {
			t.Fatalf("shot %d (%s) has two records", r.Seq, r.ID)
		}
		ids[r.ID.String()], seqs[r.Seq] = true, true
		lost += b2i(r.Outcome == OutcomeLost)
	}
	if lost != sum.ShotsLost {
		t.Fatalf("%d lost records, summary says %d", lost, sum.ShotsLost)
	}
	return lost
}

// Up 20 % loss without backups: lost shots have records that say so,
// with no server verdict, and agreement counts the ones the client saw
// hit as disagreements.
func TestLostShotsAreRecorded(t *testing.T) {
	c := constantVelocity()
	c.Up.LossPct, c.CmdBackup, c.FireIntervalMs = 20, 0, 200
	s := run(t, c, 20*model.Second)
	if lost := accounted(t, s); lost < 10 {
		t.Fatalf("%d of %d shots lost at 20 %% loss", lost, s.pending.Len())
	}
	// (that a lost shot prints no server side, no arrival, verdict,
	// rewind or trace, is records' TestLostShotsPrintNoServerSide)
	agree, n := 0, 0
	for _, r := range s.AllShots() {
		switch r.Outcome {
		case OutcomeLost:
			if r.HasServerSide() || r.Traced() {
				t.Fatalf("lost shot %v has a server side", r.Seq)
			}
			n++
			agree += b2i(!r.ClientHit)
		case OutcomeJudged:
			n++
			agree += b2i(r.Agree())
		}
	}
	sum := s.Summary()
	if want := float64(agree) / float64(n); math.Abs(sum.Agreement-want) > 1e-12 || sum.LostClientHits == 0 || sum.Agreement > 0.95 {
		t.Fatalf("agreement %v, want %v from the records (%d lost hits)", sum.Agreement, want, sum.LostClientHits)
	}
}

// With cl_cmdbackup or a reliable fire RPC, loss delays shots, and the
// records show the delay and name its cause. A reliable RPC loses none; a
// backup brings a shot only while its command is repeated, so some are
// lost with their commands (TestShotLostWithItsCommand counts them).
func TestBackupsAndReliableFireDelayShots(t *testing.T) {
	for _, tc := range []struct {
		name     string
		set      func(*Config)
		rule     Rule
		loseNone bool
	}{
		{"cmd_backup", func(c *Config) { c.CmdBackup = 2 }, rule.CommandBackup, false},
		{"reliable_fire", func(c *Config) { c.CmdBackup, c.ReliableFire = 0, true }, rule.CommandResent, true},
	} {
		c := constantVelocity()
		c.Up.LossPct, c.FireIntervalMs = 20, 200
		tc.set(&c)
		s := run(t, c, 20*model.Second)
		if lost := accounted(t, s); lost != 0 && tc.loseNone {
			t.Fatalf("%s: %d shots lost", tc.name, lost)
		}
		late := 0
		for _, r := range s.Shots.Records() {
			// a backup can ride a packet sent in the same frame (no delay)
			named := r.HasRule(tc.rule) || r.HasRule(rule.CommandHeld)
			if r.HasRule(tc.rule) != (r.Resends > 0) || r.ArrivalDelay > 0 && !named || r.ArrivalDelay < 0 {
				t.Fatalf("%s: shot %d delayed %v after %d resends, rules %v", tc.name, r.Seq, r.ArrivalDelay, r.Resends, r.Rules)
			}
			late += b2i(r.ArrivalDelay > 0)
		}
		if late < 10 {
			t.Fatalf("%s: only %d shots arrived late at 20 %% loss", tc.name, late)
		}
	}
}

// A network duplicate is dropped by the packet layer and named on the
// shot's one record; the summary counts it.
func TestNetworkDuplicatesAreOneRecord(t *testing.T) {
	c := constantVelocity()
	c.Up.DupPct = 50
	s := run(t, c, 10*model.Second)
	accounted(t, s)
	named := 0
	for _, r := range s.Shots.Records() {
		named += b2i(r.HasRule(rule.DuplicatePacket))
	}
	if sum := s.Summary(); named < 5 || sum.DupsRejected != named || sum.Rejected != 0 {
		t.Fatalf("%d records name a duplicate packet, %d counted, %d rejected", named, sum.DupsRejected, sum.Rejected)
	}
}

// A rocket whose fire command was lost was never spawned: its own rule,
// not switch_to_auth, and no effects the player never saw.
func TestLostRocketNeverSpawned(t *testing.T) {
	c := rockets()
	c.Up.LossPct, c.CmdBackup = 30, 0
	rs := fireAt(t, c, model.V(30, 0), 400*model.Millisecond, 10*model.Second)
	never := 0
	for _, r := range rs {
		if r.Spawned == (r.Rule == projectile.ReconcileNeverSpawned) {
			t.Fatalf("projectile %d: spawned %v, rule %s %v", r.Seq, r.Spawned, r.Rule, r.Rules)
		}
		if r.Rule == projectile.ReconcileNeverSpawned {
			never++
			if slices.Contains(r.Rules, projectile.ReconcileSwitchTimer) || r.HasFX || !r.Done {
				t.Fatalf("never-spawned projectile %d: rules %v, effects %v, done %v", r.Seq, r.Rules, r.HasFX, r.Done)
			}
		}
	}
	if never == 0 {
		t.Fatal("no rocket command was lost at 30 % loss")
	}
}

// A frame's shots are every record settled within GhostWindow, lost ones
// among them: a lost record (no judging tick) does not hide the judged
// ones before it.
func TestFramesListLostShots(t *testing.T) {
	c := constantVelocity()
	c.Up.LossPct, c.CmdBackup, c.FireIntervalMs = 30, 0, 200
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	lost := 0
	for at := model.Second; at <= 10*model.Second; at += 250 * model.Millisecond {
		s.Step(at)
		f := s.Frame()
		want := 0
		for _, r := range s.Shots.Records() {
			want += b2i(r.Settled > at-GhostWindow)
		}
		if len(f.Shots) != want {
			t.Fatalf("at %v the frame lists %d shots, %d settled within the ghost window", at, len(f.Shots), want)
		}
		for _, r := range f.Shots {
			lost += b2i(r.Outcome == OutcomeLost)
		}
	}
	if lost == 0 {
		t.Fatal("no lost shot was listed")
	}
}

// The second figure: rockets at 150 ms each way, 2 % loss and
// 1 ms jitter. Snapshots never starve behind resent spawns, and the
// owner's fake-spawn delay (ping − MaxPredictionPing) stays at what its
// ~310 ms ping gives instead of jumping when a pong waited in a queue.
func TestRocketsAt150msKeepTheirPing(t *testing.T) {
	c := rockets()
	c.Control, c.FireIntervalMs = ControlBot, 600
	c.Target = model.Motion{Kind: model.Strafe, Origin: model.V(15, 0), Heading: math.Pi / 2, Yaw: math.Pi, Speed: 5, Amplitude: 3}
	c.Up.LatencyMs, c.Down.LatencyMs, c.Up.LossPct, c.Down.LossPct, c.Up.JitterMs, c.Down.JitterMs = 150, 150, 2, 2, 1, 1
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(20 * model.Second)
	rs := s.Projectiles()
	if len(rs) < 20 || s.Clients[ShooterPawn].starved != 0 {
		t.Fatalf("%d projectiles, %d starved frames", len(rs), s.Clients[ShooterPawn].starved)
	}
	for _, r := range rs {
		// ping 300 ms plus at most a tick, a frame and the jitter both ways
		if hi := model.MsF(300 + 1000.0/64 + 1000.0/120 + 2 - 100); r.FakeDelay > hi {
			t.Fatalf("projectile %d waited %v for its fake, more than %v", r.Seq, r.FakeDelay, hi)
		}
	}
}

// On a dead up link no reliable fire command gets through, and each
// style loses the connection by its engine's rule — nak at 256 unacked on
// the channel (shots every 100 ms: the 256th at 25.6 s), repeat at the
// 65th (6.5 s), rto by ENet's timeout. Every command not delivered is
// given up and counted, its shot recorded as lost naming connection_lost,
// and the summary counts the connection lost.
func TestReliableFireOnADeadLinkLosesTheConnection(t *testing.T) {
	for _, c := range []struct {
		style  netem.Style
		by     model.Time
		gaveUp int
	}{{netem.NAK, 30 * model.Second, 256}, {netem.Repeat, 10 * model.Second, 65}, {netem.RTO, 20 * model.Second, 0}} {
		cfg := constantVelocity()
		cfg.ReliableFire, cfg.Up.LossPct, cfg.FireIntervalMs, cfg.ReliableStyle = true, 100, 100, c.style
		cfg.TriggerHoldMs = 1000 // the trigger never comes up: no StopFire shares the fire channel
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(c.by)
		lost := accounted(t, s)
		gaveUp, sum := s.Clients[ShooterPawn].rel.Stats.GaveUp, s.Summary()
		if sum.ConnLost < 1 || lost == 0 || lost != gaveUp || (c.gaveUp > 0 && gaveUp != c.gaveUp) || sum.ReliableGaveUp < gaveUp {
			t.Fatalf("%s: %d connections lost, %d shots lost, %d given up (summary %d)", c.style, sum.ConnLost, lost, gaveUp, sum.ReliableGaveUp)
		}
		for _, r := range s.Shots.Records() {
			if r.Outcome != OutcomeLost || !r.HasRule(rule.ConnectionLost) {
				t.Fatalf("%s: shot %d: %s, rules %v", c.style, r.Seq, r.Outcome, r.Rules)
			}
		}
	}
}

// Replicated projectile messages that the layer gives up on are named on
// their projectile, and the summary counts every connection's give-ups.
func TestGivenUpProjectileMessagesAreCounted(t *testing.T) {
	c := rockets()
	c.Down.LossPct, c.ReliableStyle = 100, netem.RTO // ENet's timeout loses it within the run
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for at := 500 * model.Millisecond; at < 8*model.Second; at += 1500 * model.Millisecond {
		s.Step(at)
		s.QueueFire(model.V(30, 0))
	}
	s.Step(20 * model.Second)
	named, layer := 0, 0
	for _, r := range s.Projectiles() {
		named += r.MessagesGivenUp
	}
	for _, cl := range s.Clients {
		for _, up := range []bool{false, true} {
			for _, w := range []bool{false, true} {
				layer += s.endpoint(cl, up, w).Stats.GaveUp
			}
		}
	}
	if sum := s.Summary(); named == 0 || named > sum.ReliableGaveUp || sum.ReliableGaveUp != layer {
		t.Fatalf("%d given up on projectiles, summary %d, the layer %d", named, sum.ReliableGaveUp, layer)
	}
}

// A frame's ShotPath finds, in the packet log alone, what the delivery
// record knows: the copy that arrived is the one the record's arrival
// time and delay name (its own packet, a backup or a reliable resend, as
// the record's rule says; one held in its reliable channel arrived before
// its release), every copy sent before the judging tick is listed,
// and the victim is told by the first snapshot sent from the judging
// tick on that arrived, after every earlier one was lost. Under 30 % loss
// both ways, with cmd_backup and with reliable fire, on three seeds.
func TestShotPathMatchesTheDeliveryRecord(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(*Config)
		rule Rule
	}{
		{"cmd_backup", func(c *Config) { c.CmdBackup = 2 }, rule.CommandBackup},
		{"reliable_fire", func(c *Config) { c.CmdBackup, c.ReliableFire = 0, true }, rule.CommandResent},
	} {
		late, toldAfterLoss := 0, 0
		for seed := uint64(1); seed <= 3; seed++ {
			c := constantVelocity()
			c.Up.LossPct, c.Down.LossPct, c.FireIntervalMs, c.Seed = 30, 30, 300, seed
			tc.set(&c)
			s := run(t, c, 8*model.Second)
			recs := s.Shots.Records()
			replay, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			for i := range recs {
				r := &recs[i]
				if r.Outcome != OutcomeJudged {
					continue
				}
				// a frame a little after the judgement: the told snapshot has left
				replay.Step(r.Judged + 150*model.Millisecond)
				f := replay.Frame()
				sp := f.ShotPath(r)
				if sp.Delivered < 0 {
					t.Fatalf("%s seed %d: shot %d judged at %v: no copy arrived in the frame's log", tc.name, seed, r.Seq, r.Judged)
				}
				d := f.Packets[sp.Delivered]
				first := f.Packets[sp.Copies[0]]
				held := r.HasRule(rule.CommandHeld) // it waited in its reliable channel: arrival is its release
				if !held && (d.Deliver != r.Arrival || d.Sent-first.Sent != r.ArrivalDelay) || held && d.Deliver >= r.Arrival {
					t.Fatalf("%s seed %d: shot %d: path's copy sent %v arrived %v, first sent %v; record: arrival %v, delay %v",
						tc.name, seed, r.Seq, d.Sent, d.Deliver, first.Sent, r.Arrival, r.ArrivalDelay)
				}
				// (a backup can ride a ping bounce sent in the same frame as
				// the lost command: a later copy, though sent at the same instant)
				if r.HasRule(tc.rule) && sp.Delivered == sp.Copies[0] {
					t.Fatalf("%s seed %d: shot %d is %s but its path's copy is the first", tc.name, seed, r.Seq, tc.rule)
				}
				if tc.rule == rule.CommandBackup && r.HasRule(tc.rule) && !slices.Contains(d.Backup, r.Seq) {
					t.Fatalf("shot %d arrived by backup, but the path's copy carries it as %+v", r.Seq, d)
				}
				sent := 0
				for _, i := range sp.Copies {
					// a copy sent at the judging tick's instant left after it (a tick runs before frames)
					sent += b2i(!f.Packets[i].Dup && f.Packets[i].Sent < r.Judged)
				}
				if sent != r.Sends {
					for _, i := range sp.Copies {
						t.Logf("%+v", f.Packets[i])
					}
					t.Fatalf("%s seed %d: shot %d judged %v arrived %v: %d copies sent by its judgement in the path, the record says %d", tc.name, seed, r.Seq, r.Judged, r.Arrival, sent, r.Sends)
				}
				late += b2i(r.ArrivalDelay > 0)
				if sp.Tells < 0 {
					t.Fatalf("%s seed %d: shot %d: no snapshot reached the victim within 150 ms of its judgement (%d sent)", tc.name, seed, r.Seq, len(sp.Told))
				}
				for j, i := range sp.Told {
					pk := f.Packets[i]
					if pk.Sent < r.Judged || pk.Client != r.Target || (pk.Deliver >= 0) != (j == len(sp.Told)-1) {
						t.Fatalf("shot %d: told path %d: %+v", r.Seq, j, pk)
					}
				}
				toldAfterLoss += b2i(len(sp.Told) > 1)
			}
		}
		if late < 5 || toldAfterLoss < 5 {
			t.Fatalf("%s: %d shots arrived late, %d told after a lost snapshot: the test checks little", tc.name, late, toldAfterLoss)
		}
	}
}

// A reliable command's arrival delay is how much later than its first
// copy's transit (from when it was sent) it reached the server, whatever batch the server's tick
// read it in: a command that waited behind an earlier resent one arrived
// in the same tick is named command_held and its wait counted (the
// server once timed the wait from its tick, so such a wait read 0 and
// went unnamed). Under 30 % up loss, every judged shot on ten seeds.
func TestHeldCommandWaitCounted(t *testing.T) {
	const transit = 40 * model.Millisecond
	held, heldResent := 0, 0
	for seed := uint64(1); seed <= 10; seed++ {
		c := constantVelocity()
		c.Up.LossPct, c.FireIntervalMs, c.CmdBackup, c.ReliableFire, c.Seed = 30, 100, 0, true, seed
		s := run(t, c, 8*model.Second)
		for _, r := range s.Shots.Records() {
			if r.Outcome != OutcomeJudged {
				continue
			}
			if got := r.Arrival - r.ArrivalDelay; got != r.Sent+transit {
				t.Fatalf("seed %d shot %d: first sent %v, arrived %v, %v late: the delay does not add up (%v, want %v)", seed, r.Seq, r.Sent, r.Arrival, r.ArrivalDelay, got, r.Sent+transit)
			}
			named := r.HasRule(rule.CommandResent) || r.HasRule(rule.CommandHeld)
			if (r.ArrivalDelay > 0) != named {
				t.Fatalf("seed %d shot %d: %v late with rules %v", seed, r.Seq, r.ArrivalDelay, r.Rules)
			}
			if r.HasRule(rule.CommandHeld) {
				held++
				heldResent += b2i(r.HasRule(rule.CommandResent))
			}
		}
	}
	if held-heldResent < 3 || heldResent < 3 {
		t.Fatalf("%d held only, %d resent and held: the test checks little", held-heldResent, heldResent)
	}
}

// Each reliable_style in the simulation, reliable fire at 20 % up loss on
// an 80 ms round trip (120 fps client, 64 Hz ticks, 32 Hz snapshots), on
// several seeds. repeat: every packet up carries the command until it is
// acked, and the client sends a command packet each command interval (64
// Hz at 120 fps: at the first frame of each beat, 1 or 2 frames apart), so
// a command resent k times arrives at most k such gaps late, and on
// average no more than a command interval a resend (a ping leaving
// between them carries it too). nak: each loss costs at least the round
// trip (the gap is revealed by the next packet that arrives — the next
// frame's, or a ping bounce the same frame sent as its own packet — and
// its ack must come back), at least the round trip plus a frame when no
// other packet left in its frame, and on average no more than that plus
// the command packet's wait, the server's tick wait, its 20 ms ack delay
// and the client's frame wait. rto: k resends wait for
// timers T, 2T, …: at least (2^k − 1) x the round trip. No connection is
// lost at this loss and every shot is accounted for.
func TestReliableStylesResendDelays(t *testing.T) {
	const rtt, frame, cmd = 80.0, 1000.0 / 120, 1000.0 / 64
	gap := math.Ceil(cmd/frame) * frame // the longest between two command packets
	for _, style := range netem.Styles() {
		losses, late := 0, 0.0
		for seed := uint64(1); seed <= 3; seed++ {
			c := Defaults()
			c.ReliableFire, c.Up.LossPct, c.FireIntervalMs, c.ReliableStyle, c.Seed = true, 20, 300, style, seed
			s, err := New(c)
			if err != nil {
				t.Fatal(err)
			}
			s.KeepAllPackets()
			s.Step(30 * model.Second)
			accounted(t, s)
			if sum := s.Summary(); sum.ConnLost != 0 || sum.ShotsLost != 0 {
				t.Fatalf("%s seed %d: %d connections lost, %d shots lost at 20 %% loss", style, seed, sum.ConnLost, sum.ShotsLost)
			}
			for _, r := range s.Shots.Records() {
				if r.Resends == 0 {
					continue
				}
				d, k := r.ArrivalDelay.Millis(), float64(r.Resends)
				if !r.HasRule(rule.CommandResent) {
					t.Fatalf("%s: shot %d resent without command_resent: %v", style, r.Seq, r.Rules)
				}
				switch style {
				case netem.Repeat:
					// d = 0: a ping bounce sent at the command packet's
					// instant carried it too and arrived (a resend that cost nothing)
					if d < 0 || d > k*gap+0.002*k {
						t.Fatalf("repeat: shot %d resent %d times arrived %.3f ms late, want (0, %.3f]", r.Seq, r.Resends, d, k*gap)
					}
				case netem.NAK:
					if d < k*rtt-0.002*k {
						t.Fatalf("nak: shot %d resent %d times arrived %.3f ms late, under k x RTT", r.Seq, r.Resends, d)
					}
					if k == 1 && !sameFrame(s, r.Sent) && d < rtt+frame-0.002 {
						t.Fatalf("nak: shot %d arrived %.3f ms late, under RTT + a frame, and no other packet left in its frame", r.Seq, d)
					}
				case netem.RTO:
					if d < (math.Pow(2, k)-1)*rtt {
						t.Fatalf("rto: shot %d resent %d times arrived %.3f ms late: the timers did not double", r.Seq, r.Resends, d)
					}
				}
				losses += r.Resends
				late += d
			}
		}
		if losses < 20 {
			t.Fatalf("%s: only %d losses over three seeds", style, losses)
		}
		switch mean := late / float64(losses); {
		case style == netem.NAK && mean > rtt+gap+1000.0/64+20+frame:
			t.Fatalf("nak: %.1f ms a loss, above RTT + command gap + tick + ack delay + frame", mean)
		case style == netem.Repeat && mean > cmd:
			t.Fatalf("repeat: %.1f ms a resend, above the command interval %.1f", mean, cmd)
		}
	}
}

// A StopFire given up with its lost connection does not leave the
// server's weapon firing: with the trigger up at the loss, the server
// stops then. With reliable_fire the StopFire follows the shots on their
// channel; rto at 60 % up loss loses the connection (ENet's rule: six
// losses in a row of one message); checked at every loss with the trigger
// up and its StopFire sent, on several seeds.
func TestStopFireGivenUpStopsTheWeapon(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		c := Defaults()
		c.ReliableFire, c.Up.LossPct, c.ReliableStyle, c.FireIntervalMs, c.Seed = true, 60, netem.RTO, 400, seed
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		shooter := s.Clients[ShooterPawn]
		for at := model.Millisecond; at <= 60*model.Second; at += model.Millisecond {
			gave := shooter.rel.Stats.GaveUp
			s.Step(at)
			if shooter.rel.Stats.GaveUp == gave || shooter.holding || shooter.stopQueued {
				continue
			}
			checked++
			if s.Server.weapon.Firing() {
				t.Fatalf("seed %d, %v: StopFire given up with the trigger up, the server still firing", seed, at)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no StopFire was given up with the trigger up: the test checks nothing")
	}
}

// sameFrame says whether the shooter sent another game-channel packet up
// at instant at besides the command (a ping bounce is its own packet).
func sameFrame(s *Sim, at model.Time) bool {
	n := 0
	for _, p := range s.AllPackets() {
		n += b2i(p.Client == ShooterPawn && p.Up && !p.Weapon && !p.Dup && p.Sent == at)
	}
	return n > 1
}

// A packet's commands are its own, then its backups, then its reliable
// command messages (other messages skipped), in order; a range stopped
// early stops there.
func TestPacketCommandsInOrder(t *testing.T) {
	c := func(seq uint32) *Command { return &Command{Seq: seq} }
	p := Packet{Cmds: []*Command{c(5), c(6)}, Backup: []*Command{c(3), c(4)},
		Rel: []netem.Message[relMsg]{{Body: relMsg{Kind: PacketStopFire}}, {Body: relMsg{Kind: PacketCommand, Cmd: c(7)}}}}
	var got []uint32
	for cmd := range p.commands {
		got = append(got, cmd.Seq)
	}
	if want := []uint32{5, 6, 3, 4, 7}; !slices.Equal(got, want) {
		t.Fatalf("commands %v, want %v", got, want)
	}
	for stop := range 5 {
		got = got[:0]
		for cmd := range p.commands {
			if len(got) == stop {
				break
			}
			got = append(got, cmd.Seq)
		}
		if len(got) != stop {
			t.Fatalf("stopped after %d, got %v", stop, got)
		}
	}
}

// The copies of a shot that arrived are not followed (shotArrived): held
// to the run that follows them (countSettled) — the same shot records,
// frames and summary at every half second of scenes that lose, duplicate,
// reorder and spike their packets, repeat up to ten backups and send
// shots reliably — while the skipped counts do differ (the shortcut ran).
func TestArrivedShotsCopiesChangeNothing(t *testing.T) {
	scenes := recycleScenes()
	backups := Defaults()
	backups.CmdBackup, backups.Up = 10, netem.LinkConfig{LatencyMs: 60, JitterMs: 80, ReorderPct: 30, LossPct: 20, DupPct: 10}
	scenes["backups"] = backups
	reliable := backups
	reliable.ReliableFire = true
	scenes["reliable"] = reliable
	for name, c := range scenes {
		a, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := New(c)
		b.countSettled = true
		for at := model.Time(0); at <= 30*model.Second; at += 500 * model.Millisecond {
			a.Step(at)
			b.Step(at)
			if fa, fb := framesBytes(t, a), framesBytes(t, b); !bytes.Equal(fa, fb) {
				t.Fatalf("%s at %v: skipping arrived shots' copies changed the run\n%s", name, at, firstDiff(fb, fa))
			}
		}
		sa, sb := a.Summary(), b.Summary()
		if !reflect.DeepEqual(sa, sb) {
			t.Fatalf("%s: summaries differ:\n%+v\n%+v", name, sa, sb)
		}
		skipped := 0
		for i := range a.pending.Len() {
			if a.pending.At(i).onWire != b.pending.At(i).onWire {
				skipped++
			}
		}
		if sa.ShotsFired < 20 || skipped == 0 {
			t.Fatalf("%s: %d shots fired, %d with copies skipped: the test tests nothing", name, sa.ShotsFired, skipped)
		}
	}
}
