// Package app is lagscope's window: panes, controls, timeline, presets
// and screenshots, in Fyne. It holds no simulation logic: it drives a
// Session (lagcomp/timeline) and draws its frames with views. It imports
// Fyne's widgets but not Fyne's app package, so it builds and tests without cgo;
// main creates the app and window and calls Create.
package app

import _ "lagscope/internal/fynelocale" // keeps Fyne quiet under LANG=C.UTF-8 (see the package)
