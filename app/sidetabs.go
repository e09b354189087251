package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// sideTabs are the sidebar's tabs, every one always shown and labelled:
// their buttons sit in rows of sideTabColumns over the page they show.
// Fyne's AppTabs puts the tabs that do not fit its one row under an
// unlabelled "…" (at 1920×1080 that hid Sweep, A/B and All keys).
type sideTabs struct {
	box     fyne.CanvasObject
	names   []string
	buttons []*widget.Button
	pages   []fyne.CanvasObject
	current int
	// stage holds the shown page alone: a hidden page out of the window's
	// tree costs nothing when the theme changes (Fyne lays out and
	// re-measures every object in the tree, hidden or not, and the All
	// keys page's wrapped hints made each zoom step of a class's A+ take
	// seconds). A page shown again is laid out and refreshed by Fyne
	// then, in the theme of that moment.
	stage *fyne.Container
}

// sideTabColumns is the buttons per row: three rows of three keep the
// widest label whole in a sidebar a quarter of a 1280-wide window.
const sideTabColumns = 3

func newSideTabs(items ...*container.TabItem) *sideTabs {
	t := &sideTabs{}
	bar := container.NewGridWithColumns(sideTabColumns)
	for i, it := range items {
		i := i
		b := widget.NewButton(it.Text, func() { t.selectIndex(i) })
		t.names = append(t.names, it.Text)
		t.buttons = append(t.buttons, b)
		t.pages = append(t.pages, it.Content)
		bar.Add(b)
	}
	t.stage = container.New(everyPage{t.pages})
	t.box = container.NewBorder(container.NewVBox(bar, widget.NewSeparator()), nil, nil, nil, t.stage)
	t.selectIndex(0)
	return t
}

// everyPage stacks the pages as Fyne's stack does, but asks no width of
// its own and the height of the tallest page, hidden or shown: the
// sidebar keeps the width the tab buttons and the split give it whatever
// tab is shown (it widened with a page of long check boxes, and the tab
// buttons moved from under the cursor: a click landed on the wrong tab;
// at 175 % the widest page pushed the window past the screen). A page
// wider than the sidebar is cut at its right edge instead. It holds
// every page; the stage it lays out holds the shown one.
type everyPage struct{ pages []fyne.CanvasObject }

func (e everyPage) MinSize([]fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range e.pages {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}

func (everyPage) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// selectIndex shows page i and marks its button.
func (t *sideTabs) selectIndex(i int) {
	t.current = i
	t.stage.Objects = []fyne.CanvasObject{t.pages[i]}
	t.stage.Refresh()
	for k, b := range t.buttons {
		if k == i {
			b.Importance = widget.HighImportance
			t.pages[k].Show()
		} else {
			b.Importance = widget.MediumImportance
			t.pages[k].Hide()
		}
		b.Refresh()
	}
}

// show selects the tab named name.
func (t *sideTabs) show(name string) {
	for i, n := range t.names {
		if n == name {
			t.selectIndex(i)
		}
	}
}
