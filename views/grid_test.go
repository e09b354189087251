package views

import (
	"image"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"lagscope/lagcomp"
	"lagscope/model"
)

// farFrame is the default scene's first judged shot with the target,
// its ghosts and its trail moved to x: a pose no settings give, as a
// records file or an engine's sentinel can.
func farFrame(t *testing.T, x float64) *lagcomp.Frame {
	f := defaultAt(t, 1500*model.Millisecond)
	if f.Last == nil {
		t.Fatal("no shot judged by 1.5 s")
	}
	move := func(p *model.Pose) { p.Pos.X = x }
	move(&f.Pawns[1].Pose)
	for i := range f.Shots {
		move(&f.Shots[i].ClientSaw)
		move(&f.Shots[i].Rewound)
		move(&f.Shots[i].ServerNow)
	}
	last := f.Shots[len(f.Shots)-1]
	f.Last = &last
	for i := range f.Trails[1] {
		move(&f.Trails[1][i].Pose)
	}
	return f
}

// drawBounded draws every world view of f (and of a records frame of its
// last shot) within a time far above the expected, and returns what each
// grid said and the most memory drawing took.
func drawBounded(t *testing.T, f *lagcomp.Frame) (says []string, alloc uint64) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	r := NewRenderer()
	done := make(chan struct{})
	go func() {
		defer close(done)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, v := range []View{ViewServer, ViewShooter, ViewTarget, ViewOverlay} {
			r.Pane(img, f, v, Options{Layers: allLayers()})
			says = append(says, r.last.gridSays)
		}
		rf, o := RecordFrame(*f.Last, "far.jsonl", Options{Layers: DefaultLayers()})
		r.Pane(img, rf, ViewOverlay, o)
		says = append(says, r.last.gridSays)
		runtime.ReadMemStats(&after)
		alloc = after.TotalAlloc - before.TotalAlloc
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("drawing the world views took over 20 s (expected well under a second)")
	}
	return says, alloc
}

// TestGridBoundedWithFarPoses: a pose at 10¹⁵ m, 10³⁰⁰ m or an engine's
// FLT_MAX sentinel draws every world view at once, within a few MB, and
// the grid says why it drew no lines, where a line every 100 m across
// 10¹⁵ m took 24 GB and, at 10³⁰⁰, adding the step never moved.
func TestGridBoundedWithFarPoses(t *testing.T) {
	for _, x := range []float64{1e15, 1e300, -1e300, math.MaxFloat32, math.MaxFloat64} {
		says, alloc := drawBounded(t, farFrame(t, x))
		if alloc > 200<<20 {
			t.Errorf("x = %g: drawing took %d MB", x, alloc>>20)
		}
		// the Server pane frames the shooter at the origin and the
		// target far away (the other panes may frame the far poses
		// alone, and draw a grid there while lines can be told apart)
		if !strings.HasPrefix(says[0], "spread too wide for a grid: ") {
			t.Errorf("x = %g: the Server pane's grid says %q", x, says[0])
		}
		for i, s := range says {
			if strings.HasPrefix(s, "grid ") && math.Abs(x) > 1e16 {
				t.Errorf("x = %g: view %d's grid says %q about lines a float64 cannot tell apart", x, i, s)
			}
		}
	}
}

// TestGridReadableFarAway: a pawn 360 km away (an hour at 100 m/s,
// legal settings) gets a grid in kilometres, lines one can count, where
// it had "grid 100 m" and 3 600 lines no one could see.
func TestGridReadableFarAway(t *testing.T) {
	f := farFrame(t, 360_000)
	says, _ := drawBounded(t, f)
	if !strings.HasSuffix(says[0], " km") {
		t.Errorf("the Server pane's grid says %q, want tens of kilometres", says[0])
	}
}

// The ladder goes on past 100 m at 1, 2.5 and 5 × 10^k, and a step keeps
// its lines 30 px apart or more up to the widest spread given a grid: a
// screenful of lines at most (and it ends, at float64's largest step,
// for a spread wider still).
func TestGridStepLadderIsBounded(t *testing.T) {
	for _, c := range []struct{ ppm, want float64 }{
		{0.2, 250}, {0.1, 500}, {0.05, 1000}, {0.01, 5000}, {1e-12, 5e13},
	} {
		if got := gridStep(c.ppm, 800, 1); got != c.want {
			t.Errorf("gridStep(ppm %g) = %g m, want %g", c.ppm, got, c.want)
		}
	}
	for _, ppm := range []float64{1e-3, 3e-4, 7e-5, 800 / maxGridSpan} {
		step := gridStep(ppm, 800, 1)
		if n := 800 / (step * ppm); !(n <= 800/30.0) {
			t.Errorf("ppm %g: step %g m gives %g lines across 800 px", ppm, step, n)
		}
	}
	if step := gridStep(math.SmallestNonzeroFloat64, 800, 1); math.IsInf(step, 0) || step <= 0 {
		t.Errorf("the step for the smallest ppm is %g", step)
	}
	if _, _, ok := gridLines(1e300, 1e300+5, 5); ok {
		t.Error("lines 5 m apart at 1e300 m were said to be told apart")
	}
}

func BenchmarkGridFarPoses(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 960, 540))
	r := NewRenderer()
	f := farFrame(&testing.T{}, 1e15)
	for b.Loop() {
		r.Pane(img, f, ViewOverlay, Options{Layers: DefaultLayers()})
	}
}
