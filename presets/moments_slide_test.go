package presets

import (
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/moments"
)

// A moment names its slide as lagscope shot's flags do, and its topic.
func TestMomentSlideParses(t *testing.T) {
	text := `description = "x"
moments = [
  { at_ms = 1, topic = "interpolation", view = "shooter", focus = "target", layers = "default,interp_buffer", compare = "mode=none", say = "a" },
  { at_ms = 2, layout = "1x2", panes = ["server", "target"], say = "b" },
  { at_ms = 3, view = "split", focus = "none", say = "c" },
]
`
	p, err := Parse("ok.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []moments.Slide{
		{View: "shooter", Focus: "target", Layers: "default,interp_buffer", Compare: "mode=none"},
		{Layout: "1x2", Panes: []string{"server", "target"}},
		{View: "split", Focus: "none"},
	}
	for i, w := range want {
		got := p.Moments[i].Slide
		if got.View != w.View || got.Layout != w.Layout || !slices.Equal(got.Panes, w.Panes) || got.Focus != w.Focus || got.Layers != w.Layers || got.Compare != w.Compare {
			t.Errorf("moment %d: slide %+v, want %+v", i+1, got, w)
		}
	}
	if p.Moments[0].Topic != "interpolation" || p.Moments[1].Topic != "" {
		t.Errorf("topics %q, %q", p.Moments[0].Topic, p.Moments[1].Topic)
	}
}

// A bad slide names the file, the moment's line, the key and what is
// allowed: a misspelt view is not a slide that silently shows the split.
func TestMomentSlideStrict(t *testing.T) {
	head := "description = \"x\"\nmoments = [\n  { at_ms = 1, say = \"fine\" },\n"
	cases := []struct{ entry, want string }{
		{`{ at_ms = 5, view = "shoter", say = "a" }`, `bad.toml:4: moment 2: key "view": "shoter" is not a view (allowed: split, server, shooter, target, overlay, packets, burst, duel, netgraph)`},
		{`{ at_ms = 5, view = 3, say = "a" }`, `key "view": want a name in quotes, e.g. view = "shooter"`},
		{`{ at_ms = 5, layout = "3x3", say = "a" }`, `bad.toml:4: moment 2: key "layout": "3x3" is not a layout (allowed: 2x2, 1x2, single`},
		{`{ at_ms = 5, layout = "1x2", panes = ["server", "tagret"], say = "a" }`, `key "panes": "tagret" is not a view (allowed: server, shooter,`},
		{`{ at_ms = 5, layout = "1x2", panes = ["server", 2], say = "a" }`, `key "panes": 2 is not a view's name in quotes`},
		{`{ at_ms = 5, panes = "server", say = "a" }`, `key "panes": want a list of views`},
		{`{ at_ms = 5, layout = "1x2", panes = ["server"], say = "a" }`, `key "panes": layout 1x2 shows 2 pane(s), 1 given`},
		{`{ at_ms = 5, panes = ["server", "target"], say = "a" }`, `key "panes": layout 2x2 shows 4 pane(s), 2 given`},
		{`{ at_ms = 5, view = "shooter", layout = "1x2", say = "a" }`, `keys "layout" and "panes" are for view = "split" (the view is "shooter")`},
		{`{ at_ms = 5, focus = "victim", say = "a" }`, `key "focus": "victim" is not a focus (allowed: shot, target, shooter, projectile or none)`},
		{`{ at_ms = 5, focus = "", say = "a" }`, `key "focus": want a name in quotes, e.g. focus = "target"`},
		{`{ at_ms = 5, view = "packets", focus = "target", say = "a" }`, `key "focus": frames the world panes; view packets runs along time`},
		{`{ at_ms = 5, layers = "default,interp", say = "a" }`, `key "layers": unknown layer "interp"; want a comma list of default, all, a name to add or -name to remove; names: broad_phase,`},
		{`{ at_ms = 5, layers = true, say = "a" }`, `key "layers": want a name in quotes, e.g. layers = "default,interp_buffer" (a --layers list)`},
		{`{ at_ms = 5, compare = "mode=nope", say = "a" }`, `bad.toml:4: moment 2: key "compare": `},
		{`{ at_ms = 5, compare = "latncy_ms=5", say = "a" }`, `key "compare": `},
		{`{ at_ms = 5, compare = 5, say = "a" }`, `key "compare": want a name in quotes, e.g. compare = "mode=none"`},
		{`{ at_ms = 5, topic = "", say = "a" }`, `key "topic": want the topic's name in quotes`},
		{`{ at_ms = 5, topic = "a | b", say = "a" }`, `key "topic": want the topic's name in quotes`},
		{`{ at_ms = 5, slide = "shooter", say = "a" }`, `unknown key "slide" (allowed: at_ms, shot, find, say, topic, view, layout, panes, focus, layers, compare)`},
		{`{ at_ms = 5, say = "about {rewind} ms" }`, `bad.toml:4: moment 2: key "say": {rewind} is not a figure (allowed: interp_ms, max_rewind_ms,`},
	}
	for _, tc := range cases {
		text := head + "  " + tc.entry + ",\n]\n"
		_, err := Parse("bad.toml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %q", tc.entry, err, tc.want)
		}
	}
}
