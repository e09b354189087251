package app

import (
	"strings"
	"testing"

	"lagscope/views"
)

// M (a jump to a moment) puts the window in the moment's slide, as shot
// --moment draws it: default's moment 2 is the Shooter pane alone,
// framed on the target, the interpolation buffer on; peekers-advantage's
// is a 1x2 of the Target pane and the sighting timeline; constant-
// velocity's an A/B against mode=none. The banner's sentence is said
// over the panes shown, its figures written in.
func TestMomentShowsItsSlide(t *testing.T) {
	u, _ := newTestUI(t, "default")
	u.moments.jump(1)
	if u.layout != views.LayoutSingle || u.single != views.ViewShooter {
		t.Errorf("default moment 2: layout %s of %s, want the shooter alone", u.layout, u.single)
	}
	if p := u.pane(views.ViewShooter); p.focus != views.FocusTarget {
		t.Errorf("default moment 2: the Shooter pane's focus %q, want target", p.focus)
	}
	if !u.layers.InterpBuffer {
		t.Error("default moment 2: the interpolation buffer layer is off")
	}
	if say := u.moments.say.Text; !strings.Contains(say, "about 146 ms ago (100 ms of interpolation + 40 ms downstream") || strings.Contains(say, "Turn on") {
		t.Errorf("default moment 2's banner: %q", say)
	}

	u, _ = newTestUI(t, "peekers-advantage")
	u.moments.jump(0)
	var shown []views.View
	for _, p := range u.panes {
		if p.visible {
			shown = append(shown, p.view)
		}
	}
	if u.layout != views.Layout1x2 || len(shown) != 2 || u.viewOrder()[0] != views.ViewTarget || u.viewOrder()[1] != views.ViewDuel {
		t.Errorf("peekers-advantage moment 1: layout %s showing %v (order %v), want 1x2 of target and duel", u.layout, shown, u.viewOrder()[:2])
	}
	u.setLayout(views.Layout1x2, views.ViewServer) // a layout picked afterwards is the window's again
	if o := u.viewOrder(); o[1] != views.ViewShooter {
		t.Errorf("1x2 picked after the moment: second pane %s, want shooter", o[1])
	}

	u, _ = newTestUI(t, "constant-velocity")
	u.moments.jump(0)
	if !u.compare.show.Checked || u.compare.changes.Text != "mode=none" || u.compare.view.Selected != string(views.ViewOverlay) {
		t.Errorf("constant-velocity moment 1: A/B shown %v with %q of %s", u.compare.show.Checked, u.compare.changes.Text, u.compare.view.Selected)
	}
}
