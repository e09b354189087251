package webtest

import (
	"image"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lagscope/app"
	"lagscope/internal/weblink"
)

// desktop draws the pane the desktop window shows in the state the
// browser test leaves the page (the link opened, then key 3: the Server
// pane alone, paused at the link's moment) at the page's pane's size in
// pixels, px: the desktop's drawing of the same pane.
func desktop(t *testing.T, px image.Rectangle) (image.Image, stats) {
	t.Helper()
	l, err := weblink.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	a := test.NewTempApp(t)
	w := test.NewWindow(nil)
	w.Resize(fyne.NewSize(1280, 800))
	at := time.Unix(1000, 0)
	u, err := app.Create(a, w, app.Options{Preset: l.Preset, Version: "test", NoLoop: true, Clock: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	u.OpenLink(l)
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.Key3})
	img := u.DrawPane(px.Dx(), px.Dy())
	st := u.Stats()
	return img, stats{Panes: st.Panes, SimS: st.Shown.Seconds(), Paused: st.Paused, Layout: st.Layout, Dark: st.Dark,
		Pane: [4]float64{float64(st.PaneAt.X), float64(st.PaneAt.Y), float64(st.PaneSize.Width), float64(st.PaneSize.Height)}}
}
