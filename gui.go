package main

import (
	_ "embed"
	"flag"
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"lagscope/app"
)

//go:embed Icon.png
var icon []byte

// runGUI opens the window: rymdport's shape, main only makes the app and
// window and hands them to app.Create.
func runGUI(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lagscope", flag.ContinueOnError)
	preset := fs.String("preset", "", "preset to open (default: the last one used)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	a := fyneapp.NewWithID("io.lagscope.app")
	a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	w := a.NewWindow("lagscope")
	if _, err := app.Create(a, w, app.Options{Preset: *preset, Version: Version}); err != nil {
		fmt.Fprintln(stderr, "lagscope:", err)
		return 2
	}
	w.Resize(windowSize(a))
	w.ShowAndRun()
	return 0
}

// windowSize is the size the window opens at: the size it was last
// closed at, else the screen's (a lecture hall's projector), else
// 1280x800.
func windowSize(a fyne.App) fyne.Size {
	if sz, ok := app.WindowSize(a); ok {
		return sz
	}
	if sz, ok := screenSize(); ok {
		return sz
	}
	return fyne.NewSize(1280, 800)
}
