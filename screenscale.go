package main

import (
	"math"
	"runtime"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
)

// The screen's video mode is in pixels, a window's size in Fyne's units:
// a unit is canvasScale pixels. Sized in pixels as if they were units, at
// FYNE_SCALE=1.75 on a 1920×1080 screen the window asked 3456×1944 pixels
// and opened past the screen's edges. Fyne computes its scale inside its
// driver, unexported, once the window exists; these mirror its rule
// (internal/driver/glfw scale.go, Fyne 2.7) to size the window before.

// fyneBaselineDPI is the DPI Fyne's driver takes for a scale of 1.
const fyneBaselineDPI = 120.0

// userScale is the scale the user asked for: FYNE_SCALE (a number, or
// "auto"), else Fyne's scale setting, else 1.
func userScale(env string, setting float32) float64 {
	if env != "" && env != "auto" {
		if s, err := strconv.ParseFloat(env, 32); err == nil && s != 0 {
			return s
		}
	}
	if env != "auto" && setting > 0 {
		return float64(setting)
	}
	return 1
}

// detectedScale is the monitor's own scale as Fyne's driver detects it
// on Linux and BSD: its DPI over 120, at least 1 (a DPI beyond 10 to 1000
// is a monitor lying: 1); 1 when FYNE_DISABLE_DPI_DETECTION is set, and
// on macOS and Windows (their scaling is the system's).
func detectedScale(widthMm, widthPx int, disable string) float64 {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" || strings.EqualFold(disable, "true") || strings.EqualFold(disable, "t") || disable == "1" {
		return 1
	}
	if widthMm == 60 { // the Steam Deck's 6 cm square, which Fyne ignores too
		return 1
	}
	dpi := float64(widthPx) / (float64(widthMm) / 25.4)
	if dpi > 1000 || dpi < 10 || math.IsNaN(dpi) {
		dpi = fyneBaselineDPI
	}
	return math.Max(1, dpi/fyneBaselineDPI)
}

// canvasScale is pixels per Fyne unit: the user's scale times the
// monitor's, rounded to a tenth as Fyne rounds it.
func canvasScale(user, detected float64) float64 {
	return math.Round(user*detected*10) / 10
}

// screenUnits is a screen of w × h pixels in Fyne's units at scale.
func screenUnits(w, h int, scale float64) fyne.Size {
	if scale <= 0 {
		scale = 1
	}
	return fyne.NewSize(float32(float64(w)/scale), float32(float64(h)/scale))
}
