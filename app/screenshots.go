package app

import (
	"fmt"
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/views"
	"lagscope/views/capture"
)

// screenshots exports PNGs for design reviews: the panes at window size
// or larger, with a caption band and a sidecar that `lagscope shot --from`
// turns back into the same PNG.
type screenshots struct {
	u    *UI
	what string // "layout", a view name, or "window"
	size string // "window", "1920x1080", "3840x2160"
}

func newScreenshots(u *UI) *screenshots {
	return &screenshots{u: u, what: "layout", size: "window"}
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

// ask shows the choices, then saves.
func (s *screenshots) ask() {
	whats := []string{"layout", "server", "shooter", "target", "overlay", "window"}
	what := widget.NewSelect(whats, nil)
	what.SetSelected(s.what)
	size := widget.NewSelect([]string{"window", "1920x1080", "2560x1440", "3840x2160"}, nil)
	size.SetSelected(s.size)
	items := []*widget.FormItem{
		widget.NewFormItem("Capture", what),
		widget.NewFormItem("Size", size),
		widget.NewFormItem("Folder", widget.NewLabel(s.dir())),
	}
	dialog.ShowForm("Screenshot", "Save", "Cancel", items, func(ok bool) {
		if ok {
			s.what, s.size = what.Selected, size.Selected
			s.save()
		}
	}, s.u.win)
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
	var script lagcomp.Script
	var at int64
	u.withSession(func(ss *lagcomp.Session) { script, at = ss.Script(), int64(ss.Now()) })
	scale := float64(u.win.Canvas().Scale())
	w, h := int(float32(u.paneGrid.Size().Width)*float32(scale)), int(float32(u.paneGrid.Size().Height)*float32(scale))
	if s.size != "window" {
		fmt.Sscanf(s.size, "%dx%d", &w, &h)
		scale = max(1, float64(h)/1000)
	}
	view, layout := "split", u.layout
	if s.what != "layout" && s.what != "window" {
		view = s.what
	}
	if layout == views.LayoutSingle && view == "split" {
		view = string(u.single)
	}
	themeName := "dark"
	if u.options().Palette == views.Light {
		themeName = "light"
	}
	sc := &capture.Sidecar{Version: u.opts.Version, Preset: u.preset.Name, Script: script, AtUs: at,
		View: view, Layout: layout, Width: max(w, 64), Height: max(h, 64), Scale: scale, Theme: themeName, Layers: u.layers}
	if u.selected != [16]byte{} {
		sc.Selected = u.selected.String()
	}
	return sc, nil
}

// window captures the window as it is, with the caption band under it.
// The sidecar then reproduces the panes, not the widgets around them.
func (s *screenshots) window(sc *capture.Sidecar) (*image.RGBA, error) {
	shot := s.u.win.Canvas().Capture()
	b := shot.Bounds()
	band, err := capture.Band(sc, b.Dx())
	if err != nil {
		return nil, err
	}
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()+band.Bounds().Dy()))
	draw.Draw(out, image.Rect(0, 0, b.Dx(), b.Dy()), shot, b.Min, draw.Src)
	draw.Draw(out, image.Rect(0, b.Dy(), b.Dx(), out.Bounds().Dy()), band, image.Point{}, draw.Src)
	return out, nil
}
