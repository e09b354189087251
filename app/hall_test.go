package app

import (
	"fmt"
	"math"
	"runtime/debug"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/views"
)

// drawEachShown draws every pane the layout shows, at its laid-out size
// (the raster's generator, as the driver calls it).
func drawEachShown(t *testing.T, u *UI, what string) {
	t.Helper()
	for _, p := range u.panes {
		if !p.visible {
			continue
		}
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Fatalf("%s: pane %s, focus %q: panic: %v\n%s", what, p.view, p.focus, e, debug.Stack())
				}
			}()
			sz := p.Size()
			p.draw(max(int(sz.Width), 1), max(int(sz.Height), 1))
		}()
	}
}

// The live class's crash — target_control = user, key 2, focus clicks —
// and its siblings: on a preset of each kind (teleports, bystanders, a
// duel, rockets, a lossy victim, observers, extrapolation), with the
// target under the user's keys, before the first frame (the window
// started paused at 0 s) and after three, every layout key (1 to 7, 9)
// draws every pane it shows, those of the world's layouts (1 to 3, 7)
// through every focus (the focus button clicked round) and maximised.
// Before views' notDrawnYet the Shooter pane indexed an empty pose list
// (index out of range [0], views/panes.go pane.shooter).
func TestTheLiveClassCrashSequenceAndItsSiblings(t *testing.T) {
	u, clk := newTestUI(t, "default")
	c := u.win.Canvas()
	// a preset of each kind of scene (views' TestEveryViewDrawsAFrameWithNothingSeen draws every preset)
	for _, name := range []string{"default", "teleport-no-reset", "peekers-advantage", "projectile-rockets", "lossy-victim", "burst-relevancy", "prediction-correction", "ut2003-instagib"} {
		u.presetUI.sel.SetSelected(name)
		u.control("target_control").sel.SetSelected("user")
		for _, frames := range []int{0, 3} {
			clk.run(u, frames)
			for _, k := range []fyne.KeyName{fyne.Key2, fyne.Key1, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6, fyne.Key7, fyne.Key9} {
				press(c, k, 0)
				u.win.Content().Refresh()
				what := fmt.Sprintf("%s after %d frames, key %s", name, frames, k)
				drawEachShown(t, u, what)
				for _, p := range u.panes {
					if k > fyne.Key3 && k != fyne.Key7 || !p.visible || !p.focusBtn.Visible() { // the world's layouts (7: the lecture frame): their panes' focus

						continue
					}
					for range len(views.Focuses) + 1 { // round to "all" again
						test.Tap(p.focusBtn)
						drawEachShown(t, u, what)
					}
					test.Tap(p.maxBtn)
					drawEachShown(t, u, what+", maximised")
					test.Tap(p.maxBtn)
				}
			}
		}
	}
}

// rectOf is o's rectangle in the window.
func rectOf(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()
}

// halls are the screens of a lecture: a projector at 175 % and a
// student's laptop at 125 %.
var halls = []struct {
	w, h float32
	zoom float64
}{{1920, 1080, 1.75}, {1280, 800, 1.25}}

// The top bar and the sidebar stay where they are whatever the preset
// (its name, its description) and whatever the tab: every tab button,
// the sidebar's edge and width and every top-bar control keep their
// place, so a click lands where it was aimed (the sidebar moved with the
// description and the page, and a click hit the tab beside the one
// aimed at).
func TestSidebarAndTopBarStayPut(t *testing.T) {
	for _, h := range halls {
		u, clk := newTestUI(t, "default")
		u.win.Resize(fyne.NewSize(h.w, h.h))
		u.setZoom(h.zoom)
		clk.run(u, 5)
		places := func() []string {
			u.win.Content().Refresh()
			var out []string
			for _, o := range append([]fyne.CanvasObject{u.side, u.tabs.box, u.presetUI.sel}, u.topBar.Objects...) {
				pos, sz := rectOf(o)
				out = append(out, fmt.Sprintf("%T at %v, %v wide", o, pos, sz.Width))
			}
			for _, b := range u.tabs.buttons {
				pos, sz := rectOf(b)
				out = append(out, fmt.Sprintf("tab %s at %v size %v", b.Text, pos, sz))
			}
			return out
		}
		want := places()
		// the longest name and description, the shortest, the scenes with most pawns
		for _, name := range []string{"lossy-victim", "zeroping", "burst-relevancy", "default"} {
			u.presetUI.sel.SetSelected(name)
			for _, tab := range u.tabs.names {
				u.tabs.show(tab)
				got := places()
				for i := range want {
					if got[i] != want[i] {
						t.Errorf("%v×%v at %v, preset %s, tab %s: %s, was %s", h.w, h.h, h.zoom, name, tab, got[i], want[i])
					}
				}
			}
		}
	}
}

// A+ and A− stay under the cursor: clicked again where they were, each
// zoom step of a class's (100 % to 175 %, 200 % to 125 %) lands on the
// same button (a second A+ click, the bar having
// flowed, opened "Open records…").
func TestZoomButtonsStayUnderTheCursor(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 2)
	for _, b := range []struct {
		btn   *widget.Button
		start float64
	}{{u.zoomIn, 1}, {u.zoomOut, 2}} {
		u.setZoom(b.start)
		u.win.Content().Refresh()
		pos, sz := rectOf(b.btn)
		aim := pos.Add(fyne.NewPos(sz.Width/2, sz.Height/2)) // the cursor stays there
		for i := range 3 {                                   // to 175 % and back to 125 %, a class's zooms
			test.Tap(b.btn)
			u.win.Content().Refresh()
			pos, sz = rectOf(b.btn)
			if aim.X < pos.X || aim.X > pos.X+sz.Width || aim.Y < pos.Y || aim.Y > pos.Y+sz.Height {
				t.Errorf("%s, click %d (zoom now %v): aimed at %v, the button now at %v size %v", b.btn.Text, i+1, u.zoom, aim, pos, sz)
			}
		}
	}
}

// inside reports whether o shows within the rectangle of box: at its
// whole height, and as wide as it needs from its left edge (a widget
// stretched wider than that shows what it has at its left).
func inside(o, box fyne.CanvasObject) bool {
	p, s := rectOf(o)
	bp, bs := rectOf(box)
	return o.Visible() && s.Height >= o.MinSize().Height-0.5 && p.X >= bp.X-0.5 && p.Y >= bp.Y-0.5 && p.X+o.MinSize().Width <= bp.X+bs.Width+0.5 && p.Y+s.Height <= bp.Y+bs.Height+0.5
}

// In a hall (1920×1080 at 175 %, 1280×800 at 125 %) the A/B's control
// is on the screen at its whole height, and once ticked both rows of
// figures, A's and B's, show in the strip under the panes, not scrolled
// out of sight (Show A/B was 8 px high; B's row lay below A's lists).
func TestABControlAndBothFigureRowsInAHall(t *testing.T) {
	for _, h := range halls {
		u, clk := newTestUI(t, "behind-cover")
		u.win.Resize(fyne.NewSize(h.w, h.h))
		u.setZoom(h.zoom)
		clk.run(u, 5)
		u.tabs.show("A/B")
		u.win.Content().Refresh()
		if !inside(u.compare.show, u.side) || !inside(u.compare.show, u.win.Content()) {
			p, s := rectOf(u.compare.show)
			t.Errorf("%v×%v at %v: Show A/B at %v size %v (needs %v), the sidebar %v", h.w, h.h, h.zoom, p, s, u.compare.show.MinSize(), u.side.Size())
		}
		test.Tap(u.compare.show)
		clk.run(u, 30)
		u.win.Content().Refresh()
		for _, row := range []*figures{u.metrics.figures, u.metrics.b} {
			if !inside(row.box, u.strip) {
				p, s := rectOf(row.box)
				sp, ss := rectOf(u.strip)
				t.Errorf("%v×%v at %v: row %s at %v size %v, the strip at %v size %v", h.w, h.h, h.zoom, row.tag.Text, p, s, sp, ss)
			}
		}
	}
}

// A value typed into a box and entered gives the window its keys back:
// M then jumps to a moment instead of typing "150m"; Escape lets go of
// a box as well. Until then the box keeps its letters.
func TestATypedValueGivesTheKeysBack(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	c := u.win.Canvas()
	clk.run(u, 5)
	u.tabs.show("Netcode")
	typed := u.control("interp_ms").typed
	if c.Focus(typed); c.Focused() != typed {
		t.Fatal("the typed value takes no focus")
	}
	typed.SetText("")
	for _, r := range "150" {
		press(c, fyne.KeyName(string(r)), r)
	}
	press(c, fyne.KeyReturn, 0)
	if got := u.config().InterpMs; got != 150 || c.Focused() != nil {
		t.Fatalf("entered 150: interp_ms %v, focus on %T", got, c.Focused())
	}
	press(c, fyne.KeyM, 'm')
	if typed.Text != "150" || u.moments.shown != 0 {
		t.Fatalf("M after the entry: its text %q, moment %d", typed.Text, u.moments.shown)
	}
	u.tabs.show("Sweep")
	if c.Focus(u.sweep.seeds); c.Focused() != u.sweep.seeds {
		t.Fatal("the seeds entry takes no focus")
	}
	u.sweep.seeds.SetText("")
	press(c, fyne.KeyM, 'm')
	u.timeline.seek(0)
	press(c, fyne.KeyEscape, 0)
	press(c, fyne.KeyM, 'm')
	if at := u.moments.moments[0].At; u.sweep.seeds.Text != "m" || c.Focused() != nil || at == 0 || u.sessionState().now != at {
		t.Errorf("m typed, Escape, M: text %q, focus on %T, at %v (the moment at %v)", u.sweep.seeds.Text, c.Focused(), u.sessionState().now, at)
	}
}

// Key 4 shows the Overlay alone, and the A/B shows it too: the A/B draws
// the view the layout shows (key 4 changed the layout selector while
// the A/B kept drawing the Server pane); 3 and a pane's maximise button
// likewise, and a layout of several panes leaves the A/B's view alone.
func TestKey4AndTheABAgree(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	c := u.win.Canvas()
	clk.run(u, 5)
	u.tabs.show("A/B")
	test.Tap(u.compare.show)
	for _, k := range []struct {
		key  fyne.KeyName
		want views.View
	}{{fyne.Key4, views.ViewOverlay}, {fyne.Key3, views.ViewServer}, {fyne.Key5, views.ViewPackets}, {fyne.Key1, views.ViewPackets}, {fyne.Key4, views.ViewOverlay}} {
		press(c, k.key, 0)
		if got := u.compare.view.Selected; got != string(k.want) {
			t.Errorf("key %s: the A/B draws %q, want %q", k.key, got, k.want)
		}
	}
	u.toggleMax(views.ViewTarget)
	if got := u.compare.view.Selected; got != string(views.ViewTarget) {
		t.Errorf("the Target pane maximised: the A/B draws %q", got)
	}
}

// The naive client's switches sit on one row of the Netcode tab —
// display, predict, reconcile — and each changes the running
// configuration, the frames drawn with it.
func TestNetcodeRowSwitchesTheNaiveClient(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 5)
	u.tabs.show("Netcode")
	u.win.Content().Refresh()
	display, predict, reconcile := u.control("display").sel, u.control("predict").chk, u.control("reconcile").chk
	dp, _ := rectOf(display)
	for _, w := range []fyne.CanvasObject{predict, reconcile} {
		if p, _ := rectOf(w); math.Abs(float64(p.Y-dp.Y)) > 8 || p.X <= dp.X || !w.Visible() {
			t.Errorf("%v at %v, the display selector at %v: not on its row", w, p, dp)
		}
	}
	if !predict.Checked || !reconcile.Checked {
		t.Fatal("the switches start off")
	}
	tapCentre(predict)
	clk.run(u, 5)
	if c, f := u.config(), u.frame.Load(); c.Predict || !c.Reconcile || f.Config.Predict {
		t.Errorf("Predict unticked: predict %v reconcile %v, the frame's %v", c.Predict, c.Reconcile, f.Config.Predict)
	}
	tapCentre(predict)
	tapCentre(reconcile)
	display.SetSelected("raw")
	clk.run(u, 5)
	if c := u.config(); !c.Predict || c.Reconcile || c.Display != lagcomp.DisplayRaw {
		t.Errorf("Reconcile unticked, raw display: predict %v reconcile %v display %v", c.Predict, c.Reconcile, c.Display)
	}
}

// tapCentre clicks o where a user aims, at its middle: a check box beside
// words that wrap is as tall as they are, its box drawn (and taking
// clicks) in the middle of that height, not at its top corner.
func tapCentre(o interface {
	fyne.Tappable
	fyne.CanvasObject
}) {
	test.TapAt(o, fyne.NewPos(o.Size().Width/4, o.Size().Height/2))
}

// A pane's figures end short of its focus, fit and maximise buttons: the
// width views leaves free at the header's right is the buttons', in the
// drawing's logical pixels (its zoom taken out).
func TestPaneFiguresEndShortOfTheButtons(t *testing.T) {
	for _, h := range halls {
		u, clk := newTestUI(t, "default")
		u.win.Resize(fyne.NewSize(h.w, h.h))
		u.setZoom(h.zoom)
		clk.run(u, 5)
		u.win.Content().Refresh()
		for _, v := range views.Views[:4] {
			p := u.pane(v)
			w := p.corner.MinSize().Width
			if o := p.options(int(p.Size().Width)); w <= 0 || math.Abs(o.HeaderRight-float64(w)/p.textZoom()) > 1e-6 {
				t.Errorf("%v×%v, %s pane: header keeps %v free, the buttons are %v wide at text zoom %v", h.w, h.h, v, o.HeaderRight, w, p.textZoom())
			}
		}
	}
}
