package presets

import (
	"strings"
	"testing"

	"lagscope/model"
)

// Every shipped preset has a moment to look at, and the simulation finds
// each one on the preset's own run. They are written in the order they
// happen, so moment N is the Nth in time: the window's numbered
// bookmarks under the scrubber read 1, 2, 3 left to right.
func TestEveryPresetHasMomentsThatAreFound(t *testing.T) {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if len(p.Moments) == 0 {
			t.Errorf("%s: no moments", p.Name)
			continue
		}
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		ms, err := p.FindMoments(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range ms {
			if !m.Found {
				t.Errorf("%s: moment %d (%+v): %s", p.Name, i+1, m.Spec, m.What)
			}
			if m.At > model.MsF(cfg.DurationMs) {
				t.Errorf("%s: moment %d at %v, after the run's %v ms", p.Name, i+1, m.At, cfg.DurationMs)
			}
			if i > 0 && m.At < ms[i-1].At {
				t.Errorf("%s: moment %d at %v comes before moment %d at %v: write them in time order", p.Name, i+1, m.At, i, ms[i-1].At)
			}
		}
	}
}

func TestMomentsParse(t *testing.T) {
	text := `description = "x"
moments = [
  { at_ms = 2500, say = "a" },
  { shot = 3, say = "b" },
  { find = "largest_warp", say = "c" },
]
`
	p, err := Parse("ok.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Moments) != 3 || p.Moments[0].At != 2500*model.Millisecond || p.Moments[1].Shot != 3 || p.Moments[2].Find != "largest_warp" || p.Moments[2].Say != "c" {
		t.Fatalf("%+v", p.Moments)
	}
	tables := "description = \"x\"\n[[moments]]\nat_ms = 1\nsay = \"a\"\n[[moments]]\nfind = \"nope\"\nsay = \"b\"\n"
	if _, err := Parse("t.toml", []byte(tables)); err == nil || !strings.Contains(err.Error(), "t.toml:5: moment 2: key \"find\"") {
		t.Fatalf("[[moments]] error: %v", err)
	}
}

// Bad moments name the file, the moment's line, the key and what is allowed.
func TestMomentsStrict(t *testing.T) {
	head := "description = \"x\"\nmoments = [\n  { at_ms = 1, say = \"fine\" },\n"
	cases := []struct{ entry, want string }{
		{`{ at_ms = -5, say = "a" }`, `bad.toml:4: moment 2: key "at_ms": -5 is out of range (allowed: 0 to 3600000 ms)`},
		{`{ at_ms = "soon", say = "a" }`, `key "at_ms": soon is out of range`},
		{`{ shot = 0, say = "a" }`, `bad.toml:4: moment 2: key "shot": 0 is out of range (allowed: a whole number, 1 to 100000)`},
		{`{ shot = 2.5, say = "a" }`, `key "shot"`},
		{`{ find = "first_warp", say = "a" }`, `key "find": "first_warp" is not a moment the simulation finds (allowed: first_behind_cover, largest_warp`},
		{`{ at_ms = 5 }`, `moment 2: key "say" is missing`},
		{`{ at_ms = 5, say = "" }`, `key "say": want the sentence`},
		{`{ at_ms = 5, shot = 2, say = "a" }`, "exactly one of at_ms, shot or find (got 2)"},
		{`{ say = "a" }`, "exactly one of at_ms, shot or find (got 0)"},
		{`{ at = 5, say = "a" }`, `unknown key "at" (allowed: at_ms, shot, find, say, topic, view, layout, panes, focus, layers, compare)`},
	}
	for _, tc := range cases {
		text := head + "  " + tc.entry + ",\n]\n"
		_, err := Parse("bad.toml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %q", tc.entry, err, tc.want)
		}
	}
	if _, err := Parse("bad.toml", []byte("description = \"x\"\nmoments = 5\n")); err == nil || !strings.Contains(err.Error(), "bad.toml:2: key \"moments\": want a list of tables") {
		t.Errorf("moments = 5: %v", err)
	}
}
