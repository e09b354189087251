package capture

import (
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/sweep"
	"lagscope/lagcomp/timeline"
)

// The caption's A/B line says "one seed" only when B keeps A's seed: a
// B on another seed names both.
func TestABLineNamesTheSeeds(t *testing.T) {
	a, b := &lagcomp.Frame{}, &lagcomp.Frame{}
	a.Config.Seed, b.Config.Seed = 1, 1
	mode := []lagcomp.Setting{{Key: "mode", Value: "none"}}
	if got := abLine(a, b, mode); !strings.Contains(got, "on one seed") || !strings.HasSuffix(got, "B = mode=none") {
		t.Errorf("same seed: %q", got)
	}
	b.Config.Seed = 5
	got := abLine(a, b, []lagcomp.Setting{{Key: "seed", Value: "5"}})
	if strings.Contains(got, "one seed") || !strings.Contains(got, "seed 1 against seed 5") {
		t.Errorf("B on seed 5: %q", got)
	}
}

// An A/B whose changes are values A already has is refused, naming the
// changes, rather than drawn as two identical halves.
func TestCompareThatChangesNothingIsRefused(t *testing.T) {
	sc := sidecar()
	sc.View = "server"
	sc.Compare = "mode=" + string(lagcomp.Defaults().Mode)
	if _, err := Render(sc); err == nil || !strings.Contains(err.Error(), "changes nothing") {
		t.Errorf("a no-op compare: %v", err)
	}
	// a change A has at the start but not after a live change differs
	c := lagcomp.Defaults()
	c.Mode = compensation.None
	sc.Script.Inputs = []timeline.ScriptInput{{TUs: 1_000_000, Config: lagcomp.ConfigMap(&c)}}
	changes, _ := sweep.ParseChanges(sc.Compare)
	b, err := sweep.ChangedScript(sc.Script, changes)
	if err != nil {
		t.Fatal(err)
	}
	if same, err := sweep.SameScript(sc.Script, b); same || err != nil {
		t.Errorf("a change that differs after a live change: same %v, %v", same, err)
	}
}
