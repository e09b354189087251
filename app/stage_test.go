package app

import (
	"math"
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/views"
)

// Key 7 lays out the lecture frame: Target | Server | Shooter in a row.
// While W walks the user's target north, the three panes keep one
// camera that stands still while the target's copies stay in the middle
// third of the panes and moves when they leave it; the panes draw one
// scale; the target is on screen in each at every frame.
func TestLectureFrameStandsStillWhileThePawnWalksItsMiddleThird(t *testing.T) {
	u, clk := userTarget(t)
	press(u.win.Canvas(), fyne.Key7, 0)
	u.win.Content().Refresh()
	if u.layout != views.LayoutRow || u.layoutSel.Selected != "Lecture frame" {
		t.Fatalf("key 7: layout %q, selector %q", u.layout, u.layoutSel.Selected)
	}
	var shown []views.View
	for _, o := range u.paneGrid.Objects[0].(*fyne.Container).Objects {
		shown = append(shown, o.(*Pane).view)
	}
	if !slices.Equal(shown, views.RowViews) {
		t.Fatalf("key 7 shows %v, want %v", shown, views.RowViews)
	}
	row := func() []*Pane {
		var ps []*Pane
		for _, v := range views.RowViews {
			ps = append(ps, u.pane(v))
		}
		return ps
	}()
	drawRow := func() {
		for _, p := range row {
			sz := p.Size()
			p.draw(int(sz.Width), int(sz.Height))
		}
	}
	clk.run(u, 40) // the links and the input buffer settle
	drawRow()
	keyDown(u, fyne.KeyW)
	still, moved := 0, 0
	for range 150 { // 2.4 s of W
		before := *u.keptStage()
		clk.run(u, 1)
		f := u.frame.Load()
		pts := views.PawnCopies(f, lagcomp.TargetPawn)
		inside := true
		for _, pt := range pts {
			inside = inside && math.Abs(pt.X-before.Centre.X) <= before.Span/6 && math.Abs(pt.Y-before.Centre.Y) <= before.Span*before.Aspect/6
		}
		drawRow()
		after := *u.keptStage()
		if (after.Centre == before.Centre) != inside {
			t.Fatalf("t = %v: the target's copies %v in the middle third of %+v: %v; the camera went to %v", f.T, pts, before, inside, after.Centre)
		}
		if inside {
			still++
		} else {
			moved++
		}
		var ppm []float64
		for _, p := range row {
			b := p.img.Bounds()
			o := p.options(b.Dx())
			o.Stage = &after
			x0, _ := views.PixelAt(f, p.view, o, b.Dx(), b.Dy(), model.V(0, 0))
			x1, _ := views.PixelAt(f, p.view, o, b.Dx(), b.Dy(), model.V(1, 0))
			ppm = append(ppm, x1-x0)
			for _, pt := range pts {
				x, y := views.PixelAt(f, p.view, o, b.Dx(), b.Dy(), pt)
				if x < 0 || y < 0 || x > float64(b.Dx()) || y > float64(b.Dy()) {
					t.Fatalf("t = %v, %s pane: the target at %v is drawn off the pane, at (%.0f, %.0f)", f.T, p.view, pt, x, y)
				}
			}
		}
		if math.Abs(ppm[0]-ppm[1]) > 1e-6 || math.Abs(ppm[1]-ppm[2]) > 1e-6 { // x1 − x0 of pixels hundreds across: rounding
			t.Fatalf("t = %v: the row's panes draw %v px a metre", f.T, ppm)
		}
	}
	keyUp(u, fyne.KeyW)
	if still == 0 || moved == 0 {
		t.Errorf("2.4 s of W: %d frames the camera stood, %d it moved; want both", still, moved)
	}
	t.Logf("2.4 s of W: the camera stood %d frames, moved %d", still, moved)
}
