package main

import (
	_ "embed"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"lagscope/app"
	"lagscope/cli"
)

//go:embed Icon.png
var icon []byte

// openWindow opens the window on a preset, or read-only on a records file: rymdport's shape, main only
// makes the app and window and hands them to app.Create. cli.Run has
// checked the flags, the preset and the display before.
func openWindow(open cli.Window) error {
	a := fyneapp.NewWithID("io.lagscope.app")
	a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	w := a.NewWindow("lagscope")
	if open.Records != "" { // read-only: the records alone, no simulation
		if _, err := app.OpenRecords(w, open.Records); err != nil {
			return err
		}
		w.Resize(fyne.NewSize(1280, 800))
		w.ShowAndRun()
		return nil
	}
	if _, err := app.Create(a, w, app.Options{Preset: open.Preset, Version: cli.Version}); err != nil {
		return err
	}
	w.Resize(windowSize(a))
	w.ShowAndRun()
	return nil
}

// windowSize is the size the window opens at: the size it was last
// closed at, else the screen's (a lecture hall's projector), else
// 1280x800.
func windowSize(a fyne.App) fyne.Size {
	if sz, ok := app.WindowSize(a); ok {
		return sz
	}
	if sz, ok := screenSize(a); ok {
		return sz
	}
	return fyne.NewSize(1280, 800)
}
