package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// runLines is a short run's shot lines and summary as sim --json prints
// them (10 % loss: lost shots too).
func runLines(t testing.TB) []string {
	t.Helper()
	c := constantVelocity()
	c.Up.LossPct, c.CmdBackup, c.Seed = 10, 0, 2 // a seed whose first shot is judged, with lost shots after
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(5 * model.Second)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range s.AllShots() {
		enc.Encode(Shot(&r))
	}
	sum := s.Summary()
	enc.Encode(Summary(s, &sum))
	return strings.Split(strings.TrimSpace(b.String()), "\n")
}

// Each way a line can be bad is an error naming the file, the line and
// the field — never a panic, never a record read with a wrong value.
func TestBadRecordsNameFileLineAndField(t *testing.T) {
	lines := runLines(t)
	good := lines[0]
	if !strings.Contains(good, `"outcome":"judged"`) {
		t.Fatalf("the first shot is not judged: %s", good)
	}
	sub := func(from, to string) string {
		if !strings.Contains(good, from) {
			t.Fatalf("%q not in %s", from, good)
		}
		return strings.Replace(good, from, to, 1)
	}
	re := func(pat, to string) string {
		loc := regexp.MustCompile(pat).FindStringIndex(good)
		if loc == nil {
			t.Fatalf("%s not in %s", pat, good)
		}
		return good[:loc[0]] + to + good[loc[1]:]
	}
	for _, c := range []struct{ name, line, want string }{
		{"malformed", `{"type":"shot","seq":`, `runs.jsonl:2: not a JSON object`},
		{"an array", `[1,2]`, `runs.jsonl:2: not a JSON object`},
		{"two values", good + ` {}`, `runs.jsonl:2: more than one JSON value`},
		{"no type", `{"seq":1}`, `runs.jsonl:2: field "type": missing`},
		{"missing fire_ms", sub(`"fire_ms":`, `"fired_ms":`), `runs.jsonl:2: field "fired_ms": not a field of a shot line`},
		{"missing client_hit", sub(`"client_hit":true,`, ``), `runs.jsonl:2: field "client_hit": missing (a required field)`},
		{"null client_saw", re(`"client_saw":\{[^}]*\}`, `"client_saw":null`), `runs.jsonl:2: field "client_saw": is null; want a value`},
		{"fire_ms a string", re(`"fire_ms":[0-9.]+`, `"fire_ms":"12"`), `runs.jsonl:2: field "fire_ms": want a number, got "12"`},
		{"seq a string", sub(`"seq":1`, `"seq":"1"`), `runs.jsonl:2: field "seq": want a number, got "1"`},
		{"seq fractional", sub(`"seq":1`, `"seq":1.5`), `field "seq": want a whole number`},
		{"seq negative", sub(`"seq":1`, `"seq":-1`), `field "seq": want a whole number`},
		{"yaw a string", re(`"yaw_deg":[0-9.]+`, `"yaw_deg":"north"`), `field "client_saw.yaw_deg": want a number (degrees), got "north"`},
		{"pose without y", strings.Replace(good, `"client_saw":{"x":20,"y":`, `"client_saw":{"x":20,"z":`, 1), `field "client_saw.z": not a field of a pose`},
		{"unknown outcome", sub(`"outcome":"judged"`, `"outcome":"hit"`), `field "outcome": want "judged", "rejected", "lost" or "in_flight", got "hit"`},
		{"a lost shot with a verdict", sub(`"outcome":"judged"`, `"outcome":"lost"`), `field "judged_ms": a lost shot was never judged`},
		{"agree contradicts", sub(`"agree":true`, `"agree":false`), `field "agree": is false, but client_hit is true and server_hit true`},
		{"rejected contradicts", sub(`"rejected":false`, `"rejected":true`), `field "rejected": is true, but the outcome is "judged"`},
		{"traced without a rewind target", re(`"rewind_to_ms":[0-9.]+`, `"rewind_to_ms":null`), `field "rewind_to_ms": is null`},
		{"bad rewind rule", sub(`"rewind_rule":"`, `"rewind_rule":"x`), `field "rewind_rule": not a rewind rule`},
		{"bad part", sub(`"client_part":"`, `"client_part":"x`), `field "client_part": want "none", "body", "head" or "wall"`},
		{"bad id", sub(`"id":"`, `"id":"x`), `field "id": want a UUID`},
		{"time out of range", re(`"fire_ms":[0-9.]+`, `"fire_ms":1e300`), `field "fire_ms": want milliseconds within ±10^12, got 1e+300`},
		{"bad trace", sub(`"client_trace":[`, `"client_trace":[{"x":1},`), `field "client_trace`},
		{"a second summary", lines[len(lines)-1], `runs.jsonl:2: field "type": a second summary line`},
	} {
		in := strings.Join([]string{lines[len(lines)-1], c.line}, "\n")
		run, err := Read(strings.NewReader(in), "runs.jsonl")
		var le *LineError
		if err == nil || !errors.As(err, &le) {
			t.Errorf("%s: read %v, error %v", c.name, run, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || le.File != "runs.jsonl" || le.Line != 2 {
			t.Errorf("%s: error %q, want it to say %q at runs.jsonl:2", c.name, err, c.want)
		}
	}
}

// Junk is refused with the file named: an empty file, a line over the
// limit, lines of nothing the reader folds.
func TestJunkRecordsFiles(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"empty", "", "f.jsonl: no shot, projectile or summary line in 0 lines"},
		{"only a duel", `{"type":"duel","peeker":1,"defender":0}`, "f.jsonl: no shot, projectile or summary line in 1 lines"},
		{"a huge line", strings.Repeat("x", maxLine+10), "f.jsonl:1: cannot read"},
		{"binary", "\x00\x01\x02", "f.jsonl:1: not a JSON object"},
	} {
		_, err := Read(strings.NewReader(c.in), "f.jsonl")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// A minimal engine line — only the required fields — reads, and its
// summary says which figures it cannot give: the ideal rewind (and the
// extra rewind), hits behind cover and the arrival delays' spread need
// fields it left out.
func TestMinimalEngineLines(t *testing.T) {
	in := `{"type":"shot","seq":1,"outcome":"judged","fire_ms":100,"claimed_stamp_ms":0,"judged_ms":150,"rewind_to_ms":0,"client_saw":{"x":10,"y":0,"yaw_deg":90},"rewound":{"x":10,"y":0.3,"yaw_deg":90},"client_hit":true,"server_hit":false}
{"type":"shot","seq":2,"outcome":"lost","fire_ms":200,"claimed_stamp_ms":null,"client_saw":{"x":10,"y":1,"yaw_deg":90},"client_hit":false}`
	run, err := Read(strings.NewReader(in), "engine.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := run.Summarize()
	if s.Shots != 1 || s.ShotsLost != 1 || s.ShotsFired != 2 || s.FalseMisses != 1 || s.Agreement != 0.5 ||
		s.MeanRewindErrM != 0.3 || s.MeanRewindMs != 150 {
		t.Fatalf("summary %+v", s.Summary)
	}
	for _, name := range []string{"mean_ideal_rewind_ms", "behind_cover", "merged_shots", "packets",
		"p50_extra_rewind_ms", "p95_arrival_delay_ms", "max_arrival_delay_ms", "peekers_advantage_ms"} {
		if _, ok := s.Absent[name]; !ok {
			t.Errorf("%s has a value from records without it: %v", name, s.Absent)
		}
	}
	b, _ := json.Marshal(s)
	if !strings.Contains(string(b), `"behind_cover":null`) || !strings.Contains(string(b), `"mean_rewind_error_m":0.3`) ||
		!strings.Contains(string(b), `"max_arrival_delay_ms":null`) || !strings.Contains(string(b), `"max_rewind_error_m":0.3`) {
		t.Errorf("line %s", b)
	}
}

// No input makes the reader panic or hang.
func FuzzRead(f *testing.F) {
	for _, l := range runLines(f) {
		f.Add(l)
	}
	f.Add(`{"type":"projectile","seq":1,"outcome":"never_spawned","fire_ms":1,"server_spawn_ms":null,"rules":["never_spawned"],"spawn_offset_m":0,"max_divergence_m":0,"detonation_distance_m":null}`)
	// far poses (the world's bounds), a shot twice, an unknown type
	lines := runLines(f)
	for _, far := range farPoses {
		f.Add(strings.Replace(lines[0], `"client_saw":{"x":20`, `"client_saw":{"x":`+far, 1))
	}
	f.Add(lines[0] + "\n" + lines[0])
	f.Add(strings.Replace(lines[0], `"type":"shot"`, `"type":"Shot"`, 1))
	// a sentinel facing, a field given twice
	var d map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &d); err != nil {
		f.Fatal(err)
	}
	d["client_saw"].(map[string]any)["yaw_deg"] = 1.7e308
	sentinel, _ := json.Marshal(d)
	f.Add(string(sentinel))
	f.Add(strings.Replace(lines[0], `"seq":`, `"seq":2,"seq":`, 1))
	f.Fuzz(func(t *testing.T, s string) {
		run, err := Read(strings.NewReader(s), "fuzz.jsonl")
		if err != nil {
			return
		}
		// what reads is drawable: no pose beyond the world's bounds
		for _, r := range run.Shots {
			for _, p := range []model.Vec{r.ClientSaw.Pos, r.Rewound.Pos, r.ServerNow.Pos, r.ClientOrigin, r.ClientEnd, r.Origin, r.ServerEnd} {
				if !model.InWorld(p.X) || !model.InWorld(p.Y) {
					t.Fatalf("read a shot at %v, beyond the world's bounds", p)
				}
			}
			for _, yaw := range []float64{r.ClientSaw.Yaw, r.Rewound.Yaw, r.ServerNow.Yaw} {
				if !(yaw >= 0 && yaw < 2*math.Pi) {
					t.Fatalf("read a facing of %v rad", yaw)
				}
			}
		}
	})
}

// A record read back prints the same line: reading loses nothing a line
// says (the Overlay draws a shot from records alone with every pose,
// trace and verdict it would draw from the run), on judged, rejected,
// lost and in-flight shots, client mode, and projectiles.
func TestRecordsRoundTrip(t *testing.T) {
	rapid := constantVelocity()
	rapid.Weapon, rapid.FireIntervalMs, rapid.BurstShots = lagcomp.WeaponRapid, 20, 1000
	rapid.Up.JitterMs, rapid.Up.ReorderPct, rapid.CmdBackup = 80, 100, 0
	lossy := constantVelocity()
	lossy.Up.LossPct, lossy.CmdBackup = 20, 0
	client := constantVelocity()
	client.Mode = "client"
	rockets := lagcomp.Defaults()
	rockets.Weapon, rockets.Up.LossPct = lagcomp.WeaponRocket, 20
	outcomes := map[string]int{}
	for _, c := range []lagcomp.Config{rapid, lossy, client, rockets} {
		s, err := lagcomp.New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(6 * model.Second)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		for _, r := range s.AllShots() {
			enc.Encode(Shot(&r))
			outcomes[string(r.Outcome)+" "+string(r.Mode)]++
		}
		for _, p := range s.Projectiles() {
			enc.Encode(Projectile(&p))
			outcomes["projectile"]++
		}
		run, err := Read(bytes.NewReader(want.Bytes()), "rt.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		enc = json.NewEncoder(&got)
		for _, r := range run.Shots {
			enc.Encode(Shot(&r))
		}
		for _, p := range run.Projectiles {
			enc.Encode(Projectile(&p))
		}
		w, g := strings.Split(want.String(), "\n"), strings.Split(got.String(), "\n")
		for i := range w {
			if i >= len(g) || w[i] != g[i] {
				t.Fatalf("line %d read back prints\n%s\nnot\n%s", i+1, g[i], w[i])
			}
		}
	}
	for _, k := range []string{"judged timestamp", "rejected timestamp", "lost timestamp", "in_flight timestamp", "judged client", "projectile"} {
		if outcomes[k] == 0 {
			t.Errorf("no %s record was read back (%v)", k, outcomes)
		}
	}
}
