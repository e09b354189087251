package app

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lagscope/views"
)

// At 175 % on a 1920×1080 projector the four panes of a 2×2 draw their
// text and lines at the whole zoom, as a pane alone does: with 360×240
// of room asked of each they stayed at 100 % (13 px text).
func TestZoomReachesTheFourPanes(t *testing.T) {
	u, clk := newTestUI(t, "default")
	u.win.Resize(fyne.NewSize(1920, 1080))
	clk.run(u, 5)
	u.setLayout(views.Layout2x2, views.ViewServer)
	u.setZoom(1.75)
	u.win.Content().Refresh()
	for _, v := range views.Views[:4] {
		p := u.pane(v)
		if z := p.textZoom(); z != 1.75 {
			t.Errorf("%s pane of %v at 175 %%: text zoom %v", v, p.Size(), z)
		}
		if px := p.scale(600); math.Abs(p.options(600).Scale-1.75*px) > 1e-9 {
			t.Errorf("%s pane: drawn at scale %v, want 1.75 × %v", v, p.options(600).Scale, px)
		}
	}
}

// Every check box of the Scene tab keeps its words inside the sidebar,
// wrapped onto more lines, at 175 % on 1280×800 (the long ones ran past
// the sidebar's edge, cut); a click on the words ticks the box.
func TestSceneCheckBoxesWrapInsideTheSidebar(t *testing.T) {
	u, clk := newTestUI(t, "default")
	u.win.Resize(fyne.NewSize(1280, 800))
	clk.run(u, 5)
	u.setZoom(1.75)
	u.tabs.show("Scene")
	u.win.Content().Refresh()
	d := fyne.CurrentApp().Driver()
	side := d.AbsolutePositionForObject(u.side)
	right := side.X + u.side.Size().Width
	var texts []*checkText
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *checkText:
			texts = append(texts, w)
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(w.Content)
		}
	}
	walk(u.controls.scene)
	if len(texts) < 10 {
		t.Fatalf("the Scene tab has %d check boxes' words, want its 10 or more", len(texts))
	}
	long, one := 0, widget.NewLabel("M").MinSize().Height // one line's height
	for _, tx := range texts {
		at := d.AbsolutePositionForObject(tx)
		if end := at.X + tx.Size().Width; end > right+0.5 {
			t.Errorf("%q ends at x %v, past the sidebar's right edge %v", tx.Text, end, right)
		}
		if tx.Size().Height > 1.5*one {
			long++
		}
	}
	if long == 0 {
		t.Errorf("no check box's words wrap at 175 %% on 1280×800")
	}
	tx := texts[len(texts)-1]
	was := tx.chk.Checked
	tx.Tapped(&fyne.PointEvent{})
	if tx.chk.Checked == was {
		t.Errorf("a click on %q did not tick its box", tx.Text)
	}
}

// The lecture frame's three panes fit beside the sidebar on the screens
// of a hall, in Fyne's units: 1280×800 at FYNE_SCALE 1.25 (Fyne draws
// 1.3: 985×615) and 1920×1080 at 1.75 (1.8: 1067×600). At three panes'
// least width they pushed the sidebar off a 1280×800 screen.
func TestLectureFrameFitsTheScreen(t *testing.T) {
	for _, sz := range []fyne.Size{fyne.NewSize(1280/1.3, 800/1.3), fyne.NewSize(1920/1.8, 1080/1.8)} {
		u, clk := newTestUI(t, "default")
		u.win.Resize(sz)
		clk.run(u, 5)
		u.setLayout(views.LayoutRow, views.ViewServer)
		u.win.Content().Refresh()
		if min := u.win.Content().MinSize(); min.Width > sz.Width || min.Height > sz.Height {
			t.Errorf("the lecture frame needs %v of a %v screen", min, sz)
		}
		if u.loadPrefs(); u.layout != views.LayoutRow { // the next start opens it again
			t.Errorf("the lecture frame remembered as %q", u.layout)
		}
	}
}
