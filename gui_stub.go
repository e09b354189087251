package main

import (
	"fmt"
	"io"
)

// runGUI opens the window; until the desktop app lands it explains how to
// run the simulation headless instead.
func runGUI(stderr io.Writer) int {
	fmt.Fprint(stderr, "lagscope: the window is not built yet; run a scenario headless:\n\n"+usage)
	return 2
}
