package app

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/google/uuid"

	"lagscope/lagcomp"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views"
)

// Options configure Create.
type Options struct {
	Preset  string // preset name or file; empty: the last one used
	Version string
	// Clock is the wall clock the simulation is paced by; tests inject
	// their own and call Tick by hand.
	Clock func() time.Time
	// NoLoop leaves the simulation goroutine unstarted (tests drive Tick).
	NoLoop bool
	// ShotDir is where screenshots go (default: ~/Pictures/lagscope).
	ShotDir string
	// LinkBase is the page's address without its fragment, what "Copy
	// link" puts before the scenario; nil on the desktop (the fragment alone).
	LinkBase func() string
}

// UI is the window's state. The session (and the preset waiting to be
// remembered with it) is shared with the simulation goroutine under mu;
// everything else is touched on the UI thread only.
type UI struct {
	app  fyne.App
	win  fyne.Window
	opts Options

	mu      sync.Mutex
	session *tl.Session

	frame   atomic.Pointer[lagcomp.Frame]
	net     netRecorder   // the net graph's rows, following the shown run
	version atomic.Uint64 // bumps when what the panes show changes
	// paneDraws counts the panes' draws: the page's frames per second
	paneDraws atomic.Uint64

	preset    *presets.Preset
	presetCfg lagcomp.Config // what "reset" returns a control to

	layers   views.Layers
	layout   views.Layout
	single   views.View // the pane a single layout shows
	second   views.View // the 1x2's second pane when a moment's slide names it ("": the next in order)
	selected uuid.UUID

	panes    []*Pane
	paneGrid *fyne.Container
	controls *controls
	timeline *timeline
	metrics  *metrics
	status   *widget.Label
	shots    *shotList
	presetUI *presetPicker
	shotUI   *screenshots
	moments  *momentsUI
	play     *player     // the user's hands on a pawn (play.go)
	events   *eventMarks // the scripted events under the scrubber
	sweep    *sweepTab
	compare  *compareTab
	tabs     *sideTabs

	layoutSel     *selector
	syncingLayout bool
	stage         stage // the lecture frame's camera (stage.go)

	zoom        float64 // the window's zoom (zoom.go), 1 = Fyne's sizes
	zoomLabel   *widget.Label
	zoomOut     *widget.Button // the top bar's A−, first in it
	zoomIn      *widget.Button // and its A+
	topBar      *fyne.Container
	side        *container.Scroll // the sidebar: the preset picker over the tabs
	strip       *container.Scroll // the figures under the panes
	keyHint     *keyHint
	hintUntil   atomic.Int64 // when the key hint goes, Unix ns; 0: none shown
	startPaused *check

	toRemember shownPreset // the preset stored once shown (prefs.go); under mu

	lastTick time.Time
	stop     chan struct{}
	closed   sync.Once
}

// Create builds the UI into w and starts the simulation.
func Create(a fyne.App, w fyne.Window, opts Options) (*UI, error) {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	u := &UI{app: a, win: w, opts: opts, stop: make(chan struct{})}
	u.loadPrefs()
	var (
		p    *presets.Preset
		note string // why the remembered preset is not the one shown
		err  error
	)
	if opts.Preset == "" {
		p, note, err = u.rememberedPreset()
	} else if p, err = presets.Load(opts.Preset); err == nil {
		err = u.usePreset(p)
	}
	if err != nil {
		return nil, err
	}
	u.applySpeedPref()
	if a.Preferences().Bool(prefStartPaused) {
		u.session.Paused = true
	}
	u.app.Settings().SetTheme(&zoomTheme{base: baseTheme(a), zoom: float32(u.zoom)})
	u.build()
	u.bindKeys()
	u.bindZoomKeys()
	notes := p.Notes // keys the preset names by an old name
	if note != "" {
		notes = append([]string{note}, notes...)
	}
	u.setStatus(strings.Join(notes, " · "))
	// a theme switch repaints the panes in the matching palette
	a.Settings().AddListener(func(fyne.Settings) { fyne.Do(func() { u.invalidate(); u.refresh() }) })
	w.SetOnClosed(u.Close)
	u.lastTick = opts.Clock()
	u.publish()
	if !opts.NoLoop {
		go u.loop()
	}
	return u, nil
}

// usePreset restarts the session from a preset.
func (u *UI) usePreset(p *presets.Preset) error {
	cfg, err := p.Config()
	if err != nil {
		return err
	}
	s, err := tl.NewSession(cfg)
	if err != nil {
		return err
	}
	u.mu.Lock()
	if u.session != nil {
		s.SetSpeed(u.session.Speed())
		s.Paused = u.session.Paused
	}
	u.session = s
	u.waitToRemember(p) // stored once the window shows it
	u.mu.Unlock()
	u.preset, u.presetCfg, u.selected = p, cfg, uuid.UUID{}
	u.resetStage() // another scene: the lecture frame frames it afresh
	if u.moments != nil {
		u.moments.load()
	}
	if u.play != nil { // a new session: what the keys hold is handed to it
		u.play.aims = [2]aim{}
		u.play.push()
	}
	return nil
}

func (u *UI) build() {
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis
	for _, v := range views.Views {
		u.panes = append(u.panes, newPane(u, v))
	}
	u.paneGrid = container.NewStack()
	u.arrangePanes()
	u.controls = newControls(u)
	u.timeline = newTimeline(u)
	u.metrics = newMetrics(u.relayout)
	u.shots = newShotList(u)
	u.presetUI = newPresetPicker(u)
	u.shotUI = newScreenshots(u)
	u.sweep = newSweepTab(u)
	u.compare = newCompareTab(u)
	u.moments = newMomentsUI(u)
	u.play = newPlayer(u)
	u.timeline.track.Add(u.moments.marks)
	u.events = newEventMarks(u)
	u.timeline.track.Add(u.events.box)
	u.moments.load()

	u.tabs = newSideTabs(
		container.NewTabItem("Network", u.controls.network),
		container.NewTabItem("Netcode", u.controls.netcode),
		container.NewTabItem("Scene", u.controls.scene),
		container.NewTabItem("Layers", u.controls.layers),
		container.NewTabItem("Moments", u.moments.tab),
		container.NewTabItem("Shots", u.shots.list),
		container.NewTabItem("All keys", u.controls.all),
		container.NewTabItem("Sweep", u.sweep.box),
		container.NewTabItem("A/B", u.compare.box),
	)
	// the sidebar scrolls as a whole when the zoom makes the preset
	// picker, the tab grid and a page taller than the window (1280×800
	// at 175 %): the timeline below stays on the screen. A scroll
	// stretches its content to the viewport, so at ordinary zooms the
	// pages fill the height as before.
	u.side = container.NewVScroll(container.NewBorder(u.presetUI.box, nil, nil, nil, u.tabs.box))
	u.startPaused = u.newCheck("Start paused", func(b bool) { u.app.Preferences().SetBool(prefStartPaused, b) })
	u.startPaused.SetChecked(u.app.Preferences().Bool(prefStartPaused))
	// the bar flows onto a second line rather than widen the window
	// (between the zoom's buttons: zoomControls)
	u.topBar = container.New(&flowLayout{grew: u.relayout},
		widget.NewLabelWithStyle("lagscope", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		u.layoutSelect(),
		widget.NewButtonWithIcon("Screenshot", theme.MediaPhotoIcon(), u.browserless("Screenshot", shotInstead, u.shotUI.ask)),
		widget.NewButtonWithIcon("Open records…", theme.FolderOpenIcon(), u.browserless("Open records", recordsInstead, u.openRecordsDialog)),
		widget.NewButtonWithIcon("Copy link", theme.ContentCopyIcon(), u.copyLink),
		u.startPaused,
	)
	// the figures scroll in at most metricsLines lines: zoomed for a
	// class they would take the panes' height
	u.strip = container.NewVScroll(u.metrics.box)
	figures := container.New(&capHeight{lines: metricsLines, zoomedLines: metricsLines - 1, atLeast: u.metrics.rowsHeight}, u.strip)
	bottom := container.NewVBox(figures, u.timeline.box, u.status)
	u.keyHint = newKeyHint()
	panes := container.NewBorder(container.NewVBox(u.moments.banner, u.play.bar), nil, nil, nil,
		container.NewStack(u.compare.wrap(u.sweep.wrap(u.paneGrid)), u.keyHint.box))
	split := container.NewHSplit(panes, u.side)
	split.Offset = 0.72
	u.win.SetContent(container.NewBorder(u.zoomControls(u.topBar), bottom, nil, nil, split))
}

// arrangePanes lays the panes out for the current layout.
func (u *UI) arrangePanes() {
	order := u.viewOrder()
	var objs []fyne.CanvasObject
	switch u.layout {
	case views.LayoutSingle:
		objs = []fyne.CanvasObject{u.pane(order[0])}
		u.paneGrid.Objects = []fyne.CanvasObject{container.NewStack(objs...)}
	case views.Layout1x2:
		objs = []fyne.CanvasObject{u.pane(order[0]), u.pane(order[1])}
		u.paneGrid.Objects = []fyne.CanvasObject{container.NewGridWithColumns(2, objs...)}
	case views.LayoutRow: // the lecture frame (stage.go), framed afresh
		for _, v := range views.RowViews {
			objs = append(objs, u.pane(v))
		}
		u.paneGrid.Objects = []fyne.CanvasObject{container.NewGridWithColumns(len(objs), objs...)}
		u.resetStage()
	default: // the four panes of the world; packets have a layout of their own
		for _, v := range views.Views[:4] {
			objs = append(objs, u.pane(v))
		}
		u.paneGrid.Objects = []fyne.CanvasObject{container.NewGridWithColumns(2, objs...)}
	}
	for _, p := range u.panes {
		p.visible = false
	}
	for _, o := range objs {
		o.(*Pane).visible = true
	}
	u.paneGrid.Refresh()
	u.invalidate()
}

// viewOrder puts the single/maximised view first.
func (u *UI) viewOrder() []views.View {
	order := []views.View{u.single}
	if u.second != "" && u.second != u.single {
		order = append(order, u.second)
	}
	for _, v := range views.Views {
		if !slices.Contains(order, v) {
			order = append(order, v)
		}
	}
	return order
}

func (u *UI) pane(v views.View) *Pane {
	for _, p := range u.panes {
		if p.view == v {
			return p
		}
	}
	return nil
}

// setLayout switches layout (and the view a single layout shows).
func (u *UI) setLayout(l views.Layout, single views.View) {
	u.layout, u.single, u.second = l, single, ""
	if l == views.LayoutSingle && u.compare != nil {
		// the A/B draws the view the layout shows: key 4 changed the
		// layout selector while the A/B kept drawing the Server pane
		u.compare.view.SetSelected(string(single))
	}
	u.app.Preferences().SetString(prefLayout, string(l))
	u.app.Preferences().SetString(prefSingle, string(single))
	u.arrangePanes()
}

// toggleMax maximises a pane, or goes back to 2x2.
func (u *UI) toggleMax(v views.View) {
	if u.layout == views.LayoutSingle && u.single == v {
		u.setLayout(views.Layout2x2, views.ViewServer)
	} else {
		u.setLayout(views.LayoutSingle, v)
	}
	u.syncLayoutSelect()
}

// options are the view options the panes draw with now.
func (u *UI) options() views.Options {
	pal := views.Dark
	if u.app.Settings().ThemeVariant() == theme.VariantLight {
		pal = views.Light
	}
	o := views.Options{Layers: u.layers, Palette: pal, Selected: u.selected}
	if f := u.frame.Load(); f != nil && u.layout == views.LayoutSingle && u.single == views.ViewNetGraph {
		o.Net = u.net.graph(f.T)
		o.Net.Moments = u.moments.times()
	}
	return o
}

// invalidate marks every pane for redrawing at the next display frame.
func (u *UI) invalidate() { u.version.Add(1) }

// withSession runs f with the session locked.
func (u *UI) withSession(f func(s *tl.Session)) {
	u.mu.Lock()
	defer u.mu.Unlock()
	f(u.session)
}

// applyConfig changes the running configuration through edit, at the
// shown time. Relations single keys cannot check are clamped with a
// visible note; anything else invalid is refused with its message.
func (u *UI) applyConfig(edit func(c *lagcomp.Config)) {
	var msg string
	u.withSession(func(s *tl.Session) {
		c := s.Config()
		edit(&c)
		if c.SnapshotHz > c.TickHz {
			msg = fmt.Sprintf("snapshot rate clamped to the tick rate, %d Hz", c.TickHz)
			c.SnapshotHz = c.TickHz
		}
		restarted, err := s.SetConfig(c)
		switch {
		case err != nil:
			msg = "not applied: " + err.Error()
		case restarted:
			msg = "the scene changed: simulation restarted at 0 s"
		}
	})
	u.setStatus(msg)
	u.publish()
	u.controls.sync()
	u.play.push() // the keys may walk another pawn now, and the line says who
}

func (u *UI) setStatus(msg string) {
	if msg != "" {
		u.status.SetText(msg)
	}
}

// config is the configuration at the shown time.
func (u *UI) config() lagcomp.Config {
	var c lagcomp.Config
	u.withSession(func(s *tl.Session) { c = s.Config() })
	return c
}

// fire is the user's trigger, at a world point of the shooter's view.
func (u *UI) fire(at model.Vec) {
	if u.config().Control != lagcomp.ControlUser {
		u.setStatus("the bot is shooting: set Shooter to \"user\" (Scene tab) to fire by clicking")
		return
	}
	u.withSession(func(s *tl.Session) { s.Fire(at) })
	u.setStatus(fmt.Sprintf("fired at (%.2f, %.2f)", at.X, at.Y))
}

// relayout lays the window out again, for a part whose height follows
// its width (the metrics strip's lines).
func (u *UI) relayout() {
	fyne.Do(func() {
		if c := u.win.Content(); c != nil {
			c.Refresh()
		}
	})
}

// Close stops the simulation goroutine.
func (u *UI) Close() {
	u.closed.Do(func() {
		u.saveWindowSize()
		close(u.stop)
	})
}
