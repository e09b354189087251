package chart

import (
	"fmt"
	"image/color"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// No caption line runs off the picture at any size: a variants line
// naming five variants' changes is wider than a 1920-pixel slide at
// its type size, and is wrapped between words. Each picture's caption
// band leaves its right margin (the last 20 pixels) bare, at 640, 1280
// and 1920 pixels wide.
func TestCaptionLinesFitThePicture(t *testing.T) {
	axis, err := sweep.VariantAxis([]string{"timestamp:mode=timestamp", "source:mode=source,source_window_ms=100",
		"ping18:mode=ping,correction_factor=1.8", "ping14:mode=ping,correction_factor=1.4,interp_ms=50",
		"capped:mode=timestamp,max_rewind_ms=120,interp_ms=50,jitter_ms=10"})
	if err != nil {
		t.Fatal(err)
	}
	g := &sweep.Grid{Preset: "peekers-advantage", Base: lagcomp.Defaults(), Vary: []sweep.Vary{axis}, Seeds: 3}
	var rows []sweep.Row
	for _, v := range axis.Values {
		for s := uint64(1); s <= 3; s++ {
			rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{v}, Seed: s},
				Figures: []records.Figure{{Name: "false_hits", Value: int(s)}}})
		}
	}
	tab := sweep.NewTable(g.Vary, rows)
	caption := append(g.Caption(), sweep.SpreadCaption(g.Vary))
	for _, size := range [][2]int{{640, 360}, {1280, 720}, {1920, 1080}} {
		w, h := size[0], size[1]
		img, _, err := Render(tab, Options{Metrics: []string{"false_hits"}, Width: w, Height: h, Caption: caption, Spread: true})
		if err != nil {
			t.Fatal(err)
		}
		// the band: from the bottom up, as long as the left margin is its colour
		band := color.RGBAModel.Convert(Light.Band).(color.RGBA)
		top := h - 1
		for top > 0 && img.RGBAAt(2, top-1) == band {
			top--
		}
		if h-top < 3*30*h/1080 {
			t.Fatalf("%dx%d: no caption band found (top at %d)", w, h, top)
		}
		for y := top; y < h; y++ {
			for x := w - 20*h/1080 - 1; x < w; x++ {
				if img.RGBAAt(x, y) != band {
					t.Fatalf("%dx%d: the caption reaches the right edge at %d,%d (%v)", w, h, x, y, fmt.Sprint(img.RGBAAt(x, y)))
				}
			}
		}
	}
}
