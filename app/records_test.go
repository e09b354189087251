package app

import (
	"bytes"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/model"
	"lagscope/presets"
)

// recordsFile writes a preset's run (20 % loss: lost shots too) as `sim
// --json` would, and returns its path and the run.
func recordsFile(t *testing.T, preset string) (string, *lagcomp.Sim) {
	t.Helper()
	p, err := presets.Load(preset)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := p.Config()
	cfg.Up.LossPct, cfg.CmdBackup = 20, 0
	s, err := lagcomp.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(model.MsF(cfg.DurationMs))
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range s.AllShots() {
		enc.Encode(records.Shot(&r))
	}
	sum := s.Summary()
	enc.Encode(records.Summary(s, &sum))
	path := filepath.Join(t.TempDir(), preset+".jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, s
}

// The window's read-only mode on a records file: every shot listed, the
// Overlay draws the one selected, a lost shot is refused with why, and
// the figures are the run's own, those the records do not carry said so.
func TestRecordsWindow(t *testing.T) {
	test.NewTempApp(t)
	path, sim := recordsFile(t, "behind-cover")
	w := test.NewWindow(nil)
	defer w.Close()
	w.Resize(fyne.NewSize(1200, 760))
	rv, err := OpenRecords(w, path)
	if err != nil {
		t.Fatal(err)
	}
	shots := sim.AllShots()
	if rv.list.Length() != len(shots) || len(shots) < 5 {
		t.Fatalf("%d shots listed, the run has %d", rv.list.Length(), len(shots))
	}
	if !strings.Contains(w.Title(), "read-only") {
		t.Errorf("title %q", w.Title())
	}
	lost, judged := -1, -1
	for i := range shots {
		switch {
		case shots[i].Outcome == lagcomp.OutcomeLost && lost < 0:
			lost = i
		case shots[i].HasServerSide() && i > 0:
			judged = i
		}
	}
	if lost < 0 || judged < 0 {
		t.Fatalf("no lost (%d) or judged (%d) shot", lost, judged)
	}
	rv.list.Select(judged)
	if r := rv.Selected(); r == nil || r.ID != shots[judged].ID {
		t.Fatalf("selected %v, want shot %d", r, judged)
	}
	img := rv.draw(600, 400).(*image.RGBA)
	if colours(img) < 20 {
		t.Errorf("the Overlay drew %d colours", colours(img))
	}
	rv.list.Select(lost)
	if r := rv.Selected(); r.ID != shots[judged].ID || !strings.Contains(rv.header.Text, "the server never handled it") {
		t.Errorf("a lost shot: selected %v, header %q", r.Seq, rv.header.Text)
	}
	sum := sim.Summary()
	fig := rv.figures.Text
	for _, want := range []string{"shots = " + itoa(sum.Shots), "shots_lost = " + itoa(sum.ShotsLost), "packets = no value",
		"max_warp_m = no value", "max_warp_m: null, not in the records (the file's own summary line says"} {
		if !strings.Contains(fig, want) {
			t.Errorf("figures have no %q:\n%s", want, fig)
		}
	}
}

// A bad file is an error naming its line and field; the window is left
// as it was.
func TestRecordsWindowRefusesBadFiles(t *testing.T) {
	test.NewTempApp(t)
	path, _ := recordsFile(t, "default")
	b, _ := os.ReadFile(path)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, bytes.Replace(b, []byte(`"outcome":"judged"`), []byte(`"outcome":7`), 1), 0o644)
	w := test.NewWindow(nil)
	defer w.Close()
	if _, err := OpenRecords(w, bad); err == nil || !strings.Contains(err.Error(), bad+`:1: field "outcome": want a string`) {
		t.Fatalf("error %v", err)
	}
	if w.Content() != nil && len(w.Title()) > 0 && strings.Contains(w.Title(), "records") {
		t.Errorf("the window changed: %q", w.Title())
	}
}

// The live window opens a records file beside itself, read-only.
func TestLiveWindowOpensRecords(t *testing.T) {
	u, _ := newTestUI(t, "default")
	path, _ := recordsFile(t, "default")
	rv, err := u.openRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	defer rv.win.Close()
	if rv.Selected() == nil || len(rv.Run.Shots) == 0 {
		t.Fatalf("nothing shown: %+v", rv.Run)
	}
}

func colours(img *image.RGBA) int {
	seen := map[[4]uint8]bool{}
	for i := 0; i+3 < len(img.Pix); i += 4 * 7 {
		seen[[4]uint8(img.Pix[i:i+4])] = true
	}
	return len(seen)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// A file with no shot the server handled (rockets only) opens, says it
// has nothing to draw, and draws nothing that reads as a live run.
func TestRecordsWindowWithNothingToDraw(t *testing.T) {
	test.NewTempApp(t)
	line := `{"type":"projectile","seq":1,"outcome":"never_spawned","fire_ms":1,"server_spawn_ms":null,"rules":["never_spawned"],"spawn_offset_m":0,"max_divergence_m":0,"detonation_distance_m":null}`
	path := filepath.Join(t.TempDir(), "rockets.jsonl")
	os.WriteFile(path, []byte(line+"\n"), 0o644)
	w := test.NewWindow(nil)
	defer w.Close()
	rv, err := OpenRecords(w, path)
	if err != nil {
		t.Fatal(err)
	}
	if rv.Selected() != nil || !strings.Contains(rv.header.Text, "nothing to draw") {
		t.Errorf("selected %v, header %q", rv.Selected(), rv.header.Text)
	}
	if n := colours(rv.draw(300, 200).(*image.RGBA)); n != 1 {
		t.Errorf("drew %d colours with nothing to draw", n)
	}
	if !strings.Contains(rv.figures.Text, "shots_lost = 1") || !strings.Contains(rv.figures.Text, "projectiles = 1") {
		t.Errorf("figures:\n%s", rv.figures.Text)
	}
}
