package cli

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
	"lagscope/views"
	"lagscope/views/capture"
)

// shot --records draws a shot from its record alone as the Overlay draws
// the run's own record of it: the picture from the file and the one from
// the run's ShotRecord (in a frame holding it alone) differ in no pixel
// by more than antialiasing of a micrometre could make them.
func TestShotFromRecordsIsTheRunsShot(t *testing.T) {
	drawn := 0
	for _, preset := range []string{"zeroping", "behind-cover", "teleport-no-reset"} {
		drawn += shotsFromRecords(t, preset)
	}
	if drawn < 12 {
		t.Fatalf("only %d shots drawn", drawn)
	}
}

// shotsFromRecords draws eight shots spread over a preset's run (seed 2,
// 20 % loss) from its records and from the run, and compares them: a
// pose printed to a micrometre and a millionth of a degree moves an
// antialiased edge by a few levels in a few pixels, never more.
func shotsFromRecords(t *testing.T, preset string) (drawn int) {
	dir := t.TempDir()
	records := filepath.Join(dir, preset+".jsonl")
	_, lines, _ := runCLI("sim", "--json", "--preset", preset, "--seed", "2", "--set", "loss_pct=20")
	os.WriteFile(records, []byte(lines), 0o644)
	p, err := presets.Load(preset)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := p.Config()
	cfg.Seed, cfg.Up.LossPct, cfg.Down.LossPct = 2, 20, 20
	sim, err := lagcomp.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sim.Step(model.MsF(cfg.DurationMs))
	shots := sim.AllShots()
	for n := 1; n <= len(shots); n += max(1, len(shots)/8) {
		out := filepath.Join(dir, "s.png")
		code, _, errs := runCLI("shot", "--records", records, "--shot", strconv.Itoa(n), "--view", "overlay", "--size", "640x400", "--out", out)
		if !shots[n-1].HasServerSide() {
			if code != 2 || !strings.Contains(errs, "the server never handled it") {
				t.Errorf("%s shot %d (%s): exit %d, %q", preset, n, shots[n-1].Outcome, code, errs)
			}
			continue
		}
		if code != 0 {
			t.Fatalf("%s shot %d: exit %d: %s", preset, n, code, errs)
		}
		got := readPNG(t, out)
		want := runsOverlay(shots[n-1], records, views.DefaultLayers())
		if off, worst := pixelDiff(got, want); off > 640*400/200 || worst > 8 {
			// a label's glyphs snap to whole pixels: a micrometre across
			// a half-pixel moves its text by one. Then everything but the
			// labels (the labels and gap layers) must still agree as
			// closely, and the labels differ in no more pixels than one
			// label holds.
			code, _, errs := runCLI("shot", "--records", records, "--shot", strconv.Itoa(n), "--view", "overlay", "--size", "640x400", "--layers", "default,-labels,-gap", "--out", out)
			if code != 0 {
				t.Fatalf("%s shot %d without labels: exit %d: %s", preset, n, code, errs)
			}
			l := views.DefaultLayers()
			l.Labels, l.Gap = false, false
			if bare, bareWorst := pixelDiff(readPNG(t, out), runsOverlay(shots[n-1], records, l)); bare > 640*400/200 || bareWorst > 8 || off > 400 {
				t.Errorf("%s shot %d: %d pixels differ, by up to %d (without labels %d, by up to %d)", preset, n, off, worst, bare, bareWorst)
			}
		}
		drawn++
	}
	return drawn
}

// runsOverlay draws the run's own record of a shot as shot --records
// draws one: the Overlay of a frame holding it alone.
func runsOverlay(r lagcomp.ShotRecord, records string, layers views.Layers) *image.RGBA {
	want := image.NewRGBA(image.Rect(0, 0, 640, 400))
	o := views.Options{Layers: layers, Scale: capture.SlideScale(400), Palette: views.Dark}
	f, o := views.RecordFrame(r, records, o)
	views.NewRenderer().Pane(want, f, views.ViewOverlay, o)
	return want
}

// Bad requests to shot --records are refused with what to give instead.
func TestShotFromRecordsRefuses(t *testing.T) {
	dir := t.TempDir()
	records := filepath.Join(dir, "r.jsonl")
	_, lines, _ := runCLI("sim", "--json", "--preset", "default", "--duration", "3s")
	os.WriteFile(records, []byte(lines), 0o644)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(regexp.MustCompile(`"fire_ms":[0-9.]+`).ReplaceAllString(lines, `"fire_ms":"x"`)), 0o644)
	out := filepath.Join(dir, "o.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shot", "1", "--view", "server"}, `--view "server": a record holds one shot's poses`},
		{[]string{"--view", "overlay"}, "give --shot N"},
		{[]string{"--shot", "99", "--view", "overlay"}, "--shot 99: " + records + " has"},
		{[]string{"--shot", "1", "--view", "overlay", "--preset", "default"}, "--preset has nothing to act on"},
		{[]string{"--shot", "1", "--view", "overlay", "--theme", "pink"}, `--theme "pink"`},
	} {
		args := append([]string{"shot", "--records", records, "--out", out}, c.args...)
		if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errs, c.want)
		}
	}
	if code, _, errs := runCLI("shot", "--records", bad, "--shot", "1", "--view", "overlay", "--out", out); code != 2 || !strings.Contains(errs, bad+`:1: field "fire_ms": want a number`) {
		t.Errorf("a bad file: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI("records", filepath.Join(dir, "none.jsonl")); code != 2 || !strings.Contains(errs, "none.jsonl") {
		t.Errorf("no file: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI("records", bad, "--summary"); code != 2 || !strings.Contains(errs, bad+`:1: field "fire_ms"`) {
		t.Errorf("records of a bad file: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI("records", "--csv", "--summary", records); code != 2 || !strings.Contains(errs, "give one") {
		t.Errorf("two outputs: exit %d, %q", code, errs)
	}
	if code, out, errs := runCLI("records", records, "--notes"); code != 0 || !strings.Contains(out, "shots_fired = ") || !strings.Contains(out, "packets = null") || !strings.Contains(errs, "packets: null") {
		t.Errorf("the table: exit %d, %q, %q", code, out, errs)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// pixelDiff is how many pixels differ and the largest channel difference.
func pixelDiff(a, b image.Image) (n, worst int) {
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > 0 {
				n++
				worst = max(worst, d)
			}
		}
	}
	return n, worst
}

func absDiff(a, b uint32) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
