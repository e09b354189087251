package app

import (
	"image/color"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/views"
)

// ctrl is Ctrl (⌘ on a Mac) with a key, as the driver hands the canvas
// a shortcut.
func ctrl(u *UI, k fyne.KeyName) {
	u.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault})
}

// One zoom scales every text and line of the window: Fyne's sizes (the
// sidebar's text, padding, icons) and the panes' drawings alike, by the
// same factor; Ctrl + and Ctrl − step it, Ctrl 0 resets it, and the next
// start remembers it.
func TestZoomScalesTheWholeWindow(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 5)
	size := func(n fyne.ThemeSizeName) float32 { return u.app.Settings().Theme().Size(n) }
	text, pad, icon := size(theme.SizeNameText), size(theme.SizeNamePadding), size(theme.SizeNameInlineIcon)
	u.setLayout(views.LayoutSingle, views.ViewServer) // a pane with room for the whole zoom
	p := u.pane(views.ViewServer)
	ratio := p.scale(600) // device pixels per logical one, at this pane's size
	ctrl(u, fyne.KeyEqual)
	if u.zoom != 1.25 {
		t.Fatalf("Ctrl +: zoom %v, want 1.25", u.zoom)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"text", float64(size(theme.SizeNameText)), float64(text)}, {"padding", float64(size(theme.SizeNamePadding)), float64(pad)},
		{"icons", float64(size(theme.SizeNameInlineIcon)), float64(icon)}, {"pane drawing", p.options(600).Scale / p.scale(600), ratio / ratio}} {
		if math.Abs(c.got-1.25*c.want) > 1e-4 {
			t.Errorf("%s at zoom 1.25: %v, want %v", c.name, c.got, 1.25*c.want)
		}
	}
	if !u.keyHint.box.Visible() || u.keyHint.label.Text != "Ctrl +: zoom 125 %" || u.zoomLabel.Text != "125 %" {
		t.Errorf("hint %v %q, label %q", u.keyHint.box.Visible(), u.keyHint.label.Text, u.zoomLabel.Text)
	}
	// four panes of a 1280×800 window at 250 % draw with what leaves each
	// its picture, and never below 1
	u.setLayout(views.Layout2x2, views.ViewServer)
	u.setZoom(2.5)
	u.win.Content().Refresh()
	if z, sz := p.textZoom(), p.Size(); z < 1 || z >= 2.5 || float64(sz.Height)/z < zoomRoomH-1 && z > 1 {
		t.Errorf("a %v pane at 250 %%: text zoom %v", sz, z)
	}
	u.setZoom(1.25)
	ctrl(u, fyne.KeyMinus)
	ctrl(u, fyne.KeyMinus)
	if u.zoom != 0.8 {
		t.Errorf("Ctrl − twice from 1.25: %v, want 0.8", u.zoom)
	}
	ctrl(u, fyne.KeyMinus)
	if u.zoom != zoomLevels[0] {
		t.Errorf("Ctrl − past the least: %v", u.zoom)
	}
	ctrl(u, fyne.Key0)
	if u.zoom != 1 || size(theme.SizeNameText) != text {
		t.Errorf("Ctrl 0: zoom %v, text %v", u.zoom, size(theme.SizeNameText))
	}
	u.setZoom(2)
	if got := u.app.Preferences().Float(prefZoom); got != 2 {
		t.Errorf("zoom remembered as %v", got)
	}
	u.loadPrefs()
	if u.zoom != 2 {
		t.Errorf("zoom read back as %v", u.zoom)
	}
}

// At the zooms a hall needs the whole window stays on the screen: its
// content asks no more than a 1920×1080 projector at 175 % (FYNE_SCALE=1.6
// asked 1870 px of width: the sidebar went off the screen) nor a
// 1280×800 laptop at 125 %, and the sidebar's right edge is inside.
func TestZoomedWindowFitsTheScreen(t *testing.T) {
	for _, c := range []struct {
		w, h float32
		zoom float64
	}{{1920, 1080, 1.75}, {1280, 800, 1.25}, {1280, 800, 1.75}} {
		u, clk := newTestUI(t, "behind-cover")
		u.win.Resize(fyne.NewSize(c.w, c.h))
		clk.run(u, 60)
		u.setZoom(c.zoom)
		u.tabs.show("Network")
		u.win.Content().Refresh()
		min := u.win.Content().MinSize()
		if min.Width > c.w || min.Height > c.h {
			t.Errorf("zoom %v: the window needs %v, more than the %v×%v screen", c.zoom, min, c.w, c.h)
		}
		side := fyne.CurrentApp().Driver().AbsolutePositionForObject(u.tabs.box)
		if right := side.X + u.tabs.box.Size().Width; right > c.w+1 {
			t.Errorf("zoom %v: the sidebar ends at x %v, past the %v-wide window", c.zoom, right, c.w)
		}
	}
}

// Each key the window acts on is named in the panes' corner for a
// moment, so the class sees what the lecturer pressed.
func TestKeyHintNamesTheKeyPressed(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	clk.run(u, 5)
	for _, c := range []struct {
		key  fyne.KeyName
		want string
	}{{fyne.KeySpace, "Space: pause"}, {fyne.KeySpace, "Space: play"}, {fyne.KeyRight, "→: step a tick"},
		{fyne.KeyM, "M: moment 1 of 2"}, {fyne.Key4, "4: Overlay only"}} {
		u.typedKey(&fyne.KeyEvent{Name: c.key})
		if !u.keyHint.box.Visible() || u.keyHint.label.Text != c.want {
			t.Errorf("%s: hint %v %q, want %q", c.key, u.keyHint.box.Visible(), u.keyHint.label.Text, c.want)
		}
	}
	// paused (M paused it), the hint still goes after its time
	clk.t = clk.t.Add(hintFor / 2)
	u.refresh()
	if !u.keyHint.box.Visible() || u.hintDue(clk.t) {
		t.Error("the hint went before its time")
	}
	clk.t = clk.t.Add(hintFor)
	if !u.hintDue(clk.t) {
		t.Fatal("the loop is not told the hint is due")
	}
	u.refresh()
	if u.keyHint.box.Visible() {
		t.Error("the hint stays after its time")
	}
}

// The transport says what it does in words beside its icons, and the
// play button says what a press will do.
func TestTransportHasWords(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 2)
	if u.timeline.play.Text != "Pause" {
		t.Errorf("playing: %q", u.timeline.play.Text)
	}
	test.Tap(u.timeline.play)
	if u.timeline.play.Text != "Play" || !u.sessionState().paused {
		t.Errorf("paused: %q", u.timeline.play.Text)
	}
	words := 0
	for _, o := range u.timeline.box.(*fyne.Container).Objects {
		if c, ok := o.(*fyne.Container); ok {
			for _, b := range c.Objects {
				if b, ok := b.(*widget.Button); ok && b.Text != "" && b.Icon != nil {
					words++
				}
			}
		}
	}
	if words != 3 {
		t.Errorf("%d transport buttons with words and an icon, want 3", words)
	}
}

// Start paused is a preference: set, the next window opens paused.
func TestStartPausedPreference(t *testing.T) {
	a := test.NewTempApp(t)
	for _, want := range []bool{false, true} {
		w := test.NewWindow(nil)
		u, err := Create(a, w, Options{Preset: "default", Clock: (&fakeClock{t: time.Unix(1000, 0)}).now, NoLoop: true, ShotDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if u.sessionState().paused != want || u.startPaused.Checked != want {
			t.Errorf("start paused %v: paused %v, box %v", want, u.sessionState().paused, u.startPaused.Checked)
		}
		test.Tap(u.startPaused)
		u.Close()
		w.Close()
	}
}

// S opens the Screenshot button's dialog, not a silent save.
func TestSKeyOpensTheScreenshotDialog(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 5)
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyS})
	overlays := u.win.Canvas().Overlays().List()
	if len(overlays) != 1 {
		t.Fatalf("%d overlays after S, want the dialog", len(overlays))
	}
	if entries, _ := os.ReadDir(u.opts.ShotDir); len(entries) != 0 {
		t.Errorf("S saved %d files before the dialog was answered", len(entries))
	}
	// the title has the keyboard; Return saves with the dialog's choices
	title, ok := u.win.Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatalf("focused %T, want the title entry", u.win.Canvas().Focused())
	}
	test.Type(title, "Slide 3")
	title.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	entries, _ := os.ReadDir(u.opts.ShotDir)
	if len(entries) != 2 || u.shotUI.title != "Slide 3" {
		t.Errorf("after Return: %d files, title %q", len(entries), u.shotUI.title)
	}
}

// The layers' descriptions are in the foreground's colour, at least
// 4.5:1 on the background in both theme variants (the disabled grey they
// had was 1.5:1).
func TestLayerHelpIsReadable(t *testing.T) {
	u, _ := newTestUI(t, "default")
	var helps []*widget.Label
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			helps = append(helps, w)
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(w.Content)
		}
	}
	walk(u.controls.layers)
	if len(helps) < len(views.LayerNames) {
		t.Fatalf("%d help labels for %d layers", len(helps), len(views.LayerNames))
	}
	th := u.app.Settings().Theme()
	for _, l := range helps {
		name := map[widget.Importance]fyne.ThemeColorName{widget.MediumImportance: theme.ColorNameForeground}[l.Importance]
		if name == "" {
			t.Fatalf("help %q has importance %v: not the foreground's colour", l.Text, l.Importance)
		}
		for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
			if r := contrast(th.Color(name, v), th.Color(theme.ColorNameBackground, v)); r < 4.5 {
				t.Errorf("help %q in variant %v: contrast %.1f:1", l.Text, v, r)
			}
		}
	}
	// what the low importance gave: the test's yardstick fails it
	if r := contrast(th.Color(theme.ColorNameDisabled, theme.VariantDark), th.Color(theme.ColorNameBackground, theme.VariantDark)); r >= 4.5 {
		t.Errorf("the disabled grey has %.1f:1: the yardstick measures nothing", r)
	}
}

// contrast is WCAG's contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		lin := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
	}
	la, lb := lum(a), lum(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// The typed value boxes end left of the scroll bar, which Fyne draws over
// a page's right edge.
func TestValueBoxesClearOfTheScrollBar(t *testing.T) {
	u, _ := newTestUI(t, "default")
	u.tabs.show("Network")
	sc := u.controls.network.(*container.Scroll)
	d := fyne.CurrentApp().Driver()
	ct := u.control("latency_ms")
	box := d.AbsolutePositionForObject(ct.typed).X + ct.typed.Size().Width
	bar := d.AbsolutePositionForObject(sc).X + sc.Size().Width - theme.ScrollBarSize()
	if box > bar {
		t.Errorf("the latency box ends at x %v, under the scroll bar from x %v", box, bar)
	}
}

// Jumping to a moment keeps a typed latency: the run starts again on the
// user's settings and the moment is found in it, the banner saying so;
// when that run never meets the moment, the settings go back to the
// preset's and the banner says that instead.
func TestMomentJumpKeepsLiveChanges(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 100)
	ct := u.control("latency_ms")
	ct.typed.SetText("60")
	ct.typed.OnSubmitted(ct.typed.Text)
	clk.run(u, 100)
	u.moments.jump(1) // interpolation, at a time before the change was typed
	if c := u.config(); c.Up.LatencyMs != 60 || c.Down.LatencyMs != 60 || ct.sliderValue() != 60 {
		t.Fatalf("after the jump: latency up %v down %v, slider %v; want the typed 60", c.Up.LatencyMs, c.Down.LatencyMs, ct.sliderValue())
	}
	if !strings.Contains(u.moments.say.Text, "with your settings: up_ms=60 down_ms=60") || !u.moments.banner.Visible() {
		t.Errorf("banner %q", u.moments.say.Text)
	}
	if u.sessionState().now != u.moments.moments[1].At || u.frame.Load().T != u.moments.moments[1].At {
		t.Errorf("shown %v, the moment in the run with 60 ms is at %v", u.sessionState().now, u.moments.moments[1].At)
	}
	// behind cover needs the victim to peek: standing still behind the
	// wall (no link's lag matters: its own inputs' delay alone can put a
	// hit behind cover) no shot lands, and the jump says it reset the
	// settings
	u2, clk2 := newTestUI(t, "behind-cover")
	clk2.run(u2, 10)
	ct2 := u2.control("target_speed_mps")
	ct2.sl.SetValue(0)
	if ct2.sl.OnChangeEnded != nil {
		ct2.sl.OnChangeEnded(0)
	}
	clk2.run(u2, 2)
	u2.moments.jump(0)
	if c := u2.config(); c.Target.Speed != u2.presetCfg.Target.Speed {
		t.Errorf("not met standing still, yet the speed stays %v", c.Target.Speed)
	}
	if !strings.Contains(u2.moments.say.Text, "were reset to the preset's") || !strings.Contains(u2.status.Text, "reset") {
		t.Errorf("banner %q, status %q", u2.moments.say.Text, u2.status.Text)
	}
}
