package capture

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/sweep"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
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

// An A/B of a selected shot shows the same shot, by its fired sequence,
// on both sides, each at its own judgement: with reliable_fire a lost
// command is resent and B judges the shot later, where B's half at A's
// instant selected another shot (or none). Checked against B's own run,
// every early shot of several lossy seeds.
func TestCompareShowsTheSameShotOnBothSides(t *testing.T) {
	moved, lostInB := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		c := lagcomp.Defaults()
		c.Seed, c.Up.LossPct, c.DurationMs = seed, 30, 6000
		for _, change := range []string{"reliable_fire=true", "up_loss_pct=100"} {
			bc := c
			changes, _ := sweep.ParseChanges(change)
			if err := lagcomp.Apply(&bc, changes); err != nil {
				t.Fatal(err)
			}
			a, b := runAll(t, c), runAll(t, bc)
			aScript := timeline.Script{Base: lagcomp.ConfigMap(&c)}
			bScript, err := sweep.ChangedScript(aScript, changes)
			if err != nil {
				t.Fatal(err)
			}
			for i := range a.Shots.Len() {
				ra := a.Shots.At(i)
				if !ra.HasServerSide() || ra.Seq > 5 {
					continue
				}
				at, err := aScript.Replay(ra.Judged)
				if err != nil {
					t.Fatal(err)
				}
				same, err := sameShotInB(at, ra.ID, bScript, ra.Judged)
				if err != nil {
					t.Fatal(err)
				}
				rb := findShot(b, func(r *lagcomp.ShotRecord) bool { return r.Seq == ra.Seq })
				switch {
				case rb != nil && rb.HasServerSide():
					if same.At != rb.Judged || same.Selected != rb.ID || !strings.Contains(same.NoteB, fmt.Sprintf("shot #%d", ra.Seq)) {
						t.Errorf("seed %d %s shot #%d: B at %v selecting %v, want %v %v", seed, change, ra.Seq, same.At, same.Selected, rb.Judged, rb.ID)
					}
					moved += b2i(rb.Judged != ra.Judged)
				default:
					if same.At != ra.Judged || same.Selected != (uuid.UUID{}) || same.NoteB == "" {
						t.Errorf("seed %d %s shot #%d, none judged in B: %+v", seed, change, ra.Seq, same)
					}
					lostInB++
				}
			}
		}
	}
	if moved == 0 || lostInB == 0 {
		t.Fatalf("%d shots judged at another time in B, %d never: the test attacks nothing", moved, lostInB)
	}
}

func runAll(t *testing.T, c lagcomp.Config) *lagcomp.Sim {
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(model.MsF(c.DurationMs))
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The picture says so: B's half titled with its own judgement, the
// caption with both instants.
func TestCompareCaptionNamesBothInstants(t *testing.T) {
	c := lagcomp.Defaults()
	c.Seed, c.Up.LossPct = 1, 30
	a := runAll(t, c)
	sc := sidecar()
	sc.Script = timeline.Script{Base: lagcomp.ConfigMap(&c)}
	sc.Compare = "reliable_fire=true"
	changes, _ := sweep.ParseChanges(sc.Compare)
	bScript, _ := sweep.ChangedScript(sc.Script, changes)
	// the first judged shot from the second on that B judges at another time
	var r *lagcomp.ShotRecord
	var same sameShot
	var at *lagcomp.Sim
	for n := 2; ; n++ {
		if r, _ = a.Shots.Judged(n); r == nil {
			t.Fatal("seed 1: B judges every shot at A's time: the test attacks nothing")
		}
		at, _ = sc.Script.Replay(r.Judged)
		var err error
		if same, err = sameShotInB(at, r.ID, bScript, r.Judged); err == nil && same.At != r.Judged {
			break
		}
	}
	sc.View, sc.AtUs, sc.Selected = "overlay", int64(r.Judged), r.ID.String()
	b, _ := bScript.Replay(same.At)
	line := sameShotLine(at.Frame(), b.Frame(), same)
	if !strings.Contains(line, fmt.Sprintf("each half at its own judgement of shot #%d", r.Seq)) || !strings.Contains(line, fmt.Sprintf("B at %.3f s", same.At.Seconds())) {
		t.Errorf("caption line %q", line)
	}
	if _, err := Render(sc); err != nil {
		t.Fatal(err)
	}
}
