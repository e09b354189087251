package main

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// screenSize is the primary monitor's size in Fyne's units. Fyne has no
// API for it, so it asks GLFW, Fyne's own desktop backend, on the main
// thread before the window exists (Init is a no-op once Fyne has run it).
// The video mode is in pixels; a HiDPI screen gives a window the window
// manager shrinks to fit.
func screenSize() (fyne.Size, bool) {
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
	return fyne.NewSize(float32(vm.Width), float32(vm.Height)), true
}
