package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shot --view netgraph draws the net graph alone and as a split's pane
// (a 2×2 slide at 1280×720); a view that is not one is refused naming
// every view, the net graph among them.
func TestShotNetGraph(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--view", "netgraph"},
		{"--panes", "netgraph,server,shooter,overlay"},
	} {
		out := filepath.Join(dir, "ng.png")
		code, _, errs := runCLI(append([]string{"shot", "--preset", "lossy-victim", "--at", "3s", "--size", "1280x720", "--out", out}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != 1280 || img.Bounds().Dy() != 720 {
			t.Fatalf("%v: %v, %v", args, err, img.Bounds())
		}
	}
	code, _, errs := runCLI("shot", "--view", "netgrap", "--out", filepath.Join(dir, "x.png"))
	if code != 2 || !strings.Contains(errs, "duel or netgraph") {
		t.Errorf("--view netgrap: exit %d: %s", code, errs)
	}
}
