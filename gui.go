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
	w.Resize(fyne.NewSize(1280, 800))
	w.ShowAndRun()
	return 0
}
