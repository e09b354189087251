package cli

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var updateSlides = flag.Bool("update-slides", false, "redraw docs/slides/ from the README's topic commands")

// Each README topic command draws its slide as it is written, at the
// 1920×1080 a projector shows: the test runs every one (the topic
// table's rows, topicMoments) and holds the picture to its golden in
// docs/slides/ (PRESET-mN.png, looked at from the back of a hall when
// written). -update-slides redraws them, as after a change to the views.
func TestREADMETopicSlides(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every topic's slide")
	}
	dir := t.TempDir()
	for _, m := range topicMoments(t) {
		name := fmt.Sprintf("%s-m%d", m.preset, m.n)
		out := filepath.Join(dir, name+".png")
		if code, _, errs := runCLI("shot", "--preset", m.preset, "--moment", fmt.Sprint(m.n), "--out", out); code != 0 {
			t.Errorf("%s: exit %d: %s", m.command(), code, errs)
			continue
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 1920 || b.Dy() != 1080 {
			t.Errorf("%s: %dx%d, want 1920x1080", m.command(), b.Dx(), b.Dy())
		}
		path := filepath.Join("..", "docs", "slides", name+".png")
		if *updateSlides {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (go test ./cli -run READMETopicSlides -update-slides draws it)", m.command(), err)
			continue
		}
		wantImg, err := png.Decode(bytes.NewReader(want))
		if err != nil {
			t.Fatal(err)
		}
		if !samePixels(img, wantImg) {
			failed := filepath.Join(os.TempDir(), "lagscope-slide-"+name+".png")
			os.WriteFile(failed, got, 0o644)
			t.Errorf("%s draws otherwise than %s (drawn: %s; -update-slides redraws the goldens, look at them)", m.command(), path, failed)
		}
	}
}

// samePixels reports whether two pictures have the same size and pixels.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
