package cli

import (
	"fmt"
	"strings"
	"testing"
)

// shot --moment N draws the moment's slide (view, focus, layers, …), a
// flag given overriding its part; the sentence's numbers follow the
// user's --set.
func TestMomentDrawsItsSlide(t *testing.T) {
	for _, c := range []struct {
		args                       []string
		view, layout, focus, panes string
		interpBuffer               bool
		compare                    string
	}{
		// default's moment 2: view shooter, focus target, layers default,interp_buffer
		{nil, "shooter", "2x2", "target", "", true, ""},
		{[]string{"--view", "split"}, "split", "2x2", "target", "", true, ""},
		{[]string{"--focus", "none"}, "shooter", "2x2", "", "", true, ""},
		{[]string{"--layers", "default"}, "shooter", "2x2", "target", "", false, ""},
		{[]string{"--view", "packets"}, "packets", "2x2", "", "", true, ""}, // no focus along time
		{[]string{"--view", "split", "--layout", "1x2", "--panes", "server,target"}, "split", "1x2", "target", "server,target", true, ""},
		{[]string{"--compare", "interp_ms=50"}, "shooter", "2x2", "target", "", true, "interp_ms=50"},
	} {
		f := flagsOf(t, append([]string{"--preset", "default", "--moment", "2", "--out", "x.png"}, c.args...)...)
		sc, err := sidecarFromFlags(f)
		if err != nil {
			t.Fatal(c.args, err)
		}
		if sc.View != c.view || string(sc.Layout) != c.layout || sc.Focus != c.focus || strings.Join(sc.Panes, ",") != c.panes ||
			sc.Layers.InterpBuffer != c.interpBuffer || sc.Compare != c.compare {
			t.Errorf("%v: view %s layout %s focus %q panes %v interp_buffer %v compare %q", c.args, sc.View, sc.Layout, sc.Focus, sc.Panes, sc.Layers.InterpBuffer, sc.Compare)
		}
	}
	// constant-velocity's moment 1 is an A/B of one pane; --compare ""
	// takes the A/B away
	f := flagsOf(t, "--preset", "constant-velocity", "--moment", "1", "--out", "x.png")
	if sc, err := sidecarFromFlags(f); err != nil || sc.View != "overlay" || sc.Compare != "mode=none" || sc.Focus != "shot" {
		t.Errorf("constant-velocity moment 1: %+v, %v", sc, err)
	}
	f = flagsOf(t, "--preset", "constant-velocity", "--moment", "1", "--compare", "", "--out", "x.png")
	if sc, err := sidecarFromFlags(f); err != nil || sc.Compare != "" {
		t.Errorf("--compare \"\": %q, %v", sc.Compare, err)
	}
	// a shot without --moment keeps the flags' defaults
	f = flagsOf(t, "--preset", "default", "--at", "3s", "--out", "x.png")
	if sc, err := sidecarFromFlags(f); err != nil || sc.View != "split" || sc.Focus != "" || sc.Layers.InterpBuffer {
		t.Errorf("--at 3s: %+v, %v", sc, err)
	}
}

// The sentence's numbers are the run's shown: latency_ms = 150 makes the
// interpolation moment's 40 ms downstream 150, its 146 ms 256.
func TestMomentSentenceFollowsTheSettings(t *testing.T) {
	for _, c := range []struct{ set, want string }{
		{"latency_ms=40", "about 146 ms ago (100 ms of interpolation + 40 ms downstream"},
		{"latency_ms=150", "about 256 ms ago (100 ms of interpolation + 150 ms downstream"},
	} {
		f := flagsOf(t, "--preset", "default", "--moment", "2", "--set", c.set, "--out", "x.png")
		sc, err := sidecarFromFlags(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(sc.Moment, c.want) {
			t.Errorf("--set %s: %q does not say %q", c.set, sc.Moment, c.want)
		}
	}
}

// --help says a moment draws its slide and a flag given overrides it.
func TestMomentHelpSaysTheSlide(t *testing.T) {
	_, out, errs := runCLI("shot", "--help")
	if help := out + errs; !strings.Contains(help, "drawn as the moment's slide") || !strings.Contains(help, "overridden by the flag if given") {
		t.Errorf("shot --help does not say a moment draws its slide:\n%s", help)
	}
}

// A moment drawn as the packet flow is drawn once the victim was told,
// as --shot's packet flow is: behind-cover's moments 1 (the split) and 2
// (packets) are the same shot, and the packets slide comes after the
// snapshot that tells the victim arrived (its arrow drawn whole), where
// at moment 1's time it was still in flight.
func TestPacketsMomentShowsTheWholeJourney(t *testing.T) {
	var at [2]int64
	for i := range at {
		sc, err := sidecarFromFlags(flagsOf(t, "--preset", "behind-cover", "--moment", fmt.Sprint(i+1), "--out", "x.png"))
		if err != nil {
			t.Fatal(err)
		}
		at[i] = sc.AtUs
		if i == 1 && sc.View != "packets" {
			t.Fatalf("behind-cover moment 2: view %s", sc.View)
		}
	}
	if at[1] <= at[0] {
		t.Errorf("the packets slide at %d µs, not after the moment's %d µs (the victim's snapshot still in flight)", at[1], at[0])
	}
}
