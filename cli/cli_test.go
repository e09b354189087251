package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/model"
)

// -h and --help print the usage on stdout and exit 0, for every command.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {"sim", "--help"}, {"sim", "-h"}, {"shot", "--help"},
		{"keys", "-help"}, {"presets", "--help"}, {"sweep", "--help"}, {"--preset", "default", "--help"}} {
		code, out, errs := runCLI(args...)
		if code != 0 || !strings.Contains(out, "usage") || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, out, _ := runCLI("sim", "--help"); code != 0 || !strings.Contains(out, "-duration") {
		t.Errorf("sim --help does not list its flags: %q", out)
	}
}

// A preset path that is not a small regular file is refused at once:
// /dev/zero used to hang and take 3.8 GB.
func TestPresetFromADeviceIsRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	code, _, errs := runCLI("sim", "--preset", "/dev/zero")
	if code != 2 || !strings.Contains(errs, "/dev/zero: not a regular file") {
		t.Fatalf("exit %d: %q", code, errs)
	}
}

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb, noWindow)
	return code, out.String(), errb.String()
}

// errNoWindow is what the window in these tests answers: a test that
// opens it by mistake fails on the message and the exit code.
var errNoWindow = errors.New("the window opened in a test")

func noWindow(Window) error { return errNoWindow }

func TestSimJSONLines(t *testing.T) {
	code, out, errs := runCLI("sim", "--preset", "constant-velocity", "--duration", "3s", "--json", "--set", "mode=none")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	var shots int
	var last map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		last = m
		if m["type"] == "shot" {
			shots++
			for _, k := range []string{"id", "shooter", "target", "fire_ms", "arrival_ms", "claimed_stamp_ms", "rewind_ms",
				"ideal_rewind_ms", "rewind_error_m", "client_saw", "rewound", "server_now", "client_hit", "server_hit", "mode", "trace", "rules"} {
				if _, ok := m[k]; !ok {
					t.Fatalf("shot line lacks %q: %s", k, sc.Text())
				}
			}
			if m["mode"] != "none" {
				t.Fatalf("--set mode=none ignored: %v", m["mode"])
			}
		}
	}
	if shots == 0 || last["type"] != "summary" {
		t.Fatalf("%d shots, last line %v", shots, last)
	}
	for _, k := range []string{"shots", "agreement", "mean_rewind_error_m", "p95_rewind_error_m", "sim_seconds", "wall_ms"} {
		if _, ok := last[k]; !ok {
			t.Fatalf("summary lacks %q", k)
		}
	}
	if last["sim_seconds"].(float64) != 3 {
		t.Fatalf("--duration 3s ran %v s", last["sim_seconds"])
	}
}

// Determinism across processes' worth of state: two runs of the command
// line give the same bytes but for the wall-clock figure.
func TestSimIsReproducible(t *testing.T) {
	strip := func(s string) string {
		i := strings.LastIndex(s, `"wall_ms"`)
		return s[:i]
	}
	args := []string{"sim", "--preset", "rapid-fire-jitter", "--duration", "4s", "--json", "--seed", "11"}
	_, a, _ := runCLI(args...)
	_, b, _ := runCLI(args...)
	if strip(a) != strip(b) {
		t.Fatal("same seed, different output")
	}
	args[len(args)-1] = "12"
	if _, c, _ := runCLI(args...); strip(a) == strip(c) {
		t.Fatal("different seed under jitter, same output")
	}
}

func TestBadUsageExitsTwoWithAClearMessage(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--set", "latency_ms=9999"}, `key "latency_ms": 9999 is out of range (allowed: 0 to 5000 ms)`},
		{[]string{"sim", "--set", "Mode=none"}, `unknown key "Mode"`},
		{[]string{"sim", "--set", "novalue"}, "want key=value"},
		{[]string{"sim", "--preset", "nope"}, `no preset "nope"`},
		{[]string{"sim", "--duration", "forever"}, "--duration"},
		{[]string{"sim", "--duration", "-1s"}, "--duration"},
		{[]string{"sim", "--seed", "x"}, "--seed"},
		{[]string{"sim", "--bogus"}, "flag provided but not defined"},
		{[]string{"sim", "extra"}, "unexpected argument"},
		{[]string{"frobnicate"}, "unknown command"},
	}
	for _, tc := range cases {
		code, _, errs := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

func TestPresetFileFromDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.toml")
	os.WriteFile(path, []byte("description = \"mine\"\nmode = \"ping\"\nlatency_ms = 10\n"), 0o644)
	code, out, errs := runCLI("sim", "--preset", path, "--duration", "2s")
	if code != 0 || !strings.Contains(out, "mode ping") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	os.WriteFile(path, []byte("description = \"mine\"\nlatency_ms = 10\nbogus = 1\n"), 0o644)
	code, _, errs = runCLI("sim", "--preset", path)
	if code != 2 || !strings.Contains(errs, path+":3: unknown key \"bogus\"") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	os.WriteFile(path, []byte("description = \"mine\"\n\n[links]\nup_ms = 3\n"), 0o644)
	code, _, errs = runCLI("sim", "--preset", path)
	if code != 2 || !strings.Contains(errs, path+":3: [links]: tables are not part of a preset") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestPresetsAndKeysList(t *testing.T) {
	_, out, _ := runCLI("presets")
	for _, name := range []string{"default", "ut2003-instagib", "source-cs", "zeroping", "dialup"} {
		if !strings.Contains(out, name) {
			t.Errorf("presets lacks %s", name)
		}
	}
	_, out, _ = runCLI("keys")
	for _, p := range lagcomp.Params {
		if !strings.Contains(out, p.Key) {
			t.Errorf("keys lacks %s", p.Key)
		}
	}
}

// The README documents every key: a key added without docs fails here.
func TestREADMEDocumentsEveryKey(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range lagcomp.Params {
		if !strings.Contains(string(readme), "`"+p.Key+"`") {
			t.Errorf("README.md does not document `%s`", p.Key)
		}
	}
}

func TestSimJSONProjectileLines(t *testing.T) {
	code, out, errs := runCLI("sim", "--preset", "projectile-rockets", "--duration", "4s", "--json")
	if code != 0 {
		t.Fatal(errs)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if m["type"] == "projectile" {
			n++
			for _, k := range []string{"forward_prediction_ms", "fake_spawn_delay_ms", "spawn_offset_m", "spawn_offset_ms", "max_divergence_m", "detonation_distance_m", "rule", "rules", "catchup_m"} {
				if _, ok := m[k]; !ok {
					t.Fatalf("projectile line lacks %q: %s", k, line)
				}
			}
		}
		if m["type"] == "summary" && m["projectiles"].(float64) != float64(n) {
			t.Fatalf("summary counts %v projectiles, lines %d", m["projectiles"], n)
		}
	}
	if n == 0 {
		t.Fatal("no projectile lines")
	}
}

// The README's examples run as written (outputs in a temporary directory).
func TestREADMEExamplesRun(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- examples: run by TestREADMEExamplesRun -->")
	if !ok {
		t.Fatal("README.md lost its examples block")
	}
	_, block, _ := strings.Cut(rest, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	t.Chdir(t.TempDir())
	n := 0
	for _, line := range strings.Split(block, "\n") {
		args := shellWords(line)
		if len(args) == 0 {
			continue
		}
		if args[0] != "lagscope" {
			t.Fatalf("example %q does not run lagscope", line)
		}
		n++
		if code, _, errs := runCLI(args[1:]...); code != 0 {
			t.Errorf("README example %q: exit %d: %s", line, code, errs)
		}
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
}

// shellWords splits a README command line as a shell would for these
// examples: spaces separate, double quotes group, # starts a comment.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == '#' && !quoted && !inWord:
			return words
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// Progress goes to a terminal only: a pipe or a buffer gets nothing.
func TestProgressOnlyOnATerminal(t *testing.T) {
	var b bytes.Buffer
	if p, done := progressTo(&b, "x"); p != nil {
		t.Fatal("progress to a buffer")
	} else {
		done()
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if p, _ := progressTo(w, "x"); p != nil {
		t.Fatal("progress to a pipe")
	}
}

// Stepping in parts (as progress does) gives the same run as one step.
func TestStepProgressIsTheSameRun(t *testing.T) {
	cfg := lagcomp.Defaults()
	cfg.Up.JitterMs = 20
	a, _ := lagcomp.New(cfg)
	b, _ := lagcomp.New(cfg)
	stepProgress(a, 4*model.Second, nil)
	n := 0
	stepProgress(b, 4*model.Second, func(float64) { n++ })
	sa, sb := a.Summary(), b.Summary()
	ja, _ := json.Marshal(records.Summary(a, &sa))
	jb, _ := json.Marshal(records.Summary(b, &sb))
	if n != 100 || a.Now != b.Now || string(ja) != string(jb) {
		t.Fatalf("%d progress calls; %s\nvs %s", n, ja, jb)
	}
}

// Every fired shot has one line: at 20 % upstream loss without backups the
// lost ones are printed as lost, and the summary counts them; a replayed
// command is one line, and the text summary says what was refused.
func TestSimAccountsForEveryShot(t *testing.T) {
	code, out, errs := runCLI("sim", "--seed", "2", "--duration", "20s", "--json", "--set", "up_loss_pct=20", "--set", "cmd_backup=0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatal(err)
	}
	ids, lost := map[string]bool{}, 0
	for _, l := range lines[:len(lines)-1] {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		if m["type"] != "shot" {
			continue
		}
		if ids[m["id"].(string)] {
			t.Fatalf("two lines for shot %v", m["id"])
		}
		ids[m["id"].(string)] = true
		if m["outcome"] == "lost" {
			lost++
			if m["server_hit"] != nil || m["judged_ms"] != nil {
				t.Fatalf("a lost shot with a server verdict: %s", l)
			}
		}
	}
	if fired := int(sum["shots_fired"].(float64)); fired != len(ids) || lost == 0 || int(sum["shots_lost"].(float64)) != lost {
		t.Fatalf("%d shots fired, %d lines, %d lost lines, summary %v lost", fired, len(ids), lost, sum["shots_lost"])
	}
	_, text, _ := runCLI("sim", "--preset", "cheater", "--duration", "3s")
	if !strings.Contains(text, "12 shots (12 duplicates rejected): 12 judged") || !strings.Contains(text, "cheats: +2 server hits over the honest twin") {
		t.Fatalf("cheater's summary: %s", text)
	}
}

// The text summary counts every rule that shaped a shot, as the JSON
// summary does: a rewind cut short by the history is not silent.
func TestTextSummaryCountsRules(t *testing.T) {
	code, out, errs := runCLI("sim", "--preset", "default", "--duration", "5s", "--set", "max_trail_ms=100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "rules: trail_exhausted ") {
		t.Fatalf("no trail_exhausted count in:\n%s", out)
	}
}

// A duel prints one duel line before the summary, with Riot's terms, the
// measured gap and who won; the sum is its terms'.
func TestSimJSONDuelLine(t *testing.T) {
	code, out, errs := runCLI("sim", "--preset", "peekers-advantage", "--duration", "3s", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var duels []map[string]any
	var byTarget int
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		switch {
		case m["type"] == "duel":
			duels = append(duels, m)
		case m["type"] == "shot" && m["shooter"].(float64) == 1:
			byTarget++
			if m["target"].(float64) != 0 {
				t.Fatalf("the target's shot aimed at %v: %s", m["target"], sc.Text())
			}
		}
	}
	if len(duels) != 1 {
		t.Fatalf("%d duel lines", len(duels))
	}
	d := duels[0]
	// the analytic mean: the fixed delays, the peeker's input frame and
	// its first input's wait, half the holder's frame, the snapshot wait
	sum := d["holder_frame_ms"].(float64) / 2
	for _, k := range []string{"peeker_frame_ms", "peeker_cmd_wait_ms", "peeker_one_way_ms", "input_buffer_ms", "holder_one_way_ms", "holder_interp_ms", "snapshot_wait_ms"} {
		sum += d[k].(float64)
	}
	if math.Abs(sum-d["predicted_ms"].(float64)) > 1e-5 {
		t.Fatalf("predicted %v, terms sum to %v", d["predicted_ms"], sum)
	}
	if m := d["measured_ms"].(float64); m < d["low_ms"].(float64) || m > d["high_ms"].(float64) {
		t.Fatalf("measured %v outside [%v, %v]", m, d["low_ms"], d["high_ms"])
	}
	if d["peeker"].(float64) != 1 || d["holder"].(float64) != 0 || d["first_saw"] != "peeker" || d["won"] != "peeker" || d["measured_ms"] == nil {
		t.Fatalf("duel line: %v", d)
	}
	if byTarget == 0 {
		t.Fatal("the target never fired in a duel")
	}
}

// The window's flags and preset are checked before the window exists,
// and a missing display is a one-line error, never a GLFW panic (none of
// these cases reaches Fyne).
func TestWindowChecksBeforeItOpens(t *testing.T) {
	code, _, errs := runCLI("--preset", "nosuch")
	if code != 2 || !strings.Contains(errs, `"nosuch"`) || strings.Contains(errs, "panic") {
		t.Errorf("--preset nosuch: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI("--nosuch")
	if code != 2 || !strings.Contains(errs, "flag provided but not defined: -nosuch") {
		t.Errorf("--nosuch: exit %d: %s", code, errs)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("description = \"x\"\nup_ms = 9000\n"), 0o644)
	code, _, errs = runCLI("--preset", bad)
	if code != 2 || !strings.Contains(errs, `bad.toml:2: key "up_ms": 9000 is out of range`) {
		t.Errorf("a bad preset file: exit %d: %s", code, errs)
	}
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if runtime.GOOS == "linux" {
		if err := checkDisplay(getenv); err == nil || !strings.Contains(err.Error(), "no display") {
			t.Errorf("no display: %v", err)
		}
		t.Setenv("DISPLAY", "")
		t.Setenv("WAYLAND_DISPLAY", "")
		code, _, errs = runCLI()
		if code != 1 || !strings.HasPrefix(errs, "lagscope: no display") || strings.Count(errs, "\n") != 1 {
			t.Errorf("no display: exit %d: %s", code, errs)
		}
	}
	for _, k := range []string{"DISPLAY", "WAYLAND_DISPLAY"} {
		env = map[string]string{k: ":0"}
		if err := checkDisplay(getenv); err != nil {
			t.Errorf("%s set: %v", k, err)
		}
	}
	// once every check has passed, the window opens on the preset asked
	// for, and what it refuses is a one-line error
	t.Setenv("DISPLAY", ":0")
	var opened []string
	open := func(w Window) error { opened = append(opened, w.Preset); return nil }
	var out, errb bytes.Buffer
	if code := Run([]string{"--preset", "dialup"}, &out, &errb, open); code != 0 || !slices.Equal(opened, []string{"dialup"}) || errb.Len() != 0 {
		t.Errorf("--preset dialup: exit %d, opened %q: %s", code, opened, errb.String())
	}
	if code := Run(nil, &out, &errb, noWindow); code != 2 || errb.String() != "lagscope: "+errNoWindow.Error()+"\n" {
		t.Errorf("a window that refuses: exit %d: %s", code, errb.String())
	}
}
