package app

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A class watching the projector does not see the lecturer's keyboard:
// each key the window acts on is named for a moment in a corner of the
// panes ("Space: pause", "M: moment 2 of 3"), as screencast tools do.

// hintFor is how long a key's hint stays.
const hintFor = 1500 * time.Millisecond

// keyHint is the corner box and when it goes.
type keyHint struct {
	box   *fyne.Container // over the panes, bottom right
	label *widget.Label
	until time.Time
}

func newKeyHint() *keyHint {
	h := &keyHint{label: widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})}
	bg := canvas.NewRectangle(color.NRGBA{0, 0, 0, 0xd8})
	bg.CornerRadius = theme.InputRadiusSize()
	h.label.Importance = widget.HighImportance
	card := container.NewStack(bg, container.NewPadded(h.label))
	h.box = container.NewVBox(layout.NewSpacer(), container.NewHBox(layout.NewSpacer(), card))
	h.box.Hide()
	return h
}

// hint names the key just pressed and what it did.
func (u *UI) hint(text string) {
	if u.keyHint == nil {
		return
	}
	u.keyHint.label.SetText(text)
	u.keyHint.until = u.opts.Clock().Add(hintFor)
	u.hintUntil.Store(u.keyHint.until.UnixNano())
	u.keyHint.box.Show()
}

// expireHint takes the hint away once its time is up. UI thread only.
func (u *UI) expireHint(now time.Time) {
	if h := u.keyHint; h != nil && h.box.Visible() && !now.Before(h.until) {
		h.box.Hide()
		u.hintUntil.Store(0)
	}
}

// hintDue says whether a shown hint's time is up, for the simulation
// goroutine to ask the UI thread to take it away while paused.
func (u *UI) hintDue(now time.Time) bool {
	t := u.hintUntil.Load()
	return t != 0 && now.UnixNano() >= t
}
