package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
)

// A run's stamps read back as they were sent: each precision's fields,
// the fractions exactly (floats printed at their shortest), and nothing
// printed for continuous.
func TestStampFieldsReadBack(t *testing.T) {
	for _, p := range compensation.Precisions {
		cfg := lagcomp.Defaults()
		if err := lagcomp.Apply(&cfg, []lagcomp.Setting{{Key: "mode", Value: "source"}, {Key: "stamp_precision", Value: string(p)},
			{Key: "loss_pct", Value: "20"}, {Key: "jitter_ms", Value: "40"}, {Key: "fire_interval_ms", Value: "200"}}); err != nil {
			t.Fatal(err)
		}
		s, err := lagcomp.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(10 * model.Second)
		var b bytes.Buffer
		writeRun(&b, s)
		if printed := strings.Contains(b.String(), `"stamp_`); printed != (p != compensation.Continuous) {
			t.Errorf("%s: stamp fields printed %v", p, printed)
		}
		run, err := Read(&b, "run.jsonl")
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		shots := s.AllShots()
		if len(shots) < 30 || len(run.Shots) != len(shots) {
			t.Fatalf("%s: %d shots read of %d", p, len(run.Shots), len(shots))
		}
		for i, r := range run.Shots {
			if r.Stamp != shots[i].Stamp || r.Stamp.Precision != p {
				t.Fatalf("%s shot %d: read %+v, ran %+v", p, r.Seq, r.Stamp, shots[i].Stamp)
			}
		}
	}
}

// A stamp field its precision does not carry, one it carries left out, a
// precision not known, a fraction out of its range or a tick not whole
// is refused, naming the line and the field.
func TestStampFieldsAreChecked(t *testing.T) {
	base := map[string]any{"type": "shot", "seq": 1, "outcome": "lost", "fire_ms": 10, "claimed_stamp_ms": nil,
		"client_saw": map[string]any{"x": 10, "y": 1, "yaw_deg": 90}, "client_hit": false}
	tick := map[string]any{"stamp_precision": "tick", "stamp_tick": 30, "stamp_lerp_ticks": 7}
	sub := map[string]any{"stamp_precision": "subtick", "stamp_tick": 30, "stamp_tick_fraction": 0.25,
		"interp_from_tick": 28, "interp_to_tick": 29, "interp_fraction": 0.5}
	with := func(m map[string]any, kv ...any) map[string]any {
		out := map[string]any{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "DELETE" {
				delete(out, kv[i].(string))
				continue
			}
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}
	for _, c := range []struct {
		line  map[string]any
		field string
	}{
		{with(nil, "stamp_tick", 5), "stamp_tick"},
		{with(tick, "stamp_tick_fraction", 0.5), "stamp_tick_fraction"},
		{with(tick, "stamp_lerp_ticks", "DELETE"), "stamp_lerp_ticks"},
		{with(tick, "stamp_lerp_ticks", -1), "stamp_lerp_ticks"},
		{with(tick, "stamp_tick", 3.5), "stamp_tick"},
		{with(tick, "stamp_precision", "frame"), "stamp_precision"},
		{with(sub, "stamp_lerp_ticks", 2), "stamp_lerp_ticks"},
		{with(sub, "interp_fraction", "DELETE"), "interp_fraction"},
		{with(sub, "stamp_tick_fraction", 1), "stamp_tick_fraction"},
		{with(sub, "interp_fraction", 1.5), "interp_fraction"},
		{with(sub, "interp_to_tick", 27), "interp_to_tick"},
	} {
		b, _ := json.Marshal(c.line)
		_, err := Read(bytes.NewReader(append(b, '\n')), "stamps.jsonl")
		var le *LineError
		if !errors.As(err, &le) || le.File != "stamps.jsonl" || le.Line != 1 || le.Field != c.field {
			t.Errorf("%s: got %v, want an error at stamps.jsonl:1 naming %s", b, err, c.field)
		}
	}
	for _, ok := range []map[string]any{with(tick), with(sub), with(sub, "interp_to_tick", 28, "interp_fraction", 0)} {
		b, _ := json.Marshal(ok)
		if _, err := Read(bytes.NewReader(append(b, '\n')), "stamps.jsonl"); err != nil {
			t.Errorf("%s: %v", b, err)
		}
	}
}
