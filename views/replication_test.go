package views

import (
	"image"
	"slices"
	"testing"

	"lagscope/presets"
)

// The burst view draws the weapon's net updates where the run made them:
// every value a client was sent left at one of the instants (over the
// burst presets, at their moment); burst-single-shot-loss's slide draws
// them (the others' are too close to draw at 1920 px: 900 rpm at a
// higher rate) and its legend names them, and the single shot its moment
// is about fell between two of them, its stop too, so no update carried
// it.
func TestBurstViewDrawsTheReplicationInstants(t *testing.T) {
	r := NewRenderer()
	for _, name := range []string{"burst-single-shot-loss", "burst-900rpm-jitter", "burst-900rpm-autoloop", "burst-relevancy"} {
		pr, err := presets.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		c, err := pr.Config()
		if err != nil {
			t.Fatal(err)
		}
		ms, err := pr.FindMoments(c)
		if err != nil || len(ms) == 0 || !ms[0].Found {
			t.Fatalf("%s: no moment 1 (%v)", name, err)
		}
		f := frameAt(t, c, ms[0].At)
		img := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
		r.Pane(img, f, ViewBurst, Options{Scale: 2})
		ff := f.Fire
		drawn := replicationInstants(c.TickHz, ff.NetUpdateHz, max(ff.From, 0), ff.To)
		if len(drawn) < 10 {
			t.Fatalf("%s: %d net updates drawn", name, len(drawn))
		}
		sent := 0
		for _, ln := range ff.Lanes {
			for _, u := range ln.Updates {
				if u.Sent < max(ff.From, 0) || u.Sent > ff.To {
					continue
				}
				sent++
				if _, ok := slices.BinarySearch(drawn, u.Sent); !ok {
					t.Errorf("%s: %s was sent a value at %v, at no net update drawn", name, ln.Name, u.Sent)
				}
			}
		}
		if sent == 0 {
			t.Errorf("%s: no update sent in the window: the test checks nothing", name)
		}
		if want := "net update (the weapon replicated"; name == "burst-single-shot-loss" && !slices.ContainsFunc(fireLegendWords(r.last), func(s string) bool { return len(s) >= len(want) && s[:len(want)] == want }) {
			t.Errorf("%s: legend %q names no net update", name, fireLegendWords(r.last))
		}
		if name != "burst-single-shot-loss" {
			continue
		}
		// the moment's shot: a single one with its stop between two net updates
		between := 0
		for _, sh := range ff.Shots {
			i, at := slices.BinarySearch(drawn, sh.T)
			if !sh.Single || at || i == 0 || i == len(drawn) {
				continue
			}
			// a stop in the tick of the next net update comes before it
			// in that tick: the update sends the reset value
			for _, stop := range ff.Stops {
				if stop > sh.T && stop <= drawn[i] {
					between++
				}
			}
		}
		if between == 0 {
			t.Errorf("%s: no single shot and its stop fall between two drawn net updates", name)
		}
	}
}

// fireLegendWords are the burst view's legend entries as words.
func fireLegendWords(p *pane) []string {
	g := &fireGeometry{}
	g.drew = p.fireDrew
	var out []string
	for _, e := range p.fireEntries(g) {
		out = append(out, e.label)
	}
	return out
}
