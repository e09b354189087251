package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/views"
	"lagscope/views/capture"
)

// Each pane's focus button steps its framing through shot, target,
// shooter, projectile and back to all; focused on the target, the
// shooter's pane spreads the interpolation gap across far more pixels;
// a screenshot of that pane carries the focus in its sidecar.
func TestFocusButtonFramesThePane(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 190) // about 3 s of simulation
	p := u.pane(views.ViewShooter)
	gap := func() float64 { // squared pixels between the target shown and the server's
		p.draw(int(p.Size().Width), int(p.Size().Height))
		f := u.frame.Load()
		o := p.options(int(p.Size().Width))
		w, h := int(p.Size().Width), int(p.Size().Height)
		ax, ay := views.PixelAt(f, views.ViewShooter, o, w, h, f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.TargetPawn].Pos)
		bx, by := views.PixelAt(f, views.ViewShooter, o, w, h, f.Pawns[lagcomp.TargetPawn].Pose.Pos)
		return (ax-bx)*(ax-bx) + (ay-by)*(ay-by)
	}
	fitted := gap()
	var seen []string
	for range views.Focuses {
		test.Tap(p.focusBtn)
		seen = append(seen, p.focusBtn.Text)
		if p.focus == views.FocusTarget {
			if focused := gap(); focused < 25*fitted { // 5 times the distance
				t.Errorf("focused on the target the gap is %.0f px², fitted %.0f px²", focused, fitted)
			}
			u.shotUI.what = string(views.ViewShooter)
			sc, err := u.shotUI.sidecar()
			if err != nil || sc.Focus != "target" {
				t.Errorf("the screenshot's sidecar has focus %q (%v)", sc.Focus, err)
			}
		}
	}
	test.Tap(p.focusBtn)
	want := []string{"focus: shot", "focus: target", "focus: shooter", "focus: projectile"}
	if len(seen) != 4 || seen[0] != want[0] || seen[1] != want[1] || seen[2] != want[2] || seen[3] != want[3] || p.focusBtn.Text != "focus: all" || p.focus != views.FocusNone {
		t.Fatalf("the button read %v, then %q", seen, p.focusBtn.Text)
	}
	if u.pane(views.ViewPackets).focusBtn.Visible() {
		t.Error("the packet diagram, a time axis, has a focus button")
	}
}

// A screenshot taken while a moment is on the banner says its sentence
// over the panes the capture shows: "(Target pane: …)" for the layout,
// not for the packet flow; the "moment" caption is that sentence alone.
func TestScreenshotSaysTheMomentOverItsPanes(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	clk.run(u, 5)
	test.Tap(u.moments.marks.Objects[0].(*widget.Button))
	u.shotUI.caption = capture.CaptionMoment
	sc, err := u.shotUI.sidecar()
	if err != nil || !strings.Contains(sc.Moment, "(Target pane: ") {
		t.Fatalf("the layout's sidecar says %q (%v)", sc.Moment, err)
	}
	u.shotUI.what = string(views.ViewPackets)
	if sc, err = u.shotUI.sidecar(); err != nil || sc.Moment == "" || strings.Contains(sc.Moment, "Target pane") {
		t.Fatalf("the packet flow's sidecar says %q (%v)", sc.Moment, err)
	}
	sc.Width, sc.Height = 640, 360
	if _, err := capture.Render(sc); err != nil {
		t.Fatal(err)
	}
	u.moments.hide()
	if sc, err = u.shotUI.sidecar(); err != nil || sc.Moment != "" {
		t.Fatalf("no moment on the banner, yet the sidecar says %q", sc.Moment)
	}
	if _, err := capture.Render(sc); err == nil || !strings.Contains(err.Error(), "jump to a moment first") {
		t.Fatalf("a moment caption without a moment: %v", err)
	}
}

// In a duel the Overlay's cell draws the duel's timeline: a time axis
// with no world to frame, so its focus and fit buttons are hidden and a
// scroll zooms nothing; without a duel the cell keeps its focus button.
func TestDuelCellHasNoWorldButtons(t *testing.T) {
	u, clk := newTestUI(t, "peekers-advantage")
	clk.run(u, 60)
	p := u.pane(views.ViewOverlay)
	if p.focusBtn.Visible() || p.fitBtn.Visible() {
		t.Fatalf("the duel's cell shows focus %v, fit %v", p.focusBtn.Visible(), p.fitBtn.Visible())
	}
	p.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(p.Size().Width/2, p.Size().Height/2)}, Scrolled: fyne.NewDelta(0, 30)})
	if p.zoom != 1 || p.fitBtn.Visible() {
		t.Fatalf("a scroll on the duel's cell zoomed it to %v (fit shown: %v)", p.zoom, p.fitBtn.Visible())
	}
	u, clk = newTestUI(t, "default")
	clk.run(u, 60)
	if p := u.pane(views.ViewOverlay); !p.focusBtn.Visible() {
		t.Fatal("the Overlay without a duel hides its focus button")
	}
}
