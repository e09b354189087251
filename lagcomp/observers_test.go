package lagcomp_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/model"
	"lagscope/presets"
)

var update = flag.Bool("update", false, "rewrite the shot goldens")

// shotLines are the shot and projectile lines `sim --json` prints.
func shotLines(t *testing.T, preset string, sets ...lagcomp.Setting) []byte {
	t.Helper()
	p, err := presets.Load(preset)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	if err := lagcomp.Apply(&cfg, sets); err != nil {
		t.Fatal(err)
	}
	sim, err := lagcomp.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sim.Step(model.MsF(cfg.DurationMs))
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for i := range sim.Shots.Len() {
		if err := enc.Encode(records.Shot(sim.Shots.At(i))); err != nil {
			t.Fatal(err)
		}
	}
	projs := sim.Projectiles()
	for i := range projs {
		if err := enc.Encode(records.Projectile(&projs[i])); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// With observers = 0 the shooter's and the victim's records are those of
// lagscope before it had observers or the burst counter: the goldens were
// written by the code of that time (commit "goldens of the two clients'
// shot and projectile records before observers") and must match byte for
// byte; they are rewritten (-update) only with a deliberate change to the
// two players' behaviour (since: the seeded fire and target phases). The
// weapon channel's own links (Sim.route) are what keep it so.
func TestTwoClientsUnchangedByObservers(t *testing.T) {
	for _, name := range []string{"default", "rapid-fire-jitter", "dialup", "cheater", "projectile-rockets"} {
		path := filepath.Join("testdata", "shots-"+name+".jsonl")
		got := shotLines(t, name, lagcomp.Setting{Key: "observers", Value: "0"})
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the shot records changed", name)
		}
	}
}

// Observers are pawns too: the broad phase counts them among the pawns it
// culls, and that is all they change in the two players' records.
func TestObserversChangeOnlyTheBroadPhaseCounts(t *testing.T) {
	for _, name := range []string{"default", "rapid-fire-jitter", "cheater"} {
		want := withoutBroadPhase(t, shotLines(t, name, lagcomp.Setting{Key: "observers", Value: "0"}))
		got := withoutBroadPhase(t, shotLines(t, name, lagcomp.Setting{Key: "observers", Value: "3"}))
		if !bytes.Equal(got, want) {
			t.Errorf("%s: three observers changed the shot records", name)
		}
	}
}

func withoutBroadPhase(t *testing.T, lines []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	for _, l := range bytes.Split(bytes.TrimSpace(lines), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "broadphase_culled")
		delete(m, "broadphase_rewound")
		b, _ := json.Marshal(m) // sorted keys
		out.Write(append(b, '\n'))
	}
	return out.Bytes()
}
