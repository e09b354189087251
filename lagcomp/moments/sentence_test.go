package moments

import (
	"slices"
	"strings"
	"testing"
)

// A clause is said only over a picture it fits: the pane it names is
// shown, the layer it asks for is off (or on); the spaces round a clause
// left out are tidied.
func TestSentenceFitsThePicture(t *testing.T) {
	say := `Hit behind the wall {target: (Target pane: "I was behind cover!")}. {-projectile_debug: Turn on Projectile Debug Mode.}{+projectile_debug: Fake and auth side by side.} {shooter,server -interp_buffer: Turn on the buffer.}`
	layers := func(on ...string) func(string) bool { return func(n string) bool { return slices.Contains(on, n) } }
	for _, c := range []struct {
		pic  *Picture
		want string
	}{
		{&Picture{Views: []string{"packets"}}, `Hit behind the wall. Turn on Projectile Debug Mode.`},
		{&Picture{Views: []string{"server", "shooter", "target", "overlay"}, Layer: layers("projectile_debug")},
			`Hit behind the wall (Target pane: "I was behind cover!"). Fake and auth side by side. Turn on the buffer.`},
		{&Picture{Views: []string{"shooter"}, Layer: layers("interp_buffer")}, `Hit behind the wall. Turn on Projectile Debug Mode.`},
		{nil, `Hit behind the wall (Target pane: "I was behind cover!"). Turn on Projectile Debug Mode. Turn on the buffer.`},
	} {
		if got := Sentence(say, c.pic); got != c.want {
			t.Errorf("over %+v:\n got %s\nwant %s", c.pic, got, c.want)
		}
	}
	if cs, err := Conditions(say); err != nil || len(cs) != 4 || len(cs[3]) != 2 || cs[3][1].Layer != "interp_buffer" || cs[3][1].On {
		t.Errorf("conditions %+v, %v", cs, err)
	}
	for _, bad := range []string{"a {target (no colon)}", "a {: no condition}", "a } stray", "{a: {nested: b}}"} {
		if _, err := Conditions(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// A clause keeps the space it was written with: trimmed, it glued itself
// to the word before it (default's "Shot #5in the Overlay").
func TestClauseKeepsItsSpace(t *testing.T) {
	say := "Shot #5{overlay: in the Overlay}: red and blue{shooter: ; the dashed outline}."
	for _, c := range []struct {
		pic  *Picture
		want string
	}{
		{&Picture{Views: []string{"overlay", "shooter"}}, "Shot #5 in the Overlay: red and blue; the dashed outline."},
		{&Picture{Views: []string{"server"}}, "Shot #5: red and blue."},
	} {
		if got := Sentence(say, c.pic); got != c.want {
			t.Errorf("over %v: %q, want %q", c.pic.Views, got, c.want)
		}
	}
}

// A figure, {name} without a colon, is written in from the run, inside a
// clause too; one without a value stays {name}, so no number is made
// up; a name that is no figure is refused when the sentence loads.
func TestFiguresAreWrittenIn(t *testing.T) {
	say := "Rewound {rewind_ms} ms{overlay: , red and blue {gap_m} m apart}; {interp_ms} ms of interpolation."
	vals := map[string]float64{"rewind_ms": 204.71, "gap_m": 0.114, "interp_ms": 100}
	over := &Picture{Views: []string{"overlay"}}
	if got, want := Sentence(Fill(say, vals), over), "Rewound 204.7 ms, red and blue 0.114 m apart; 100 ms of interpolation."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := Sentence(Fill(say, vals), &Picture{Views: []string{"server"}}), "Rewound 204.7 ms; 100 ms of interpolation."; got != want {
		t.Errorf("without the overlay: %q, want %q", got, want)
	}
	if got, want := Sentence(say, over), "Rewound {rewind_ms} ms, red and blue {gap_m} m apart; {interp_ms} ms of interpolation."; got != want {
		t.Errorf("no values: %q, want %q", got, want)
	}
	if _, err := Conditions(say); err != nil {
		t.Errorf("figures in a sentence: %v", err)
	}
	if _, err := Conditions("about {gap} m"); err == nil || !strings.Contains(err.Error(), "{gap} is not a figure (allowed: interp_ms,") {
		t.Errorf("an unknown figure: %v", err)
	}
}
