package app

import (
	"fmt"

	"fyne.io/fyne/v2"

	"lagscope/lagcomp"
	"lagscope/views"
)

// bindKeys: space pause, left/right step a tick, F fire, S screenshot
// (while a pawn is the user's, W A S D and the arrows walk it instead:
// play.go),
// M next moment, 1-9 layouts (2x2, 1x2, server alone, overlay alone,
// packet flow alone, fire effects alone, the lecture frame, net graph
// alone, peeker's advantage alone); Ctrl +/− zoom (zoom.go). Each
// key says what it did in the corner of the panes (keyhint.go).
func (u *UI) bindKeys() {
	u.win.Canvas().SetOnTypedKey(u.typedKey)
	u.bindPlayKeys()
}

// layoutKeys are the number keys' layouts.
var layoutKeys = map[fyne.KeyName]string{
	fyne.Key1: "2×2", fyne.Key2: "1×2", fyne.Key3: "Server only", fyne.Key4: "Overlay only", fyne.Key5: "Packet flow", fyne.Key6: "Fire effects",
	fyne.Key7: "Lecture frame", fyne.Key8: "Net graph", fyne.Key9: "Peeker's advantage",
}

func (u *UI) typedKey(ev *fyne.KeyEvent) {
	if u.play.owns(ev.Name) { // a movement key walks a pawn (play.go), nothing else
		return
	}
	switch ev.Name {
	case fyne.KeySpace:
		u.timeline.togglePlay()
		if u.sessionState().paused {
			u.hint("Space: pause")
		} else {
			u.hint("Space: play")
		}
	case fyne.KeyLeft:
		u.timeline.step(-1)
		u.hint("←: step back a tick")
	case fyne.KeyRight:
		u.timeline.step(1)
		u.hint("→: step a tick")
	case fyne.KeyF:
		u.fireAtCrosshair()
		u.hint("F: fire")
	case fyne.KeyS: // the same dialog as the Screenshot button
		u.hint("S: screenshot")
		u.browserless("Screenshot", shotInstead, u.shotUI.ask)()
	case fyne.KeyM:
		u.moments.next()
		if m := u.moments; m.shown >= 0 {
			u.hint(fmt.Sprintf("M: moment %d of %d", m.shown+1, len(m.moments)))
		} else {
			u.hint("M: no moment to show")
		}
		return
	default:
		name, ok := layoutKeys[ev.Name]
		if !ok {
			return
		}
		l := layoutNames[name]
		u.setLayout(l.l, l.v)
		u.hint(string(ev.Name) + ": " + name)
	}
	u.syncLayoutSelect()
}

// fireAtCrosshair fires at the target as the shooter's client shows it.
func (u *UI) fireAtCrosshair() {
	f := u.frame.Load()
	if f == nil {
		return
	}
	v := f.Clients[lagcomp.ShooterPawn].View
	if !v.Shown[lagcomp.TargetPawn] {
		u.setStatus("nothing to fire at yet")
		return
	}
	u.fire(v.Poses[lagcomp.TargetPawn].Pos)
}

var layoutNames = map[string]struct {
	l views.Layout
	v views.View
}{
	"2×2":                {views.Layout2x2, views.ViewServer},
	"1×2":                {views.Layout1x2, views.ViewServer},
	"Lecture frame":      {views.LayoutRow, views.ViewServer},
	"Server only":        {views.LayoutSingle, views.ViewServer},
	"Shooter only":       {views.LayoutSingle, views.ViewShooter},
	"Target only":        {views.LayoutSingle, views.ViewTarget},
	"Overlay only":       {views.LayoutSingle, views.ViewOverlay},
	"Packet flow":        {views.LayoutSingle, views.ViewPackets},
	"Fire effects":       {views.LayoutSingle, views.ViewBurst},
	"Peeker's advantage": {views.LayoutSingle, views.ViewDuel},
	"Net graph":          {views.LayoutSingle, views.ViewNetGraph},
}

var layoutOrder = []string{"2×2", "1×2", "Lecture frame", "Server only", "Shooter only", "Target only", "Overlay only", "Packet flow", "Fire effects", "Peeker's advantage", "Net graph"}

func (u *UI) layoutSelect() *selector {
	sel := u.newSelect(layoutOrder, func(s string) {
		if u.syncingLayout {
			return
		}
		if l, ok := layoutNames[s]; ok {
			u.setLayout(l.l, l.v)
		}
	})
	u.layoutSel = sel
	u.syncLayoutSelect()
	return sel
}

func (u *UI) syncLayoutSelect() {
	if u.layoutSel == nil {
		return
	}
	for _, name := range layoutOrder {
		l := layoutNames[name]
		if l.l == u.layout && (u.layout != views.LayoutSingle || l.v == u.single) {
			u.syncingLayout = true
			u.layoutSel.SetSelected(name)
			u.syncingLayout = false
			return
		}
	}
}
