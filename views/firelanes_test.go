package views

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/burstcounter"
	"lagscope/model"
)

// burstScene: short bursts and single shots under loss, two observers,
// the second walking out of relevancy and back.
func burstScene(enc burstcounter.Encoding) lagcomp.Config {
	c := lagcomp.Defaults()
	c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = lagcomp.WeaponRapid, 66.7, 3, 350
	c.TriggerHoldMs = 20
	c.Down.LossPct, c.Down.JitterMs = 15, 30
	c.NetUpdateHz = 20
	c.Observers, c.RelevancyM = 2, 40
	c.Observer = model.Motion{Kind: model.Strafe, Origin: model.V(0, 30), Heading: math.Pi / 2, Speed: 12, Amplitude: 20}
	c.BurstEncoding = enc
	c.BurstCreationCheck = false
	return c
}

func TestGoldenFireLanes(t *testing.T) {
	r := NewRenderer()
	naive := frameAt(t, burstScene(burstcounter.Naive), 9500*model.Millisecond)
	img, err := r.Render(naive, "burst", 1600, 800, Options{Layers: DefaultLayers()})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "burst-naive-loss", img)
	c := burstScene(burstcounter.Robust)
	c.BurstAutoLoop = true
	robust := frameAt(t, c, 7*model.Second)
	img, _ = r.Render(robust, "burst", 1200, 700, Options{Layers: DefaultLayers(), Palette: Light})
	golden(t, "burst-robust-light", img)
}

// The lane view draws what the frame holds: a frame with no effects
// played draws no flash, and one without fire data says so.
func TestFireLanesNeedData(t *testing.T) {
	f := frameAt(t, burstScene(burstcounter.Robust), 3*model.Second)
	if len(f.Fire.Lanes) != 3 || len(f.Fire.Shots) == 0 || len(f.Fire.Lanes[0].Effects) == 0 {
		t.Fatalf("the scene should have shots and effects: %d lanes, %d shots", len(f.Fire.Lanes), len(f.Fire.Shots))
	}
	g := *f
	g.Fire = nil
	r := NewRenderer()
	if _, err := r.Render(&g, "burst", 800, 400, Options{}); err != nil {
		t.Fatal(err)
	}
}

// Before the weapon's channel first opens a client has no copy: that is
// drawn as "not open yet", never as relevancy culling, in a scene where
// nobody leaves relevancy; the window starts at 0 s, not before.
func TestFireLanesNotOpenIsNotCulled(t *testing.T) {
	c := lagcomp.Defaults()
	c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = lagcomp.WeaponRapid, 66.7, 3, 350
	c.Observers = 1
	f := frameAt(t, c, 1500*model.Millisecond)
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	r.Pane(img, f, ViewBurst, Options{})
	g := r.last.drawFireLanes()
	if !g.drew[fireNotOpen] || g.drew[fireCulled] {
		t.Fatalf("not open %v, culled %v: want the first only", g.drew[fireNotOpen], g.drew[fireCulled])
	}
	if g.t0 != 0 {
		t.Fatalf("window starts at %v, want 0", g.t0)
	}
	legend := ownLegendText(r.last.fireEntries(g))
	if strings.Contains(legend, "culled") || !strings.Contains(legend, "not open yet") {
		t.Fatalf("legend: %s", legend)
	}
}

// Value labels along a lane never overlap: a label too close to the one
// before takes the second row, and is left out when both are taken.
func TestFireValueLabelsDoNotOverlap(t *testing.T) {
	p := newTestPane(NewRenderer(), image.NewRGBA(image.Rect(0, 0, 400, 100)))
	var v valueRows
	var got []int
	for _, x := range []float64{100, 102, 104, 200} {
		row, ok := v.place(p, "10", x)
		if !ok {
			row = -1
		}
		got = append(got, row)
	}
	if want := []int{0, 1, -1, 0}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
}

// Every shot is accounted for in a lane's figures, pending ones
// included, with the singular where there is one.
func TestFireFigures(t *testing.T) {
	r := lagcomp.BurstRecord{ShotsFired: 2, EffectsPlayed: 1, SingleShotsMissed: 1, ShotsWithoutEffect: 1, ShotsPending: 1}
	got := strings.Join(fireFigures(&r), " | ")
	for _, want := range []string{"2 shots · 1 effect played", "0 bursts", "1 shot without", "1 shot pending"} {
		if !strings.Contains(got, want) {
			t.Errorf("figures lack %q: %s", want, got)
		}
	}
}

// Shots merged into another's flash and stale updates dropped are named
// in a lane's figures when there are any, and only then.
func TestFireFiguresNameMergedAndStale(t *testing.T) {
	r := lagcomp.BurstRecord{ShotsFired: 3, EffectsPlayed: 1, MergedShots: 2, UpdatesStale: 1}
	got := strings.Join(fireFigures(&r), " | ")
	for _, want := range []string{"2 shots merged into another's flash", "1 stale update dropped"} {
		if !strings.Contains(got, want) {
			t.Errorf("figures lack %q: %s", want, got)
		}
	}
	r.MergedShots, r.UpdatesStale = 0, 0
	if got := strings.Join(fireFigures(&r), " | "); strings.Contains(got, "merged") || strings.Contains(got, "stale") {
		t.Errorf("figures name what did not happen: %s", got)
	}
}

// Flashes played at once are counted from the first of them: 3, then
// none for the two it stands for, then 1.
func TestSameTimeCountsFlashesAtOnce(t *testing.T) {
	es := []lagcomp.FireEffect{{T: 5}, {T: 5}, {T: 5}, {T: 9}}
	var got []int
	for j := range es {
		got = append(got, sameTime(es, j))
	}
	if want := []int{3, 0, 0, 1}; !slices.Equal(got, want) {
		t.Errorf("sameTime %v, want %v", got, want)
	}
}

// In the trial's dense scene (a 900 rpm burst over jitter) and the lossy
// one, no two value labels overlap and each legend row fits the pane,
// even at half of 1280 px.
func TestFireLanesLabelsAndLegendFit(t *testing.T) {
	dense := lagcomp.Defaults()
	dense.Weapon, dense.FireIntervalMs, dense.BurstShots, dense.BurstPauseMs = lagcomp.WeaponRapid, 66.7, 15, 600
	dense.Down.JitterMs, dense.NetUpdateHz, dense.Observers = 40, 30, 1
	r := NewRenderer()
	for _, f := range []*lagcomp.Frame{frameAt(t, dense, 6*model.Second), frameAt(t, burstScene(burstcounter.Naive), 9500*model.Millisecond)} {
		for _, w := range []int{640, 1920} {
			img := image.NewRGBA(image.Rect(0, 0, w, 700))
			r.Pane(img, f, ViewBurst, Options{})
			p := r.last
			g := p.drawFireLanes()
			if len(g.values) < 10 {
				t.Fatalf("only %d value labels", len(g.values))
			}
			for i, a := range g.values {
				for _, b := range g.values[:i] {
					if a.overlaps(b) {
						t.Fatalf("width %d: value labels overlap: %v %v", w, a, b)
					}
				}
			}
			rows, size := p.ownLegendLayout(p.fireEntries(g))
			if len(rows) > 2 {
				t.Fatalf("width %d: legend needs %d rows", w, len(rows))
			}
			for _, row := range rows {
				x := 10 * p.s
				for _, e := range row {
					tw, _ := p.measure(e.label, size)
					x += 24*p.s + tw + 16*p.s
				}
				if x-16*p.s > p.w {
					t.Fatalf("width %d: legend row %.0f px wide", w, x)
				}
			}
		}
	}
}

// Headers count in words: one shot, two shots, one muzzle flash, no
// muzzle flashes ("0 muzzle flashes for 1 shots fired" was a header).
func TestFlashesForSaysItsPlurals(t *testing.T) {
	for _, c := range []struct {
		played, fired int
		want          string
	}{
		{0, 1, "0 muzzle flashes for 1 shot fired"},
		{1, 1, "1 muzzle flash for 1 shot fired"},
		{2, 3, "2 muzzle flashes for 3 shots fired"},
	} {
		if got := flashesFor(c.played, c.fired); got != c.want {
			t.Errorf("flashesFor(%d, %d) = %q, want %q", c.played, c.fired, got, c.want)
		}
	}
}
