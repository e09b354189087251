package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp/events"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
)

// eventMarks are the run's scripted events (the key events) on the
// timeline: a small button under the scrubber at each event's time,
// saying what it does ("outage 1s"), that seeks to it. An event the
// live run has not reached yet is not shown: the scrubber's scale ends
// at the live edge.
type eventMarks struct {
	u      *UI
	box    *fyne.Container
	script string // the script the marks were made for
	evs    []events.Event
}

func newEventMarks(u *UI) *eventMarks {
	e := &eventMarks{u: u}
	e.box = container.New(&eventLayout{e: e})
	e.box.Hide() // no room taken under the scrubber without events
	return e
}

// sync remakes the marks when the running script changed (another
// preset, a restart with other events).
func (e *eventMarks) sync() {
	var script string
	e.u.withSession(func(s *tl.Session) { script = s.Config().Events })
	if script == e.script {
		return
	}
	e.script = script
	e.evs, _ = events.Parse(script) // the running configuration's: valid
	e.box.RemoveAll()
	for _, ev := range e.evs {
		at := ev.At
		b := widget.NewButton(eventWords(ev), func() { e.u.timeline.seek(at) })
		b.Importance = widget.LowImportance
		e.box.Add(b)
	}
	if len(e.evs) == 0 {
		e.box.Hide()
	} else {
		e.box.Show()
	}
}

// eventWords is an event as the timeline says it.
func eventWords(ev events.Event) string {
	switch ev.Kind {
	case events.Outage:
		if ev.Client != events.All {
			return events.ClientName(ev.Client) + "'s outage " + events.FormatTime(ev.Dur)
		}
		return "outage " + events.FormatTime(ev.Dur)
	case events.Disconnect:
		return events.ClientName(ev.Client) + " disconnected " + events.FormatTime(ev.Dur)
	}
	s := ""
	for i, st := range ev.Set {
		if i > 0 {
			s += ", "
		}
		s += st.Key + " " + st.Value
	}
	if ev.For > 0 {
		s += " for " + events.FormatTime(ev.For)
	}
	return s
}

// eventLayout puts each mark under the scrubber at its event's time, on
// the scrubber's scale; marks not reached yet are hidden.
type eventLayout struct{ e *eventMarks }

func (l *eventLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}

func (l *eventLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	live := model.Second
	if l.e.u.timeline != nil {
		live = max(live, model.Time(l.e.u.timeline.scrub.Max)*model.Millisecond)
	}
	pad := theme.InnerPadding()
	for i, o := range objs {
		if i >= len(l.e.evs) || l.e.evs[i].At > live {
			o.Hide()
			continue
		}
		o.Show()
		ms := o.MinSize()
		f := float32(l.e.evs[i].At) / float32(live)
		x := pad + f*(size.Width-2*pad) - ms.Width/2
		o.Resize(ms)
		o.Move(fyne.NewPos(max(0, min(x, size.Width-ms.Width)), 0))
	}
}
