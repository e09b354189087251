package capture

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
)

func sidecar() *Sidecar {
	c := lagcomp.Defaults()
	return &Sidecar{Version: "t", Preset: "default", Script: timeline.Script{Base: lagcomp.ConfigMap(&c)},
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
	sc.Title = "Window"
	win, err := Surround(sc, image.NewRGBA(image.Rect(0, 0, 640, 400)))
	if err != nil || win.Bounds().Dx() != 640 || win.Bounds().Dy() != 400+views.NewRenderer().TitleHeight(sc.Title, 640, 1)+views.NewRenderer().CaptionHeight(captionLines(sc, mustFrame(t, sc)), 640, 1) {
		t.Fatalf("window capture %v %v", win.Bounds(), err)
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

func mustFrame(t *testing.T, sc *Sidecar) *lagcomp.Frame {
	t.Helper()
	f, err := frameAt(sc.Script, model.Time(sc.AtUs), nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The caption shows the preset's key settings even at their defaults;
// short keeps them and counts the rest; none draws no band.
func TestCaptionModesAndKeySettings(t *testing.T) {
	sc := sidecar()
	c := lagcomp.Defaults()
	c.CorrectionFactor, c.Bias = 1.8, 0.5
	sc.Script.Base = lagcomp.ConfigMap(&c)
	sc.KeyParams = []string{"correction_factor", "interp_ms"}
	f := mustFrame(t, sc)
	def := lagcomp.Defaults()
	interp := "interp_ms " + strconv.FormatFloat(def.InterpMs, 'f', -1, 64) // a default, shown anyway
	full := strings.Join(captionLines(sc, f), "\n")
	for _, want := range []string{"key settings: correction_factor 1.8 · " + interp, "other settings: bias=0.5", "lagscope t · preset default"} {
		if !strings.Contains(full, want) {
			t.Errorf("full caption lacks %q:\n%s", want, full)
		}
	}
	sc.Caption = CaptionShort
	short := captionLines(sc, f)
	if len(short) != 2 || !strings.Contains(short[1], "correction_factor 1.8") || !strings.Contains(short[1], "+1 other settings") {
		t.Errorf("short caption: %q", short)
	}
	// any key, a shorthand too: network is shown by its profile
	sc.Caption = CaptionFull
	net := lagcomp.Defaults()
	lagcomp.Apply(&net, []lagcomp.Setting{{Key: "network", Value: "regional-p50"}})
	sc.Script.Base, sc.KeyParams = lagcomp.ConfigMap(&net), []string{"network", "mode"}
	if err := sc.check(); err != nil {
		t.Fatalf("key_params network: %v", err)
	}
	if got := strings.Join(captionLines(sc, mustFrame(t, sc)), "\n"); !strings.Contains(got, "key settings: network regional-p50 · mode ") {
		t.Errorf("key_params network: %s", got)
	}
	sc.Script.Base, sc.KeyParams = lagcomp.ConfigMap(&c), []string{"correction_factor", "interp_ms"}
	sc.Caption = CaptionNone
	if got := captionLines(sc, f); got != nil {
		t.Errorf("caption none: %q", got)
	}
	img, err := Render(sc)
	if err != nil || img.Bounds().Dy() != 500 {
		t.Fatalf("caption none: %v %v", img.Bounds(), err)
	}
}

// A title is drawn in a band above the panes; the band's pixels differ
// from the untitled picture there only.
func TestTitleBandAbovePanes(t *testing.T) {
	sc := sidecar()
	plain, err := Render(sc)
	if err != nil {
		t.Fatal(err)
	}
	sc.Title = "Why compensate?"
	titled, err := Render(sc)
	if err != nil {
		t.Fatal(err)
	}
	top := views.NewRenderer().TitleHeight(sc.Title, sc.Width, sc.Scale)
	textPx := 0
	for y := 0; y < top; y++ {
		for x := 0; x < 300; x++ {
			if titled.RGBAAt(x, y) != (color.RGBA{0x16, 0x18, 0x1d, 0xff}) && titled.RGBAAt(x, y) != (color.RGBA{0x26, 0x29, 0x30, 0xff}) {
				textPx++
			}
		}
	}
	if textPx < 50 {
		t.Fatalf("no title text drawn (%d pixels)", textPx)
	}
	if bytes.Equal(plain.Pix, titled.Pix) {
		t.Fatal("the title changed nothing")
	}
	for _, bad := range []string{strings.Repeat("x", MaxTitle+1), "two\nlines"} {
		sc.Title = bad
		if _, err := Render(sc); err == nil || !strings.Contains(err.Error(), "title") {
			t.Errorf("title %q: %v", bad, err)
		}
	}
	sc.Title, sc.Caption = "", "long"
	if _, err := Render(sc); err == nil || !strings.Contains(err.Error(), "caption \"long\"") {
		t.Errorf("caption long: %v", err)
	}
}

func clipSidecar() *Sidecar {
	sc := sidecar()
	sc.Width, sc.Height = 320, 200
	sc.Clip = &Clip{FromUs: 2_000_000, ToUs: 2_400_000, Slow: 2, FPS: 10}
	return sc
}

// A clip has (to-from) x slow x fps frames of 100/fps hundredths each,
// the legend's colours exactly in its palette, and the same bytes every
// time it is made.
func TestClipFramesTimingAndDeterminism(t *testing.T) {
	sc := clipSidecar()
	var heard []float64
	data, err := RenderClip(sc, func(f float64) { heard = append(heard, f) })
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// 0.4 s x 2 x 10 fps; progress through the framing pass, then the drawing
	if len(g.Image) != 8 || len(heard) != 16 || heard[15] != 1 || !slices.IsSorted(heard) {
		t.Fatalf("%d frames, progress %v; want 8, heard 16 times up to 1", len(g.Image), heard)
	}
	for i, d := range g.Delay {
		if d != 10 {
			t.Fatalf("frame %d shows %d cs, want 10", i, d)
		}
	}
	if g.LoopCount != 0 || g.Image[0].Bounds().Dx() != 320 || g.Image[0].Bounds().Dy() != 200 {
		t.Fatalf("loop %d, size %v", g.LoopCount, g.Image[0].Bounds())
	}
	pal := g.Image[0].Palette
	for _, c := range []color.NRGBA{views.ClientRed, views.ServerBlue, views.TrailGrey, views.TraceYellw, views.AuthGreen, views.FakeMagnta, views.VictimOrange} {
		want := color.RGBA{c.R, c.G, c.B, 0xff}
		if pal[pal.Index(want)] != want {
			t.Errorf("legend colour %v is not in the palette exactly", c)
		}
	}
	// every frame, shown over the ones before it as a player shows it, is
	// the clip's picture at its time: nearly every pixel exact, none far
	fm, err := clipFraming(sc, sc.Clip.Times(), nil)
	if err != nil {
		t.Fatal(err)
	}
	shown := image.NewRGBA(image.Rect(0, 0, 320, 200))
	i := 0
	err = sc.Script.ReplayEach(sc.Clip.Times(), func(_ int, s *lagcomp.Sim) error {
		want, err := drawFramed(views.NewRenderer(), sc, s.Frame(), fm)
		if err != nil {
			return err
		}
		fr := g.Image[i]
		draw.Draw(shown, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		exact, worst, ghosts := 0, 0, 0
		for y := 0; y < 200; y++ {
			for x := 0; x < 320; x++ {
				a, b := shown.RGBAAt(x, y), want.RGBAAt(x, y)
				if a == b {
					exact++
				} else if pal[pal.Index(b)] == b {
					ghosts++ // a colour the palette holds, shown as another: what was there before
				}
				d := func(u, v uint8) int { return (int(u) - int(v)) * (int(u) - int(v)) }
				worst = max(worst, d(a.R, b.R)+d(a.G, b.G)+d(a.B, b.B))
			}
		}
		// (anti-aliased text edges are the inexact ones: a 320×200 clip
		// is mostly header, notes and legend text, wrapped rather than
		// cut; the worst is a blend between two palette entries)
		if exact < 320*200*85/100 || worst > 3*48*48 || ghosts > 0 {
			t.Errorf("frame %d: only %d of %d pixels keep their colour, the worst %.0f levels off, %d the palette holds shown as another",
				i, exact, 320*200, math.Sqrt(float64(worst)), ghosts)
		}
		i++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(g.Image[0].Pix, g.Image[7].Pix) {
		t.Error("first and last frames are the same: nothing moved")
	}
	again, err := RenderClip(clipSidecar(), nil)
	if err != nil || !bytes.Equal(data, again) {
		t.Fatalf("the same clip twice gave different bytes (%v)", err)
	}
	want := []model.Time{2_000_000, 2_050_000, 2_100_000, 2_150_000, 2_200_000, 2_250_000, 2_300_000, 2_350_000}
	if got := sc.Clip.Times(); !slices.Equal(got, want) {
		t.Fatalf("frame times %v", got)
	}
}

func TestBadClipsNameTheLimit(t *testing.T) {
	cases := []struct {
		edit func(*Clip)
		want string
	}{
		{func(c *Clip) { c.ToUs = c.FromUs - 1 }, "the end must come after the start"},
		{func(c *Clip) { c.ToUs = c.FromUs }, "the end must come after the start"},
		{func(c *Clip) { c.ToUs = int64(MaxTime()) + 1 }, "the duration_ms range"},
		{func(c *Clip) { c.FromUs = -1 }, "the duration_ms range"},
		{func(c *Clip) { c.FPS = 30 }, "want one of [1 2 4 5 10 20 25 50]"},
		{func(c *Clip) { c.Slow = 0 }, "slow 0: must be 0.1 to 100"},
		{func(c *Clip) { c.ToUs = c.FromUs + 60_000_000; c.FPS = 50 }, "allowed 1 to 1000"},
		{func(c *Clip) { c.ToUs = c.FromUs + 1000 }, "clip of 0 frames"},
	}
	for _, tc := range cases {
		sc := clipSidecar()
		tc.edit(sc.Clip)
		if _, err := RenderClip(sc, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want %q, got %v", tc.want, err)
		}
	}
	sc := clipSidecar()
	sc.Width, sc.Height = 4000, 4000
	sc.Clip.ToUs = sc.Clip.FromUs + 5_000_000 // 100 frames of 16 Mpixels
	if _, err := RenderClip(sc, nil); err == nil || !strings.Contains(err.Error(), "Mpixels") {
		t.Errorf("a huge clip: %v", err)
	}
}
