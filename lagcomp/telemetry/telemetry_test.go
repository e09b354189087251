package telemetry_test

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/movement"
	"lagscope/lagcomp/telemetry"
	"lagscope/model"
)

// config is the defaults with kv applied.
func config(t *testing.T, seed uint64, kv ...string) lagcomp.Config {
	t.Helper()
	c := lagcomp.Defaults()
	c.Seed = seed
	var set []lagcomp.Setting
	for i := 0; i < len(kv); i += 2 {
		set = append(set, lagcomp.Setting{Key: kv[i], Value: kv[i+1]})
	}
	if err := lagcomp.Apply(&c, set); err != nil {
		t.Fatal(err)
	}
	return c
}

// sampled runs c for d with a sampler keeping every row, and every
// packet copy (KeepAllPackets) to check the rows against.
func sampled(t *testing.T, c lagcomp.Config, d model.Time) (*lagcomp.Sim, []telemetry.Row) {
	t.Helper()
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.NoPacketLog()
	s.KeepAllPackets()
	names := make([]string, len(s.Clients))
	for i := range names {
		names[i] = lagcomp.ClientName(i)
	}
	var rows []telemetry.Row
	smp := telemetry.New(s, names, func(rs []telemetry.Row) error {
		rows = append(rows, rs...)
		return nil
	})
	s.Step(d)
	if smp.Err() != nil {
		t.Fatal(smp.Err())
	}
	return s, rows
}

// figure is the summary figure named json, as a number.
func figure(t *testing.T, sum *lagcomp.Summary, json string) float64 {
	t.Helper()
	v := reflect.ValueOf(sum).Elem()
	for i := range v.NumField() {
		if name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); name == json {
			if f := v.Field(i); f.CanInt() {
				return float64(f.Int())
			}
			return v.Field(i).Float()
		}
	}
	t.Fatalf("no summary figure %q (a column's sums tag)", json)
	return 0
}

// lossy is 20 % loss and 40 ms of jitter on every player's links, both
// ways.
func lossy(starve movement.Starve) []string {
	return []string{"loss_pct", "20", "jitter_ms", "40", "victim_loss_pct", "20", "victim_jitter_ms", "40",
		"input_starved", string(starve), "display", "interp"}
}

// Under 20 % loss and 40 ms of jitter both ways, on several seeds and
// under every input_starved rule, each column declared to add up to a
// summary figure does, summed over the clients' rows (the shooter's for
// a figure of the shooter's), and the server's rows hold the same sums;
// over the runs every such figure is counted some (the test is not of
// zeros), last_cmd_replays under source.
func TestColumnsAddUpToTheSummary(t *testing.T) {
	counted := map[string]float64{}
	for _, st := range movement.Starves() {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s seed %d", st, seed), func(t *testing.T) {
				s, rows := sampled(t, config(t, seed, lossy(st)...), 8*model.Second)
				sum := s.Summary()
				for i := range telemetry.Columns {
					c := &telemetry.Columns[i]
					if c.Sums == "" {
						continue
					}
					var clients, server float64
					for j := range rows {
						r := &rows[j]
						switch {
						case r.Who == "server":
							server += r.Value(c)
						case !c.Shooter || r.Who == lagcomp.ClientName(lagcomp.ShooterPawn):
							clients += r.Value(c)
						}
					}
					want := figure(t, &sum, c.Sums)
					if clients != want {
						t.Errorf("%s summed over the clients' rows %v, the summary's %s %v", c.Name, clients, c.Sums, want)
					}
					if !math.IsNaN(server) && !c.Shooter && server != want {
						t.Errorf("%s summed over the server's rows %v, the summary's %s %v", c.Name, server, c.Sums, want)
					}
					counted[c.Name+" "+string(st)] += want
				}
			})
		}
	}
	for _, c := range telemetry.Columns {
		if c.Sums == "" || c.Name == "usercmds_capped" { // a backlog beyond max_usercmd_ticks: a spike's, not jitter's
			continue
		}
		for _, st := range movement.Starves() {
			if c.Name == "last_cmd_replays" && st != movement.StarveSource {
				continue
			}
			if counted[c.Name+" "+string(st)] == 0 {
				t.Errorf("%s under %s: 0 over every run (nothing tested)", c.Name, st)
			}
		}
	}
}

// window is the loss (%) and jitter (ms) of the packets of client i one
// way sent in [t − Window, t), counted from every packet of the run: the
// first copies, lost or delivered, jitter the mean |Δ delay| of
// consecutive delivered ones.
func window(all []lagcomp.PacketFrame, i int, up bool, t model.Time) (loss, jitter float64) {
	var sent, lost, pairs int
	var diff model.Time
	last := model.Time(-1)
	for _, p := range all {
		if p.Dup || p.Client != i || p.Up != up || p.Sent < t-telemetry.Window || p.Sent >= t {
			continue
		}
		sent++
		if p.Deliver < 0 {
			lost++
			continue
		}
		d := p.Deliver - p.Sent
		if last >= 0 {
			pairs++
			diff += max(d-last, last-d)
		}
		last = d
	}
	loss, jitter = math.NaN(), math.NaN()
	if sent > 0 {
		loss = math.Round(1e4*float64(lost)/float64(sent)) / 100
	}
	if pairs > 0 {
		jitter = math.Round(float64(diff)/float64(pairs)) / 1000
	}
	return loss, jitter
}

func same(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }

// The loss and jitter columns at every tick are those of the packets of
// the last second, counted again from every packet of the run (20 % loss,
// 40 ms of jitter and 5 % duplicates both ways, two seeds): the windows'
// running sums neither keep a packet too long nor drop one too soon, and
// a duplicate's second copy is not a packet. Their means over
// the run are near the links' 20 % (the clients' rows: each its links).
func TestLossAndJitterAreTheLastSecondsPackets(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		kv := append(lossy(movement.StarveRepeat), "dup_pct", "5", "victim_dup_pct", "5")
		s, rows := sampled(t, config(t, seed, kv...), 6*model.Second)
		all := s.AllPackets()
		var lossSum float64
		var lossN int
		for j := range rows {
			r := &rows[j]
			if r.Who == "server" {
				continue
			}
			i := clientIndex(t, r.Who, len(s.Clients))
			at := model.MsF(r.TimeMs)
			for _, up := range []bool{true, false} {
				loss, jitter := window(all, i, up, at)
				gotLoss, gotJitter := r.LossDownPct, r.JitterDownMs
				if up {
					gotLoss, gotJitter = r.LossUpPct, r.JitterUpMs
				}
				if !same(gotLoss, loss) || !same(gotJitter, jitter) {
					t.Fatalf("seed %d, %s at %v ms, up %v: loss %v %%, jitter %v ms; the last second's packets give %v %%, %v ms",
						seed, r.Who, r.TimeMs, up, gotLoss, gotJitter, loss, jitter)
				}
				if !math.IsNaN(loss) && r.TimeMs >= 1000 {
					lossSum += loss
					lossN++
				}
			}
		}
		if mean := lossSum / float64(lossN); mean < 15 || mean > 25 {
			t.Errorf("seed %d: mean loss over the last second %.2f %% on links that lose 20 %%", seed, mean)
		}
	}
}

func clientIndex(t *testing.T, who string, n int) int {
	t.Helper()
	for i := range n {
		if lagcomp.ClientName(i) == who {
			return i
		}
	}
	t.Fatalf("no client %q", who)
	return -1
}

// On a clean link (no jitter, no loss) the client's round-trip estimate
// is the links' base round trip and the waits of a bounce: the server
// answers at its next tick, the client reads the answer at its next
// frame, so true_rtt_ms ≤ rtt_ms ≤ true_rtt_ms + a tick + a frame, at
// every tick, for several latencies; true_rtt_ms is the two latencies.
func TestRTTEstimateOnACleanLink(t *testing.T) {
	for _, lat := range []string{"0", "20", "75", "150"} {
		c := config(t, 1, "latency_ms", lat, "victim_latency_ms", lat)
		_, rows := sampled(t, c, 5*model.Second)
		slack := (c.Tick() + model.TickTime(1, c.FPS)).Millis()
		n := 0
		for _, r := range rows {
			if r.Who == "server" {
				continue
			}
			var l float64
			fmt.Sscan(lat, &l)
			if r.TrueRTTMs != 2*l {
				t.Fatalf("latency %s: %s's true_rtt_ms %v", lat, r.Who, r.TrueRTTMs)
			}
			if math.IsNaN(r.RTTMs) {
				continue
			}
			n++
			if r.RTTMs < r.TrueRTTMs-1e-9 || r.RTTMs > r.TrueRTTMs+slack+1e-9 {
				t.Errorf("latency %s ms: %s at %v ms estimates %v ms; the bounce's bounds are %v to %v ms",
					lat, r.Who, r.TimeMs, r.RTTMs, r.TrueRTTMs, r.TrueRTTMs+slack)
			}
		}
		if n == 0 {
			t.Errorf("latency %s ms: no estimate", lat)
		}
	}
}
