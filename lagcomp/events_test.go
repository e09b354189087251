package lagcomp

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// scripted runs Defaults (clean 40 ms links) with extra settings and a
// script to end, keeping every packet.
func scripted(t *testing.T, script string, end model.Time, sets ...string) *Sim {
	t.Helper()
	c := Defaults()
	c.Events = script
	for _, kv := range sets {
		k, v, _ := strings.Cut(kv, "=")
		if err := Apply(&c, []Setting{{Key: k, Value: v}}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.KeepAllPackets()
	s.Step(end)
	return s
}

// A latency step applies at its exact time: every packet sent before it
// takes the old one-way delay, every one sent at or after it the new one,
// on every client's links both ways (the links are clean: no jitter, so
// the delay is exact); with for, the old delay comes back at its end —
// for a packet sent once the slower ones before it have arrived: a link
// is a queue, and without reordering a packet never overtakes one sent
// before it (netem's FIFO).
func TestEventLatencyStepAppliesAtItsTime(t *testing.T) {
	s := scripted(t, "2s:latency_ms=150,for=1500ms", 5*model.Second)
	step, back := 2*model.Second, 3500*model.Millisecond
	n := [3]int{}
	for _, p := range s.AllPackets() {
		want, phase := 40*model.Millisecond, 0
		if p.Sent >= step && p.Sent < back {
			want, phase = 150*model.Millisecond, 1
		} else if p.Sent >= back {
			phase = 2
		}
		if p.Deliver < 0 {
			t.Fatalf("packet %+v lost on a clean link", p)
		}
		got := p.Deliver - p.Sent
		if phase == 2 && p.Sent < back+150*model.Millisecond {
			if got < want || p.Deliver > max(p.Sent+want, back+150*model.Millisecond) {
				t.Fatalf("%s packet sent at %v, behind the slower ones, took %v", p.Kind, p.Sent, got)
			}
			continue
		}
		if got != want {
			t.Fatalf("%s packet sent at %v took %v, want %v", p.Kind, p.Sent, got, want)
		}
		n[phase]++
	}
	if n[0] < 100 || n[1] < 100 || n[2] < 100 {
		t.Fatalf("too few packets in a phase to show anything: %v", n)
	}
	if got := s.Config().Up.LatencyMs; got != 40 {
		t.Fatalf("after the for, up latency %v, want 40 back", got)
	}
}

// An outage drops every packet sent within it, both ways, on every
// client's links (the game's and the weapon channel's), and none outside;
// each drop is named outage, counted in the packets summary, and a shot
// whose command it dropped names it.
func TestEventOutageDropsEveryPacketInItsWindowAndNoneOutside(t *testing.T) {
	from, to := 2*model.Second, 3200*model.Millisecond
	s := scripted(t, "2s:outage=1200ms", 6*model.Second, "fire_interval_ms=50", "cmd_backup=0")
	var in, out, shooterUp, shooterDown int
	for _, p := range s.AllPackets() {
		inside := p.Sent >= from && p.Sent < to
		switch {
		case inside && (p.Deliver >= 0 || p.Cut != rule.Outage):
			t.Fatalf("packet sent at %v, inside the outage, not dropped by it: %+v", p.Sent, p)
		case !inside && (p.Deliver < 0 || p.Cut != ""):
			t.Fatalf("packet sent at %v, outside the outage, dropped: %+v", p.Sent, p)
		}
		if inside {
			in++
			if p.Client == ShooterPawn && !p.Weapon {
				if p.Up {
					shooterUp++
				} else {
					shooterDown++
				}
			}
		} else {
			out++
		}
	}
	if in < 50 || out < 100 {
		t.Fatalf("too few packets to show anything: %d in, %d out", in, out)
	}
	pc := s.PacketCounts()
	if pc["up_outage"] != shooterUp || pc["down_outage"] != shooterDown || pc["up_lost"] != 0 || pc["down_lost"] != 0 {
		t.Fatalf("packets summary %v, want up_outage %d down_outage %d and no link loss", pc, shooterUp, shooterDown)
	}
	named := 0
	for _, r := range s.AllShots() {
		if r.HasRule(rule.Outage) {
			named++
			if r.Outcome != OutcomeLost {
				t.Fatalf("shot #%d names outage but was %s (cmd_backup 0, unreliable: its only copy was dropped)", r.Seq, r.Outcome)
			}
		}
	}
	sum := s.Summary()
	if named == 0 || sum.ShotsLost != named || count(sum.RuleCounts, rule.Outage) != named {
		t.Fatalf("%d shots name outage; summary lost %d, rules %v", named, sum.ShotsLost, sum.RuleCounts)
	}
}

func count(cs []RuleCount, r Rule) int {
	for _, c := range cs {
		if c.Rule == r {
			return c.Count
		}
	}
	return 0
}

// rejoinTimes are, from a run's packet log, when the shooter's first
// connect request left, when the server took the first that arrived, and
// when the first reply reached the shooter (-1: none).
func rejoinTimes(s *Sim, client int) (asked, accepted, connected model.Time) {
	asked, accepted, connected = -1, -1, -1
	for _, p := range s.AllPackets() {
		if p.Client != client || p.Dup {
			continue
		}
		switch {
		case p.Kind == PacketHandshake && asked < 0:
			asked = p.Sent
		case p.Kind == PacketHandshakeReply && accepted < 0:
			accepted = p.Sent
		}
		if p.Kind == PacketHandshakeReply && p.Deliver >= 0 && (connected < 0 || p.Deliver < connected) {
			connected = p.Deliver
		}
	}
	return asked, accepted, connected
}

// A disconnect: the client sends nothing while it is off and receives
// nothing (the server's packets to it, sent or arriving then, are
// dropped, named disconnected); the other clients carry on. At its end
// the client rejoins with a handshake that takes simulated time: its
// connect request leaves at its next frame, over its link, the server
// replies at the tick it arrives, and until the reply is back the client
// sends nothing else and the server sends it nothing before the request.
// The new connection starts its packet numbers again from 1 both ways;
// the ping starts again from the exchange's round trip, and play resumes:
// it sends, receives, and its shots are judged.
func TestEventDisconnectStopsAClientThenItReconnects(t *testing.T) {
	from, to := 2*model.Second, 3*model.Second
	s := scripted(t, "2s@shooter:disconnect=1s", 6*model.Second, "fire_interval_ms=100")
	asked, accepted, connected := rejoinTimes(s, ShooterPawn)
	const frame, tick = model.Second / 120, model.Second / 64
	if asked < to || asked >= to+frame || accepted < asked+40*model.Millisecond || accepted > asked+40*model.Millisecond+tick ||
		connected != accepted+40*model.Millisecond {
		t.Fatalf("the rejoin: asked %v, accepted %v, connected %v; want a frame after %v, then 40 ms and a tick, then 40 ms", asked, accepted, connected, to)
	}
	var victimIn, upAfter, downAfter int
	firstUp, firstDown := true, true
	for _, p := range s.AllPackets() {
		if p.Client != ShooterPawn {
			if p.Sent >= from && p.Sent < to && p.Deliver >= 0 {
				victimIn++
			}
			if p.Cut != "" {
				t.Fatalf("another client's packet cut: %+v", p)
			}
			continue
		}
		if p.Kind.Handshake() {
			if p.Deliver < 0 {
				t.Fatalf("a handshake packet lost on a clean link: %+v", p)
			}
			continue
		}
		switch {
		case p.Up && p.Sent >= from && p.Sent < connected:
			t.Fatalf("the shooter sent a packet at %v, off or rejoining (connected at %v): %+v", p.Sent, connected, p)
		case !p.Up && p.Deliver >= from && p.Deliver < to:
			t.Fatalf("the disconnected shooter received a packet at %v: %+v", p.Deliver, p)
		case !p.Up && p.Deliver < 0 && p.Cut != rule.Disconnected:
			t.Fatalf("a packet to the shooter lost, not by the disconnect, on a clean link: %+v", p)
		case !p.Up && p.Cut == rule.Disconnected && (p.Sent+40*model.Millisecond < from || p.Sent >= accepted):
			t.Fatalf("a packet to the shooter named disconnected, though it neither left nor arrived while it was off or before its rejoin was taken: %+v", p)
		case !p.Up && p.Sent >= to && p.Sent < accepted && p.Cut != rule.Disconnected:
			t.Fatalf("the server sent the rejoining shooter a packet before its request: %+v", p)
		case p.Up && p.Sent >= connected && p.Deliver >= 0:
			if firstUp && !p.Weapon && p.Seq != 1 {
				t.Fatalf("the new connection's first packet up is number %d: %+v", p.Seq, p)
			}
			firstUp = firstUp && p.Weapon
			upAfter++
		case !p.Up && p.Sent >= accepted && p.Deliver >= 0:
			if firstDown && !p.Weapon && (p.Seq != 1 || p.Ack != 0) {
				t.Fatalf("the new connection's first packet down: %+v", p)
			}
			firstDown = firstDown && p.Weapon
			downAfter++
		}
	}
	if victimIn == 0 || upAfter < 50 || downAfter < 50 {
		t.Fatalf("the victim delivered %d while the shooter was off; after it %d up, %d down", victimIn, upAfter, downAfter)
	}
	if s.script.reconnects != 1 {
		t.Fatalf("%d reconnects, want 1", s.script.reconnects)
	}
	if exact, ok := s.Clients[ShooterPawn].ping.ExactPing(); !ok || exact < 79 || exact > 81+1000/120.0+1000/64.0 {
		t.Fatalf("after the reconnect the ping is %v (%v), want about the 80 ms round trip", exact, ok)
	}
	pc := s.PacketCounts()
	if pc["up_unsent"] == 0 || pc["down_disconnected"] == 0 || pc["up_disconnected"] != 0 || pc["up_old_connection"] != 0 || pc["down_old_connection"] != 0 {
		t.Fatalf("packets summary %v: want unsent packets up and disconnected ones down, no old connection's", pc)
	}
	var lost, judgedAfter int
	for _, r := range s.AllShots() {
		if r.Fire >= from && r.Fire < connected && r.Shooter == ShooterPawn {
			if r.Outcome == OutcomeJudged && !r.HasRule(rule.CommandBackup) {
				t.Fatalf("shot #%d fired while off at %v was judged from its own packet", r.Seq, r.Fire)
			}
			if r.Outcome == OutcomeLost && r.HasRule(rule.Disconnected) {
				lost++
			}
		}
		if r.Fire >= connected && r.Outcome == OutcomeJudged {
			judgedAfter++
		}
	}
	if lost == 0 || judgedAfter == 0 {
		t.Fatalf("%d shots lost while off naming disconnected, %d judged after the reconnect", lost, judgedAfter)
	}
}

// A rejoin resets the reliability layer: with reliable fire, the shots
// fired while the shooter was off queued their commands on the old
// connection, which never sent them; the new connection gives them up —
// counted (up_reconnect_dropped, and reliable_gave_up) and each shot lost
// naming disconnected — and carries on with the shots fired after it,
// judged and never resent for the old connection's gaps.
func TestRejoinDropsTheOldConnectionsMessages(t *testing.T) {
	from, to := 2*model.Second, 3*model.Second
	for seed := 1; seed <= 3; seed++ {
		s := scripted(t, "2s@shooter:disconnect=1s", 6*model.Second, "fire_interval_ms=100", "reliable_fire=true", "cmd_backup=0", fmt.Sprintf("seed=%d", seed))
		_, _, connected := rejoinTimes(s, ShooterPawn)
		pending := 0
		for _, r := range s.AllShots() {
			switch {
			case r.Fire >= from && r.Fire < to:
				if r.Outcome != OutcomeLost || !r.HasRule(rule.Disconnected) {
					t.Fatalf("seed %d: shot %d fired while off: %s %v", seed, r.Seq, r.Outcome, r.Rules)
				}
				pending++
			case r.Fire >= connected && r.Fire < 5*model.Second:
				if r.Outcome != OutcomeJudged || r.Resends != 0 {
					t.Fatalf("seed %d: shot %d after the rejoin: %s, %d resends", seed, r.Seq, r.Outcome, r.Resends)
				}
			}
		}
		pc, sum := s.PacketCounts(), s.Summary()
		if pending < 5 || pc["up_reconnect_dropped"] < pending || sum.ReliableGaveUp < pc["up_reconnect_dropped"] || sum.ConnLost != 0 {
			t.Fatalf("seed %d: %d shots fired while off; up_reconnect_dropped %d, reliable_gave_up %d, connections_lost %d",
				seed, pending, pc["up_reconnect_dropped"], sum.ReliableGaveUp, sum.ConnLost)
		}
	}
}

// The rejoin's handshake goes over the link as it is, with its losses:
// a lost request or reply is sent again after HandshakeResend (UE's 1 s),
// and after ten tries without a reply the rejoin is counted failed
// (handshakes_failed) and the run goes on without a ping, as after a
// failed first handshake.
func TestRejoinHandshakeUnderLoss(t *testing.T) {
	// the up link loses everything from 3 s to 4.5 s: the first request
	// (at 3 s) and the second (at 4 s) are lost, the third (5 s) arrives
	s := scripted(t, "2s@shooter:disconnect=1s; 3s:up_loss_pct=100,for=1500ms", 8*model.Second)
	asked, _, connected := rejoinTimes(s, ShooterPawn)
	tries := 0
	for _, p := range s.AllPackets() {
		if p.Client == ShooterPawn && p.Kind == PacketHandshake {
			if want := asked + model.Time(tries)*HandshakeResend; p.Sent < want || p.Sent >= want+model.Second/120 {
				t.Fatalf("request %d sent at %v, want a frame from %v", tries+1, p.Sent, want)
			}
			tries++
		}
	}
	if tries != 3 || connected < asked+2*HandshakeResend+80*model.Millisecond || connected > asked+2*HandshakeResend+100*model.Millisecond+model.Second/64 {
		t.Fatalf("%d requests, connected at %v (first asked %v)", tries, connected, asked)
	}
	if sum := s.Summary(); sum.HandshakesFailed != 0 || s.script.reconnects != 1 {
		t.Fatalf("handshakes failed %d, reconnects %d", sum.HandshakesFailed, s.script.reconnects)
	}
	// every reply lost: ten tries, then the run goes on, counted
	s = scripted(t, "1s@shooter:disconnect=500ms; 1500ms:down_loss_pct=100", 13*model.Second)
	if sum := s.Summary(); sum.HandshakesFailed != 1 || s.script.reconnects != 1 {
		t.Fatalf("every reply lost: handshakes failed %d, reconnects %d", sum.HandshakesFailed, s.script.reconnects)
	}
	n := 0
	for _, p := range s.AllPackets() {
		n += b2i(p.Client == ShooterPawn && p.Kind == PacketHandshake)
	}
	if n != handshakeTries {
		t.Fatalf("%d requests, want %d", n, handshakeTries)
	}
	if _, ok := s.Clients[ShooterPawn].ping.ExactPing(); ok {
		t.Fatal("a ping after a failed rejoin with every bounce's reply lost")
	}
}

// Same seed and script, same run: stepped in one go or in parts, or
// cloned mid-run (a keyframe) just before an event.
func TestEventsAreDeterministic(t *testing.T) {
	script := "1s:loss_pct=30,jitter_ms=20,for=2s; 1500ms:outage=300ms; 2500ms@victim:disconnect=700ms; 3200ms:latency_ms=90"
	sets := []string{"fire_interval_ms=80", "dup_pct=5"}
	a := scripted(t, script, 5*model.Second, sets...)

	c := Defaults()
	c.Events = script
	for _, kv := range sets {
		k, v, _ := strings.Cut(kv, "=")
		_ = Apply(&c, []Setting{{Key: k, Value: v}})
	}
	b, _ := New(c)
	b.KeepAllPackets()
	for t := model.Time(0); t < 1499*model.Millisecond; t += 37 * model.Millisecond {
		b.Step(t)
	}
	b.Step(1499 * model.Millisecond)
	k := b.Clone()
	b.Step(5 * model.Second)
	k.Step(5 * model.Second)
	for name, s := range map[string]*Sim{"stepped in parts": b, "a clone": k} {
		if !reflect.DeepEqual(a.AllPackets(), s.AllPackets()) {
			t.Errorf("%s: packets differ", name)
		}
		if fmt.Sprint(a.AllShots()) != fmt.Sprint(s.AllShots()) || fmt.Sprint(a.Summary()) != fmt.Sprint(s.Summary()) {
			t.Errorf("%s: shots or summary differ", name)
		}
	}
}

// Bad scripts are refused with what is wrong and what is allowed.
func TestEventsBadInputIsRefused(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"3s:outage=-1s", "negative"},
		{"3s:outage=0s", "lasts no time"},
		{"-3s:outage=1s", "out of range"},
		{"3h:outage=1s", "not a time"},
		{"3x:outage=1s", "not a time"},
		{"3s", "want TIME:WHAT"},
		{"3s:latency", "want key=value"},
		{"3s:latncy_ms=200", `unknown key "latncy_ms"`},
		{"3s:latency_ms=9000", "latency_ms"},
		{"3s:latency_ms=fast", "latency_ms"},
		{"3s:observers=3", "changes the world"},
		{"3s:seed=4", "changes the world"},
		{"3s:events=1s:outage=1s", "cannot change the script"},
		{"3s:tick_hz=10", "snapshot_hz"},
		{"3s:latency_ms=200,for=-2s", "negative"},
		{"3s:outage=1s,for=2s", "only a key change"},
		{"3s:outage=1s,latency_ms=2", "one of"},
		{"3s:outage=1s; 3500ms:outage=1s", "overlap"},
		{"3s@victim:disconnect=1s; 3500ms:outage=1s", "overlap"},
		{"3s@victim:latency_ms=100", "names no client"},
		{"3s@observer5:outage=1s", "there is no observer5"},
		{"3s@bob:outage=1s", `client "bob"`},
		{"3s:outage=1s;;4s:outage=1s", "empty"},
		{"3000000s:outage=1s", "out of range"},
		{"3599s:outage=2s", "after an hour"},
	} {
		c := Defaults()
		err := Apply(&c, []Setting{{Key: "events", Value: tc.script}})
		if err == nil {
			err = c.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("events %q: error %v, want one saying %q", tc.script, err, tc.want)
		}
		c = Defaults()
		c.Events = tc.script
		if _, err := New(c); err == nil {
			t.Errorf("events %q: a simulation started", tc.script)
		}
	}
}
