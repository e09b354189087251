package app

import (
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
)

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
