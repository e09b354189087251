package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/lagcomp"
)

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

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
	readme, err := os.ReadFile("README.md")
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
