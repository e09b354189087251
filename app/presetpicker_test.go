package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lagscope/presets"
)

// Save as… with the name of a preset already saved asks first: the file
// is unchanged until the user says Replace, and "Keep it" keeps it.
func TestSaveAsAsksBeforeReplacing(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	u, _ := newTestUI(t, "default")
	u.presetUI.save("mine-x", "first")
	path := filepath.Join(userDir(), "mine-x.toml")
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("first save: %v (status %q)", err, u.status.Text)
	}
	if n := len(u.win.Canvas().Overlays().List()); n != 0 {
		t.Fatalf("a new name asked (%d dialogs)", n)
	}
	u.control("bias").setSlider(0.5)
	unchanged := func(when string) {
		t.Helper()
		if now, _ := os.ReadFile(path); string(now) != string(before) {
			t.Fatalf("%s: the file changed:\n%s", when, now)
		}
	}
	answer := func(button string) {
		t.Helper()
		u.presetUI.save("mine-x", "second")
		unchanged("before an answer")
		top := u.win.Canvas().Overlays().Top()
		if top == nil {
			t.Fatal("no question before replacing " + path)
		}
		var named bool
		var tap *widget.Button
		walk(top, func(o fyne.CanvasObject) {
			switch w := o.(type) {
			case *widget.Label:
				named = named || strings.Contains(w.Text, path)
			case *widget.Button:
				if w.Text == button {
					tap = w
				}
			}
		})
		if !named || tap == nil {
			t.Fatalf("the question: names the file %v, has %q %v", named, button, tap != nil)
		}
		test.Tap(tap)
	}
	answer("Keep it")
	unchanged("after Keep it")
	if !strings.Contains(u.status.Text, "not saved") {
		t.Fatalf("status %q", u.status.Text)
	}
	answer("Replace")
	p, err := presets.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := p.Config(); err != nil || c.Bias != 0.5 || p.Description != "second" {
		t.Fatalf("replaced: bias %v, %q, %v", c.Bias, p.Description, err)
	}
	if left, _ := filepath.Glob(filepath.Join(userDir(), ".*tmp*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}
