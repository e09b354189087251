package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lagscope/presets"
)

// A caption too tall for the picture gets advice that works when
// followed: the height it names, at the scale it names. Left to follow
// the height, the scale grew the caption with it, and a 1 200-word moment
// asked for 2 292 px, then 10 904, then 36 523, past the largest picture.
// Where no height would do, the message says so and what would.
func TestLongCaptionAdviceWorksWhenFollowed(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "presets", presets.Default+".toml"))
	if err != nil {
		t.Fatal(err)
	}
	words := make([]string, 1200)
	for i := range words {
		words[i] = fmt.Sprintf("word%d", i)
	}
	const first = `{ at_ms = 1500, say = "`
	text := strings.Replace(string(data), first, first+strings.Join(words, " ")+" ", 1)
	if text == string(data) {
		t.Fatalf("the default preset has no %s", first)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "long.toml")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "long.png")
	code, _, errs := runCLI("shot", "--preset", file, "--moment", "1", "--out", out)
	advice := regexp.MustCompile(`give a height of at least (\d+) with --scale ([0-9.]+)`).FindStringSubmatch(errs)
	if code != 2 || advice == nil {
		t.Fatalf("1920x1080: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("shot", "--preset", file, "--moment", "1", "--size", "1920x"+advice[1], "--scale", advice[2], "--out", out); code != 0 {
		t.Fatalf("the advice followed (height %s, scale %s): exit %d: %s", advice[1], advice[2], code, errs)
	}
	code, _, errs = runCLI("shot", "--preset", file, "--moment", "1", "--size", "300x1080", "--out", out)
	if code != 2 || !strings.Contains(errs, "no height up to 16384 holds the caption at this scale and width; give a wider --size, a smaller --scale (from 0.5) or --caption none") {
		t.Fatalf("300x1080: exit %d: %s", code, errs)
	}
}
