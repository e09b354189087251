package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"lagscope/presets"
)

// OpenWindow opens the window on a preset (the last one used when
// preset is "") and returns when the user closes it; or, given a records
// file, the window's read-only mode on it. An error is one the window
// found before showing itself. Package main passes its own: the window
// needs Fyne's driver, and so cgo, which this package does not.
type OpenWindow func(w Window) error

// Window is what the window is asked to open.
type Window struct {
	Preset  string // preset name or file; "": the last one used
	Records string // a records file to show read-only; "": none
}

// window is `lagscope [--preset NAME|FILE]`: everything that can be
// checked is checked before the window exists, since a GLFW failure
// after it panics with a trace, not a message.
func window(args []string, stdout, stderr io.Writer, open OpenWindow) int {
	fs := flag.NewFlagSet("lagscope", flag.ContinueOnError)
	preset := fs.String("preset", "", "preset to open (default: the last one used)")
	recs := fs.String("records", "", "a records file (sim --json, or an engine's lines in that format) to open read-only: its shots, the Overlay, the figures")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if *recs != "" {
		if *preset != "" {
			fmt.Fprintln(stderr, "lagscope: --records opens a records file read-only, with no simulation: --preset has nothing to act on")
			return 2
		}
		if _, err := readRecords(*recs); err != nil {
			fmt.Fprintln(stderr, "lagscope:", err)
			return 2
		}
	}
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
	if err := open(Window{Preset: *preset, Records: *recs}); err != nil {
		fmt.Fprintln(stderr, "lagscope:", err)
		return 2
	}
	return 0
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
