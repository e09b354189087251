package sweep

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
)

func summaryAt(t *testing.T, sim *lagcomp.Sim) []records.Figure {
	t.Helper()
	s := sim.Summary()
	return records.Figures(records.Summary(sim, &s))
}

// B follows A's timeline: a live change A made at 2 s is made in B at
// 2 s too, with B's changed keys held; B equals the replay of its own
// script, stepping forward or jumping back.
func TestTwinFollowsTheTimeline(t *testing.T) {
	a, err := timeline.NewSession(preset(t, "default"))
	if err != nil {
		t.Fatal(err)
	}
	for a.Now() < 2*model.Second {
		a.Advance(100 * model.Millisecond)
	}
	c := a.Config()
	c.Up.LatencyMs, c.Down.LatencyMs = 120, 120
	if _, err := a.SetConfig(c); err != nil {
		t.Fatal(err)
	}
	for a.Now() < 5*model.Second {
		a.Advance(100 * model.Millisecond)
	}
	changes, err := ParseChanges("mode=none")
	if err != nil {
		t.Fatal(err)
	}
	tw := &Twin{Changes: changes}
	sc := a.Script()
	for _, at := range []model.Time{model.Second, 3 * model.Second, a.Now(), 2500 * model.Millisecond} {
		got, err := tw.At(sc, at)
		if err != nil {
			t.Fatal(err)
		}
		bs, _ := ChangedScript(sc, changes)
		want, err := bs.Replay(at)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(summaryAt(t, got), summaryAt(t, want)) || got.Now != at {
			t.Errorf("at %v: the twin differs from the replay of B's script", at)
		}
		if got.Config().Mode != compensation.None {
			t.Errorf("at %v: B's mode is %s", at, got.Config().Mode)
		}
		if at > 2*model.Second && got.Config().Up.LatencyMs != 120 {
			t.Errorf("at %v: A's live change is not in B (latency %v)", at, got.Config().Up.LatencyMs)
		}
	}
	// same seed, same inputs: the shooter fired at the same instants
	b, _ := tw.At(sc, a.Now())
	as := a.Sim().Shots.Records()
	if len(as) == 0 || len(as) != b.Shots.Len() {
		t.Fatalf("A fired %d shots, B %d", len(as), b.Shots.Len())
	}
	for i := range as {
		if as[i].Fire != b.Shots.At(i).Fire {
			t.Errorf("shot %d: fired at %v in A, %v in B", i, as[i].Fire, b.Shots.At(i).Fire)
		}
	}
	// no changes: B is A
	same := &Twin{}
	b0, _ := same.At(sc, a.Now())
	if !reflect.DeepEqual(summaryAt(t, b0), summaryAt(t, a.Sim())) {
		t.Error("a twin without changes differs from A")
	}
}

func TestCompareAndChangesErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"Mode=none": `did you mean "mode"`,
		"bias=2":    `key "bias": 2 is out of range`,
		"mode":      "want key=value",
		// B has one value of a key, as a sweep varies a key once
		"mode=none,mode=ping": `key "mode" is changed twice`,
	} {
		if _, err := ParseChanges(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", spec, err)
		}
	}
	if ch, err := ParseChanges("walls=0,-2,1,2,mode=none"); err != nil || len(ch) != 2 || ch[0].Value != "0,-2,1,2" || ch[1].Key != "mode" {
		t.Errorf("a value with commas: %v %v", ch, err)
	}
	if _, err := ParseChanges("walls=0,-2,1"); err == nil {
		t.Error("a bad wall passed")
	}
	a := preset(t, "default")
	a.DurationMs = 3000
	ch, _ := ParseChanges("mode=none")
	b, err := Changed(a, ch)
	if err != nil || Title(ch, "A") != "mode=none" || Title(nil, "as given") != "as given" {
		t.Fatal(err)
	}
	diffs, err := Compare(context.Background(), a, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		if d.Name == "mean_rewind_ms" && (d.A.(float64) == 0 || d.B.(float64) != 0 || *d.Delta != -d.A.(float64)) {
			t.Errorf("mean_rewind_ms: %+v", d)
		}
	}
}
