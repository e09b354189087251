package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/google/uuid"

	"lagscope/lagcomp"
	"lagscope/lagcomp/moments"
	"lagscope/lagcomp/sweep"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
)

// momentsUI shows the preset's moments — a lecture's bookmarks — as
// numbered marks under the timeline's scrubber and as a list in the
// sidebar; jumping to one pauses there, selects its shot and puts its
// sentence on a banner over the panes. The moments are found by the
// simulation (moments.Find) on the preset's own settings.
type momentsUI struct {
	u       *UI
	moments []moments.Moment
	list    *list
	tab     fyne.CanvasObject
	marks   *fyne.Container // the bookmarks, laid out along the scrubber
	banner  *fyne.Container
	say     *widget.Label
	note    *widget.Label // in the tab: where the moments come from
	shown   int           // the moment on the banner, -1 for none
}

func newMomentsUI(u *UI) *momentsUI {
	m := &momentsUI{u: u, shown: -1}
	m.list = u.newList(
		func() int { return len(m.moments) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(m.row(id))
			m.list.SetItemHeight(id, o.(*widget.Label).MinSize().Height)
		},
	)
	m.list.OnSelected = func(id widget.ListItemID) {
		m.jump(id)
		m.list.UnselectAll() // selecting the same row again jumps again
	}
	m.note = widget.NewLabel("")
	m.note.Wrapping = fyne.TextWrapWord
	m.tab = container.NewBorder(m.note, nil, nil, nil, m.list)
	m.marks = container.New(&markLayout{m: m})
	m.say = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	m.say.Wrapping = fyne.TextWrapWord
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), m.hide)
	closeBtn.Importance = widget.LowImportance
	m.banner = container.NewBorder(nil, nil, widget.NewIcon(theme.InfoIcon()), closeBtn, m.say)
	m.banner.Hide()
	return m
}

// row is a moment's line in the list.
func (m *momentsUI) row(i int) string {
	mo := m.moments[i]
	if !mo.Found {
		return fmt.Sprintf("%d · %s\n(%s)", i+1, mo.Sentence(nil), mo.What)
	}
	s := fmt.Sprintf("%d · %.3f s — %s", i+1, mo.At.Seconds(), mo.Sentence(nil))
	if mo.What != "" {
		s += "\n(" + mo.What + ")"
	}
	return s
}

// load finds the preset's moments on its own configuration.
func (m *momentsUI) load() {
	m.hide()
	m.moments = nil
	p := m.u.preset
	if p != nil && len(p.Moments) > 0 {
		ms, err := p.FindMoments(m.u.presetCfg)
		if err != nil {
			m.u.setStatus("moments: " + err.Error())
		}
		m.moments = ms
	}
	switch {
	case len(m.moments) == 0:
		m.note.SetText("This preset declares no moments (a preset's moments = [...]).")
	default:
		m.note.SetText("Moments to look at, found on the preset's own settings. Select one to jump there, or press M for the next.")
	}
	m.list.Refresh()
	m.rebuildMarks()
}

// rebuildMarks makes one small numbered button per found moment.
func (m *momentsUI) rebuildMarks() {
	m.marks.Objects = nil
	for i, mo := range m.moments {
		if !mo.Found {
			continue
		}
		i := i
		b := widget.NewButton(fmt.Sprint(i+1), func() { m.jump(i) })
		b.Importance = widget.HighImportance
		m.marks.Add(b)
	}
	m.marks.Refresh()
}

// jump shows moment i: its time (played on to, if not reached yet), its
// shot selected, its sentence on the banner. The moments were found on
// the preset's settings; when the user has changed some (a typed
// latency), jumping keeps them: the run starts again on the user's
// settings and the moment is found in it, or, if that run never meets
// it, the settings go back to the preset's and the banner says so —
// never a silent revert to the preset's figures.
func (m *momentsUI) jump(i int) {
	if i < 0 || i >= len(m.moments) {
		return
	}
	mo, note := m.moments[i], ""
	var live lagcomp.Config
	m.u.withSession(func(s *tl.Session) { live = s.LiveConfig() })
	if changed := lagcomp.Diff(&m.u.presetCfg, &live); len(changed) > 0 {
		yours := sweep.Differing(&m.u.presetCfg, &live)
		ms, err := m.u.preset.FindMoments(live)
		switch {
		case err == nil && i < len(ms) && ms[i].Found:
			m.moments, mo = ms, ms[i] // the bookmarks follow the run shown
			note = fmt.Sprintf(" [with your settings: %s]", yours)
			err = m.u.restartWith(live)
			if err != nil {
				m.u.setStatus("moment: " + err.Error())
				return
			}
		default:
			if err := m.u.restartWith(m.u.presetCfg); err != nil {
				m.u.setStatus("moment: " + err.Error())
				return
			}
			m.moments = m.presetMoments()
			mo = m.moments[i]
			note = fmt.Sprintf(" [your settings (%s) were reset to the preset's: the moment does not happen with them]", yours)
		}
		m.rebuildMarks()
		m.list.Refresh()
		m.u.setStatus("moment " + fmt.Sprint(i+1) + note)
	}
	if !mo.Found {
		m.u.setStatus(fmt.Sprintf("moment %d: %s", i+1, mo.What))
		return
	}
	if mo.Shot != (uuid.UUID{}) {
		m.u.selected = mo.Shot
	}
	m.showSlide(mo.Spec.Slide)
	m.u.timeline.move(func(s *tl.Session) { s.Jump(mo.At) })
	m.shown = i
	m.say.SetText(fmt.Sprintf("Moment %d of %d (t = %.3f s)%s: %s", i+1, len(m.moments), mo.At.Seconds(), note, mo.Sentence(m.u.picture())))
	m.banner.Show()
}

// showSlide puts the window in the moment's slide, as shot --moment
// draws it: its view (a pane alone) or its split's layout (a 1x2's two
// panes as it names them), its layers, its focus on every world pane
// shown, its A/B. A field the moment leaves empty leaves the window's
// choice; a 2x2 shows the window's four world panes.
func (m *momentsUI) showSlide(sl moments.Slide) {
	u := m.u
	switch {
	case sl.View != "" && sl.View != "split":
		u.setLayout(views.LayoutSingle, views.View(sl.View))
	case sl.View == "split" || sl.Layout != "" || len(sl.Panes) > 0:
		l, first := views.Layout(sl.Layout), views.ViewServer
		if l == "" {
			l = views.Layout2x2
		}
		if len(sl.Panes) > 0 {
			first = views.View(sl.Panes[0])
		}
		u.setLayout(l, first)
		if l == views.Layout1x2 && len(sl.Panes) == 2 {
			u.second = views.View(sl.Panes[1])
			u.arrangePanes()
		}
	}
	u.syncLayoutSelect()
	if sl.Layers != "" {
		if l, err := views.ParseLayers(sl.Layers); err == nil { // checked when the preset loaded
			u.layers = l
			u.saveLayers()
			if c := u.controls; c != nil && len(c.layerChecks) == len(views.LayerNames) {
				c.syncing = true
				for i, n := range views.LayerNames {
					c.layerChecks[i].SetChecked(*n.Field(&u.layers))
				}
				c.syncing = false
			}
		}
	}
	if sl.Focus != "" {
		f, _ := views.ParseFocus(sl.Focus)
		for _, p := range u.panes {
			if p.visible && !p.view.TimeAxis() {
				p.setFocus(f)
			}
		}
	}
	if ct := u.compare; sl.Compare != "" && ct != nil {
		ct.changes.SetText(sl.Compare)
		if u.layout == views.LayoutSingle {
			ct.view.SetSelected(string(u.single))
		}
		if ct.show.Checked {
			ct.toggle(true)
		} else {
			ct.show.SetChecked(true)
		}
	}
	u.invalidate()
}

// presetMoments are the moments found on the preset's own settings.
func (m *momentsUI) presetMoments() []moments.Moment {
	ms, err := m.u.preset.FindMoments(m.u.presetCfg)
	if err != nil {
		m.u.setStatus("moments: " + err.Error())
	}
	return ms
}

// picture is what the window shows, for a moment's sentence to fit it:
// the panes the layout shows and the layers on.
func (u *UI) picture() *moments.Picture {
	var vs []string
	for _, p := range u.panes {
		if p.visible {
			vs = append(vs, string(p.view))
		}
	}
	return &moments.Picture{Views: vs, Layer: u.layers.On}
}

// next jumps to the moment after the one shown (the M key).
func (m *momentsUI) next() {
	for k := 1; k <= len(m.moments); k++ {
		if i := (m.shown + k) % len(m.moments); m.moments[i].Found {
			m.jump(i)
			return
		}
	}
}

func (m *momentsUI) hide() {
	m.shown = -1
	m.banner.Hide()
}

// markLayout puts each bookmark under the scrubber at its moment's time,
// on the scrubber's scale (0 to the live edge); a moment not reached yet
// waits at the right end.
type markLayout struct{ m *momentsUI }

func (l *markLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}

func (l *markLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var found []moments.Moment
	for _, mo := range l.m.moments {
		if mo.Found {
			found = append(found, mo)
		}
	}
	live := model.Second
	if l.m.u.timeline != nil {
		live = max(live, model.Time(l.m.u.timeline.scrub.Max)*model.Millisecond)
	}
	pad := theme.InnerPadding() // the slider's track starts this far in
	for i, o := range objs {
		if i >= len(found) {
			break
		}
		ms := o.MinSize()
		f := min(1, float32(found[i].At)/float32(live))
		x := pad + f*(size.Width-2*pad) - ms.Width/2
		o.Resize(ms)
		o.Move(fyne.NewPos(max(0, min(x, size.Width-ms.Width)), 0))
	}
}

// times are the found moments' times, for the net graph to mark.
func (m *momentsUI) times() []model.Time {
	var ts []model.Time
	for _, mo := range m.moments {
		if mo.Found {
			ts = append(ts, mo.At)
		}
	}
	return ts
}
