package views

import (
	"fmt"
	"image"
	"math"
	"slices"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The stage stands still while the pawn walks within the middle third
// of its span, and turns a page when it leaves: a 12 m by 6 m span keeps
// the pawn within ±2 m across and ±1 m up of its centre; past +2 m the
// centre moves until the pawn is at −2 m, a whole third to walk again.
func TestStageFollowsOnlyOutsideTheMiddleThird(t *testing.T) {
	st := Stage{Centre: model.V(0, 0), Span: 12, Aspect: 0.5}
	for _, c := range []struct {
		pts  []model.Vec
		want model.Vec
	}{
		{[]model.Vec{model.V(1.9, 0.9)}, model.V(0, 0)},                      // inside: still
		{[]model.Vec{model.V(-1.9, -0.9), model.V(1.9, 0.9)}, model.V(0, 0)}, // copies inside: still
		{[]model.Vec{model.V(2.5, 0)}, model.V(4.5, 0)},                      // right of the third: at its left edge
		{[]model.Vec{model.V(2.5, 0), model.V(2.1, 0)}, model.V(4.1, 0)},     // the trailing copy at the left edge
		{[]model.Vec{model.V(-3, 0)}, model.V(-5, 0)},                        // left
		{[]model.Vec{model.V(0, -1.5)}, model.V(0, -2.5)},                    // below: at the third's top
		{[]model.Vec{model.V(-2.5, 0), model.V(2.5, 0)}, model.V(0, 0)},      // wider than the third: centred
		{[]model.Vec{model.V(10, 0), model.V(15, 0)}, model.V(12.5, 0)},
	} {
		got := st.Follow(c.pts)
		if got.Centre.Dist(c.want) > 1e-12 || got.Span != st.Span || got.Aspect != st.Aspect {
			t.Errorf("follow %v: %+v, want centre %v, span and aspect kept", c.pts, got, c.want)
		}
	}
}

// The lecture frame's camera does not move while the followed pawn (the
// target, walking) stays in the middle third, and moves when it leaves;
// its three panes draw one world scale and the pawn's copies are on
// screen in all three at every frame.
func TestLectureFrameHoldsTheGridWhileThePawnWalksTheMiddleThird(t *testing.T) {
	cfg := lagcomp.Defaults()
	s, err := lagcomp.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(500 * model.Millisecond)
	const w, h = 1920, 1080
	rects, vs := Cells(LayoutRow, w, h, RowViews)
	if !slices.Equal(vs, RowViews) || len(rects) != 3 {
		t.Fatalf("row: cells %v views %v", rects, vs)
	}
	for _, rc := range rects[1:] {
		if rc.Dx() != rects[0].Dx() || rc.Dy() != rects[0].Dy() {
			t.Fatalf("row cells of unequal sizes: %v", rects)
		}
	}
	o := Options{Layers: DefaultLayers()}
	r := NewRenderer()
	st := r.NewStage(s.Frame(), rects[0].Dx(), rects[0].Dy(), o)
	if st.Pawn != lagcomp.TargetPawn {
		t.Fatalf("stage follows pawn %d, want the target", st.Pawn)
	}
	still, moved := 0, 0
	for at := 500 * model.Millisecond; at <= 6*model.Second; at += 50 * model.Millisecond {
		s.Step(at)
		f := s.Frame()
		pts := PawnCopies(f, st.Pawn)
		inside := true
		for _, pt := range pts {
			inside = inside && math.Abs(pt.X-st.Centre.X) <= st.Span/6 && math.Abs(pt.Y-st.Centre.Y) <= st.Span*st.Aspect/6
		}
		next := st.Follow(pts)
		if (next.Centre == st.Centre) != inside {
			t.Fatalf("t = %v: copies %v inside the third of %+v: %v, the camera moved to %v", at, pts, st, inside, next.Centre)
		}
		if inside {
			still++
		} else {
			moved++
		}
		st = next
		// one scale in the three panes, and the pawn on each
		var ppm []float64
		for i, v := range RowViews {
			oo := o
			oo.Stage = &st
			cam := cameraOf(f, v, oo, rects[i].Dx(), rects[i].Dy())
			ppm = append(ppm, cam.ppm)
			for _, pt := range pts {
				x, y := cam.px(pt)
				if x < cam.x0 || x > cam.x0+cam.w || y < cam.y0 || y > cam.y0+cam.h {
					t.Fatalf("t = %v, %s pane: the pawn at %v is off the drawing area (%v, %v)", at, v, pt, x, y)
				}
			}
		}
		if ppm[0] != ppm[1] || ppm[1] != ppm[2] {
			t.Fatalf("t = %v: the row's panes draw %v px a metre", at, ppm)
		}
	}
	if still == 0 || moved == 0 {
		t.Errorf("6 s of the target's walk: %d frames still, %d moved; want both", still, moved)
	}
}

// In the lecture frame each client's own pawn is "you, on your screen"
// and the server's copy of it "you, on the server: N ms behind", N the
// run's input offset; the pawn played is "you" on the other's screen,
// behind by the time that screen shows.
func TestLectureFrameLabelsCarryTheRunsDelay(t *testing.T) {
	cfg := lagcomp.Defaults()
	cfg.TargetControl = lagcomp.ControlUser
	cfg.Up.LatencyMs, cfg.Down.LatencyMs = 150, 150
	f := frameAt(t, cfg, 3*model.Second)
	r := NewRenderer()
	st := r.NewStage(f, 640, 720, Options{Layers: DefaultLayers()})
	off := f.InputOffsets[lagcomp.TargetPawn]
	if off <= 0 {
		t.Fatalf("input offset %v", off)
	}
	lag := f.T - f.Clients[lagcomp.ShooterPawn].View.IdealT
	for _, c := range []struct {
		v    View
		want []string
	}{
		{ViewTarget, []string{fmt.Sprintf("you, on your screen · %d inputs unacked", f.Clients[lagcomp.TargetPawn].Pending), fmt.Sprintf("you, on the server: %.0f ms behind", off.Millis())}},
		{ViewServer, []string{"you, on the server", "shooter"}},
		{ViewShooter, []string{fmt.Sprintf("you, on the shooter's screen: %.0f ms behind", lag.Millis()), "shooter, on its screen"}},
	} {
		r.Pane(image.NewRGBA(image.Rect(0, 0, 640, 720)), f, c.v, Options{Layers: DefaultLayers(), Stage: &st})
		var got []string
		for _, l := range r.last.labels {
			got = append(got, l.text)
		}
		for _, want := range c.want {
			if !slices.ContainsFunc(r.last.labels, func(l labelReq) bool { return l.text == want || l.short == want }) {
				t.Errorf("%s pane: no label %q in %q", c.v, want, got)
			}
		}
	}
	if lag.Millis() < 250 {
		t.Errorf("at 150 ms each way the shooter shows the target %v behind", lag)
	}
}
