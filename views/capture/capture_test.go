package capture

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/views"
)

func sidecar() *Sidecar {
	c := lagcomp.Defaults()
	return &Sidecar{Version: "t", Preset: "default", Script: lagcomp.Script{Base: lagcomp.ConfigMap(&c)},
		AtUs: 2_000_000, View: "split", Layout: views.Layout2x2, Width: 800, Height: 500, Scale: 1, Theme: "dark", Layers: views.DefaultLayers()}
}

func TestRenderIsExactSizeAndWriteReadsBack(t *testing.T) {
	sc := sidecar()
	img, err := Render(sc)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 800 || img.Bounds().Dy() != 500 {
		t.Fatalf("size %v", img.Bounds())
	}
	path := filepath.Join(t.TempDir(), "a.png")
	if err := Write(path, img, sc); err != nil {
		t.Fatal(err)
	}
	back, err := Read(SidecarPath(path))
	if err != nil || back.AtUs != sc.AtUs || back.View != "split" {
		t.Fatalf("%+v %v", back, err)
	}
	band, err := Band(sc, 640)
	if err != nil || band.Bounds().Dx() != 640 || band.Bounds().Dy() < 20 {
		t.Fatalf("band %v %v", band.Bounds(), err)
	}
}

func TestBadSidecarsNameTheField(t *testing.T) {
	cases := []struct {
		edit func(*Sidecar)
		want string
	}{
		{func(s *Sidecar) { s.Width = 10 }, "width/height"},
		{func(s *Sidecar) { s.Scale = 0 }, "scale"},
		{func(s *Sidecar) { s.Theme = "pink" }, "theme"},
		{func(s *Sidecar) { s.View = "x" }, "view"},
		{func(s *Sidecar) { s.Layout = "3x3" }, "layout"},
		{func(s *Sidecar) { s.AtUs = -1 }, "at_us"},
		{func(s *Sidecar) { s.Selected = "nope" }, "selected"},
		{func(s *Sidecar) { s.Height = 70; s.Scale = 4 }, "caption band"},
		{func(s *Sidecar) { s.Script.Base["up_ms"] = "-3" }, "up_ms"},
	}
	for _, tc := range cases {
		sc := sidecar()
		tc.edit(sc)
		if _, err := Render(sc); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want %q, got %v", tc.want, err)
		}
	}
	path := filepath.Join(t.TempDir(), "x.json")
	os.WriteFile(path, []byte("{not json"), 0o644)
	if _, err := Read(path); err == nil || !strings.Contains(err.Error(), "x.json") {
		t.Fatalf("got %v", err)
	}
}
