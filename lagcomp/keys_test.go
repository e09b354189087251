package lagcomp

import (
	"math"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/compensation"
)

func TestEveryKeyRoundTrips(t *testing.T) {
	def := Defaults()
	for _, p := range Params {
		if p.Alias {
			continue
		}
		c := Defaults()
		if err := p.SetString(&c, p.Format(&def)); err != nil {
			t.Errorf("%s: its own default %q does not parse: %v", p.Key, p.Format(&def), err)
		}
		if d := Diff(&def, &c); len(d) != 0 {
			t.Errorf("%s: round trip changed %v", p.Key, d)
		}
	}
	if err := def.Validate(); err != nil {
		t.Fatal("defaults invalid:", err)
	}
}

func TestSetRejectsBadValuesNamingKeyAndRange(t *testing.T) {
	cases := []struct {
		key  string
		val  any
		want string
	}{
		{"up_ms", "5001", `key "up_ms": 5001 is out of range (allowed: 0 to 5000 ms)`},
		{"latency_ms", "-1", "out of range"},
		{"loss_pct", "101", "0 to 100 %"},
		{"loss_pct", "NaN", "out of range"},
		{"tick_hz", "64.5", "not a whole number"},
		{"tick_hz", "0", "1 to 1000 Hz"},
		{"mode", "Timestamp", "one of " + modeNames()},
		{"trail_reset", "yes", "not a boolean"},
		{"bias", "1.01", "0 to 1"},
		{"walls", "1,2,3", "x0,y0,x1,y1"},
		{"seed", "-3", "out of range"},
		// one past the seed's maximum 2^53, which a float64 rounds onto it
		{"seed", "9007199254740993", `key "seed": 9007199254740993 is out of range (allowed: 0 to 9007199254740992)`},
		{"seed", "9.007199254740993e15", "write the whole number in digits"},
		{"seed", "9007199254740992.5", "write the whole number in digits"},
		{"seed", "18446744073709551617", "out of range"},
		{"seed", "1e400", "out of range"},
		{"tick_hz", "3/1", "not a number"},
		{"seed", int64(1<<53 + 1), "out of range"}, // as a TOML file gives it
	}
	for _, tc := range cases {
		c := Defaults()
		before := c
		err := Apply(&c, []Setting{{Key: tc.key, Value: tc.val}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%v: got %v, want an error containing %q", tc.key, tc.val, err, tc.want)
		}
		if len(Diff(&before, &c)) != 0 {
			t.Errorf("%s=%v: a rejected value changed the config", tc.key, tc.val)
		}
	}
}

func TestKeysAreExact(t *testing.T) {
	c := Defaults()
	for _, k := range []string{"Latency_ms", "LATENCY_MS", "latency", "latencyms"} {
		err := Apply(&c, []Setting{{Key: k, Value: "10"}})
		if err == nil || !strings.Contains(err.Error(), "unknown key") {
			t.Errorf("%q accepted: %v", k, err)
		}
	}
	err := Apply(&c, []Setting{{Key: "Latency_ms", Value: "10"}})
	if !strings.Contains(err.Error(), `did you mean "latency_ms"`) {
		t.Errorf("no suggestion: %v", err)
	}
}

func TestShorthandsApplyBeforeOneWayKeys(t *testing.T) {
	c := Defaults()
	// given in the "wrong" order: up_ms must still win over latency_ms,
	// and latency_ms over the profile
	err := Apply(&c, []Setting{{Key: "up_ms", Value: "15"}, {Key: "latency_ms", Value: "70"}, {Key: "network", Value: "dialup"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Up.LatencyMs != 15 || c.Down.LatencyMs != 70 || c.Down.JitterMs != 30 {
		t.Fatalf("up %v down %v jitter %v", c.Up.LatencyMs, c.Down.LatencyMs, c.Down.JitterMs)
	}
}

func TestValidateCatchesRelations(t *testing.T) {
	c := Defaults()
	c.SnapshotHz = c.TickHz + 1
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "snapshot_hz") {
		t.Fatalf("snapshot above tick: %v", err)
	}
	c = Defaults()
	c.Up.LatencyMs = 9000 // set in code, bypassing Set: Validate still catches it
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "up_ms") {
		t.Fatalf("out-of-range field: %v", err)
	}
	if _, err := New(c); err == nil {
		t.Fatal("New accepted an invalid config")
	}
}

// Slider extremes run to completion without a panic or a hang.
func TestExtremesRun(t *testing.T) {
	for _, set := range [][]Setting{
		{{Key: "latency_ms", Value: "0"}, {Key: "interp_ms", Value: "0"}},
		{{Key: "latency_ms", Value: "5000"}, {Key: "jitter_ms", Value: "2000"}},
		{{Key: "loss_pct", Value: "100"}},
		{{Key: "tick_hz", Value: "1"}, {Key: "snapshot_hz", Value: "1"}, {Key: "fps", Value: "1"}},
		{{Key: "tick_hz", Value: "1000"}, {Key: "snapshot_hz", Value: "1000"}, {Key: "fps", Value: "1000"}},
		{{Key: "max_trail_ms", Value: "10"}, {Key: "max_rewind_ms", Value: "0"}},
		{{Key: "spike_every_ms", Value: "1"}, {Key: "spike_ms", Value: "5000"}, {Key: "spike_len_ms", Value: "10000"}},
	} {
		c := Defaults()
		if err := Apply(&c, set); err != nil {
			t.Fatal(err)
		}
		s, err := New(c)
		if err != nil {
			t.Fatal(set, err)
		}
		s.Step(5 * 1_000_000)
		sum := s.Summary()
		if sum.ShotsTraced > 0 && math.IsNaN(sum.MeanRewindErrM) {
			t.Fatalf("%v: NaN error", set)
		}
	}
}

func FuzzApply(f *testing.F) {
	for _, s := range []string{"latency_ms=40", "mode=source", "walls=1,2,3,4;5,5,6,6", "tick_hz=1e3", "bias=NaN", "seed=9007199254740992", "x=1", "target_period_ms=-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, v, _ := strings.Cut(s, "=")
		c := Defaults()
		if err := Apply(&c, []Setting{{Key: k, Value: v}}); err != nil {
			return
		}
		// whatever a single key accepts is in range
		for _, p := range Params {
			if err := p.Check(&c); err != nil {
				t.Fatalf("%q accepted but leaves %v", s, err)
			}
		}
	})
}

// A both-way shorthand overlaps each key it sets and no other; a key
// overlaps itself (and its old name); two different one-way keys never do.
func TestOverlapIsAShorthandAndItsTargets(t *testing.T) {
	shorthands := 0
	for _, p := range Params {
		if same, how := Overlap(p.Key, p.Key); !same || how != "" {
			t.Errorf("%s does not overlap itself plainly: %v %q", p.Key, same, how)
		}
		for _, q := range Params {
			if q.Key == p.Key {
				continue
			}
			want := slices.Contains(p.Sets, q.Key) || slices.Contains(q.Sets, p.Key)
			if same, how := Overlap(p.Key, q.Key); same != want || (same && !strings.Contains(how, " sets ")) {
				t.Errorf("Overlap(%s, %s) = %v %q, want %v", p.Key, q.Key, same, how, want)
			}
		}
		if len(p.Sets) > 0 {
			shorthands++
		}
	}
	if shorthands < 3 {
		t.Fatalf("%d shorthands with targets: the test checks little", shorthands)
	}
	if same, _ := Overlap("burst_loss_pct", "ge_loss_pct"); !same {
		t.Error("an old name does not overlap its key")
	}
	if same, how := Overlap("latency_ms", "up_ms"); !same || how != "latency_ms sets up_ms and down_ms" {
		t.Errorf("latency_ms, up_ms: %v %q", same, how)
	}
}

// A network profile is conditions: it keeps the trace a link replays
// and trace_loop's value (it reset trace_loop to false, a difference
// every dialup caption showed).
func TestProfileKeepsTraceKeys(t *testing.T) {
	c := Defaults()
	c.Up.Trace, c.Down.Trace = "a.csv", "b.csv"
	if err := Apply(&c, []Setting{{Key: "trace_loop", Value: "false"}, {Key: "network", Value: "4g"}}); err != nil {
		t.Fatal(err)
	}
	if c.Up.Trace != "a.csv" || c.Down.Trace != "b.csv" || c.Up.TraceLoop || c.Down.TraceLoop || c.Up.LatencyMs != 45 {
		t.Fatalf("after network=4g: %+v / %+v", c.Up, c.Down)
	}
	d := Defaults()
	if err := Apply(&d, []Setting{{Key: "network", Value: "dialup"}}); err != nil {
		t.Fatal(err)
	}
	if !d.Up.TraceLoop || !d.Down.TraceLoop {
		t.Fatal("network=dialup turned trace_loop off")
	}
}

// modeNames is the mode key's choices as its message lists them: the
// compensation table's, in its order.
func modeNames() string {
	var names []string
	for _, m := range compensation.Modes() {
		names = append(names, string(m))
	}
	return strings.Join(names, ", ")
}
