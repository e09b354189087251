// Command lagscope is a visual debugger for the netcode of multiplayer
// shooters. Without arguments it opens the window; its subcommands run
// the same simulation headless. The command line is package cli, which
// builds without cgo; main adds the window (gui.go), which needs Fyne's
// driver.
package main

import (
	"os"

	"lagscope/cli"
	"lagscope/internal/fynelocale" // before Fyne's init: see the package
)

// init runs after every package's init, Fyne's included: the locale
// fynelocale hid from Fyne goes back to what the user set.
func init() { fynelocale.Restore() }

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr, openWindow))
}
