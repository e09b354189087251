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

// A disconnect: the client sends nothing while it is off and receives
// nothing (the server's packets to it, sent or arriving then, are
// dropped, named disconnected); the other clients carry on; at its end
// the client reconnects with a handshake (its ping starts again from the
// handshake's round trip) and play resumes: it sends, receives, and its
// shots are judged.
func TestEventDisconnectStopsAClientThenItReconnects(t *testing.T) {
	from, to := 2*model.Second, 3*model.Second
	s := scripted(t, "2s@shooter:disconnect=1s", 6*model.Second, "fire_interval_ms=100")
	var victimIn, upAfter, downAfter int
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
		switch {
		case p.Up && p.Sent >= from && p.Sent < to:
			t.Fatalf("the disconnected shooter sent a packet at %v: %+v", p.Sent, p)
		case !p.Up && p.Deliver >= from && p.Deliver < to:
			t.Fatalf("the disconnected shooter received a packet at %v: %+v", p.Deliver, p)
		case !p.Up && p.Deliver < 0 && p.Cut != rule.Disconnected:
			t.Fatalf("a packet to the shooter lost, not by the disconnect, on a clean link: %+v", p)
		case !p.Up && p.Cut == rule.Disconnected && (p.Sent+40*model.Millisecond < from || p.Sent >= to):
			t.Fatalf("a packet to the shooter named disconnected, though it neither left nor arrived while it was off: %+v", p)
		case p.Up && p.Sent >= to && p.Deliver >= 0:
			upAfter++
		case !p.Up && p.Deliver >= to:
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
	if pc["up_unsent"] == 0 || pc["down_disconnected"] == 0 || pc["up_disconnected"] != 0 {
		t.Fatalf("packets summary %v: want unsent packets up and disconnected ones down", pc)
	}
	var lost, judgedAfter int
	for _, r := range s.AllShots() {
		if r.Fire >= from && r.Fire < to && r.Shooter == ShooterPawn {
			if r.Outcome == OutcomeJudged && !r.HasRule(rule.CommandBackup) {
				t.Fatalf("shot #%d fired while off at %v was judged from its own packet", r.Seq, r.Fire)
			}
			if r.Outcome == OutcomeLost && r.HasRule(rule.Disconnected) {
				lost++
			}
		}
		if r.Fire >= to && r.Outcome == OutcomeJudged {
			judgedAfter++
		}
	}
	if lost == 0 || judgedAfter == 0 {
		t.Fatalf("%d shots lost while off naming disconnected, %d judged after the reconnect", lost, judgedAfter)
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
