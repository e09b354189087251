package weblink

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/presets"
)

// The issue's own link reads as a preset, its first moment and one key.
func TestParseTheIssuesLink(t *testing.T) {
	l, err := Parse("#preset=behind-cover&moment=1&latency_ms=120")
	if err != nil {
		t.Fatal(err)
	}
	want := Link{Preset: "behind-cover", Moment: 1, Set: []lagcomp.Setting{{Key: "latency_ms", Value: "120"}}}
	if !reflect.DeepEqual(l, want) {
		t.Fatalf("got %+v, want %+v", l, want)
	}
}

// Nothing after the address opens the page as it opens without a link.
func TestParseEmpty(t *testing.T) {
	for _, f := range []string{"", "#", "#&&"} {
		l, err := Parse(f)
		if err != nil || !reflect.DeepEqual(l, Link{}) {
			t.Errorf("Parse(%q) = %+v, %v; want the zero Link", f, l, err)
		}
	}
}

// Fragment writes what Parse reads, values with "&", "=" and spaces included.
func TestFragmentRoundTrips(t *testing.T) {
	for _, l := range []Link{
		{Preset: "behind-cover", Moment: 1, Set: []lagcomp.Setting{{Key: "latency_ms", Value: "120"}}},
		{Preset: "default"},
		{Set: []lagcomp.Setting{{Key: "walls", Value: "18.8,0.8,19.4,6"}, {Key: "up_ms", Value: "30"}}},
	} {
		f := l.Fragment()
		got, err := Parse(f)
		if err != nil || !reflect.DeepEqual(got, l) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", f, got, err, l)
		}
	}
	if f := (Link{Preset: "behind-cover", Moment: 1, Set: []lagcomp.Setting{{Key: "latency_ms", Value: "120"}}}).Fragment(); f != "#preset=behind-cover&moment=1&latency_ms=120" {
		t.Errorf("Fragment = %q", f)
	}
	if f := (Link{}).Fragment(); f != "#" {
		t.Errorf("zero Link's Fragment = %q, want #", f)
	}
}

// A bad piece is named in the error and the good pieces are kept: the
// page opens on what the link got right.
func TestParseBadPiecesKeepTheGoodOnes(t *testing.T) {
	good := "preset=behind-cover&moment=1&latency_ms=120"
	for _, c := range []struct {
		bad  string
		want []string // in the error
	}{
		{"latncy_ms=120", []string{`"latncy_ms=120"`, "latency_ms"}}, // unknown key, with the nearest
		{"up_ms=-5", []string{`"up_ms=-5"`, "up_ms"}},                // outside the range
		{"up_ms=fast", []string{`"up_ms=fast"`, "up_ms"}},            // not a number
		{"interp_ms", []string{`"interp_ms"`, "want name=value"}},    // no "="
		{"up_ms=%zz", []string{`"up_ms=%zz"`, "URL-encoded"}},        // bad escape
		{"latency_ms=80", []string{"latency_ms given twice"}},        // repeated
		{"preset=default", []string{"preset given twice"}},           // repeated
		{"mode=warp", []string{`"mode=warp"`, "mode"}},               // bad enum
		{"moment=2", []string{"moment given twice"}},                 // repeated
	} {
		l, err := Parse("#" + good + "&" + c.bad)
		if err == nil {
			t.Errorf("%s: no error", c.bad)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", c.bad, err, w)
			}
		}
		if l.Preset != "behind-cover" || l.Moment != 1 || len(l.Set) != 1 || l.Set[0] != (lagcomp.Setting{Key: "latency_ms", Value: "120"}) {
			t.Errorf("%s: the good pieces were lost: %+v", c.bad, l)
		}
	}
}

// A bad preset or moment is named and the keys are kept (checked on the
// default preset when the named one does not exist).
func TestParseBadPresetAndMoment(t *testing.T) {
	bc, err := presets.Load("behind-cover")
	if err != nil {
		t.Fatal(err)
	}
	n := len(bc.Moments) // the preset's moments: 1..n
	outside := fmt.Sprintf("outside 1..%d", n)
	for _, c := range []struct {
		frag, want string
		preset     string
		moment     int
	}{
		{"preset=behind-covr&latency_ms=120", "did you mean behind-cover", "", 0},
		{"preset=../../etc/passwd&latency_ms=120", "preset", "", 0},
		{"preset=presets/default.toml&latency_ms=120", "preset", "", 0},
		{"preset=behind-cover&moment=0&latency_ms=120", outside, "behind-cover", 0},
		{fmt.Sprintf("preset=behind-cover&moment=%d&latency_ms=120", n+1), outside, "behind-cover", 0},
		{"preset=behind-cover&moment=-1&latency_ms=120", outside, "behind-cover", 0},
		{"preset=behind-cover&moment=one&latency_ms=120", fmt.Sprintf("whole number from 1 to %d", n), "behind-cover", 0},
		{"preset=behind-cover&moment=99999999999999999999&latency_ms=120", "whole number", "behind-cover", 0},
	} {
		l, err := Parse("#" + c.frag)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.frag, err, c.want)
		}
		if l.Preset != c.preset || l.Moment != c.moment || len(l.Set) != 1 {
			t.Errorf("%s: got %+v, want preset %q moment %d and the key kept", c.frag, l, c.preset, c.moment)
		}
	}
}

// Every bad piece is named, not only the first.
func TestParseNamesEveryBadPiece(t *testing.T) {
	_, err := Parse("#up_ms=-1&down_ms=-2&nokey=1")
	for _, w := range []string{"up_ms=-1", "down_ms=-2", "nokey=1"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v does not name %s", err, w)
		}
	}
}

// The link's own names are no key's: a key named so could not be linked.
func TestLinkNamesAreNoKeys(t *testing.T) {
	for _, n := range []string{PresetName, MomentName} {
		if _, ok := lagcomp.Lookup(n); ok {
			t.Errorf("%s is a key", n)
		}
	}
}

// Hostile input ends in an error or a Link, never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"#preset=behind-cover&moment=1&latency_ms=120", "#=", "#%", "#moment=", "#preset=&moment=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Parse(s)
		if err == nil {
			if got, err2 := Parse(l.Fragment()); err2 != nil || !reflect.DeepEqual(got, l) {
				t.Errorf("%q: its Fragment %q reads back as %+v, %v", s, l.Fragment(), got, err2)
			}
		}
	})
}
