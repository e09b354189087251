package app

import (
	"fyne.io/fyne/v2"

	"lagscope/lagcomp"
	"lagscope/views"
)

// bindKeys: space pause, left/right step a tick, F fire, S screenshot,
// 1-5 layouts (2x2, 1x2, server alone, overlay alone, packet flow alone).
func (u *UI) bindKeys() {
	u.win.Canvas().SetOnTypedKey(u.typedKey)
}

func (u *UI) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeySpace:
		u.timeline.togglePlay()
	case fyne.KeyLeft:
		u.timeline.step(-1)
	case fyne.KeyRight:
		u.timeline.step(1)
	case fyne.KeyF:
		u.fireAtCrosshair()
	case fyne.KeyS:
		u.shotUI.save()
	case fyne.KeyM:
		u.moments.next()
		return
	case fyne.Key1:
		u.setLayout(views.Layout2x2, views.ViewServer)
	case fyne.Key2:
		u.setLayout(views.Layout1x2, views.ViewServer)
	case fyne.Key3:
		u.setLayout(views.LayoutSingle, views.ViewServer)
	case fyne.Key4:
		u.setLayout(views.LayoutSingle, views.ViewOverlay)
	case fyne.Key5:
		u.setLayout(views.LayoutSingle, views.ViewPackets)
	case fyne.Key6:
		u.setLayout(views.LayoutSingle, views.ViewBurst)
	default:
		return
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
	"2×2":          {views.Layout2x2, views.ViewServer},
	"1×2":          {views.Layout1x2, views.ViewServer},
	"Server only":  {views.LayoutSingle, views.ViewServer},
	"Shooter only": {views.LayoutSingle, views.ViewShooter},
	"Target only":  {views.LayoutSingle, views.ViewTarget},
	"Overlay only": {views.LayoutSingle, views.ViewOverlay},
	"Packet flow":  {views.LayoutSingle, views.ViewPackets},
	"Fire effects": {views.LayoutSingle, views.ViewBurst},
}

var layoutOrder = []string{"2×2", "1×2", "Server only", "Shooter only", "Target only", "Overlay only", "Packet flow", "Fire effects"}

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
