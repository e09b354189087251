package main

import (
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"lagscope/app"
	"lagscope/presets"
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
	// everything that can be checked is checked before the window
	// exists: a GLFW failure after it panics with a trace, not a message
	if *preset != "" {
		if err := checkPreset(*preset); err != nil {
			fmt.Fprintln(stderr, "lagscope:", err)
			return 2
		}
	}
	if err := checkDisplay(os.Getenv); err != nil {
		fmt.Fprintln(stderr, "lagscope:", err)
		return 1
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

// checkPreset loads the preset the window is asked to open and builds its
// configuration, as the window will.
func checkPreset(name string) error {
	p, err := presets.Load(name)
	if err != nil {
		return err
	}
	_, err = p.Config()
	return err
}

// checkDisplay refuses to open the window where there is plainly no
// screen: on Linux and the BSDs GLFW needs an X11 or Wayland display
// and panics without one. Other systems are left to Fyne.
func checkDisplay(getenv func(string) string) error {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
	default:
		return nil
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return fmt.Errorf("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); sim, sweep and shot need none (lagscope --help)")
	}
	return nil
}
