package app

import (
	"fmt"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The window's zoom is one factor for every text and line in it: the
// panes' drawings (views scale their text, strokes and marks by it) and
// Fyne's own widgets (a theme whose every size — text, padding, icons,
// scroll bars — is the base theme's times the zoom). It is for a live
// class: at the back of a hall the default 14-pixel text is unreadable.
// Fyne's own FYNE_SCALE scales the same things but only at start-up, and
// the window then demanded more than the screen (the sidebar went off
// its edge); the zoom changes with Ctrl + and Ctrl − while the window
// keeps its size, and the parts that would widen it flow onto more
// lines instead (the metrics strip, the tabs).

// zoomLevels are the zooms Ctrl +/− step through.
var zoomLevels = []float64{0.8, 1, 1.25, 1.5, 1.75, 2, 2.5, 3}

// prefZoom remembers the zoom.
const prefZoom = "zoom"

// zoomTheme is the base theme with every size multiplied by zoom.
type zoomTheme struct {
	base fyne.Theme
	zoom float32
}

var _ fyne.Theme = (*zoomTheme)(nil)

func (t *zoomTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.base.Color(n, v)
}
func (t *zoomTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.base.Font(s) }
func (t *zoomTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base.Icon(n) }
func (t *zoomTheme) Size(n fyne.ThemeSizeName) float32       { return t.base.Size(n) * t.zoom }

// baseTheme is the theme the zoom multiplies: the app's, unwrapped.
func baseTheme(a fyne.App) fyne.Theme {
	th := a.Settings().Theme()
	if z, ok := th.(*zoomTheme); ok {
		return z.base
	}
	if th == nil {
		return theme.DefaultTheme()
	}
	return th
}

// setZoom applies a zoom to the whole window and remembers it.
func (u *UI) setZoom(z float64) {
	z = math.Max(zoomLevels[0], math.Min(zoomLevels[len(zoomLevels)-1], z))
	u.zoom = z
	u.app.Preferences().SetFloat(prefZoom, z)
	u.app.Settings().SetTheme(&zoomTheme{base: baseTheme(u.app), zoom: float32(z)})
	if u.zoomLabel != nil {
		u.zoomLabel.SetText(zoomText(z))
	}
	u.invalidate()
	u.refresh()
}

// zoomBy steps the zoom to the next level up (dir > 0) or down.
func (u *UI) zoomBy(dir int) {
	next := u.zoom
	if dir > 0 {
		for _, z := range zoomLevels {
			if z > u.zoom+1e-9 {
				next = z
				break
			}
		}
	} else {
		for _, z := range zoomLevels {
			if z < u.zoom-1e-9 {
				next = z
			}
		}
	}
	u.setZoom(next)
	sign := "−"
	if dir > 0 {
		sign = "+"
	}
	u.hint(fmt.Sprintf("Ctrl %s: zoom %s", sign, zoomText(u.zoom)))
}

func zoomText(z float64) string { return fmt.Sprintf("%.0f %%", 100*z) }

// zoomControls are the top bar's A+ and A− buttons, the mouse's way to
// the zoom, around the bar: A+ (and the zoom) at its left end, A− at its
// right end. A zoom grows each away from the window's edge it is held
// to, so clicked again where it was, each lands on itself, however many
// times (a second A+ click, the bar before it having grown and flowed,
// opened "Open records…"; side by side, one button's growth moved the
// other from under the cursor).
func (u *UI) zoomControls(bar fyne.CanvasObject) fyne.CanvasObject {
	u.zoomLabel = widget.NewLabel(zoomText(u.zoom))
	u.zoomOut = widget.NewButton("A−", func() { u.zoomBy(-1) })
	u.zoomIn = widget.NewButton("A+", func() { u.zoomBy(1) })
	u.zoomOut.Importance, u.zoomIn.Importance = widget.LowImportance, widget.LowImportance
	// each at the top: stretched to a bar of two lines, A− moved down
	return container.NewBorder(nil, nil, container.NewVBox(container.NewHBox(u.zoomIn, u.zoomLabel)), container.NewVBox(u.zoomOut), bar)
}

// bindZoomKeys: Ctrl + (or Ctrl =, the same key unshifted) zooms in,
// Ctrl − out, Ctrl 0 back to 100 %.
func (u *UI) bindZoomKeys() {
	c := u.win.Canvas()
	for _, k := range []fyne.KeyName{fyne.KeyEqual, fyne.KeyPlus} {
		for _, m := range []fyne.KeyModifier{fyne.KeyModifierShortcutDefault, fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift} {
			c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: m}, func(fyne.Shortcut) { u.zoomBy(1) })
		}
	}
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyMinus, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { u.zoomBy(-1) })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.Key0, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
		u.setZoom(1)
		u.hint("Ctrl 0: zoom 100 %")
	})
}
