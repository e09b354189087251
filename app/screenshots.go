package app

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp/moments"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
	"lagscope/views/capture"
)

// screenshots exports PNGs for design reviews and slides: the panes at
// window size or larger, with a title, a caption band and a sidecar that
// `lagscope shot --from` turns back into the same PNG. The dialog offers
// what the CLI does: size, scale, theme, title and caption.
type screenshots struct {
	u       *UI
	what    string // "layout", a view name, or "window"
	size    string // "window" or WIDTHxHEIGHT
	scale   string // "auto" or a number
	theme   string // "window" (follow the app), "dark" or "light"
	title   string
	caption string // capture.CaptionFull, CaptionShort or CaptionNone
	// An animated GIF of the range [clipFrom, clipTo) of simulated time
	// (Go durations, "2s"), played slow times slower at fps.
	clipFrom, clipTo, slow, fps string
}

// The dialog's choices.
var (
	shotWhats    = []string{"layout", "server", "shooter", "target", "overlay", "packets", "window"}
	shotSizes    = []string{"window", "1280x720", "1920x1080", "2560x1440", "3840x2160"}
	shotScales   = []string{"auto", "1", "1.5", "2", "3", "4"}
	shotThemes   = []string{"window", "dark", "light"}
	shotCaptions = []string{capture.CaptionFull, capture.CaptionShort, capture.CaptionMoment, capture.CaptionNone}
	clipSlows    = []string{"1", "2", "4", "8", "16"}
	clipFPS      = []string{"10", "20", "25", "50"}
)

// ClipBefore is how much of the past a clip shows by default: the range
// ending at the shown time.
const ClipBefore = 2 * model.Second

func newScreenshots(u *UI) *screenshots {
	return &screenshots{u: u, what: "layout", size: "window", scale: "auto", theme: "window", caption: capture.CaptionFull,
		slow: "1", fps: "25"}
}

// shotForm is the dialog's widgets, apart so tests can fill them in.
type shotForm struct {
	what, size, scale, theme, caption, slow, fps *widget.Select
	title, clipFrom, clipTo                      *widget.Entry
	gif                                          *widget.Button
}

func (s *screenshots) form() (*shotForm, []*widget.FormItem) {
	sel := func(opts []string, v string) *widget.Select {
		w := widget.NewSelect(opts, nil)
		w.SetSelected(v)
		return w
	}
	f := &shotForm{what: sel(shotWhats, s.what), size: sel(shotSizes, s.size), scale: sel(shotScales, s.scale),
		theme: sel(shotThemes, s.theme), caption: sel(shotCaptions, s.caption), title: widget.NewEntry()}
	f.slow, f.fps = sel(clipSlows, s.slow), sel(clipFPS, s.fps)
	// the clip's range: the last ClipBefore up to the shown time
	now := s.u.sessionState().now
	f.clipFrom, f.clipTo = widget.NewEntry(), widget.NewEntry()
	f.clipFrom.SetText(fmtTime(max(0, now-ClipBefore)))
	f.clipTo.SetText(fmtTime(now))
	f.title.SetText(s.title)
	f.title.SetPlaceHolder("none (a slide's title, drawn above the panes)")
	f.title.Validator = func(t string) error {
		if utf8.RuneCountInString(t) > capture.MaxTitle || strings.ContainsAny(t, "\n\r") {
			return fmt.Errorf("one line of at most %d characters", capture.MaxTitle)
		}
		return nil
	}
	return f, []*widget.FormItem{
		widget.NewFormItem("Capture", f.what),
		widget.NewFormItem("Title", f.title),
		widget.NewFormItem("Caption", f.caption),
		widget.NewFormItem("Size", f.size),
		widget.NewFormItem("Scale", f.scale),
		widget.NewFormItem("Theme", f.theme),
		widget.NewFormItem("Folder", widget.NewLabel(s.dir())),
		widget.NewFormItem("Clip from", f.clipFrom),
		widget.NewFormItem("Clip to", f.clipTo),
		widget.NewFormItem("Clip slower by", f.slow),
		widget.NewFormItem("Clip frames/s", f.fps),
	}
}

func fmtTime(t model.Time) string {
	return strconv.FormatFloat(t.Seconds(), 'f', -1, 64) + "s"
}

// apply keeps the dialog's choices for the next shot.
func (f *shotForm) apply(s *screenshots) {
	s.what, s.size, s.scale, s.theme = f.what.Selected, f.size.Selected, f.scale.Selected, f.theme.Selected
	s.caption, s.title = f.caption.Selected, f.title.Text
	s.clipFrom, s.clipTo, s.slow, s.fps = f.clipFrom.Text, f.clipTo.Text, f.slow.Selected, f.fps.Selected
}

// ask shows the choices, then saves a PNG, or (the GIF button) a clip of
// the range.
func (s *screenshots) ask() {
	f, items := s.form()
	var d *dialog.FormDialog
	f.gif = widget.NewButton("Save GIF clip of the range", func() {
		f.apply(s)
		d.Hide()
		s.exportClip()
	})
	items = append(items, widget.NewFormItem("", f.gif))
	d = dialog.NewForm("Screenshot", "Save PNG", "Cancel", items, func(ok bool) {
		if ok {
			f.apply(s)
			s.save()
		}
	}, s.u.win)
	// the title has the keyboard: S, a title, Return saves (Return alone
	// saves with the last choices, as S once did without asking)
	f.title.OnSubmitted = func(string) { d.Submit() }
	d.Show()
	s.u.win.Canvas().Focus(f.title)
}

// clipSidecar is the recipe of a clip of the chosen range.
func (s *screenshots) clipSidecar() (*capture.Sidecar, error) {
	if s.what == "window" {
		return nil, fmt.Errorf("a clip shows panes, not the window's widgets: choose the layout or a pane")
	}
	sc, err := s.sidecar()
	if err != nil {
		return nil, err
	}
	from, err1 := time.ParseDuration(s.clipFrom)
	to, err2 := time.ParseDuration(s.clipTo)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("clip from %q to %q: want times such as 1.5s", s.clipFrom, s.clipTo)
	}
	slow, _ := strconv.ParseFloat(s.slow, 64)
	fps, _ := strconv.Atoi(s.fps)
	sc.Clip = &capture.Clip{FromUs: from.Microseconds(), ToUs: to.Microseconds(), Slow: slow, FPS: fps}
	sc.AtUs = max(0, sc.Clip.FromUs)
	return sc, nil
}

// takeClip renders the clip and saves it to path, telling progress. It
// touches nothing of the UI: exportClip runs it off the UI thread.
func takeClip(sc *capture.Sidecar, path string, progress capture.Progress) error {
	data, err := capture.RenderClip(sc, progress)
	if err != nil {
		return err
	}
	return capture.WriteFile(path, data, sc)
}

// clipPath is where a clip of the current choice goes.
func (s *screenshots) clipPath() string {
	name := fmt.Sprintf("lagscope-%s-%s.gif", s.what, time.Now().Format("20060102-150405.000"))
	return filepath.Join(s.dir(), name)
}

// exportClip renders the clip off the UI thread (it replays and draws
// every frame), with its progress in the status line.
func (s *screenshots) exportClip() {
	sc, err := s.clipSidecar()
	if err == nil {
		err = sc.Validate()
	}
	if err != nil {
		dialog.ShowError(err, s.u.win)
		return
	}
	path := s.clipPath()
	go func() {
		err := takeClip(sc, path, func(f float64) {
			fyne.Do(func() { s.u.setStatus(fmt.Sprintf("rendering the clip: %d %%", int(f*100))) })
		})
		fyne.Do(func() {
			if err != nil {
				dialog.ShowError(err, s.u.win)
				return
			}
			s.u.setStatus("saved " + path + " and its sidecar")
		})
	}()
}

func (s *screenshots) dir() string {
	if s.u.opts.ShotDir != "" {
		return s.u.opts.ShotDir
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return os.TempDir()
	}
	return filepath.Join(home, "Pictures", "lagscope")
}

// save takes a screenshot with the last choices (the S key).
func (s *screenshots) save() {
	path, err := s.take()
	if err != nil {
		dialog.ShowError(err, s.u.win)
		return
	}
	s.u.setStatus("saved " + path + " and its sidecar")
}

func (s *screenshots) take() (string, error) {
	name := fmt.Sprintf("lagscope-%s-%s.png", s.what, time.Now().Format("20060102-150405.000"))
	path := filepath.Join(s.dir(), name)
	sc, err := s.sidecar()
	if err != nil {
		return "", err
	}
	s.u.compare.shape(sc, s.what)
	var img *image.RGBA
	if s.what == "window" {
		img, err = s.window(sc)
	} else {
		img, err = capture.Render(sc)
	}
	if err != nil {
		return "", err
	}
	return path, capture.Write(path, img, sc)
}

// sidecar is the recipe of what the window shows now.
func (s *screenshots) sidecar() (*capture.Sidecar, error) {
	u := s.u
	var script tl.Script
	var at int64
	u.withSession(func(ss *tl.Session) { script, at = ss.Script(), int64(ss.Now()) })
	scale := float64(u.win.Canvas().Scale())
	w, h := int(float32(u.paneGrid.Size().Width)*float32(scale)), int(float32(u.paneGrid.Size().Height)*float32(scale))
	if s.size != "window" {
		fmt.Sscanf(s.size, "%dx%d", &w, &h)
		scale = capture.SlideScale(h)
	}
	if s.scale != "auto" {
		if x, err := strconv.ParseFloat(s.scale, 64); err == nil {
			scale = x
		}
	}
	view, layout := "split", u.layout
	if s.what != "layout" && s.what != "window" {
		view = s.what
	}
	if layout == views.LayoutSingle && view == "split" {
		view = string(u.single)
	}
	themeName := s.theme
	if themeName != "dark" && themeName != "light" { // follow the window
		themeName = "dark"
		if u.options().Palette == views.Light {
			themeName = "light"
		}
	}
	sc := &capture.Sidecar{Version: u.opts.Version, Preset: u.preset.Name, Script: script, AtUs: at,
		View: view, Layout: layout, Width: max(w, 64), Height: max(h, 64), Scale: scale, Theme: themeName, Layers: u.layers,
		Title: strings.TrimSpace(s.title), Caption: s.caption, KeyParams: u.preset.KeyParams}
	if u.selected != [16]byte{} {
		sc.Selected = u.selected.String()
	}
	shown := []views.View{views.View(view)}
	if view == "split" {
		shown = views.Views[:4]
		if layout == views.Layout1x2 { // the window's two panes, in its order
			shown = u.viewOrder()[:2]
			sc.Panes = []string{string(shown[0]), string(shown[1])}
		}
	}
	sc.Focus = string(u.sharedFocus(shown))
	if i := u.moments.shown; i >= 0 && u.moments.banner.Visible() {
		// the moment on the banner, said over the panes the capture shows
		names := make([]string, len(shown))
		for k, v := range shown {
			names[k] = string(v)
		}
		sc.Moment = fmt.Sprintf("moment %d: %s", i+1, u.moments.moments[i].Sentence(&moments.Picture{Views: names, Layer: u.layers.On}))
	}
	return sc, nil
}

// sharedFocus is the focus the panes of vs share, for a screenshot's
// sidecar (which holds one for all its panes); when they differ, none,
// and the status line says the capture frames them all.
func (u *UI) sharedFocus(vs []views.View) views.Focus {
	var f views.Focus
	seen := false
	for _, v := range vs {
		p := u.pane(v)
		if p == nil || v.TimeAxis() {
			continue
		}
		if seen && p.focus != f {
			u.setStatus("the panes have different focuses: the screenshot frames each on everything")
			return views.FocusNone
		}
		f, seen = p.focus, true
	}
	return f
}

// window captures the window as it is, title above and caption band
// under it. The sidecar then reproduces the panes, not the widgets.
func (s *screenshots) window(sc *capture.Sidecar) (*image.RGBA, error) {
	return capture.Surround(sc, s.u.win.Canvas().Capture())
}
