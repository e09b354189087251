package app

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// leaves lists where each object of a page lies and how big it is, the
// page walked as retheme walks it.
func leaves(o fyne.CanvasObject) []string {
	var out []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch c := o.(type) {
		case *fyne.Container:
			for _, k := range c.Objects {
				walk(k)
			}
			return
		case *container.Scroll:
			walk(c.Content)
			return
		}
		out = append(out, fmt.Sprintf("%T at %v size %v min %v", o, fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size(), o.MinSize()))
	}
	walk(o)
	return out
}

// A page kept out of the window while hidden is laid out under the
// theme it is shown in: the All keys page shown after a zoom step is the
// page of a window opened at that zoom, object by object (a page left
// with the sizes of the zoom it was last shown at would keep 100 % text
// in a 175 % sidebar, or overflow its rows).
func TestAHiddenPageShowsAtTheCurrentZoom(t *testing.T) {
	const page = "All keys"
	at := func(steps func(u *UI)) []string {
		u, clk := newTestUI(t, "default")
		clk.run(u, 2)
		steps(u)
		u.tabs.show(page)
		u.win.Content().Refresh()
		return leaves(u.tabs.pages[u.tabs.current])
	}
	want := at(func(u *UI) { u.setZoom(1.75) })
	got := at(func(u *UI) {
		u.tabs.show(page) // laid out at 100 %
		u.tabs.show("Network")
		u.setZoom(1.75)
	})
	if len(got) != len(want) {
		t.Fatalf("%d objects, want %d", len(got), len(want))
	}
	bad := 0
	for i := range want {
		if got[i] != want[i] {
			if bad++; bad <= 5 {
				t.Errorf("object %d: %s, want %s", i, got[i], want[i])
			}
		}
	}
	if bad > 5 {
		t.Errorf("… %d objects differ in all", bad)
	}
}

// redText is a theme whose text is red: a change no size shows.
type redText struct{ fyne.Theme }

func (r redText) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameForeground {
		return color.NRGBA{R: 255, A: 255}
	}
	return r.Theme.Color(n, v)
}

// A theme change that moves nothing (a colour) reaches a hidden page too:
// it is refreshed when shown, where a page laid out by its size alone
// would keep the old colour.
func TestAHiddenPageShowsInTheCurrentColours(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 2)
	u.tabs.show("All keys")
	u.tabs.show("Network")
	s := u.app.Settings()
	s.SetTheme(redText{s.Theme()})
	page := u.tabs.pages[u.tabs.current]
	for i, n := range u.tabs.names {
		if n == "All keys" {
			page = u.tabs.pages[i]
		}
	}
	if red, n := redTexts(page); red > n/10 {
		t.Fatalf("%d of %d texts red while the page is hidden: the test cannot tell", red, n)
	}
	u.tabs.show("All keys")
	if red, n := redTexts(page); n < 100 || red < n/2 {
		t.Errorf("%d of %d texts on the All keys page in the new theme's colour", red, n)
	}
}

// redTexts counts the texts drawn in a page and those drawn red.
func redTexts(page fyne.CanvasObject) (red, n int) {
	var texts []*canvas.Text
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch c := o.(type) {
		case *fyne.Container:
			for _, k := range c.Objects {
				walk(k)
			}
		case *container.Scroll:
			walk(c.Content)
		case *canvas.Text:
			texts = append(texts, c)
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(c).Objects() {
				walk(k)
			}
		}
	}
	walk(page)
	for _, tx := range texts {
		if r, g, _, _ := tx.Color.RGBA(); r == 0xffff && g == 0 {
			red++
		}
	}
	return red, len(texts)
}
