package app

import (
	"bytes"
	"image"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views"
	"lagscope/views/capture"
)

// newTestUI builds the UI on Fyne's headless test app with a clock the
// test moves by hand; the simulation goroutine is not started.
func newTestUI(t testing.TB, preset string) (*UI, *fakeClock) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewWindow(nil)
	w.Resize(fyne.NewSize(1280, 800))
	clk := &fakeClock{t: time.Unix(1000, 0)}
	u, err := Create(a, w, Options{Preset: preset, Version: "test", Clock: clk.now, NoLoop: true, ShotDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(u.Close)
	return u, clk
}

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// run plays n display frames of 16 ms.
func (c *fakeClock) run(u *UI, n int) {
	for i := 0; i < n; i++ {
		c.t = c.t.Add(16 * time.Millisecond)
		if u.Tick(c.t) {
			u.refresh()
		}
	}
}

func (u *UI) control(key string) *control {
	for _, c := range u.controls.items {
		if c.key == key && c.entry == nil {
			return c
		}
	}
	return nil
}

func TestSlidersChangeTheConfig(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 10)
	u.control("latency_ms").setSlider(150)
	if c := u.config(); c.Up.LatencyMs != 150 || c.Down.LatencyMs != 150 {
		t.Fatalf("latency slider: up %v down %v", c.Up.LatencyMs, c.Down.LatencyMs)
	}
	if got := u.control("up_ms").sliderValue(); got != 150 {
		t.Fatalf("the up slider did not follow the shorthand: %v", got)
	}
	u.control("bias").setSlider(0.25)
	u.control("mode").sel.SetSelected("ping")
	u.control("trail_reset").chk.SetChecked(false)
	c := u.config()
	if c.Bias != 0.25 || c.Mode != compensation.Ping || c.TrailReset {
		t.Fatalf("config %v %v %v", c.Bias, c.Mode, c.TrailReset)
	}
	// reset goes back to the preset's value
	test.Tap(u.control("bias").reset)
	if u.config().Bias != 1 {
		t.Fatalf("reset bias: %v", u.config().Bias)
	}
}

func TestSnapshotAboveTickIsClampedVisibly(t *testing.T) {
	u, _ := newTestUI(t, "default")
	u.control("tick_hz").setSlider(20)
	if c := u.config(); c.SnapshotHz != 20 || !strings.Contains(u.status.Text, "clamped") {
		t.Fatalf("snapshot %d, status %q", c.SnapshotHz, u.status.Text)
	}
}

func TestSliderExtremesRun(t *testing.T) {
	u, clk := newTestUI(t, "default")
	for _, kv := range [][2]string{{"latency_ms", "0"}, {"latency_ms", "2000"}, {"loss_pct", "100"}, {"jitter_ms", "500"}, {"tick_hz", "1"}, {"max_rewind_ms", "0"}} {
		u.control(kv[0]).setSlider(mustFloat(kv[1]))
		clk.run(u, 20)
	}
	if u.frame.Load() == nil {
		t.Fatal("no frame")
	}
}

func mustFloat(s string) float64 {
	var f float64
	for _, c := range s {
		f = f*10 + float64(c-'0')
	}
	return f
}

func TestTogglesChangeWhatIsDrawn(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 200) // several shots judged
	p := u.pane(views.ViewOverlay)
	a := string(p.draw(600, 400).(*image.RGBA).Pix)
	for i, n := range views.LayerNames {
		if n.Name == "Rewound hitboxes" {
			u.controls.layerChecks[i].SetChecked(false)
		}
	}
	if u.layers.Rewound {
		t.Fatal("layer still on")
	}
	b := string(p.draw(600, 400).(*image.RGBA).Pix)
	if a == b {
		t.Fatal("turning rewound hitboxes off did not change the overlay")
	}
}

func TestTimelineStepsAndScrubs(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 30)
	now := u.sessionState().now
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if !u.sessionState().paused {
		t.Fatal("space did not pause")
	}
	clk.run(u, 10)
	if u.sessionState().now != now {
		t.Fatal("time moved while paused")
	}
	tick := model.TickTime(1, 64)
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if got := u.sessionState().now; got != now-tick {
		t.Fatalf("left arrow: %v, want %v", got, now-tick)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if got := u.sessionState().now; got != now {
		t.Fatalf("right arrow: %v, want %v", got, now)
	}
	u.timeline.scrub.SetValue(100) // ms
	if got := u.sessionState().now; got != 100*model.Millisecond {
		t.Fatalf("scrub to 100 ms: %v", got)
	}
	u.timeline.speed.SetSelected("0.25×")
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	clk.run(u, 10) // 160 ms of wall at 0.25x = 40 ms
	if got := u.sessionState().now; got != 140*model.Millisecond {
		t.Fatalf("after 160 ms at 0.25x from 100 ms: %v", got)
	}
}

func TestClickInShooterPaneFires(t *testing.T) {
	u, clk := newTestUI(t, "default")
	u.control("shooter_control").sel.SetSelected("user")
	clk.run(u, 60)
	p := u.pane(views.ViewShooter)
	p.Resize(fyne.NewSize(600, 400))
	p.draw(600, 400)
	f := u.frame.Load()
	seen := f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.TargetPawn].Pos
	// tap where the target is drawn
	test.TapAt(p, pixelOf(p, f, seen))
	clk.run(u, 30)
	shots := u.session.Sim().Shots.Records()
	if len(shots) != 1 || !shots[0].ClientHit {
		t.Fatalf("clicking on the target: %d shots, %+v", len(shots), shots)
	}
}

func TestLayoutKeysAndMaximise(t *testing.T) {
	u, _ := newTestUI(t, "default")
	u.typedKey(&fyne.KeyEvent{Name: fyne.Key4})
	if u.layout != views.LayoutSingle || u.single != views.ViewOverlay || !u.pane(views.ViewOverlay).visible || u.pane(views.ViewServer).visible {
		t.Fatalf("key 4: layout %v single %v", u.layout, u.single)
	}
	u.toggleMax(views.ViewOverlay)
	if u.layout != views.Layout2x2 {
		t.Fatal("un-maximise")
	}
	test.Tap(u.pane(views.ViewTarget).maxBtn)
	if u.layout != views.LayoutSingle || u.single != views.ViewTarget {
		t.Fatal("maximise button")
	}
	if u.app.Preferences().String(prefLayout) != "single" {
		t.Fatal("layout not remembered")
	}
}

func TestScreenshotWritesPNGAndSidecar(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 100)
	u.shotUI.what, u.shotUI.size = "overlay", "1920x1080"
	path, err := u.shotUI.take()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, strings.TrimSuffix(path, ".png") + ".json"} {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if filepath.Dir(path) != u.opts.ShotDir {
		t.Fatal("wrong folder")
	}
}

func TestPresetSwitchAndSave(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 20)
	u.presetUI.sel.SetSelected("zeroping")
	if c := u.config(); c.Mode != compensation.ZeroPing || u.sessionState().now != 0 {
		t.Fatalf("zeroping: mode %v, t %v", c.Mode, u.sessionState().now)
	}
	if !strings.Contains(u.presetUI.about.Text, "Look for") {
		t.Fatal("no look-for note")
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	u.control("bias").setSlider(0.5)
	u.presetUI.save("mine-test", "a test")
	want := filepath.Join(userDir(), "mine-test.toml")
	if _, err := os.Stat(want); err != nil {
		t.Fatalf("not saved: %v (status %q)", err, u.status.Text)
	}
	u.presetUI.sel.SetSelected("default")
	u.presetUI.sel.SetSelected("mine: mine-test")
	if c := u.config(); c.Bias != 0.5 || c.Mode != compensation.ZeroPing {
		t.Fatalf("reloaded: bias %v mode %v", c.Bias, c.Mode)
	}
	u.presetUI.save("Bad Name!", "x")
	if !strings.Contains(u.status.Text, "not saved") {
		t.Fatal("bad name accepted")
	}
}

func TestProjectilesInTheWindow(t *testing.T) {
	u, clk := newTestUI(t, "projectile-rockets")
	clk.run(u, 150)
	f := u.frame.Load()
	if len(f.Projectiles) == 0 || f.ProjSummary.Count == 0 {
		t.Fatal("no projectiles in the frame")
	}
	if !strings.Contains(u.metrics.rules.Text, "projectiles") {
		t.Fatalf("metrics strip: %q", u.metrics.rules.Text)
	}
	u.control("remote_resim").chk.SetChecked(false)
	if u.config().RemoteResim {
		t.Fatal("remote_resim toggle")
	}
}

// The packet-flow diagram is a pane of its own (key 5, or the layout
// menu); the 2x2 layout keeps the four panes of the world.
func TestPacketFlowPane(t *testing.T) {
	u, clk := newTestUI(t, "default")
	if u.pane(views.ViewPackets).visible {
		t.Fatal("2x2 shows the packet flow")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.Key5})
	if u.layout != views.LayoutSingle || !u.pane(views.ViewPackets).visible || u.layoutSel.Selected != "Packet flow" {
		t.Fatalf("key 5: layout %v single %v menu %q", u.layout, u.single, u.layoutSel.Selected)
	}
	clk.run(u, 60)
	p := u.pane(views.ViewPackets)
	img := p.draw(800, 500).(*image.RGBA)
	if count := bluePixels(img); count == 0 {
		t.Fatal("no snapshot arrows drawn")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.Key1})
	if u.pane(views.ViewPackets).visible || !u.pane(views.ViewOverlay).visible {
		t.Fatal("back to 2x2")
	}
}

func bluePixels(img *image.RGBA) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i+2] > 150 && img.Pix[i] < 100 {
			n++
		}
	}
	return n
}

// Scroll zooms a pane about the cursor, a drag pans it, "fit" goes back
// to the fitted frame; a click in a zoomed shooter pane still aims where
// it is drawn.
func TestZoomPanAndFit(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 60)
	p := u.pane(views.ViewServer)
	p.draw(int(p.Size().Width), int(p.Size().Height))
	mid := fyne.NewPos(p.Size().Width/2, p.Size().Height/2)
	world := func(pos fyne.Position) model.Vec {
		at, ok := p.worldAt(pos)
		if !ok {
			t.Fatal("no frame drawn")
		}
		return at
	}
	fitted := world(mid)
	span := world(mid.AddXY(100, 0)).Dist(fitted) // metres across 100 px

	// the window routes the wheel to the pane under the cursor
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(p)
	test.Scroll(u.win.Canvas(), abs.Add(mid), 0, 10)
	if p.zoom != zoomStep {
		t.Fatalf("one notch: zoom %v, want %v", p.zoom, zoomStep)
	}
	if !p.fitBtn.Visible() {
		t.Fatal("zoomed, but no fit button")
	}
	// about the cursor: the point under it stays, the scale grows
	corner := fyne.NewPos(80, 90)
	under := world(corner)
	p.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: corner}, Scrolled: fyne.Delta{DY: 20}})
	if got := world(corner); got.Dist(under) > 1e-9 {
		t.Fatalf("zoom moved the point under the cursor: %v -> %v", under, got)
	}
	if got := world(mid.AddXY(100, 0)).Dist(world(mid)); math.Abs(got-span/math.Pow(zoomStep, 3)) > 1e-9 {
		t.Fatalf("100 px span %v m after three notches, want %v", got, span/math.Pow(zoomStep, 3))
	}
	// zoom is bounded both ways
	for i := 0; i < 100; i++ {
		p.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: 10}})
	}
	if p.zoom != maxZoom {
		t.Fatalf("zoom %v past its limit %v", p.zoom, maxZoom)
	}
	for i := 0; i < 200; i++ {
		p.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -10}})
	}
	if p.zoom != minZoom {
		t.Fatalf("zoom %v past its limit %v", p.zoom, minZoom)
	}
	// a drag carries the world point with the cursor
	from := world(mid)
	test.Drag(u.win.Canvas(), abs.Add(mid), 40, -25)
	// (float32 positions: a micrometre of rounding)
	if got := world(mid.AddXY(40, -25)); got.Dist(from) > 1e-4 {
		t.Fatalf("drag: the point grabbed is at %v, want %v", got, from)
	}
	// fit goes back
	test.Tap(p.fitBtn)
	if p.zoom != 1 || p.pan != (model.Vec{}) || p.fitBtn.Visible() {
		t.Fatalf("fit: zoom %v pan %v", p.zoom, p.pan)
	}
	if got := world(mid); got.Dist(fitted) > 1e-9 {
		t.Fatalf("after fit the centre is %v, was %v", got, fitted)
	}
	// the packet diagram has a time axis: no zoom there
	pk := u.pane(views.ViewPackets)
	pk.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: 10}})
	if pk.zoom != 1 {
		t.Fatal("the packet diagram zoomed")
	}
}

func TestClickInZoomedShooterPaneFires(t *testing.T) {
	u, clk := newTestUI(t, "default")
	u.control("shooter_control").sel.SetSelected("user")
	clk.run(u, 60)
	p := u.pane(views.ViewShooter)
	p.Resize(fyne.NewSize(600, 400))
	p.draw(600, 400)
	p.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(500, 150)}, Scrolled: fyne.Delta{DY: 30}})
	test.Drag(u.win.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(p).AddXY(300, 200), -30, 10)
	p.draw(600, 400)
	f := u.frame.Load()
	seen := f.Clients[lagcomp.ShooterPawn].View.Poses[lagcomp.TargetPawn].Pos
	at := pixelOf(p, f, seen)
	if w, _ := p.worldAt(at); w.Dist(seen) > 0.05 {
		t.Fatalf("the pixel of %v maps back to %v", seen, w)
	}
	test.TapAt(p, at)
	clk.run(u, 30)
	shots := u.session.Sim().Shots.Records()
	if len(shots) != 1 || !shots[0].ClientHit {
		t.Fatalf("clicking on the target in a zoomed pane: %d shots, %+v", len(shots), shots)
	}
}

// A preset that names a network profile shows it in the selector, not
// "(custom)"; changing one link's latency makes it custom.
func TestNetworkSelectorRecognisesThePresetsProfile(t *testing.T) {
	u, _ := newTestUI(t, "source-cs")
	if got := u.control("network").sel.Selected; got != "broadband" {
		t.Fatalf("source-cs (network = \"broadband\") shows %q", got)
	}
	u.control("up_ms").setSlider(77)
	if got := u.control("network").sel.Selected; got != "" {
		t.Fatalf("after changing up_ms the profile still shows %q", got)
	}
	u.control("network").sel.SetSelected("dialup")
	if got := u.control("network").sel.Selected; got != "dialup" || u.config().Up.LatencyMs != 200 {
		t.Fatalf("choosing dialup: %q, up %v ms", got, u.config().Up.LatencyMs)
	}
}

// The screenshot dialog offers what the CLI does: title, caption, size,
// scale and theme reach the sidecar; the GIF export renders the range
// ending at the shown time.
func TestScreenshotDialogOptionsAndClip(t *testing.T) {
	u, clk := newTestUI(t, "ping-rewind")
	clk.run(u, 150) // 2.4 s
	s := u.shotUI
	f, _ := s.form()
	f.what.SetSelected("overlay")
	f.title.SetText("The 1.8 factor")
	f.caption.SetSelected("short")
	f.size.SetSelected("1280x720")
	f.scale.SetSelected("2")
	f.theme.SetSelected("light")
	f.apply(s)
	path, err := s.take()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := capture.Read(capture.SidecarPath(path))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Title != "The 1.8 factor" || sc.Caption != "short" || sc.Width != 1280 || sc.Scale != 2 || sc.Theme != "light" ||
		sc.View != "overlay" || !slices.Contains(sc.KeyParams, "correction_factor") {
		t.Fatalf("sidecar %+v", sc)
	}
	// the clip: from 2 s before the shown time to it, by default
	now := u.sessionState().now
	if f.clipTo.Text != fmtTime(now) || f.clipFrom.Text != fmtTime(now-ClipBefore) {
		t.Fatalf("clip range %s to %s at t = %v", f.clipFrom.Text, f.clipTo.Text, now)
	}
	f.clipFrom.SetText(fmtTime(now - 300*model.Millisecond))
	f.size.SetSelected("1280x720")
	f.scale.SetSelected("auto")
	f.fps.SetSelected("10")
	f.slow.SetSelected("2")
	f.apply(s)
	csc, err := s.clipSidecar()
	if err != nil {
		t.Fatal(err)
	}
	gifPath := s.clipPath()
	if err := takeClip(csc, gifPath, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(gifPath)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil || len(g.Image) != 6 { // 0.3 s x 2 x 10 fps
		t.Fatalf("clip: %v, %d frames", err, len(g.Image))
	}
	s.what = "window"
	if _, err := s.clipSidecar(); err == nil {
		t.Fatal("a clip of the window's widgets was accepted")
	}
}

// The Screenshot dialog itself: type a title, press Save PNG, and the
// PNG and its sidecar carry it.
func TestScreenshotDialogSavesWithTitle(t *testing.T) {
	u, clk := newTestUI(t, "ping-rewind")
	clk.run(u, 60)
	u.shotUI.ask()
	top := u.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	var save, gifButton *widget.Button
	var entries []*widget.Entry
	walk(top, func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Button:
			switch w.Text {
			case "Save PNG":
				save = w
			case "Save GIF clip of the range":
				gifButton = w
			}
		case *widget.Entry:
			entries = append(entries, w)
		}
	})
	if save == nil || gifButton == nil || len(entries) < 3 {
		t.Fatalf("dialog: save %v, gif %v, %d entries", save != nil, gifButton != nil, len(entries))
	}
	entries[0].SetText("Why compensate?") // the title comes first
	test.Tap(save)
	ents, _ := os.ReadDir(u.opts.ShotDir)
	var side string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".json") {
			side = filepath.Join(u.opts.ShotDir, e.Name())
		}
	}
	if side == "" {
		t.Fatalf("nothing saved: %v (status %q)", ents, u.status.Text)
	}
	sc, err := capture.Read(side)
	if err != nil || sc.Title != "Why compensate?" {
		t.Fatalf("sidecar title %q, %v", sc.Title, err)
	}
}

// walk visits every object under o.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch c := o.(type) {
	case *fyne.Container:
		for _, x := range c.Objects {
			walk(x, f)
		}
	case fyne.Widget:
		for _, x := range test.WidgetRenderer(c).Objects() {
			walk(x, f)
		}
	}
}

// pixelOf is the logical position in pane p where world point pt is drawn
// now, with the pane's own options (zoom and pan included).
func pixelOf(p *Pane, f *lagcomp.Frame, pt model.Vec) fyne.Position {
	b := p.img.Bounds()
	o := p.options(b.Dx())
	x, y := views.PixelAt(f, p.view, o, b.Dx(), b.Dy(), pt)
	return fyne.NewPos(float32(x/o.Scale), float32(y/o.Scale))
}

// A preset opened from a file shows in the selector by its path (it
// showed the "(Select one)" placeholder), switching away and back to it
// loads it again, and a saved one shows as "mine: NAME".
func TestPresetPickerNamesAFilePreset(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	file := filepath.Join(t.TempDir(), "lecture.toml")
	if err := os.WriteFile(file, []byte("description = \"a lecture\"\nmode = \"none\"\nbias = 0.25\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u, _ := newTestUI(t, file)
	sel := u.presetUI.sel
	if want := "file: " + file; sel.Selected != want || !slices.Contains(sel.Options, want) {
		t.Fatalf("selected %q of %q, want %q", sel.Selected, sel.Options, want)
	}
	sel.SetSelected("zeroping")
	sel.SetSelected("file: " + file)
	if c := u.config(); c.Mode != compensation.None || c.Bias != 0.25 || u.preset.File != file {
		t.Fatalf("reloaded: mode %v bias %v from %q", c.Mode, c.Bias, u.preset.File)
	}
	u.presetUI.save("mine-too", "saved")
	saved, err := presets.Load(filepath.Join(userDir(), "mine-too.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := u.usePreset(saved); err != nil {
		t.Fatal(err)
	}
	u.presetUI.sync()
	if sel.Selected != "mine: mine-too" {
		t.Fatalf("a saved preset shows as %q", sel.Selected)
	}
}
