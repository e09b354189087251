package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Fyne gives a key to the focused widget, and to the window only when
// none has focus; a click focuses a check, slider, selector or list, which
// then took the window's keys (space unticked "Show A/B" instead of
// pausing; M did nothing after a click on the scrubber). The window's
// keys are no widget's: these widgets pass them to the window, and keep
// the others (a text entry keeps every key: letters are text there).

// The movement keys are held, not typed (play.go): these widgets hand
// their key downs and key ups to the window too, and, while a pawn is the
// user's, do nothing else with them (a focused slider does not move on
// ↑, a list does not scroll). A text entry keeps them: W is a letter.

// windowKey reports whether name is one of the window's keys (bindKeys).
func windowKey(name fyne.KeyName) bool {
	switch name {
	case fyne.KeySpace, fyne.KeyLeft, fyne.KeyRight, fyne.KeyF, fyne.KeyS, fyne.KeyM,
		fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6, fyne.Key7, fyne.Key8, fyne.Key9:
		return true
	}
	return false
}

// entry is a text entry that gives the window its keys back once its
// text is in: Return submits it and lets go of the focus, as Escape does
// (a typed 150 then M typed "150m" into the box, where M should have
// jumped to a moment). Until then it keeps every key: letters are text.
type entry struct {
	widget.Entry
	u *UI
}

func (u *UI) newEntry() *entry {
	e := &entry{u: u}
	e.ExtendBaseWidget(e)
	return e
}

func (e *entry) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
	case fyne.KeyReturn, fyne.KeyEnter:
		e.Entry.TypedKey(ev)
	default:
		e.Entry.TypedKey(ev)
		return
	}
	if c := e.u.win.Canvas(); c.Focused() == e {
		c.Unfocus()
	}
}

// check is a check box that leaves the window's keys to the window; it
// toggles on Return instead of space.
type check struct {
	widget.Check
	u *UI
}

func (u *UI) newCheck(label string, changed func(bool)) *check {
	c := &check{u: u}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// KeyDown and KeyUp hand the held keys to the window.
func (c *check) KeyDown(ev *fyne.KeyEvent) { c.u.play.keyDown(ev) }
func (c *check) KeyUp(ev *fyne.KeyEvent)   { c.u.play.keyUp(ev) }

func (c *check) TypedKey(ev *fyne.KeyEvent) {
	switch {
	case c.u.play.owns(ev.Name):
	case windowKey(ev.Name):
		c.u.typedKey(ev)
	case ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter:
		c.SetChecked(!c.Checked)
	default:
		c.Check.TypedKey(ev)
	}
}

// TypedRune drops the space the check would toggle on: it pauses.
func (c *check) TypedRune(r rune) {
	if r != ' ' {
		c.Check.TypedRune(r)
	}
}

// slider is a slider that leaves the window's keys to the window (←/→
// step the simulation); ↑/↓ move it a step.
type slider struct {
	widget.Slider
	u *UI
}

func (u *UI) newSlider(lo, hi float64) *slider {
	s := &slider{u: u}
	s.Min, s.Max, s.Step = lo, hi, 1
	s.ExtendBaseWidget(s)
	return s
}

// KeyDown and KeyUp hand the held keys to the window.
func (s *slider) KeyDown(ev *fyne.KeyEvent) { s.u.play.keyDown(ev) }
func (s *slider) KeyUp(ev *fyne.KeyEvent)   { s.u.play.keyUp(ev) }

func (s *slider) TypedKey(ev *fyne.KeyEvent) {
	if s.u.play.owns(ev.Name) {
		return
	}
	switch ev.Name {
	case fyne.KeyUp:
		s.SetValue(s.Value + s.Step)
	case fyne.KeyDown:
		s.SetValue(s.Value - s.Step)
	default:
		if windowKey(ev.Name) {
			s.u.typedKey(ev)
			return
		}
		s.Slider.TypedKey(ev)
	}
}

// selector is a drop-down that leaves the window's keys to the window
// (↑/↓ still open it).
type selector struct {
	widget.Select
	u *UI
}

func (u *UI) newSelect(options []string, changed func(string)) *selector {
	s := &selector{u: u}
	s.Options, s.OnChanged = options, changed
	s.PlaceHolder = "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

// KeyDown and KeyUp hand the held keys to the window.
func (s *selector) KeyDown(ev *fyne.KeyEvent) { s.u.play.keyDown(ev) }
func (s *selector) KeyUp(ev *fyne.KeyEvent)   { s.u.play.keyUp(ev) }

func (s *selector) TypedKey(ev *fyne.KeyEvent) {
	if s.u.play.owns(ev.Name) {
		return
	}
	if windowKey(ev.Name) {
		s.u.typedKey(ev)
		return
	}
	s.Select.TypedKey(ev)
}

// list is a list that leaves the window's keys to the window (↑/↓ still
// move through it).
type list struct {
	widget.List
	u *UI
}

func (u *UI) newList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *list {
	l := &list{u: u}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// KeyDown and KeyUp hand the held keys to the window.
func (l *list) KeyDown(ev *fyne.KeyEvent) { l.u.play.keyDown(ev) }
func (l *list) KeyUp(ev *fyne.KeyEvent)   { l.u.play.keyUp(ev) }

func (l *list) TypedKey(ev *fyne.KeyEvent) {
	if l.u.play.owns(ev.Name) {
		return
	}
	if windowKey(ev.Name) {
		l.u.typedKey(ev)
		return
	}
	l.List.TypedKey(ev)
}
