package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --layout row draws the lecture frame (target, server, shooter at one
// scale) and its sidecar draws it again byte for byte; three panes are
// its cells, and an unknown layout names row among the allowed.
func TestShotLayoutRow(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "row.png")
	code, _, errs := runCLI("shot", "--preset", "default", "--set", "target_control=user", "--at", "3s", "--layout", "row", "--size", "960x540", "--out", out)
	if code != 0 {
		t.Fatal(errs)
	}
	again := filepath.Join(dir, "again.png")
	if code, _, errs := runCLI("shot", "--from", filepath.Join(dir, "row.json"), "--out", again); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(again)
	side, _ := os.ReadFile(filepath.Join(dir, "row.json"))
	if !bytes.Equal(a, b) || !bytes.Contains(side, []byte(`"layout": "row"`)) {
		t.Fatalf("the sidecar did not keep the row, or did not make the same PNG:\n%s", side)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--layout", "row", "--panes", "server,target"}, "layout row shows 3 pane(s), 2 given"},
		{[]string{"--layout", "column"}, `layout "column": want 2x2, 1x2, single or row`},
	} {
		code, _, errs := runCLI(append([]string{"shot", "--preset", "default", "--size", "320x200", "--out", filepath.Join(dir, "x.png")}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
