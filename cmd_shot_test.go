package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		{[]string{"shot", "--view", "sideways", "--out", out}, "view \"sideways\""},
		{[]string{"shot", "--at", "1s", "--shot", "2", "--out", out}, "give one"},
		{[]string{"shot", "--shot", "100000", "--set", "fire_interval_ms=10000", "--out", out}, "allowed: 1 to"},
		{[]string{"shot", "--shot", "0", "--out", out}, "--shot 0: shots are numbered from 1 (allowed: 1 to "},
		{[]string{"shot", "--shot", "-2", "--out", out}, "--shot -2: shots are numbered from 1"},
		{[]string{"shot", "--shot", "1", "--set", "shooter_control=user", "--duration", "1s", "--out", out}, "no shots in its 1s"},
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
