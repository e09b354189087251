package cli

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updatePicture = flag.Bool("update-picture", false, "redraw the README's picture in docs/ from its command")

// The picture at the top of the README is drawn by the command printed
// under it: this runs it, checks the PNG has the size asked for and that
// the README shows it; -update-picture writes it to docs/.
func TestREADMEPictureComesFromItsCommand(t *testing.T) {
	t.Chdir("..") // the README's paths are the repository's
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- picture: run by TestREADMEPictureComesFromItsCommand -->")
	if !ok {
		t.Fatal("README.md lost its picture command")
	}
	_, block, _ := strings.Cut(rest, "```sh\n")
	line, _, _ := strings.Cut(block, "\n")
	args := shellWords(line)
	if len(args) < 3 || args[0] != "lagscope" || args[1] != "shot" {
		t.Fatalf("picture command %q", line)
	}
	args = args[1:]
	var doc, size string
	for i := range args {
		switch args[i] {
		case "--out":
			doc = args[i+1]
			if !*updatePicture {
				args[i+1] = filepath.Join(t.TempDir(), "picture.png")
			}
		case "--size":
			size = args[i+1]
		}
	}
	if !strings.HasPrefix(doc, "docs/") || !strings.Contains(string(readme), "]("+doc+")") {
		t.Fatalf("the README does not show %q", doc)
	}
	code, _, errs := runCLI(args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", line, code, errs)
	}
	out := args[len(args)-1]
	for i := range args {
		if args[i] == "--out" {
			out = args[i+1]
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	w, h, _ := parseSize(size)
	if err != nil || img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Fatalf("%s: %v, want %s", line, err, size)
	}
	if len(data) > 400<<10 {
		t.Errorf("%s is %d KiB: keep the README's picture small", doc, len(data)>>10)
	}
	if committed, err := os.ReadFile(doc); err != nil {
		t.Errorf("%v (run go test ./cli -run READMEPicture -update-picture)", err)
	} else if !bytes.Equal(committed, data) {
		// not an error: the simulation or the views may have changed
		// under the picture; say how to redraw it
		t.Logf("%s is stale; run go test ./cli -run READMEPicture -update-picture and look at it", doc)
	}
}
