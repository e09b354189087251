package lagcomp_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"lagscope/lagcomp"
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
	for i := range sim.Shots {
		if err := enc.Encode(sim.Shots[i].JSON()); err != nil {
			t.Fatal(err)
		}
	}
	projs := sim.Projectiles()
	for i := range projs {
		if err := enc.Encode(projs[i].JSON()); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// The shooter's and the victim's shots are those of lagscope before it
// had observers or the burst counter: the goldens were written by the
// code of that time, and the records must match them byte for byte.
func TestTwoClientsUnchangedByObservers(t *testing.T) {
	for _, name := range []string{"default", "rapid-fire-jitter", "dialup", "cheater", "projectile-rockets"} {
		path := filepath.Join("testdata", "shots-"+name+".jsonl")
		got := shotLines(t, name)
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
