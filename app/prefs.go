package app

import (
	"fyne.io/fyne/v2"

	"lagscope/views"
)

// Preference keys: the layout, layers, last preset and speed survive a
// restart.
const (
	prefPreset = "preset"
	prefLayout = "layout"
	prefSingle = "single"
	prefSpeed  = "speed"
	prefLayer  = "layer." // + the layer's JSON name
	prefWinW   = "window.width"
	prefWinH   = "window.height"
	// prefStartPaused opens the window paused: a lecturer starts talking
	// before the simulation runs away from the first shot.
	prefStartPaused = "start_paused"
)

// WindowSize is the size the window was last closed at, if one was saved
// and is sane; the window opens at it.
func WindowSize(a fyne.App) (fyne.Size, bool) {
	p := a.Preferences()
	w, h := p.Float(prefWinW), p.Float(prefWinH)
	if w < 640 || h < 400 || w > 16384 || h > 16384 {
		return fyne.Size{}, false
	}
	return fyne.NewSize(float32(w), float32(h)), true
}

// saveWindowSize remembers the window's size for the next start.
func (u *UI) saveWindowSize() {
	if sz := u.win.Canvas().Size(); sz.Width > 0 && sz.Height > 0 {
		u.app.Preferences().SetFloat(prefWinW, float64(sz.Width))
		u.app.Preferences().SetFloat(prefWinH, float64(sz.Height))
	}
}

func (u *UI) loadPrefs() {
	p := u.app.Preferences()
	u.layout = views.Layout(p.StringWithFallback(prefLayout, string(views.Layout2x2)))
	if u.layout != views.Layout1x2 && u.layout != views.LayoutSingle {
		u.layout = views.Layout2x2
	}
	u.single = views.View(p.StringWithFallback(prefSingle, string(views.ViewServer)))
	known := false
	for _, v := range views.Views {
		known = known || v == u.single
	}
	if !known {
		u.single = views.ViewServer
	}
	u.zoom = p.FloatWithFallback(prefZoom, 1)
	if !(u.zoom >= zoomLevels[0] && u.zoom <= zoomLevels[len(zoomLevels)-1]) { // NaN too
		u.zoom = 1
	}
	def := views.DefaultLayers()
	for _, n := range views.LayerNames {
		*n.Field(&u.layers) = p.BoolWithFallback(prefLayer+n.Name, *n.Field(&def))
	}
}

func (u *UI) saveLayers() {
	for _, n := range views.LayerNames {
		u.app.Preferences().SetBool(prefLayer+n.Name, *n.Field(&u.layers))
	}
}

// applySpeedPref restores the playback speed.
func (u *UI) applySpeedPref() {
	if sp := u.app.Preferences().FloatWithFallback(prefSpeed, 1); sp > 0 {
		u.session.SetSpeed(sp)
	}
}
