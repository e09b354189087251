package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

type packetLine struct {
	Type, Direction, Client, Channel, Kind string
	Sequence                               uint32
	SentMs                                 float64  `json:"sent_ms"`
	ArrivalMs                              *float64 `json:"arrival_ms"`
	Lost, Duplicate                        bool
	Rules                                  []string
	Messages                               []map[string]any
}

// simPackets runs sim --json --packets and splits its lines: the packet
// lines, the summary's packets figures, and the other lines.
func simPackets(t *testing.T, args ...string) (pkts []packetLine, counts map[string]int, others []string) {
	t.Helper()
	code, out, errOut := runCLI(append([]string{"sim", "--json", "--packets"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var head struct {
			Type    string
			Packets map[string]int
		}
		if err := json.Unmarshal([]byte(line), &head); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		switch head.Type {
		case "packet":
			var p packetLine
			if err := json.Unmarshal([]byte(line), &p); err != nil {
				t.Fatal(err)
			}
			pkts = append(pkts, p)
		case "summary":
			counts = head.Packets
			others = append(others, wallFigures.ReplaceAllString(line, ""))
		default:
			others = append(others, line)
		}
	}
	return pkts, counts, others
}

// The packet lines add up to the links' own counts in the summary: for
// the shooter's connection, each direction's packets sent (a line per
// packet, the link's second copies apart), lost by the link, duplicated,
// and cut by the script's outage and disconnect; and --packets changes
// nothing else of the run.
func TestSimPacketLinesMatchTheLinksCounts(t *testing.T) {
	args := []string{"--duration", "5s", "--set", "loss_pct=10", "--set", "dup_pct=5", "--set", "jitter_ms=15", "--set", "reorder_pct=5",
		"--event", "1s:outage=300ms", "--event", "2s@shooter:disconnect=600ms", "--event", "3s:loss_pct=40,for=1s"}
	pkts, counts, others := simPackets(t, args...)
	got := map[string]int{}
	for _, p := range pkts {
		if p.Client != "shooter" || p.Channel != "game" {
			continue
		}
		d := p.Direction + "_"
		if p.Duplicate { // the link's second copy of a packet it duplicated
			got[d+"duplicated"]++
			continue
		}
		got[d+"sent"]++
		switch {
		case p.Lost && len(p.Rules) == 0:
			got[d+"lost"]++
		case p.Lost:
			got[d+p.Rules[0]]++
		case p.ArrivalMs == nil || *p.ArrivalMs < p.SentMs:
			t.Fatalf("a delivered packet arrives at %v, sent at %v", p.ArrivalMs, p.SentMs)
		}
	}
	// the link sent the packets an event cut too (a line each); the
	// packets a disconnected client never sent have none
	for _, k := range []string{"up_sent", "down_sent", "up_lost", "down_lost", "up_duplicated", "down_duplicated", "up_outage", "down_outage", "down_disconnected"} {
		if want := counts[k]; got[k] != want {
			t.Errorf("%s: %d packet lines, the summary says %d", k, got[k], want)
		}
	}
	for _, k := range []string{"up_lost", "down_lost", "up_outage", "down_outage", "down_disconnected", "up_unsent", "up_duplicated"} {
		if counts[k] == 0 {
			t.Errorf("%s is 0: the run shows nothing about it", k)
		}
	}
	// every line, packet lines and the summary with its event figures,
	// is in the records' schema
	_, out, _ := runCLI(append([]string{"sim", "--json", "--packets"}, args...)...)
	sch := recordsSchema(t)
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if err := validLine(sch, []byte(line)); err != nil {
			t.Fatalf("line %d does not validate: %v\n%s", i+1, err, line)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"type":"packet"`) && strings.Contains(line, `"lost":false`) {
			if bad := strings.Replace(line, `"lost":false`, `"lost":true`, 1); validLine(sch, []byte(bad)) == nil {
				t.Errorf("the schema accepts a lost packet with an arrival: %s", bad)
			}
			break
		}
	}
	_, code := simPlain(t, args...)
	if strings.Join(others, "\n") != code {
		t.Errorf("--packets changed the run's other lines")
	}
}

// simPlain is sim --json without --packets, its wall figure taken out.
func simPlain(t *testing.T, args ...string) (int, string) {
	code, out, _ := runCLI(append([]string{"sim", "--json"}, args...)...)
	return code, wallFigures.ReplaceAllString(strings.TrimSpace(out), "")
}

// A known trace reproduces: on clean links (40 ms each way, nothing
// lost), an outage from 1 s to 1.25 s and a latency step to 100 ms at
// 2.5 s, every packet's fate is known: lost exactly when sent within the
// outage (named so), else arriving 40 ms after it left, 100 ms from the
// step on (once the slower packets before it have arrived: a link is a
// queue).
func TestSimPacketLinesReproduceAKnownTrace(t *testing.T) {
	pkts, _, _ := simPackets(t, "--duration", "4s", "--event", "1s:outage=250ms", "--event", "2500ms:latency_ms=100")
	if len(pkts) < 500 {
		t.Fatalf("%d packets", len(pkts))
	}
	kinds := map[string]bool{}
	for _, p := range pkts {
		kinds[p.Kind] = true
		inOutage := p.SentMs >= 1000 && p.SentMs < 1250
		if p.Lost != inOutage || p.Duplicate || (inOutage && fmt.Sprint(p.Rules) != "[outage]") || (!inOutage && len(p.Rules) > 0) {
			t.Fatalf("packet %+v: lost %v, want %v", p, p.Lost, inOutage)
		}
		if p.Lost {
			if p.ArrivalMs != nil {
				t.Fatalf("a lost packet has an arrival: %+v", p)
			}
			continue
		}
		want := 40.0
		if p.SentMs >= 2500 {
			want = 100
		}
		if d := *p.ArrivalMs - p.SentMs; math.Abs(d-want) > 1e-6 {
			t.Fatalf("%s packet sent at %v ms took %v ms, want %v", p.Kind, p.SentMs, d, want)
		}
	}
	for _, k := range []string{"snapshot", "command", "ping", "pong", "ping_report", "server_ping", "server_pong"} {
		if !kinds[k] {
			t.Errorf("no %s packet in the trace", k)
		}
	}
}

// --packets is --json's: alone, or with --compare, it is an error.
func TestSimPacketsNeedsJSON(t *testing.T) {
	for _, args := range [][]string{{"sim", "--packets"}, {"sim", "--summary", "--packets"}, {"sim", "--json", "--packets", "--compare", "mode=none"}} {
		if code, _, errOut := runCLI(args...); code != 2 || !strings.Contains(errOut, "--packets") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// Events work in a sweep as in sim: a sweep with --event at a point is
// sim's run of those settings and events, figure for figure; and a shot's
// sidecar carries them, so --from makes the same picture.
func TestEventsInSweepAndShot(t *testing.T) {
	ev := []string{"--event", "1s:outage=400ms", "--event", "2s:latency_ms=120,for=500ms"}
	code, sw, errOut := runCLI(append([]string{"sweep", "--preset", "default", "--duration", "3s", "--vary", "mode=timestamp,none", "--csv", "-"}, ev...)...)
	if code != 0 {
		t.Fatal(errOut)
	}
	rows := readCSV(t, sw)
	for _, mode := range []string{"timestamp", "none"} {
		_, one, _ := runCLI(append([]string{"sim", "--preset", "default", "--duration", "3s", "--set", "mode=" + mode, "--csv"}, ev...)...)
		sim := readCSV(t, one)
		var row []string
		for _, r := range rows[1:] {
			if r[0] == mode {
				row = r
			}
		}
		if row == nil {
			t.Fatalf("no sweep row for %s", mode)
		}
		for j, name := range sim[0] {
			k := -1
			for i, h := range rows[0] {
				if h == name {
					k = i
				}
			}
			if k < 0 || row[k] != sim[1][j] {
				t.Errorf("mode %s: %s is %q in sim, %q in the sweep", mode, name, sim[1][j], row[min(max(k, 0), len(row)-1)])
			}
		}
		if !strings.Contains(one, "outage") {
			t.Errorf("mode %s: the outage cut nothing the CSV names: %s", mode, one)
		}
	}
	dir := t.TempDir()
	out := dir + "/ev.png"
	if code, _, errOut := runCLI(append([]string{"shot", "--preset", "default", "--view", "packets", "--at", "1.5s", "--size", "640x360", "--out", out}, ev...)...); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := runCLI("shot", "--from", dir+"/ev.json", "--out", dir+"/again.png"); code != 0 {
		t.Fatal(errOut)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(dir + "/again.png")
	side, _ := os.ReadFile(dir + "/ev.json")
	if len(a) == 0 || string(a) != string(b) || !strings.Contains(string(side), `"events": "1s:outage=400ms; 2s:latency_ms=120,for=500ms"`) {
		t.Errorf("the sidecar does not carry the events, or --from draws another picture")
	}
}

// --vary events= lists scripts with | between them (a script holds
// commas: several keys, for=): each row is sim's run of its script,
// figure for figure, whatever --jobs; an empty script is a row without
// events; the comma form is refused, naming |.
func TestVaryEventsScriptsWithCommas(t *testing.T) {
	scripts := []string{"1s:loss_pct=40,latency_ms=90,for=1s", "1s:outage=300ms; 2s:jitter_ms=30,for=500ms", ""}
	args := []string{"sweep", "--preset", "default", "--duration", "3s", "--vary", "events=" + strings.Join(scripts, "|"), "--vary", "mode=timestamp,none", "--csv", "-"}
	code, sw, errOut := runCLI(append(args, "--jobs", "1")...)
	if code != 0 {
		t.Fatal(errOut)
	}
	if _, sw3, _ := runCLI(append(args, "--jobs", "3")...); sw3 != sw {
		t.Fatalf("--jobs 1 and 3 differ:\n%s\n%s", sw, sw3)
	}
	rows := readCSV(t, sw)
	if len(rows) != 1+3*2 || rows[0][0] != "events" {
		t.Fatalf("rows: %v", rows)
	}
	col := func(name string) int {
		for i, h := range rows[0] {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %s", name)
		return -1
	}
	figures := map[string]bool{}
	for i, script := range scripts {
		row := rows[1+2*i] // mode timestamp: the second key varies faster
		if row[0] != script || row[col("mode")] != "timestamp" {
			t.Fatalf("row %d: %v, want script %q", 1+2*i, row[:2], script)
		}
		_, one, errs := runCLI("sim", "--preset", "default", "--duration", "3s", "--set", "events="+script, "--csv")
		sim := readCSV(t, one)
		if len(sim) != 2 {
			t.Fatalf("sim of %q: %s", script, errs)
		}
		for j, name := range sim[0] {
			if k := col(name); row[k] != sim[1][j] {
				t.Errorf("script %q: %s is %q in sim, %q in the sweep", script, name, sim[1][j], row[k])
			}
		}
		figures[strings.Join(row[2:], ",")] = true
	}
	if len(figures) != len(scripts) {
		t.Error("two scripts gave the same figures: the events did nothing")
	}
	code, _, errOut = runCLI("sweep", "--preset", "default", "--duration", "3s", "--vary", "events=1s:outage=300ms,2s:outage=300ms", "--csv", "-")
	if code != 2 || !strings.Contains(errOut, `events`) || !strings.Contains(errOut, "|") {
		t.Errorf("the comma form: exit %d, %q; want 2 and a note that | separates scripts", code, errOut)
	}
}
