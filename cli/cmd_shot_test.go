package cli

import (
	"bytes"
	"encoding/json"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/views"
	"lagscope/views/capture"
)

// A screenshot's sidecar makes the same PNG again, byte for byte.
func TestShotFromSidecarReproducesThePNG(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "a.png")
	code, _, errs := runCLI("shot", "--preset", "rapid-fire-jitter", "--set", "jitter_ms=25", "--shot", "7",
		"--view", "overlay", "--size", "900x600", "--theme", "light", "--layers", "all", "--out", first)
	if code != 0 {
		t.Fatal(errs)
	}
	again := filepath.Join(dir, "b.png")
	if code, _, errs := runCLI("shot", "--from", strings.TrimSuffix(first, ".png")+".json", "--out", again); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(again)
	if !bytes.Equal(a, b) {
		t.Fatal("the sidecar did not reproduce the PNG")
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil || img.Bounds().Dx() != 900 || img.Bounds().Dy() != 600 {
		t.Fatalf("PNG %v, %v: want 900x600", img.Bounds(), err)
	}
}

// The largest --size needs no --scale: the default follows the height
// within 1 to 8 (it asked for 30 and failed about a --scale never
// given); a --scale given is kept.
func TestShotLargestSizeNeedsNoScale(t *testing.T) {
	for _, tc := range []struct {
		size  string
		scale float64
		given bool
		want  float64
	}{
		{"16384x16384", 0, false, 8}, {"1920x1080", 0, false, 2}, {"640x480", 0, false, 1},
		{"8000x4320", 0, false, 8}, {"8000x9000", 0, false, 8}, {"16384x16384", 2, true, 2},
	} {
		f := shotFlags{size: tc.size, scale: tc.scale, layers: "default", view: "split", layout: "2x2", theme: "dark", caption: "full", at: "1s",
			set: map[string]bool{"size": true, "scale": tc.given}}
		f.run.preset = "default"
		sc, err := sidecarFromFlags(&f)
		if err != nil {
			t.Fatalf("--size %s: %v", tc.size, err)
		}
		if sc.Scale != tc.want {
			t.Errorf("--size %s: scale %v, want %v", tc.size, sc.Scale, tc.want)
		}
		if err := sc.Validate(); err != nil {
			t.Errorf("--size %s: %v", tc.size, err)
		}
	}
}

func TestShotRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"version":"1","width":100,"height":100,"scale":1,"theme":"dark","view":"split","layout":"2x2","extra":1}`), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"shot", "--size", "10x10", "--out", out}, "--size"},
		{[]string{"shot", "--size", "wide", "--out", out}, "--size"},
		{[]string{"shot", "--size", "16385x100", "--out", out}, "each 64 to 16384 (a picture's range)"},
		{[]string{"shot", "--scale", "0", "--out", out}, "--scale 0: want 0.5 to 8"},
		{[]string{"shot", "--scale", "0.4", "--out", out}, "--scale 0.4: want 0.5 to 8"},
		{[]string{"shot", "--scale", "9", "--out", out}, "--scale 9: want 0.5 to 8"},
		{[]string{"shot", "--scale", "NaN", "--out", out}, "--scale NaN: want 0.5 to 8"},
		{[]string{"shot", "--view", "sideways", "--out", out}, "view \"sideways\""},
		{[]string{"shot", "--at", "1s", "--shot", "2", "--out", out}, "give one"},
		{[]string{"shot", "--shot", "100000", "--set", "fire_interval_ms=10000", "--out", out}, "allowed: 1 to"},
		{[]string{"shot", "--shot", "0", "--out", out}, "--shot 0: shots are numbered from 1 (the first shot the server judged)"},
		{[]string{"shot", "--shot", "-2", "--out", out}, "--shot -2: shots are numbered from 1"},
		{[]string{"shot", "--shot", "1", "--set", "shooter_control=user", "--duration", "1s", "--out", out}, "the server judges no shot in the scenario's 1s"},
		{[]string{"shot", "--at", "24h", "--out", out}, "--at \"24h\": want a time from 0 to 1h0m0s (the duration_ms range)"},
		{[]string{"shot", "--at", "-1s", "--out", out}, "--at"},
		{[]string{"shot", "--out", filepath.Join(dir, "x.jpg")}, "name the file .png"},
		{[]string{"shot", "--out", filepath.Join(dir, "x")}, "name the file .png"},
		{[]string{"shot", "--layers", "default,nope", "--out", out}, "unknown layer \"nope\""},
		{[]string{"shot", "--layers", "", "--out", out}, "unknown layer \"\""},
		{[]string{"shot", "--layers", "trail,nope", "--out", out}, "--layers"},
		{[]string{"shot", "--theme", "pink", "--out", out}, "theme"},
		{[]string{"shot"}, "--out is required"},
		{[]string{"shot", "--from", bad, "--out", out}, "unknown field \"extra\""},
		{[]string{"shot", "--from", filepath.Join(dir, "none.json"), "--out", out}, "none.json"},
	}
	for _, tc := range cases {
		code, _, errs := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 { // bad.json alone
		t.Fatalf("a rejected shot wrote a file: %v", ents)
	}
}

// --shot N is the Nth shot judged (1 = the first); its frame is the
// moment that shot was judged.
func TestShotNIsOneBased(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "s.png")
	code, _, errs := runCLI("shot", "--preset", "constant-velocity", "--shot", "1", "--size", "320x200", "--out", out)
	if code != 0 {
		t.Fatal(errs)
	}
	sc, err := capture.Read(capture.SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	_, simOut, _ := runCLI("sim", "--preset", "constant-velocity", "--json")
	var first struct {
		ID      string  `json:"id"`
		JudgedM float64 `json:"judged_ms"`
	}
	json.Unmarshal([]byte(strings.SplitN(simOut, "\n", 2)[0]), &first)
	if sc.Selected != first.ID || float64(sc.AtUs) != first.JudgedM*1000 {
		t.Fatalf("--shot 1 selected %s at %d us; the first shot is %s judged at %v ms", sc.Selected, sc.AtUs, first.ID, first.JudgedM)
	}
	// files are ordinary documents: 0644, not CreateTemp's 0600
	for _, p := range []string{out, capture.SidecarPath(out)} {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, %v; want 0644", p, st.Mode().Perm(), err)
		}
	}
}

// --shot N --view packets captures the shot's whole journey: the moment
// just after the first snapshot sent from its judging tick on reached
// the victim (under 30 % loss shot #1's command is lost and a backup
// delivers it), not the judging instant, when that snapshot has not left.
func TestShotPacketsShowsTheWholeJourney(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "j.png")
	code, _, errs := runCLI("shot", "--set", "loss_pct=30", "--shot", "1", "--view", "packets", "--size", "640x360", "--out", out)
	if code != 0 {
		t.Fatal(errs)
	}
	sc, err := capture.Read(capture.SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	cfg := lagcomp.Defaults()
	cfg.Up.LossPct, cfg.Down.LossPct = 30, 30
	r, err := findShot(cfg, 1, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := lagcomp.New(cfg)
	s.Step(model.Time(sc.AtUs))
	f := s.Frame()
	sp := f.ShotPath(r)
	if sc.Selected != r.ID.String() || sp.Tells < 0 || f.Packets[sp.Tells].Deliver > f.T || model.Time(sc.AtUs) <= r.Judged {
		t.Fatalf("captured at %d us (judged %v) selecting %s: the victim's snapshot %d has not arrived", sc.AtUs, r.Judged, sc.Selected, sp.Tells)
	}
	if f.T-f.Packets[sp.Tells].Deliver > 50*model.Millisecond {
		t.Fatalf("captured %v after the victim was told: want just after", f.T-f.Packets[sp.Tells].Deliver)
	}
}

// --layers is applied left to right: "default,projectile_debug" adds to
// the default set, "-name" takes one away.
func TestLayersAddToTheDefaultSet(t *testing.T) {
	l, err := parseLayers("default,projectile_debug")
	d := views.DefaultLayers()
	if err != nil || !l.ProjectileDebug || !l.ServerNow || !l.Rewound {
		t.Fatalf("default,projectile_debug = %+v, %v", l, err)
	}
	if l, _ := parseLayers("default,-ghosts, labels"); l.Ghosts || !l.Labels || !l.Trail {
		t.Fatalf("default,-ghosts,labels = %+v", l)
	}
	if l, _ := parseLayers("all,-all,trail"); l != (views.Layers{Trail: true}) {
		t.Fatalf("all,-all,trail = %+v", l)
	}
	if l, _ := parseLayers("default"); l != d {
		t.Fatalf("default = %+v", l)
	}
}

// --title and --caption reach the picture and its sidecar, which makes
// the same PNG again; the caption shows the preset's key settings even
// at their defaults.
func TestShotTitleCaptionAndKeySettings(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "slide.png")
	code, _, errs := runCLI("shot", "--preset", "ping-rewind", "--title", "The 1.8 factor", "--caption", "short",
		"--size", "800x450", "--theme", "light", "--out", out)
	if code != 0 {
		t.Fatal(errs)
	}
	sc, err := capture.Read(capture.SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Title != "The 1.8 factor" || sc.Caption != "short" || !slices.Contains(sc.KeyParams, "correction_factor") {
		t.Fatalf("sidecar title %q caption %q key params %v", sc.Title, sc.Caption, sc.KeyParams)
	}
	again := filepath.Join(dir, "again.png")
	if code, _, errs := runCLI("shot", "--from", capture.SidecarPath(out), "--out", again); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(again)
	if !bytes.Equal(a, b) {
		t.Fatal("the sidecar did not reproduce the titled PNG")
	}
	for _, bad := range [][]string{{"--caption", "long"}, {"--title", strings.Repeat("t", 201)}} {
		args := append([]string{"shot", "--size", "400x300", "--out", filepath.Join(dir, "bad.png")}, bad...)
		if code, _, errs := runCLI(args...); code != 2 || !strings.Contains(errs, strings.TrimPrefix(bad[0], "--")) {
			t.Errorf("%v: exit %d %q", bad, code, errs)
		}
	}
}

// A clip: an animated GIF with its sidecar, the same bytes from the same
// command and from the sidecar; frame count and timing as asked.
func TestShotClipGIF(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "clip.gif")
	args := []string{"shot", "--preset", "behind-cover", "--from-time", "2s", "--to-time", "2.5s", "--slow", "4", "--fps", "10",
		"--size", "320x180", "--view", "target", "--caption", "none", "--out", out}
	if code, _, errs := runCLI(args...); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(out)
	g, err := gif.DecodeAll(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 20 || g.Delay[0] != 10 || g.Delay[19] != 10 { // 0.5 s x 4 x 10 fps, 1/10 s each
		t.Fatalf("%d frames, delays %v", len(g.Image), g.Delay)
	}
	args[len(args)-1] = filepath.Join(dir, "clip2.gif")
	runCLI(args...)
	b, _ := os.ReadFile(filepath.Join(dir, "clip2.gif"))
	again := filepath.Join(dir, "again.gif")
	if code, _, errs := runCLI("shot", "--from", filepath.Join(dir, "clip.json"), "--out", again); code != 0 {
		t.Fatal(errs)
	}
	c, _ := os.ReadFile(again)
	if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
		t.Fatal("the same clip gave different bytes")
	}
}

func TestShotClipRejectsBadRanges(t *testing.T) {
	dir := t.TempDir()
	gifOut := filepath.Join(dir, "x.gif")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--from-time", "4s", "--to-time", "2s", "--out", gifOut}, "the end must come after the start"},
		{[]string{"--from-time", "2s", "--to-time", "2h", "--out", gifOut}, "--to-time \"2h\": want a time from 0 to 1h0m0s"},
		{[]string{"--from-time", "0s", "--to-time", "50m", "--out", gifOut}, "allowed 1 to 1000"},
		{[]string{"--from-time", "2s", "--out", gifOut}, "needs both --from-time and --to-time"},
		{[]string{"--from-time", "2s", "--to-time", "3s", "--fps", "30", "--out", gifOut}, "fps 30: want one of"},
		{[]string{"--from-time", "2s", "--to-time", "3s", "--slow", "0", "--out", gifOut}, "slow 0"},
		{[]string{"--from-time", "2s", "--to-time", "3s", "--at", "1s", "--out", gifOut}, "--at and --shot are for one picture"},
		{[]string{"--from-time", "2s", "--to-time", "3s", "--out", filepath.Join(dir, "x.png")}, "name the file .gif"},
		{[]string{"--out", gifOut}, "give --from-time and --to-time"},
		{[]string{"--slow", "2", "--out", filepath.Join(dir, "x.png")}, "--slow and --fps are for a clip"},
	}
	for _, tc := range cases {
		code, _, errs := runCLI(append([]string{"shot"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("a rejected clip wrote %v", ents)
	}
}
