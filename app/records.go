package app

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/views"
)

// RecordsView is the window's read-only mode: a records file — `sim
// --json`'s lines, or an engine's in the same format
// (docs/records.schema.json) — shown without a simulation behind it.
// The shot list, the Overlay of the selected shot (drawn from its record
// alone), and the summary's figures recomputed from the records, a
// figure the records do not carry shown as "no value" with why. Nothing
// in it can change the records: no sliders, no timeline.
type RecordsView struct {
	Run     *records.Run
	Summary records.RecordsSummary

	win      fyne.Window
	list     *widget.List
	raster   *canvas.Raster
	figures  *widget.Label
	header   *widget.Label
	img      *image.RGBA
	r        *views.Renderer
	selected int // index in Run.Shots; -1: none with a server side
}

// OpenRecords reads a records file into w as a RecordsView. A file that
// cannot be read is an error naming the file, line and field, before
// anything is shown.
func OpenRecords(w fyne.Window, path string) (*RecordsView, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	run, err := records.Read(f, path)
	if err != nil {
		return nil, err
	}
	rv := &RecordsView{Run: run, Summary: run.Summarize(), win: w, r: views.NewRenderer(), selected: -1}
	for i := range run.Shots {
		if run.Shots[i].HasServerSide() {
			rv.selected = i
			break
		}
	}
	rv.build()
	w.SetTitle("lagscope — records: " + filepath.Base(path) + " (read-only)")
	return rv, nil
}

func (rv *RecordsView) build() {
	rv.list = widget.NewList(
		func() int { return len(rv.Run.Shots) },
		func() fyne.CanvasObject {
			head := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			body := widget.NewLabel("")
			head.Truncation, body.Truncation = fyne.TextTruncateEllipsis, fyne.TextTruncateEllipsis
			return container.NewVBox(head, body)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			head, body := recordLines(&rv.Run.Shots[id], rv.Run.ShotLines[id])
			labels := o.(*fyne.Container).Objects
			labels[0].(*widget.Label).SetText(head)
			labels[1].(*widget.Label).SetText(body)
		},
	)
	rv.list.OnSelected = func(id widget.ListItemID) { rv.Select(id) }
	rv.raster = canvas.NewRaster(rv.draw)
	rv.raster.SetMinSize(fyne.NewSize(480, 320)) // readable, and the split gives it its share
	rv.header = widget.NewLabel("")
	rv.header.Wrapping = fyne.TextWrapWord
	rv.figures = widget.NewLabel(rv.figuresText())
	rv.figures.TextStyle.Monospace = true
	rv.figures.Wrapping = fyne.TextWrapWord // a long note (the packet counts) must not widen the side
	rv.header.SetText(rv.headerText())
	tabs := container.NewAppTabs(
		container.NewTabItem("Shots", rv.list),
		container.NewTabItem("Figures", container.NewVScroll(rv.figures)),
	)
	split := container.NewHSplit(rv.raster, tabs)
	split.Offset = 0.68
	rv.win.SetContent(container.NewBorder(rv.header, nil, nil, nil, split))
	if rv.selected >= 0 {
		rv.list.Select(rv.selected)
	}
}

// Select shows shot i (an index into Run.Shots) in the Overlay. A shot
// the server never handled (lost, in flight) has no rewind to draw: the
// header says so and the Overlay keeps the last shot drawn.
func (rv *RecordsView) Select(i int) {
	if i < 0 || i >= len(rv.Run.Shots) {
		return
	}
	if !rv.Run.Shots[i].HasServerSide() {
		r := &rv.Run.Shots[i]
		rv.header.SetText(fmt.Sprintf("%s\nshot #%d (line %d) was %s: the server never handled it, so there is no rewind to draw",
			rv.fileLine(), r.Seq, rv.Run.ShotLines[i], r.Outcome))
		return
	}
	rv.selected = i
	rv.header.SetText(rv.headerText())
	rv.raster.Refresh()
}

// Selected is the shot the Overlay draws, nil for none.
func (rv *RecordsView) Selected() *lagcomp.ShotRecord {
	if rv.selected < 0 {
		return nil
	}
	return &rv.Run.Shots[rv.selected]
}

func (rv *RecordsView) fileLine() string {
	return fmt.Sprintf("read-only: %s — %d shots, %d projectiles", rv.Run.File, len(rv.Run.Shots), len(rv.Run.Projectiles))
}

func (rv *RecordsView) headerText() string {
	r := rv.Selected()
	if r == nil {
		return rv.fileLine() + "\nno shot the server handled: nothing to draw"
	}
	return fmt.Sprintf("%s\nshot #%d, line %d of the file", rv.fileLine(), r.Seq, rv.Run.ShotLines[rv.selected])
}

// draw is the raster's generator: the Overlay of the selected record.
func (rv *RecordsView) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if rv.img == nil || rv.img.Bounds().Dx() != w || rv.img.Bounds().Dy() != h {
		rv.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	o := views.Options{Layers: views.DefaultLayers(), Palette: views.Dark, Scale: 1}
	if fyne.CurrentApp() != nil && fyne.CurrentApp().Settings().ThemeVariant() == theme.VariantLight {
		o.Palette = views.Light
	}
	if lw := rv.raster.Size().Width; lw > 0 {
		// device pixels per logical one (HiDPI), within what a screen
		// can be: a raster not laid out yet must not ask for giant text
		o.Scale = math.Max(1, math.Min(4, float64(w)/float64(lw)))
	}
	r := rv.Selected()
	if r == nil { // nothing to draw (the header says so): no "waiting for a shot" from a file
		draw.Draw(rv.img, rv.img.Bounds(), image.NewUniform(o.Palette.Background), image.Point{}, draw.Src)
		return rv.img
	}
	f, o := views.RecordFrame(*r, rv.Run.File, o)
	rv.r.Pane(rv.img, f, views.ViewOverlay, o)
	return rv.img
}

// figuresText is the summary recomputed from the records, one figure a
// line, then what the records do not carry and why.
func (rv *RecordsView) figuresText() string {
	var b strings.Builder
	for _, f := range rv.Summary.Figures() {
		v := "no value"
		if f.Value != nil {
			v = records.Field(f.Value)
		}
		fmt.Fprintf(&b, "%s = %s\n", f.Name, v)
	}
	if notes := rv.Summary.Notes(rv.Run.OwnSummary); len(notes) > 0 {
		b.WriteString("\nno value from the records:\n")
		for _, n := range notes {
			b.WriteString("  " + n + "\n")
		}
	}
	return b.String()
}

// recordLines are a record's two rows in the list: the shot list's own,
// and the line of the file it came from.
func recordLines(r *lagcomp.ShotRecord, line int) (string, string) {
	head, body := shotLines(r)
	if body == "" {
		return head, fmt.Sprintf("line %d", line)
	}
	return head, fmt.Sprintf("%s · line %d", body, line)
}

// openRecordsDialog asks for a records file and opens it in a window of
// its own, read-only, beside the live one.
func (u *UI) openRecordsDialog() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil || rc == nil {
			return
		}
		path := rc.URI().Path()
		rc.Close()
		if _, err := u.openRecords(path); err != nil {
			dialog.ShowError(err, u.win)
		}
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".jsonl", ".json", ".ndjson", ".txt"}))
	d.Show()
}

// openRecords opens a records file in a new window.
func (u *UI) openRecords(path string) (*RecordsView, error) {
	w := u.app.NewWindow("lagscope — records")
	rv, err := OpenRecords(w, path)
	if err != nil {
		w.Close()
		return nil, err
	}
	w.Resize(fyne.NewSize(1200, 760))
	w.Show()
	return rv, nil
}
