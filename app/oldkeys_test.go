package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The window opens a preset that names a key by its old name as the new
// name's, saying so in the status line; the A/B takes old names too.
func TestWindowTakesOldKeyNamesWithANote(t *testing.T) {
	file := filepath.Join(t.TempDir(), "old.toml")
	if err := os.WriteFile(file, []byte("description = \"x\"\nup_burst_loss_pct = 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u, _ := newTestUI(t, file)
	if u.presetCfg.Up.GELossPct != 30 || !strings.Contains(u.status.Text, `"up_burst_loss_pct" is now called "up_ge_loss_pct"`) {
		t.Fatalf("loss %v, status %q", u.presetCfg.Up.GELossPct, u.status.Text)
	}
	u.presetUI.load(file) // the picker's load, as when a file is chosen
	if !strings.Contains(u.status.Text, "loaded") || !strings.Contains(u.status.Text, "up_ge_loss_pct") {
		t.Errorf("picker status %q", u.status.Text)
	}
	ct := u.compare
	ct.changes.SetText("down_burst_loss_pct=20")
	ct.show.SetChecked(true)
	if !ct.pane.Visible() || !strings.Contains(ct.note.Text, "B: down_ge_loss_pct=20") || !strings.Contains(ct.note.Text, `"down_burst_loss_pct" is now called`) {
		t.Errorf("A/B note %q", ct.note.Text)
	}
}
