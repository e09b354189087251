package lagcomp

import (
	"fmt"
	"reflect"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/packetlog"

	"lagscope/model"
)

// The log accounts for every packet the links handled: one entry per
// send, lost ones marked lost, each duplicate's second copy marked Dup —
// the same counts the links keep themselves.
func TestPacketLogMatchesTheLinks(t *testing.T) {
	c := constantVelocity()
	c.Up.LossPct, c.Down.LossPct = 20, 10
	c.Up.DupPct, c.Down.DupPct = 15, 5
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(PacketWindow - model.Millisecond) // all of the run fits the window
	f := s.Frame()
	var sent, lost, dup [2]int // by direction: 0 down, 1 up
	commands := 0
	for _, p := range f.Packets {
		d := b2i(p.Up)
		switch {
		case p.Dup:
			dup[d]++
		case p.Deliver < 0:
			sent[d]++
			lost[d]++
		default:
			sent[d]++
			if p.Deliver < p.Sent+model.MsF(c.Up.LatencyMs) {
				t.Fatalf("packet delivered before the base latency: %+v", p)
			}
		}
		if p.Kind == PacketCommand {
			commands++
			if p.Shot == 0 {
				t.Fatalf("a command without its shot number: %+v", p)
			}
		}
	}
	var want [2][3]int
	for i, cl := range s.Clients {
		for d, up := range []bool{false, true} {
			weapon := cl.weaponDown // the weapon channel's own link (Sim.route)
			if up {
				weapon = cl.weaponUp
			}
			for _, st := range []netem.LinkStats{s.Link(i, up).Stats, weapon.Stats} {
				want[d][0] += st.Sent
				want[d][1] += st.Lost
				want[d][2] += st.Duplicated
			}
		}
	}
	for d := range 2 {
		if got := [3]int{sent[d], lost[d], dup[d]}; got != want[d] {
			t.Errorf("direction %d: log sent/lost/dup %v, links %v", d, got, want[d])
		}
	}
	if commands == 0 || lost[1] == 0 || dup[0] == 0 {
		t.Fatalf("the scenario did not exercise the log: commands %d lost up %d dup down %d", commands, lost[1], dup[0])
	}
}

// The log is bounded in time: after a long run only PacketWindow of it is
// in the frame and the backing store stays small.
func TestPacketLogIsBounded(t *testing.T) {
	c := constantVelocity()
	c.TickHz, c.SnapshotHz = 1000, 1000
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(20 * model.Second)
	f := s.Frame()
	if len(f.Packets) == 0 || f.Packets[0].Sent < f.T-PacketWindow {
		t.Fatalf("frame holds %d packets, the oldest sent %v (now %v)", len(f.Packets), f.Packets[0].Sent, f.T)
	}
	if len(s.packets) > 2*maxLogged || len(s.log.Buf) > 2*maxLogged || len(s.extras.Buf) > len(s.log.Buf) {
		t.Fatalf("log holds %d entries in frames, %d in its ring, %d in its extras'", len(s.packets), len(s.log.Buf), len(s.extras.Buf))
	}
}

// A frame's packets are the log's entries sent within PacketWindow, as a
// filter over the whole log picks them, at every step of a lossy run with
// duplicates; they are a window of the log, and an append to them leaves
// the log as it was.
func TestFramePacketsAreTheLogsWindow(t *testing.T) {
	c := constantVelocity()
	c.Up.LossPct, c.Down.LossPct, c.Up.DupPct, c.Up.JitterMs = 20, 10, 15, 30
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for at := model.Time(0); at < 8*model.Second; at += 77 * model.Millisecond {
		s.Step(at)
		f := s.Frame()
		want := []PacketFrame{}
		for _, p := range s.packets {
			if p.Sent >= s.Now-PacketWindow && p.Sent <= s.Now {
				want = append(want, p)
			}
		}
		if fmt.Sprintf("%#v", f.Packets) != fmt.Sprintf("%#v", want) {
			t.Fatalf("at %v: %d packets in the frame, %d in the window of the log", at, len(f.Packets), len(want))
		}
		if n := len(s.packets); n > 0 {
			last := s.packets[n-1]
			_ = append(f.Packets, PacketFrame{Header: packetlog.Header{Sent: -7}})
			if s.packets[n-1].Sent != last.Sent || (cap(s.packets) > n && s.packets[:n+1][n].Sent == -7) {
				t.Fatal("an append to the frame's packets wrote the log")
			}
		}
	}
}

// A run without its packet log (a sweep's point) has every figure of the
// run with it, and frames that show no packets rather than wrong ones.
func TestNoPacketLogChangesNoFigure(t *testing.T) {
	for _, cfg := range []Config{Defaults(), constantVelocity()} {
		cfg.Seed = 3
		a, errA := New(cfg)
		b, errB := New(cfg)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		b.NoPacketLog()
		a.Step(12 * model.Second)
		b.Step(12 * model.Second)
		if sa, sb := a.Summary(), b.Summary(); !reflect.DeepEqual(sa, sb) {
			t.Fatalf("summary with the log %+v, without %+v", sa, sb)
		}
		if !reflect.DeepEqual(a.Shots.Records(), b.Shots.Records()) || a.Shots.Len() == 0 || !reflect.DeepEqual(a.PacketCounts(), b.PacketCounts()) {
			t.Fatal("records or packet counts differ without the log")
		}
		if fa, fb := a.Frame(), b.Frame(); len(fa.Packets) == 0 || len(fb.Packets) != 0 {
			t.Fatalf("frames' packets: %d with the log, %d without", len(fa.Packets), len(fb.Packets))
		}
	}
}

// loggedFrames are the packet log's live entries as frames draw them.
func (s *Sim) loggedFrames() []PacketFrame {
	s.framed()
	return s.packets[s.packetsLo:]
}

// The log records a packet as a loggedPacket (no pointer in it, its slices
// and cut beside) and makes its PacketFrame only when a frame asks
// (frameOf): every entry gives back, field for field, the frame fill makes
// of the packet, which a run without a log (NoPacketLog) still makes for
// KeepAllPackets. The frames' log is the last of them. The scenes cover
// loss, duplicates and reordering, shots with their backups, reliable fire
// (messages, resends), rockets (projectile messages), the weapon channel,
// an outage and a disconnect (cuts).
func TestLoggedPacketIsItsFrame(t *testing.T) {
	scenes := cloneScenes()
	reliable := Defaults()
	reliable.ReliableFire, reliable.CmdBackup, reliable.Up.LossPct, reliable.Down.LossPct = true, 0, 20, 20
	outage, disconnect := Defaults(), Defaults()
	outage.Events, disconnect.Events = "2s:outage=1200ms", "2s@shooter:disconnect=1s"
	scenes["reliable"], scenes["outage"], scenes["disconnect"] = reliable, outage, disconnect
	var seen struct{ plain, shots, messages, resends, backup, cut, dup, lost, weapon, inputs int }
	for name, c := range scenes {
		logged, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		full, _ := New(c)
		logged.KeepAllPackets()
		full.NoPacketLog()
		full.KeepAllPackets()
		for at := model.Time(0); at <= 8*model.Second; at += 10 * model.Millisecond {
			logged.Step(at)
			logged.extrasAreTheLiveEntries(t)
		}
		full.Step(8 * model.Second)
		got, want := logged.AllPackets(), full.AllPackets()
		if len(got) != len(want) {
			t.Fatalf("%s: %d packets logged, %d sent", name, len(got), len(want))
		}
		for i := range want {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Fatalf("%s: packet %d logged as\n%#v\nits frame is\n%#v", name, i, got[i], want[i])
			}
			p := &want[i]
			if p.Shots == nil && p.Messages == nil && p.Backup == nil && p.Cut == "" {
				seen.plain++
			}
			seen.shots += b2i(p.Shots != nil)
			seen.messages += b2i(p.Messages != nil)
			seen.resends += b2i(p.Resend)
			seen.backup += b2i(p.Backup != nil)
			seen.cut += b2i(p.Cut != "")
			seen.dup += b2i(p.Dup)
			seen.lost += b2i(p.Deliver == -1)
			seen.weapon += b2i(p.Weapon)
			seen.inputs += b2i(p.FirstInputT != 0)
		}
		live := logged.loggedFrames()
		if len(live) == 0 || !reflect.DeepEqual(live, want[len(want)-len(live):]) {
			t.Fatalf("%s: the frames' log (%d entries) is not the last of the packets sent", name, len(live))
		}
	}
	t.Logf("%+v", seen)
	v := reflect.ValueOf(seen)
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).Int() == 0 {
			t.Errorf("no packet with %s in the scenes: the test tests nothing of it", v.Type().Field(i).Name)
		}
	}
}

// extrasAreTheLiveEntries fails unless the log's extras are exactly those
// of its live entries, in order: none dropped while an entry names it,
// none kept after.
func (s *Sim) extrasAreTheLiveEntries(t *testing.T) {
	t.Helper()
	next := s.extras.Lo + 1
	for i := s.log.Lo; i < s.log.N; i++ {
		if m := s.log.At(i).More; m > 0 {
			if m != next {
				t.Fatalf("at %v: entry %d names extras %d, want %d (the ring holds %d to %d)", s.Now, i, m-1, next-1, s.extras.Lo, s.extras.N)
			}
			next++
		}
	}
	if next != s.extras.N+1 {
		t.Fatalf("at %v: the extras run on to %d after the last live entry's %d", s.Now, s.extras.N, next-1)
	}
}

// StreamPackets hands over, one call per copy and as each is sent, the
// packets KeepAllPackets keeps, logged or not, field for field; a clone
// does not hand its copies to its source's listener.
func TestStreamPacketsAreAllPackets(t *testing.T) {
	c := Defaults()
	c.Events = "2s:outage=1200ms; 4s@shooter:disconnect=1s"
	c.Up.LossPct, c.Down.LossPct = 10, 10
	for _, unlogged := range []bool{false, true} {
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		if unlogged {
			s.NoPacketLog()
		}
		s.KeepAllPackets()
		var got []PacketFrame
		s.StreamPackets(func(p *PacketFrame) {
			if p.Sent > s.Now {
				t.Fatalf("packet sent at %v handed over at %v", p.Sent, s.Now)
			}
			got = append(got, *p)
		})
		s.Step(3 * model.Second)
		cl := s.Clone()
		n := len(got)
		cl.Step(4 * model.Second)
		if len(got) != n {
			t.Fatalf("unlogged %v: a clone handed %d packets to its source's listener", unlogged, len(got)-n)
		}
		s.Step(8 * model.Second)
		want := s.AllPackets()
		if len(want) < 1000 || !reflect.DeepEqual(got, want) {
			t.Fatalf("unlogged %v: %d packets streamed, %d kept, or not the same", unlogged, len(got), len(want))
		}
	}
}
