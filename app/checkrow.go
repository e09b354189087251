package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// A check box's label is one line as wide as its words: since the
// sidebar keeps its width (clicks land on the tab aimed at), the Scene
// tab's long ones ("Backtrack: aim where the forged stamp rewinds to")
// ran past its edge and were cut. A checkRow puts the box beside its
// words as a label that wraps onto more lines, and a click on the words
// ticks the box, as a click on a check box's text does.

// checkText is a check box's words: wrapped, and a click on them ticks
// the box.
type checkText struct {
	widget.Label
	chk *check
}

var _ fyne.Tappable = (*checkText)(nil)

func newCheckText(label string, chk *check) *checkText {
	t := &checkText{chk: chk}
	t.Text, t.Wrapping = label, fyne.TextWrapWord
	t.ExtendBaseWidget(t)
	return t
}

// Tapped ticks or unticks the box, unless it is disabled.
func (t *checkText) Tapped(*fyne.PointEvent) {
	if !t.chk.Disabled() {
		t.chk.SetChecked(!t.chk.Checked)
	}
}

// checkRow is chk (its own text left empty) with label wrapped beside
// it and right at the end (the key's value).
func checkRow(chk *check, label string, right fyne.CanvasObject) fyne.CanvasObject {
	chk.Text = ""
	return container.NewBorder(nil, nil, chk, right, newCheckText(label, chk))
}
