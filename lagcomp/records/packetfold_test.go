package records

import (
	"fmt"
	"strings"
	"testing"
)

// The packets figure from a hand-made file of packet lines, each count
// the lines' own: a packet that arrives before one sent earlier
// overtook it (once a packet: its duplicate arriving early too is not
// counted again, a duplicate alone arriving early is), a lost copy is
// lost, an event's cut is the event's, a resent message and an ack packet
// are counted on the packet that carries them; what no line holds is
// without a value, its note naming why; another client's or channel's
// lines are not the shooter's connection.
func TestPacketLinesFold(t *testing.T) {
	line := func(dir, kind string, sent float64, arr any, dup bool, rules string, msgs string) string {
		a, lost := "null", true
		if arr != nil {
			a, lost = fmt.Sprint(arr), false
		}
		return fmt.Sprintf(`{"type":"packet","direction":%q,"client":"shooter","channel":"game","kind":%q,"sequence":1,"sent_ms":%v,"arrival_ms":%s,"lost":%v,"duplicate":%v,"shot":0,"shots":[],"backup":[],"ack":0,"ack_bits":0,"messages":[%s],"rules":[%s]}`,
			dir, kind, sent, a, lost, dup, msgs, rules)
	}
	msg := func(resends int) string {
		return fmt.Sprintf(`{"kind":"command","id":1,"channel":0,"resends":%d,"shot":0}`, resends)
	}
	lines := []string{
		line("up", "command", 0, 50, false, "", ""),
		line("up", "command", 10, 40, false, "", ""),                 // overtakes the first: 1
		line("up", "command", 20, 45, false, "", ""),                 // overtakes it too: 2
		line("up", "command", 20, 30, true, "", ""),                  // its duplicate: the packet is counted once
		line("up", "command", 30, 80, false, "", ""),                 // in order
		line("up", "command", 30, 45, true, "", ""),                  // its duplicate alone overtakes the third (50 before it): 3
		line("up", "command", 40, 70, false, "", ""),                 // before the duplicate\'s 80: 4
		line("up", "command", 50, nil, false, "", msg(2)),            // lost, carrying a resend
		line("down", "ack", 0, 5, false, "", ""),                     // an ack packet
		line("down", "snapshot", 1, 9, false, "", msg(1)+","+msg(0)), // one resent message of two
		line("down", "snapshot", 2, nil, false, `"outage"`, ""),      // an event cut it
		strings.Replace(line("up", "command", 0, 1, false, "", ""), `"shooter"`, `"victim"`, 1),
		strings.Replace(line("up", "command", 0, 1, false, "", ""), `"game"`, `"weapon"`, 1),
		`{"type":"summary"}`,
	}
	run, err := Read(strings.NewReader(strings.Join(lines, "\n")), "pk.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rs := run.Summarize()
	want := map[string]int{"up_sent": 6, "up_lost": 1, "up_duplicated": 2, "up_reordered": 4, "up_resends": 1, "up_acks": 0,
		"down_sent": 3, "down_lost": 0, "down_duplicated": 0, "down_resends": 1, "down_acks": 1, "down_outage": 1, "up_outage": 0,
		"down_dup_dropped": 0}
	for k, v := range want {
		if _, gone := rs.Absent["packets."+k]; gone || rs.Packets[k] != v {
			t.Errorf("packets.%s: %d (absent %v), want %d", k, rs.Packets[k], gone, v)
		}
	}
	for _, k := range []string{"up_gave_up", "down_gave_up", "up_dup_dropped", "down_reordered"} {
		if _, gone := rs.Absent["packets."+k]; !gone {
			t.Errorf("packets.%s has a value (%d) no line holds", k, rs.Packets[k])
		}
	}
	if _, gone := rs.Absent["packets"]; gone {
		t.Error("packets without a value with packet lines")
	}
	b, _ := rs.MarshalJSON()
	if !strings.Contains(string(b), `"up_gave_up":null`) || !strings.Contains(string(b), `"up_sent":6`) {
		t.Errorf("summary line: %s", b)
	}
	notes := strings.Join(rs.Notes(nil), "\n")
	if !strings.Contains(notes, "packets.up_gave_up: null, the reliability layer's give-ups are on no packet line") {
		t.Errorf("notes: %s", notes)
	}
	for _, f := range rs.Figures() {
		if f.Name == "packets.up_gave_up" && f.Value != nil || f.Name == "packets.up_sent" && f.Value != 6 {
			t.Errorf("figure %s = %v", f.Name, f.Value)
		}
	}
	// a bad packet line names its field
	bad := strings.Replace(lines[0], `"arrival_ms":50`, `"arrival_ms":-5`, 1)
	if _, err := Read(strings.NewReader(bad), "pk.jsonl"); err == nil || !strings.Contains(err.Error(), `pk.jsonl:1: field "arrival_ms"`) {
		t.Errorf("an arrival before its sending: %v", err)
	}
}
