package app

import (
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
	"lagscope/views/capture"
)

// The A/B shows the running configuration beside the same seed with the
// changes held, both at the shown time; a live change to A reaches B.
func TestCompareShowsTwoHalvesOnOneTimeline(t *testing.T) {
	u, clk := newTestUI(t, "default")
	ct := u.compare
	ct.changes.SetText("mode=none,bias=0.5")
	ct.show.SetChecked(true)
	if !ct.pane.Visible() || ct.covered.Visible() {
		t.Fatalf("A/B not shown: %q", ct.note.Text)
	}
	clk.run(u, 120)
	img := ct.pane.draw(1200, 600)
	a := u.frame.Load()
	b := ct.pane.b
	if img.Bounds().Dx() != 1200 || b == nil || b.T != a.T || a.T == 0 {
		t.Fatalf("B at %v, A at %v", b.T, a.T)
	}
	if b.Config.Mode != compensation.None || b.Config.Bias != 0.5 || b.Config.Seed != a.Config.Seed || a.Config.Mode != compensation.Timestamp {
		t.Errorf("A %s/%v, B %s/%v seed %d", a.Config.Mode, a.Config.Bias, b.Config.Mode, b.Config.Bias, b.Config.Seed)
	}
	if len(a.Shots) == 0 || len(a.Shots) != len(b.Shots) || a.Shots[0].Fire != b.Shots[0].Fire {
		t.Errorf("not the same inputs: %d shots in A, %d in B", len(a.Shots), len(b.Shots))
	}
	// both halves under one framing: a world point at the same offset
	// from each half's corner, also when the halves differ by a pixel
	ct.pane.draw(1201, 600)
	o, title := ct.pane.o, int(26*ct.pane.o.Scale)
	for _, pt := range []model.Vec{a.Pawns[lagcomp.TargetPawn].Pose.Pos, b.Shots[0].Rewound.Pos, {}} {
		ax, ay := views.PixelAt(a, views.ViewServer, o, 600, 600-title, pt)
		bx, by := views.PixelAt(ct.pane.b, views.ViewServer, o, 601, 600-title, pt)
		if o.Framing == nil || ax != bx || ay != by {
			t.Errorf("%v at (%.1f,%.1f) in A, (%.1f,%.1f) in B", pt, ax, ay, bx, by)
		}
	}
	// a slider moved in A is moved in B too, the changed keys held
	u.control("latency_ms").setSlider(120)
	clk.run(u, 30)
	ct.pane.draw(1200, 600)
	if c := ct.pane.b.Config; c.Up.LatencyMs != 120 || c.Mode != compensation.None {
		t.Errorf("after A's change B has latency %v mode %s", c.Up.LatencyMs, c.Mode)
	}
	// back in time: B follows the timeline
	u.withSession(func(s *tl.Session) { s.Seek(s.Now() / 2) })
	u.publish()
	ct.pane.draw(1200, 600)
	if ct.pane.b.T != u.frame.Load().T {
		t.Errorf("after a seek B is at %v, A at %v", ct.pane.b.T, u.frame.Load().T)
	}
	// a screenshot while the A/B is shown is an A/B, its sidecar saying so
	u.shotUI.what = "layout"
	path, err := u.shotUI.take()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := capture.Read(capture.SidecarPath(path))
	if err != nil || sc.Compare != "mode=none,bias=0.5" || sc.View != "server" {
		t.Fatalf("sidecar: %v %+v", err, sc)
	}
	ct.show.SetChecked(false)
	if ct.pane.Visible() || !ct.covered.Visible() {
		t.Error("the panes are not back")
	}
}

func TestCompareRefusesBadChanges(t *testing.T) {
	u, _ := newTestUI(t, "default")
	ct := u.compare
	ct.changes.SetText("Mode=none")
	ct.show.SetChecked(true)
	if ct.show.Checked || ct.pane.Visible() || !strings.Contains(ct.note.Text, `did you mean "mode"`) {
		t.Errorf("bad changes shown: %q", ct.note.Text)
	}
}
