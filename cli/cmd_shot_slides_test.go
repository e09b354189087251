package cli

import (
	"bytes"
	"flag"
	"image"
	"image/draw"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/moments"
	"lagscope/presets"
	"lagscope/views"
)

// flagsOf parses args as lagscope shot does, for sidecarFromFlags: the
// capture a command asks for, without drawing it.
func flagsOf(t *testing.T, args ...string) *shotFlags {
	t.Helper()
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f shotFlags
	f.register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	return &f
}

// A slide's body text (labels, notes, the caption: 12 logical px) is at
// least 1/45 of the picture's height by default, readable from the back
// of a hall; a clip's default size reads as a still does.
func TestSlideSizesDefaultToALegibleScale(t *testing.T) {
	for _, c := range [][]string{
		{"--size", "1280x720"}, {"--size", "1920x1080"}, {"--size", "3840x2160"}, {"--size", "800x450"},
		{"--from-time", "2s", "--to-time", "3s"}, // a clip: 960x540
	} {
		f := flagsOf(t, append([]string{"--preset", "default", "--out", "x.png"}, c...)...)
		sc, err := sidecarFromFlags(f)
		if err != nil {
			t.Fatal(c, err)
		}
		if body := 12 * sc.Scale; body < float64(sc.Height)/45-1e-9 || sc.Scale < 1 {
			t.Errorf("%v: scale %v draws body text %.1f px in a %d px picture: under 1/45 of it", c, sc.Scale, body, sc.Height)
		}
	}
	f := flagsOf(t, "--preset", "default", "--size", "1920x1080", "--scale", "1.5", "--out", "x.png")
	if sc, err := sidecarFromFlags(f); err != nil || sc.Scale != 1.5 {
		t.Errorf("--scale 1.5 gave %v (%v): a scale given is kept", sc.Scale, err)
	}
}

// A clip stores each frame as its change from the one before: the issue's
// 2 s clip of one pane at 960x540 (50 frames) was 1,229,326 bytes with
// every frame whole; it is at least 4 times smaller now.
func TestClipIsSmallAndHoldsItsFraming(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "one.gif")
	if code, _, errs := runCLI("shot", "--preset", "default", "--view", "shooter", "--from-time", "2s", "--to-time", "4s", "--out", out); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(out)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil || len(g.Image) != 50 || g.Config.Width != 960 || g.Config.Height != 540 {
		t.Fatalf("%v: %d frames at %dx%d, want 50 at 960x540", err, len(g.Image), g.Config.Width, g.Config.Height)
	}
	if len(data) > 1229326/4 {
		t.Errorf("the clip is %d bytes: not 4 times smaller than the 1,229,326 of whole frames", len(data))
	}
	// the wall stays where it is: one framing for the clip's whole range,
	// where each frame fitted alone moved and stretched it
	out = filepath.Join(dir, "cover.gif")
	if code, _, errs := runCLI("shot", "--preset", "behind-cover", "--view", "target", "--from-time", "0s", "--to-time", "2s", "--fps", "10", "--caption", "none", "--out", out); code != 0 {
		t.Fatal(errs)
	}
	data, _ = os.ReadFile(out)
	if g, err = gif.DecodeAll(bytes.NewReader(data)); err != nil || len(g.Image) != 20 {
		t.Fatalf("%v: %d frames, want 20", err, len(g.Image))
	}
	shown := image.NewRGBA(image.Rect(0, 0, 960, 540))
	var first image.Rectangle
	for i, fr := range g.Image {
		draw.Draw(shown, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		// the wall: the columns mostly of its colour, from its top row
		wall := image.Rectangle{}
		for x := 0; x < 960; x++ {
			top, n := 0, 0
			for y := 60; y < 470; y++ { // under the header, above the legend
				if c := shown.RGBAAt(x, y); c.R == views.Dark.Wall.R && c.G == views.Dark.Wall.G && c.B == views.Dark.Wall.B {
					if n == 0 {
						top = y
					}
					n++
				}
			}
			if n >= 100 {
				wall = wall.Union(image.Rect(x, top, x+1, top+1))
			}
		}
		if i == 0 {
			first = wall
			if wall.Dx() < 5 {
				t.Fatalf("no wall drawn in the first frame: %v", wall)
			}
		} else if wall != first {
			t.Errorf("frame %d: the wall is at %v, in the first frame at %v", i, wall, first)
		}
	}
}

// --focus and --panes: a 1x2 of any two panes, focused, reproduced from
// its sidecar; bad values are errors naming the flag and what is allowed.
func TestShotFocusAndPanes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "a.png")
	code, _, errs := runCLI("shot", "--preset", "behind-cover", "--moment", "1", "--layout", "1x2", "--panes", "server,target",
		"--focus", "shot", "--size", "960x540", "--out", out)
	if code != 0 {
		t.Fatal(errs)
	}
	again := filepath.Join(dir, "b.png")
	if code, _, errs := runCLI("shot", "--from", filepath.Join(dir, "a.json"), "--out", again); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(out)
	b, _ := os.ReadFile(again)
	side, _ := os.ReadFile(filepath.Join(dir, "a.json"))
	if !bytes.Equal(a, b) || !bytes.Contains(side, []byte(`"focus": "shot"`)) || !bytes.Contains(side, []byte(`"target"`)) {
		t.Fatalf("the sidecar did not keep the focus and panes, or did not make the same PNG:\n%s", side)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--focus", "gap"}, `--focus "gap": want shot, target, shooter, projectile`},
		{[]string{"--panes", "server,target"}, "layout 2x2 shows 4 pane(s), 2 given"},
		{[]string{"--layout", "1x2", "--panes", "server,radar"}, `"radar" is not a view`},
		{[]string{"--view", "packets", "--focus", "shot"}, "view packets runs along time"},
		{[]string{"--view", "server", "--panes", "server,target"}, "for the split view"},
	} {
		code, _, errs := runCLI(append([]string{"shot", "--preset", "default", "--size", "320x200", "--out", filepath.Join(dir, "x.png")}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// A moment's sentence fits the picture it is said over: no "(Target
// pane: …)" on a packets slide, no "turn on Projectile Debug Mode" when
// it is on; --caption moment puts it alone under the picture.
func TestMomentSentenceFitsTheSlide(t *testing.T) {
	for _, c := range []struct {
		args         []string
		want, absent string
	}{
		{[]string{"--preset", "behind-cover", "--view", "packets"}, "already back behind the wall.", "Target pane"},
		{[]string{"--preset", "behind-cover", "--view", "target"}, `(Target pane: "I was behind cover!")`, "{"},
		{[]string{"--preset", "behind-cover", "--layout", "1x2", "--panes", "server,overlay"}, "behind the wall.", "Target pane"},
		{[]string{"--preset", "projectile-rockets"}, "fly side by side", "Turn on"}, // its slide turns the layer on
		{[]string{"--preset", "projectile-rockets", "--layers", "default"}, "Turn on Projectile Debug Mode", "{"},
	} {
		f := flagsOf(t, append(c.args, "--moment", "1", "--caption", "moment", "--out", "x.png")...)
		sc, err := sidecarFromFlags(f)
		if err != nil {
			t.Fatal(c.args, err)
		}
		if !strings.Contains(sc.Moment, c.want) || strings.Contains(sc.Moment, c.absent) {
			t.Errorf("%v: %q; want %q in it and not %q", c.args, sc.Moment, c.want, c.absent)
		}
	}
	code, _, errs := runCLI("shot", "--preset", "default", "--caption", "moment", "--size", "320x200", "--out", filepath.Join(t.TempDir(), "x.png"))
	if code != 2 || !strings.Contains(errs, "--moment N") {
		t.Errorf("--caption moment without --moment: exit %d, %q", code, errs)
	}
}

// Every moment of every preset, said over any picture, is in people's
// words: no key, field or rule name (snake_case), no clause or figure
// left in braces; and each clause names a view or a layer that exists.
func TestMomentSentencesSpeakPlainly(t *testing.T) {
	all, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	snake := regexp.MustCompile(`\b[a-z0-9]+_[a-z0-9_]+\b`)
	layers := views.LayerKeys()
	pictures := []*moments.Picture{nil, {Views: []string{"server", "shooter", "target", "overlay"}, Layer: views.DefaultLayers().On}}
	for _, v := range views.Views {
		pictures = append(pictures, &moments.Picture{Views: []string{string(v)}, Layer: func(string) bool { return true }})
	}
	// each figure, {name}, as a run writes it in (a number; the
	// presets' test checks every shipped one is computed)
	some := map[string]float64{}
	for _, f := range moments.Figures {
		some[f.Name] = 1
	}
	n := 0
	for _, p := range all {
		for i, m := range p.Moments {
			cs, err := moments.Conditions(m.Say)
			if err != nil {
				t.Errorf("%s moment %d: %v", p.Name, i+1, err)
			}
			for _, c := range cs {
				for _, term := range c {
					for _, v := range term.Views {
						if !slices.Contains(views.Views, views.View(v)) {
							t.Errorf("%s moment %d: a clause names %q, not a view", p.Name, i+1, v)
						}
					}
					if term.Layer != "" && !slices.Contains(layers, term.Layer) {
						t.Errorf("%s moment %d: a clause names %q, not a layer (%v)", p.Name, i+1, term.Layer, layers)
					}
				}
			}
			for _, pic := range pictures {
				s := moments.Sentence(moments.Fill(m.Say, some), pic)
				n++
				if w := snake.FindString(s); w != "" || strings.ContainsAny(s, "{}") {
					t.Errorf("%s moment %d says %q to the audience: %q", p.Name, i+1, w, s)
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d sentences checked", n)
	}
}
