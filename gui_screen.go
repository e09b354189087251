package main

import (
	"os"

	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// screenSize is the primary monitor's size in Fyne's units. Fyne has no
// API for it, so it asks GLFW, Fyne's own desktop backend, on the main
// thread before the window exists (Init is a no-op once Fyne has run it).
// The video mode is in pixels: divided by the scale Fyne will draw at
// (screenscale.go), FYNE_SCALE's and the monitor's.
func screenSize(a fyne.App) (fyne.Size, bool) {
	if err := glfw.Init(); err != nil {
		return fyne.Size{}, false
	}
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return fyne.Size{}, false
	}
	vm := m.GetVideoMode()
	if vm == nil || vm.Width < 640 || vm.Height < 400 {
		return fyne.Size{}, false
	}
	mm, _ := m.GetPhysicalSize()
	scale := canvasScale(userScale(os.Getenv("FYNE_SCALE"), a.Settings().Scale()), detectedScale(mm, vm.Width, os.Getenv("FYNE_DISABLE_DPI_DETECTION")))
	return screenUnits(vm.Width, vm.Height, scale), true
}
