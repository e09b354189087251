package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// farPoses are coordinates no world holds: the 10^15 m, one
// where adding a grid step no longer moves a float, and an engine's
// FLT_MAX sentinel (float32's largest).
var farPoses = []string{"1e15", "1e300", "3.4028235e38", "-1e15"}

// readLine reads a file of a summary line and line, and returns the
// error it gives at line 2.
func readLine(t *testing.T, line string) error {
	t.Helper()
	lines := runLines(t)
	_, err := Read(strings.NewReader(lines[len(lines)-1]+"\n"+line), "far.jsonl")
	return err
}

// wantLineError checks err names far.jsonl, line 2, the field and says
// want.
func wantLineError(t *testing.T, name string, err error, field, want string) {
	t.Helper()
	var le *LineError
	if !errors.As(err, &le) {
		t.Errorf("%s: error %v, want one at far.jsonl:2 field %q", name, err, field)
		return
	}
	if le.File != "far.jsonl" || le.Line != 2 || le.Field != field || !strings.Contains(le.Msg, want) {
		t.Errorf("%s: error %q, want far.jsonl:2 field %q saying %q", name, err, field, want)
	}
}

// A pose or point beyond the world's bounds is an error naming the file,
// line and field: drawn, it made a grid of 24 GB or a loop that never
// ended. A pose at the bound itself reads.
func TestFarPosesAreRefused(t *testing.T) {
	good := runLines(t)[0]
	for _, far := range farPoses {
		for _, c := range []struct{ from, to, field string }{
			{`"client_saw":{"x":20`, `"client_saw":{"x":`, "client_saw.x"},
			{`"rewound":{"x":20`, `"rewound":{"x":`, "rewound.x"},
			{`"client_trace":[{"x":0`, `"client_trace":[{"x":`, "client_trace[0].x"},
		} {
			if !strings.Contains(good, c.from) {
				t.Fatalf("%q not in %s", c.from, good)
			}
			line := strings.Replace(good, c.from, c.to+far, 1)
			wantLineError(t, c.field+"="+far, readLine(t, line), c.field, "beyond the world's bounds (±1e+07 m)")
		}
	}
	// at the bound: both poses there, so the rewind error still agrees
	at := strings.Replace(strings.Replace(good, `"client_saw":{"x":20`, `"client_saw":{"x":1e7`, 1), `"rewound":{"x":20`, `"rewound":{"x":1e7`, 1)
	if err := readLine(t, at); err != nil {
		t.Errorf("a pose at the bound: %v", err)
	}
}

// A facing beyond ±MaxYawDeg is an error naming the file, line and field:
// 1.7e308 degrees read as an angle became NaN, and the client's box was
// drawn nowhere beside "0.000 m, 0.0°". Two turns and the bound read.
func TestFarYawIsRefused(t *testing.T) {
	good := runLines(t)[0]
	var d map[string]any
	if err := json.Unmarshal([]byte(good), &d); err != nil {
		t.Fatal(err)
	}
	facing := func(yaw string) string {
		e := maps(d)
		saw := maps(d["client_saw"].(map[string]any))
		saw["yaw_deg"] = json.Number(yaw)
		e["client_saw"] = saw
		delete(e, "yaw_error_deg") // the facings differ: computed, not held against 0
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, yaw := range []string{"1.7e308", "1e300", "-1e7", "1000000.5"} {
		wantLineError(t, "yaw_deg="+yaw, readLine(t, facing(yaw)), "client_saw.yaw_deg", "beyond ±1e+06 degrees")
	}
	for _, yaw := range []string{"810", "-1e6", "1e6"} { // two turns on, and the bound itself
		if err := readLine(t, facing(yaw)); err != nil {
			t.Errorf("yaw_deg %s: %v", yaw, err)
		}
	}
}

// The bound holds everything a legal run makes: a pawn that walks the
// longest run at the fastest speed from the edge of the keys stays well
// inside it.
func TestWorldBoundHoldsTheLongestWalk(t *testing.T) {
	max := func(key string) float64 {
		p, ok := lagcomp.Lookup(key)
		if !ok {
			t.Fatalf("no key %s", key)
		}
		return p.Max
	}
	speed, dur, edge := max("target_speed_mps"), max("duration_ms")/1000, max("target_x_m")
	if walk := edge + speed*dur; walk*10 > model.WorldBound {
		t.Errorf("an hour's walk reaches %g m; the world's bound %g m is not ten times that", walk, model.WorldBound)
	}
}

// The schema states the world's bound as model declares it, and the
// facing's as the reader does.
func TestSchemaStatesTheWorldBound(t *testing.T) {
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Coordinate struct{ Minimum, Maximum float64 } `json:"coordinate"`
			Angle      struct{ Minimum, Maximum float64 } `json:"angle"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if c := s.Defs.Coordinate; c.Minimum != -model.WorldBound || c.Maximum != model.WorldBound {
		t.Errorf("the schema's coordinate is %g to %g m; model.WorldBound is ±%g m", c.Minimum, c.Maximum, model.WorldBound)
	}
	if a := s.Defs.Angle; a.Minimum != -MaxYawDeg || a.Maximum != MaxYawDeg {
		t.Errorf("the schema's angle is %g to %g°; MaxYawDeg is ±%g°", a.Minimum, a.Maximum, MaxYawDeg)
	}
}

// The same shot twice is an error at the second copy: by id, or (an
// engine's lines without ids) by the shooter's command number. Two
// shooters may each have a shot 1.
func TestDuplicateShotsAreRefused(t *testing.T) {
	lines := runLines(t)
	first := lines[0]
	in := strings.Join([]string{first, first, lines[len(lines)-1]}, "\n")
	_, err := Read(strings.NewReader(in), "dup.jsonl")
	if err == nil || !strings.Contains(err.Error(), `dup.jsonl:2: field "id": shot `) || !strings.Contains(err.Error(), "already on line 1") {
		t.Errorf("a shot line twice: %v", err)
	}
	min := `{"type":"shot","seq":1,"outcome":"lost","fire_ms":200,"claimed_stamp_ms":null,"client_saw":{"x":10,"y":1,"yaw_deg":90},"client_hit":false}`
	_, err = Read(strings.NewReader(min+"\n"+min), "dup.jsonl")
	if err == nil || !strings.Contains(err.Error(), `dup.jsonl:2: field "seq": shooter 0's shot 1 is already on line 1`) {
		t.Errorf("an engine's line without an id twice: %v", err)
	}
	other := strings.Replace(min, `"seq":1,`, `"seq":1,"shooter":1,`, 1)
	if _, err := Read(strings.NewReader(min+"\n"+other), "dup.jsonl"); err != nil {
		t.Errorf("two shooters' shot 1: %v", err)
	}
}

// Times that run backwards are errors: a shot is fired, sent, arrives and
// is judged in that order, and is not rewound past the tick that judged it
// (mean_rewind_ms was −39 715).
func TestTimesOutOfOrderAreRefused(t *testing.T) {
	good := runLines(t)[0]
	var d map[string]any
	if err := json.Unmarshal([]byte(good), &d); err != nil {
		t.Fatal(err)
	}
	fire, judged := d["fire_ms"].(float64), d["judged_ms"].(float64)
	for _, c := range []struct {
		field string
		value float64
		want  string
	}{
		{"sent_ms", fire - 1, "is before fire_ms"},
		{"arrival_ms", fire - 1, "is before sent_ms"},
		{"judged_ms", fire - 1, "is before arrival_ms"},
		{"rewind_to_ms", judged + 40000, "is after judged_ms"},
		{"settled_ms", fire - 100, "is before"},
		{"rewind_ms", -40000, "rewind into the future"},
	} {
		e := maps(d)
		e[c.field] = c.value
		b, _ := json.Marshal(e)
		wantLineError(t, c.field, readLine(t, string(b)), c.field, c.want)
	}
}

func maps(d map[string]any) map[string]any {
	e := make(map[string]any, len(d))
	for k, v := range d {
		e[k] = v
	}
	return e
}

// A rewind_error_m the poses contradict is refused (a client_saw 100 km
// away was summarised as 0.000 m); one within the slack reads as given.
func TestRewindErrorAgainstThePoses(t *testing.T) {
	good := runLines(t)[0]
	var d map[string]any
	if err := json.Unmarshal([]byte(good), &d); err != nil {
		t.Fatal(err)
	}
	given := d["rewind_error_m"].(float64)
	far := maps(d)
	saw := maps(d["client_saw"].(map[string]any))
	saw["x"] = saw["x"].(float64) + 100000
	far["client_saw"] = saw
	b, _ := json.Marshal(far)
	wantLineError(t, "100 km", readLine(t, string(b)), "rewind_error_m", "client_saw and rewound are")
	near := maps(d)
	near["rewind_error_m"] = given + RewindErrorSlackM/2
	b, _ = json.Marshal(near)
	if err := readLine(t, string(b)); err != nil {
		t.Errorf("within the slack: %v", err)
	}
}

// A yaw_error_deg the facings contradict is refused, as rewind_error_m is
// against the positions; one within the slack reads as given.
func TestYawErrorAgainstTheFacings(t *testing.T) {
	good := runLines(t)[0]
	var d map[string]any
	if err := json.Unmarshal([]byte(good), &d); err != nil {
		t.Fatal(err)
	}
	given := d["yaw_error_deg"].(float64)
	turned := maps(d)
	saw := maps(d["client_saw"].(map[string]any))
	saw["yaw_deg"] = saw["yaw_deg"].(float64) + 90
	turned["client_saw"] = saw
	b, _ := json.Marshal(turned)
	wantLineError(t, "turned 90°", readLine(t, string(b)), "yaw_error_deg", "client_saw and rewound face 90° apart")
	near := maps(d)
	near["yaw_error_deg"] = given + YawErrorSlackDeg/2
	b, _ = json.Marshal(near)
	if err := readLine(t, string(b)); err != nil {
		t.Errorf("within the slack: %v", err)
	}
}

// A field given twice on a line is an error naming it (Go's JSON kept the
// last without a word), at any depth; the same name in two different
// objects of a line is not.
func TestFieldGivenTwiceIsRefused(t *testing.T) {
	good := runLines(t)[0]
	for _, c := range []struct{ from, to, field string }{
		{`"seq":1,`, `"seq":1,"seq":2,`, "seq"},
		{`"client_saw":{"x":20,`, `"client_saw":{"x":20,"x":21,`, "client_saw.x"},
	} {
		if !strings.Contains(good, c.from) {
			t.Fatalf("%q not in %s", c.from, good)
		}
		wantLineError(t, c.field, readLine(t, strings.Replace(good, c.from, c.to, 1)), c.field, "given twice on the line")
	}
	if !strings.Contains(good, `"rewound":{"x":20,`) {
		t.Fatal("rewound has no x") // x in client_saw and rewound: two objects
	}
	if err := readLine(t, good); err != nil {
		t.Errorf("a good line: %v", err)
	}
}

// A line type the schema does not list is an error, as the schema says;
// the reader's list is the schema's.
func TestUnknownLineTypeIsRefused(t *testing.T) {
	good := runLines(t)[0]
	err := readLine(t, strings.Replace(good, `"type":"shot"`, `"type":"Shot"`, 1))
	wantLineError(t, "Shot", err, "type", `"Shot" is not a line type`)
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs map[string]struct {
			Properties struct {
				Type struct {
					Const string `json:"const"`
				} `json:"type"`
			} `json:"properties"`
		} `json:"$defs"`
		OneOf []struct {
			Ref string `json:"$ref"`
		} `json:"oneOf"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, o := range s.OneOf {
		listed = append(listed, s.Defs[strings.TrimPrefix(o.Ref, "#/$defs/")].Properties.Type.Const)
	}
	if !slices.Equal(slices.Sorted(slices.Values(listed)), slices.Sorted(slices.Values(LineTypes))) {
		t.Errorf("the schema's line types %v, the reader's %v", listed, LineTypes)
	}
}

// What lagscope writes always reads back: every preset's run, and each
// again under loss and jitter on two seeds, printed as sim --json prints
// it, passes every check above, and holds every field a shot has.
func TestEverySimRunReadsBack(t *testing.T) {
	ps, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		for _, lossy := range []bool{false, true} {
			for _, seed := range []uint64{1, 2} {
				cfg, err := p.Config()
				if err != nil {
					t.Fatal(err)
				}
				cfg.Seed = seed
				if lossy {
					cfg.Up.LossPct, cfg.Down.LossPct, cfg.Up.JitterMs = 20, 10, 30
				}
				s, err := lagcomp.New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				s.Step(model.MsF(cfg.DurationMs))
				var b bytes.Buffer
				writeRun(&b, s)
				run, err := Read(&b, p.Name+".jsonl")
				if err != nil {
					t.Errorf("%s seed %d lossy %v: %v", p.Name, seed, lossy, err)
					continue
				}
				// and tell everything: what shows a record leaves
				// nothing out of lagscope's own
				for i, r := range run.Shots {
					if r.Untold != 0 {
						t.Errorf("%s seed %d lossy %v: shot line %d read as leaving out %v", p.Name, seed, lossy, run.ShotLines[i], r.Untold.Fields())
					}
				}
			}
		}
	}
}

// writeRun prints a run's lines as sim --json does.
func writeRun(w *bytes.Buffer, s *lagcomp.Sim) {
	enc := json.NewEncoder(w)
	for _, r := range s.AllShots() {
		enc.Encode(Shot(&r))
	}
	for _, p := range s.Projectiles() {
		enc.Encode(Projectile(&p))
	}
	for _, r := range s.BurstRecords() {
		enc.Encode(Burst(&r))
	}
	for _, m := range s.Movement() {
		enc.Encode(Movement(&m))
	}
	if pa, ok := s.PeekersAdvantage(); ok {
		enc.Encode(Duel(&pa))
	}
	for _, t := range Traces(s) {
		enc.Encode(t)
	}
	sum := s.Summary()
	enc.Encode(Summary(s, &sum))
}

// BenchmarkRead reads 10 000 shot lines: the checks that a shot is given
// once are a map look-up a line, not a search of the lines before.
func BenchmarkRead(b *testing.B) {
	var in bytes.Buffer
	for i := range 10000 {
		fmt.Fprintf(&in, `{"type":"shot","seq":%d,"outcome":"lost","fire_ms":%d,"claimed_stamp_ms":null,"client_saw":{"x":10,"y":1,"yaw_deg":90},"client_hit":false}`+"\n", i, i)
	}
	b.SetBytes(int64(in.Len()))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(in.Bytes()), "b.jsonl"); err != nil {
			b.Fatal(err)
		}
	}
}
