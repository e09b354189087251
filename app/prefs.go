package app

import (
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"

	tl "lagscope/lagcomp/timeline"
	"lagscope/presets"
	"lagscope/views"
)

// Preference keys: the layout, layers, last preset and speed survive a
// restart.
const (
	// prefPreset is the preset a plain lagscope opens: an embedded one by
	// its name, a file by its absolute path, stored once the window has
	// shown it (rememberShown).
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
	if !slices.Contains(views.Layouts, u.layout) { // the lecture frame (row) is remembered too
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

// presetPref is how the preferences name p: an embedded preset by its
// name, a file by its absolute path (a relative one would name another
// file, or none, when lagscope next starts in another directory). ok is
// false when the path cannot be made absolute: nothing is remembered.
func presetPref(p *presets.Preset) (string, bool) {
	if p.File == "presets/"+p.Name+".toml" {
		return p.Name, true
	}
	abs, err := filepath.Abs(p.File)
	return abs, err == nil
}

// shownPreset is the preset waiting to be remembered: usePreset names
// it, publish arms it with the UI version of its first frame, and it is
// stored when every visible pane has drawn that frame or a later one. A
// preset whose loading or drawing hangs or fails is never stored, so a
// plain lagscope does not open on it again. Under the UI's mu: publish
// runs on the simulation goroutine too.
type shownPreset struct {
	pref  string // the value for prefPreset; "" when nothing waits
	from  uint64 // the UI version of its first frame, once armed
	armed bool
}

// waitToRemember makes p the preset stored once it is shown. Under mu,
// with the session swap: no frame of the old session is published after.
func (u *UI) waitToRemember(p *presets.Preset) {
	pref, ok := presetPref(p)
	if !ok {
		pref = ""
	}
	u.toRemember = shownPreset{pref: pref}
}

// armRemember is called under mu as a frame is published: the first
// frame of the preset waiting to be remembered is the one the panes must
// draw.
func (u *UI) armRemember() {
	if u.toRemember.pref != "" && !u.toRemember.armed {
		u.toRemember.from, u.toRemember.armed = u.version.Load(), true
	}
}

// rememberShown stores the waiting preset once every visible pane has
// drawn its frame: the window shows it. UI thread (a pane's draw).
func (u *UI) rememberShown() {
	var pref string
	u.withSession(func(*tl.Session) {
		w := u.toRemember
		if w.pref == "" || !w.armed {
			return
		}
		for _, p := range u.panes {
			if p.visible && p.shown < w.from {
				return
			}
		}
		pref, u.toRemember = w.pref, shownPreset{}
	})
	if pref != "" {
		u.app.Preferences().SetString(prefPreset, pref)
	}
}

// rememberedPreset loads the preset a plain lagscope opens: the one last
// shown, else the default. One that is gone, no longer parses or does not
// make a session gives the default with a note saying why, never an
// error or an empty window.
func (u *UI) rememberedPreset() (*presets.Preset, string, error) {
	name := u.app.Preferences().StringWithFallback(prefPreset, presets.Default)
	p, err := presets.Load(name)
	if err == nil {
		err = u.usePreset(p)
	}
	if err == nil || name == presets.Default {
		return p, "", err
	}
	note := fmt.Sprintf("the last preset did not open (%v): the default is shown", err)
	p, err = presets.Load(presets.Default)
	if err == nil {
		err = u.usePreset(p)
	}
	return p, note, err
}
