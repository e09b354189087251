package capture

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"lagscope/views"
)

// writeSidecar writes sc's sidecar alone and returns its text and path.
func writeSidecar(t *testing.T) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.png")
	if err := WriteFile(path, picture(1), sidecar()); err != nil {
		t.Fatal(err)
	}
	os.Remove(path) // the recipe alone
	b, err := os.ReadFile(SidecarPath(path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b), SidecarPath(path)
}

// A key written twice in a sidecar is an error naming the key and both
// lines (the last silently won), at the top and inside the script.
func TestSidecarKeyTwiceIsAnError(t *testing.T) {
	text, path := writeSidecar(t)
	for _, c := range []struct{ from, to, want string }{
		{`  "at_us": 2000000,`, `  "at_us": 2000000,` + "\n" + `  "at_us": 9000000,`, `key "at_us" is given twice (first on line`},
		{`      "latency_reduction_ms": "0",`, `      "latency_reduction_ms": "0",` + "\n" + `      "latency_reduction_ms": "50",`, `key "script.base.latency_reduction_ms" is given twice`},
	} {
		if !strings.Contains(text, c.from) {
			t.Fatalf("%q not in %s", c.from, text)
		}
		edited := strings.Replace(text, c.from, c.to, 1)
		os.WriteFile(path, []byte(edited), 0o644)
		lines := strings.Split(edited, "\n")
		second := 0
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), strings.TrimSpace(strings.Split(c.to, "\n")[1])) {
				second = i + 1
			}
		}
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), path+":"+strconv.Itoa(second)+": ") {
			t.Errorf("%s twice: error %v, want %s:%d: … %s", c.from, err, path, second, c.want)
		}
	}
}

// A sidecar without layers draws with the default layers, with a note
// (it drew every layer off); one giving some layers takes the others from
// the defaults.
func TestSidecarWithoutLayersDrawsTheDefaults(t *testing.T) {
	_, path := writeSidecar(t)
	editSidecar(t, path, func(m map[string]any) { delete(m, "layers") })
	sc, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Layers != views.DefaultLayers() || len(sc.Notes) != 1 || !strings.Contains(sc.Notes[0], "no layers: drawn with the default layers") {
		t.Errorf("layers %+v, notes %q", sc.Layers, sc.Notes)
	}
	editSidecar(t, path, func(m map[string]any) { m["layers"] = map[string]any{"trail": false} })
	sc, err = Read(path)
	if err != nil {
		t.Fatal(err)
	}
	want := views.DefaultLayers()
	want.Trail = false
	if sc.Layers != want || len(sc.Notes) != 1 || !strings.Contains(sc.Notes[0], "rewound=true") {
		t.Errorf("layers %+v, notes %q", sc.Layers, sc.Notes)
	}
}

// A sidecar claiming another version is drawn and captioned as the
// version drawing it, with a note naming the sidecar's (a 0.2.0 picture
// was captioned "lagscope 9.9.9").
func TestSidecarVersionIsTheDrawers(t *testing.T) {
	sc := sidecar()
	sc.Version = "9.9.9"
	note := sc.DrawnBy("0.2.0")
	if !strings.Contains(note, `written by lagscope "9.9.9"; drawn and captioned by lagscope 0.2.0`) {
		t.Errorf("note %q", note)
	}
	if head := captionLines(sc, mustFrame(t, sc))[0]; !strings.HasPrefix(head, "lagscope 0.2.0 ·") {
		t.Errorf("caption %q", head)
	}
	if sc.DrawnBy("0.2.0") != "" {
		t.Error("a note for the same version")
	}
}
