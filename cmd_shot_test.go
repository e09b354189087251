package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		{[]string{"shot", "--shot", "100000", "--set", "fire_interval_ms=10000", "--out", out}, "only"},
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
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a rejected shot wrote a file")
	}
}
