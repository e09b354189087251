package app

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/presets"
)

// presetPicker chooses a scenario, shows what it is for and what to look
// for, and saves the current settings as the user's own preset.
type presetPicker struct {
	u       *UI
	box     fyne.CanvasObject
	sel     *selector
	about   *widget.Label
	syncing bool
}

// userDir is where saved presets live.
func userDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "lagscope", "presets")
}

func newPresetPicker(u *UI) *presetPicker {
	pp := &presetPicker{u: u}
	pp.sel = u.newSelect(pp.names(), func(name string) {
		if pp.syncing {
			return
		}
		pp.load(name)
	})
	pp.about = widget.NewLabel("")
	pp.about.Wrapping = fyne.TextWrapWord
	save := widget.NewButtonWithIcon("Save as…", theme.DocumentSaveIcon(), pp.u.browserless("Save preset", saveInstead, pp.askSave))
	// the description scrolls in at most aboutLines lines: at a class's
	// zoom it ran to ten and pushed the tabs off the bottom
	about := container.New(&capHeight{lines: aboutLines}, container.NewVScroll(pp.about))
	pp.box = container.NewVBox(container.NewBorder(nil, nil, widget.NewLabel("Preset"), save, pp.sel), about)
	pp.sync()
	return pp
}

// names are the embedded presets, then the user's ("mine: NAME"), then
// the preset in use if it is a file from elsewhere ("file: PATH", as
// `lagscope --preset PATH` opens it): the selector shows what is loaded,
// never its "(Select one)" placeholder.
func (pp *presetPicker) names() []string {
	names := presets.Names()
	files, _ := filepath.Glob(filepath.Join(userDir(), "*.toml"))
	for _, f := range files {
		names = append(names, mine+strings.TrimSuffix(filepath.Base(f), ".toml"))
	}
	if cur := presetLabel(pp.u.preset); !slices.Contains(names, cur) {
		names = append(names, cur)
	}
	return names
}

// The selector's prefixes for presets that are files.
const (
	mine    = "mine: " // saved in userDir
	another = "file: " // any other file, by its path
)

// presetLabel is the selector's name for p: its name if embedded, "mine:
// NAME" if saved in userDir, else "file: PATH".
func presetLabel(p *presets.Preset) string {
	switch {
	case p.File == "presets/"+p.Name+".toml" && slices.Contains(presets.Names(), p.Name):
		return p.Name
	case filepath.Dir(p.File) == userDir():
		return mine + p.Name
	}
	return another + p.File
}

func (pp *presetPicker) load(name string) {
	path := name
	if rest, ok := strings.CutPrefix(name, mine); ok {
		path = filepath.Join(userDir(), rest+".toml")
	} else if rest, ok := strings.CutPrefix(name, another); ok {
		path = rest
	}
	p, err := presets.Load(path)
	if err == nil {
		err = pp.u.usePreset(p)
	}
	if err != nil {
		dialog.ShowError(err, pp.u.win)
		pp.sync()
		return
	}
	pp.u.setStatus(strings.Join(append([]string{"preset " + p.Name + " loaded"}, p.Notes...), " · "))
	pp.u.publish()
	pp.u.refresh()
	pp.u.controls.sync()
	pp.sync()
}

func (pp *presetPicker) sync() {
	p := pp.u.preset
	pp.syncing = true
	name := presetLabel(p)
	if !slices.Contains(pp.sel.Options, name) {
		pp.sel.Options = pp.names()
		pp.sel.Refresh()
	}
	pp.sel.SetSelected(name)
	pp.syncing = false
	text := p.Description
	if p.LookFor != "" {
		text += "\nLook for: " + p.LookFor
	}
	pp.about.SetText(text)
}

var presetName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,39}$`)

// askSave asks for a name and a description, then saves atomically.
func (pp *presetPicker) askSave() {
	name, desc := widget.NewEntry(), widget.NewEntry()
	name.SetPlaceHolder("my-scenario")
	name.Validator = func(s string) error {
		if !presetName.MatchString(s) {
			return fmt.Errorf("1-40 of a-z, 0-9, - and _")
		}
		return nil
	}
	desc.SetText(pp.u.preset.Description + " (modified)")
	items := []*widget.FormItem{widget.NewFormItem("Name", name), widget.NewFormItem("Description", desc)}
	dialog.ShowForm("Save preset", "Save", "Cancel", items, func(ok bool) {
		if ok {
			pp.save(name.Text, desc.Text)
		}
	}, pp.u.win)
}

// save saves the current settings as the user's preset name; a file of
// that name already there is replaced only once the user says so (what
// is saved is the settings and preset of when Save was pressed).
func (pp *presetPicker) save(name, desc string) {
	if !presetName.MatchString(name) {
		pp.u.setStatus("not saved: a preset name is 1-40 of a-z, 0-9, - and _")
		return
	}
	cfg, from := pp.u.config(), pp.u.preset
	path := filepath.Join(userDir(), name+".toml")
	if _, err := os.Lstat(path); err != nil { // nothing there (or nothing readable: writing says why)
		pp.write(path, desc, from, &cfg)
		return
	}
	ask := dialog.NewConfirm("Replace preset?", fmt.Sprintf("%s already exists.\nReplace it with the current settings?", path), func(yes bool) {
		if !yes {
			pp.u.setStatus("not saved: " + path + " kept as it was")
			return
		}
		pp.write(path, desc, from, &cfg)
	}, pp.u.win)
	ask.SetConfirmText("Replace")
	ask.SetDismissText("Keep it")
	ask.Show()
}

// write saves cfg, changed from preset from, to path atomically
// (presets.Save).
func (pp *presetPicker) write(path, desc string, from *presets.Preset, cfg *lagcomp.Config) {
	if err := presets.Save(path, desc, from.LookFor, cfg, from.KeyParams...); err != nil {
		dialog.ShowError(err, pp.u.win)
		return
	}
	pp.sel.Options = pp.names()
	pp.sel.Refresh()
	pp.u.setStatus("saved " + path)
}

// aboutLines is how many lines of the preset's description show before
// it scrolls.
const aboutLines = 4

// capHeight asks for its content's height up to lines lines of text (at
// the current text size and zoom), so a long text scrolls in a band of
// that height rather than grow the window.
type capHeight struct {
	lines int
	// zoomedLines, when set, is the cap once the window's zoom makes the
	// text half as large again as Fyne's (from 150 %): a 1280×800 laptop
	// at 175 % has no room for more under the panes
	zoomedLines int
	// atLeast, when set, is a height the band never goes under (the
	// metrics strip: both rows of figures of an A/B)
	atLeast func() float32
}

func (c *capHeight) MinSize(objs []fyne.CanvasObject) fyne.Size {
	lines := c.lines
	if c.zoomedLines > 0 && theme.TextSize() >= 1.5*baseTextSize {
		lines = c.zoomedLines
	}
	cap := float32(lines)*(theme.TextSize()*1.3+theme.LineSpacing()) + 2*theme.InnerPadding()
	if c.atLeast != nil {
		cap = max(cap, c.atLeast())
	}
	s := fyne.NewSize(0, 0)
	for _, o := range objs {
		in := o
		if sc, ok := o.(*container.Scroll); ok { // the scrolled content's own height
			in = sc.Content
		}
		s = s.Max(fyne.NewSize(o.MinSize().Width, min(in.MinSize().Height, cap)))
	}
	return s
}

func (c *capHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// baseTextSize is Fyne's default text size, the window's zoom 1.
const baseTextSize = 14
