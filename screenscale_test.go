package main

import (
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
)

// The window opens at the screen's size in Fyne's units: at FYNE_SCALE
// 1.75 on a 1920×1080 screen (96 DPI, detected 1) Fyne draws 1.8 pixels
// a unit (it rounds to a tenth), so 1067×600 units, 1920×1080 pixels,
// where the pixels taken as units asked 3456×1944; at 1.25 on 1280×800,
// 1.3: 985×615.
func TestTheWindowOpensNoLargerThanTheScreen(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the monitor's detected scale is Linux's rule")
	}
	for _, c := range []struct {
		env          string
		setting      float32
		w, h, mm     int
		disable      string
		scale        float64
		wantW, wantH float32
	}{
		{"1.75", 0, 1920, 1080, 508, "", 1.8, 1920 / 1.8, 1080 / 1.8},
		{"1.25", 0, 1280, 800, 339, "", 1.3, 1280 / 1.3, 800 / 1.3},
		{"", 0, 1920, 1080, 508, "", 1, 1920, 1080},
		{"auto", 2, 1920, 1080, 508, "", 1, 1920, 1080},
		{"", 1.5, 1920, 1080, 508, "", 1.5, 1280, 720},
		{"1.5", 0, 3840, 2160, 600, "", 2, 1920, 1080}, // a 163 DPI screen: detected 1.35, times 1.5 is 2.03: 2.0
		{"1.5", 0, 3840, 2160, 600, "1", 1.5, 2560, 1440},
		{"", 0, 1920, 1080, 0, "", 1, 1920, 1080}, // no physical size: the baseline
	} {
		s := canvasScale(userScale(c.env, c.setting), detectedScale(c.mm, c.w, c.disable))
		got := screenUnits(c.w, c.h, s)
		if s != c.scale {
			t.Errorf("FYNE_SCALE %q, setting %v, %d px on %d mm: scale %v, want %v", c.env, c.setting, c.w, c.mm, s, c.scale)
		}
		if want := fyne.NewSize(c.wantW, c.wantH); got != want {
			t.Errorf("FYNE_SCALE %q on %d×%d: window %v units, want %v", c.env, c.w, c.h, got, want)
		}
		if px := got.Width * float32(s); px > float32(c.w)+0.5 {
			t.Errorf("FYNE_SCALE %q: the window is %v pixels wide on a %d-pixel screen", c.env, px, c.w)
		}
	}
}
