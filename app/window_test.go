package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lagscope/lagcomp"
)

// Every sidebar tab is shown and labelled whole, at 1920×1080 and at the
// smallest size the window can take (its content's minimum): none hides
// under an overflow "…", and a tap on one shows its page.
func TestEverySidebarTabShownAndLabelled(t *testing.T) {
	u, _ := newTestUI(t, "default")
	want := []string{"Network", "Netcode", "Scene", "Layers", "Moments", "Shots", "All keys", "Sweep", "A/B"}
	for _, size := range []fyne.Size{fyne.NewSize(1920, 1080), u.win.Content().MinSize()} {
		u.win.Resize(size)
		if len(u.tabs.buttons) != len(want) {
			t.Fatalf("%d tabs", len(u.tabs.buttons))
		}
		side := u.tabs.box.Size()
		for i, b := range u.tabs.buttons {
			pos, sz, min := b.Position(), b.Size(), b.MinSize()
			if b.Text != want[i] || !b.Visible() || sz.Width < min.Width || sz.Height < min.Height || pos.X < 0 || pos.X+sz.Width > side.Width {
				t.Errorf("window %v: tab %q at %v size %v (its label needs %v) in a sidebar %v wide", size, b.Text, pos, sz, min, side.Width)
			}
		}
	}
	test.Tap(u.tabs.buttons[8])
	if !u.compare.box.Visible() || u.controls.network.Visible() || u.tabs.current != 8 {
		t.Fatal("a tap on A/B does not show its page")
	}
}

// While an A/B is shown the strip under the panes shows B's figures under
// A's, each row tagged with its side; without it, A's alone, untagged.
func TestMetricsStripShowsBothSidesOfAnAB(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 5)
	if u.metrics.tag.Visible() || u.metrics.b.box.Visible() {
		t.Fatal("tagged or showing B without an A/B")
	}
	ct := u.compare
	ct.changes.SetText("mode=none")
	ct.show.SetChecked(true)
	clk.run(u, 200)
	a, b := u.frame.Load(), ct.pane.b
	if b == nil || b.T != a.T || b.Summary.ShotsFired == 0 {
		t.Fatalf("B's frame %v", b)
	}
	if !u.metrics.tag.Visible() || !u.metrics.b.tag.Visible() || !u.metrics.b.box.Visible() || u.metrics.tag.Text != "A:" || u.metrics.b.tag.Text != "B:" {
		t.Fatal("the strip does not show both sides, tagged")
	}
	for _, side := range []struct {
		f   *lagcomp.Frame
		row *figures
	}{{a, u.metrics.figures}, {b, u.metrics.b}} {
		s := side.f.Summary
		if want := fmt.Sprintf("fired %d · judged %d · hits client %d / server %d", s.ShotsFired, s.Shots, s.ClientHits, s.ServerHits); !strings.HasPrefix(side.row.hits.Text, want) {
			t.Errorf("%s row %q, want %q…", side.row.tag.Text, side.row.hits.Text, want)
		}
	}
	if u.metrics.b.errs.Text == u.metrics.errs.Text {
		t.Errorf("no rewind in B (mode=none), yet its errors read as A's: %q", u.metrics.b.errs.Text)
	}
	ct.show.SetChecked(false)
	if u.metrics.tag.Visible() || u.metrics.b.box.Visible() {
		t.Fatal("B's figures stay after the A/B is hidden")
	}
}

// press is a key as the driver delivers it: to the focused widget (its
// TypedKey, then TypedRune for a character), else to the window.
func press(c fyne.Canvas, name fyne.KeyName, r rune) {
	ev := &fyne.KeyEvent{Name: name}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		if r != 0 {
			f.TypedRune(r)
		}
		return
	}
	c.OnTypedKey()(ev)
}

// The window's keys work whatever widget a click focused: space pauses
// after ticking Show A/B (and leaves it ticked), M jumps to a moment
// after a click on the scrubber; a text entry keeps its letters.
func TestFocusedWidgetsLeaveTheWindowsKeys(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	c := u.win.Canvas()
	clk.run(u, 5)
	u.tabs.show("A/B") // a hidden widget takes no focus
	test.Tap(u.compare.show)
	c.Focus(u.compare.show) // the desktop driver focuses what a click taps; the test one does not
	if !u.compare.show.Checked || c.Focused() != u.compare.show {
		t.Fatal("the click does not tick and focus Show A/B")
	}
	paused := u.sessionState().paused
	press(c, fyne.KeySpace, ' ')
	if !u.compare.show.Checked || u.sessionState().paused == paused {
		t.Fatalf("space on the focused check: ticked %v, paused %v (was %v)", u.compare.show.Checked, u.sessionState().paused, paused)
	}
	press(c, fyne.KeyReturn, 0) // the keyboard's way to toggle it
	if u.compare.show.Checked {
		t.Error("Return does not toggle the focused check")
	}
	if c.Focus(u.timeline.scrub); c.Focused() != u.timeline.scrub {
		t.Fatal("the scrubber takes no focus")
	}
	press(c, fyne.KeyM, 'm')
	if u.moments.shown != 0 || u.sessionState().now != u.moments.moments[0].At {
		t.Fatalf("M with the scrubber focused: moment %d at %v", u.moments.shown, u.sessionState().now)
	}
	now := u.sessionState().now
	press(c, fyne.KeyRight, 0)
	if u.sessionState().now <= now {
		t.Error("→ with the scrubber focused does not step")
	}
	for _, f := range []struct {
		tab string
		w   fyne.Focusable
	}{{"Netcode", u.control("mode").sel}, {"Network", u.control("latency_ms").sl}, {"Shots", u.shots.list}} {
		u.tabs.show(f.tab)
		w := f.w
		if c.Focus(w); c.Focused() != w {
			t.Fatalf("%T on tab %s takes no focus", w, f.tab)
		}
		press(c, fyne.Key4, '4')
		if u.single != "overlay" {
			t.Errorf("key 4 with %T focused: single view %v", w, u.single)
		}
		press(c, fyne.Key1, '1')
	}
	u.tabs.show("Sweep")
	if c.Focus(u.sweep.seeds); c.Focused() != u.sweep.seeds {
		t.Fatal("the seeds entry takes no focus")
	}
	u.sweep.seeds.SetText("")
	press(c, fyne.KeyM, 'm')
	if u.sweep.seeds.Text != "m" {
		t.Errorf("a focused entry lost its letter: %q", u.sweep.seeds.Text)
	}
}
