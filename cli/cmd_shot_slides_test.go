package cli

import (
	"flag"
	"io"
	"testing"
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
