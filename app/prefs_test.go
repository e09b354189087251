package app

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lagscope/presets"
)

// openOn builds a UI on app a (its preferences carry over from an
// earlier UI on it), as a plain lagscope when preset is "".
func openOn(t *testing.T, a fyne.App, preset string) *UI {
	t.Helper()
	w := test.NewWindow(nil)
	w.Resize(fyne.NewSize(1280, 800))
	clk := &fakeClock{t: time.Unix(1000, 0)}
	u, err := Create(a, w, Options{Preset: preset, Version: "test", Clock: clk.now, NoLoop: true, ShotDir: t.TempDir()})
	if err != nil {
		t.Fatalf("open %q: %v", preset, err)
	}
	t.Cleanup(u.Close)
	return u
}

// drawVisible plays a few frames (the shooter's pane has nothing to draw
// at 0 s), then draws every pane the layout shows, as the window does; it
// returns the last image.
func drawVisible(u *UI) *image.RGBA {
	var img *image.RGBA
	u.Tick(u.lastTick.Add(100 * time.Millisecond))
	for _, p := range u.panes {
		if p.visible {
			img = p.draw(400, 300).(*image.RGBA)
		}
	}
	return img
}

// The last preset is remembered by its absolute path, and only once
// every visible pane has drawn it: one opened by a relative path opens
// again from another directory, and one not yet shown (its drawing hung)
// is not what the next plain lagscope opens.
func TestPresetRememberedOnceShown(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "lecture.toml"), []byte("description = \"a lecture\"\nbias = 0.25\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	a := test.NewTempApp(t)
	u := openOn(t, a, "lecture.toml")
	if got := a.Preferences().String(prefPreset); got != "" {
		t.Fatalf("remembered %q before the window showed it", got)
	}
	var first *Pane
	for _, p := range u.panes {
		if p.visible {
			first = p
			break
		}
	}
	u.Tick(u.lastTick.Add(100 * time.Millisecond))
	first.draw(400, 300)
	if got := a.Preferences().String(prefPreset); got != "" {
		t.Fatalf("remembered %q with one pane drawn", got)
	}
	drawVisible(u)
	want := filepath.Join(dir, "lecture.toml")
	if got := a.Preferences().String(prefPreset); got != want {
		t.Fatalf("remembered %q, want the absolute %q", got, want)
	}

	// another preset picked but not yet drawn: the shown one stays
	u.presetUI.sel.SetSelected("zeroping")
	if got := a.Preferences().String(prefPreset); got != want {
		t.Fatalf("remembered %q before zeroping was drawn", got)
	}
	u.presetUI.sel.SetSelected("file: lecture.toml")
	drawVisible(u)

	// a plain lagscope in another directory opens it again
	t.Chdir(t.TempDir())
	again := openOn(t, a, "")
	if again.preset.File != want || again.config().Bias != 0.25 {
		t.Fatalf("plain lagscope opened %q (bias %v), want %q", again.preset.File, again.config().Bias, want)
	}
	// an embedded preset is remembered by its name
	again.presetUI.sel.SetSelected("zeroping")
	drawVisible(again)
	if got := a.Preferences().String(prefPreset); got != "zeroping" {
		t.Fatalf("remembered %q, want zeroping", got)
	}
}

// A remembered preset that is gone or no longer opens: a plain lagscope
// shows the default, draws it, and says why in the status line.
func TestRememberedPresetThatFailsOpensTheDefault(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "broken.toml")
	if err := os.WriteFile(bad, []byte("latency_ms = 99999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, pref := range map[string]string{
		"gone":     filepath.Join(t.TempDir(), "gone.toml"),
		"invalid":  bad,
		"relative": "lecture.toml", // an older lagscope's, from elsewhere
	} {
		t.Run(name, func(t *testing.T) {
			a := test.NewTempApp(t)
			a.Preferences().SetString(prefPreset, pref)
			u := openOn(t, a, "")
			if u.preset.Name != presets.Default {
				t.Fatalf("opened %q, want the default", u.preset.Name)
			}
			if !strings.Contains(u.status.Text, "last preset did not open") || !strings.Contains(u.status.Text, pref) {
				t.Fatalf("status %q does not say why %q did not open", u.status.Text, pref)
			}
			if img := drawVisible(u); colours(img) < 3 {
				t.Fatalf("the default drew %d colours", colours(img))
			}
			if got := a.Preferences().String(prefPreset); got != presets.Default {
				t.Fatalf("remembered %q once the default was shown", got)
			}
		})
	}
}
