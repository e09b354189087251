package views

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// The Overlay's peeker's-advantage box: three lines in a duel (the
// breakdown, the sightings, the winner), none without one.
func TestOverlayDuelBox(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	// health 0: both fire, so the gap at the server is drawn (at the
	// preset's health 100 the holder dies before it fires)
	c.Health = 0
	notes := func(duel bool) int {
		c.Duel = duel
		f := frameAt(t, c, 2*model.Second)
		if (f.Duel != nil) != duel {
			t.Fatalf("duel %v: frame's Duel %v", duel, f.Duel)
		}
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 960, 540)), f, ViewOverlay, Options{Layers: DefaultLayers()})
		return r.last.notes
	}
	if with, without := notes(true), notes(false); with != without+3 {
		t.Fatalf("overlay notes: %d with the duel, %d without; want 3 more", with, without)
	}
}

// The duel view: every term of Riot's sum is a segment with its label
// placed (none left out, none over another label or a mark), in the
// full view and in the split's cell where it takes the Overlay's place,
// before and after the peek was seen, dark and light.
func TestDuelViewLabelsEveryTerm(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	// health 0: both fire, so the gap at the server is drawn (at the
	// preset's health 100 the holder dies before it fires)
	c.Health = 0
	c.Duel = true
	r := NewRenderer()
	for _, at := range []model.Time{500 * model.Millisecond, 3 * model.Second} {
		f := frameAt(t, c, at)
		if got := InPlace(ViewOverlay, f); got != ViewDuel {
			t.Fatalf("a duel's layout draws %s in the Overlay's place, want duel", got)
		}
		for _, sz := range [][2]int{{1920, 1080}, {1280, 800}, {960, 540}, {639, 399}} {
			for _, pal := range []Palette{Dark, Light} {
				where := fmt.Sprintf("at %v %dx%d", at, sz[0], sz[1])
				img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
				r.Pane(img, f, ViewDuel, Options{Layers: DefaultLayers(), Palette: pal})
				checkLabels(t, where, r.last)
				if r.last.leftOut > 0 {
					t.Errorf("%s: %d labels left out", where, r.last.leftOut)
				}
				want := len(duelTerms(f.Duel))
				if _, ok := f.Duel.MeasuredMs(); ok && sz[1] >= 540 {
					want += 3 // the three sightings
				}
				if len(r.last.placed) < want {
					t.Errorf("%s: %d labels placed, want at least %d (each term and sighting)", where, len(r.last.placed), want)
				}
			}
		}
	}
	c.Duel = false
	f := frameAt(t, c, 3*model.Second)
	if got := InPlace(ViewOverlay, f); got != ViewOverlay {
		t.Fatalf("without a duel the layout draws %s in the Overlay's place", got)
	}
	if _, err := r.Render(f, "duel", 800, 400, Options{}); err != nil {
		t.Fatal(err)
	}
}

func TestGoldenDuel(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	// health 0: both fire, so the gap at the server is drawn (at the
	// preset's health 100 the holder dies before it fires)
	c.Health = 0
	r := NewRenderer()
	img, err := r.Render(frameAt(t, c, 3*model.Second), "duel", 1600, 900, Options{Layers: DefaultLayers()})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "duel", img)
}

// The duel under jitter and loss, as the command runs it
// (regional-p95 for both players, seed 2): the jitter terms on the
// server's and the holder's lanes, one peek's bounds on the holder's
// with their jitter part marked, and the gap at the server's two
// shots — each in the legend — readable at 1280×720 and in a cell of
// the 2×2 split.
func TestGoldenDuelUnderJitter(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	// health 0: both fire, so the gap at the server is drawn (at the
	// preset's health 100 the holder dies before it fires)
	c.Health = 0
	if err := lagcomp.Apply(&c, []lagcomp.Setting{{Key: "network", Value: "regional-p95"}, {Key: "victim_network", Value: "regional-p95"}}); err != nil {
		t.Fatal(err)
	}
	c.Seed = 2
	f := frameAt(t, c, 3*model.Second)
	if f.Duel.PeekerJitterMs == 0 || f.Duel.HolderJitterMs == 0 {
		t.Fatalf("no jitter: %+v", f.Duel)
	}
	if _, _, _, ok := duelShots(f.Duel); !ok {
		t.Fatalf("no gap at the server: %+v", f.Duel)
	}
	r := NewRenderer()
	img, err := r.Render(f, "duel", 1280, 720, Options{Layers: DefaultLayers()})
	if err != nil {
		t.Fatal(err)
	}
	checkLabels(t, "1280x720", r.last)
	if r.last.leftOut > 0 {
		t.Errorf("1280x720: %d labels left out", r.last.leftOut)
	}
	golden(t, "duel-jitter", img)
	golden(t, "split-2x2-duel-jitter", r.Split(f, Layout2x2, []View{ViewShooter, ViewServer, ViewTarget, ViewDuel}, 1280, 720, Options{Layers: DefaultLayers()}))
}

// Every mark the duel view draws is in its legend: the white diamond on
// the holder's lane (the predicted sight, the sum of the terms) among
// them, long and short.
func TestDuelLegendNamesThePredictedSight(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	// health 0: both fire, so the gap at the server is drawn (at the
	// preset's health 100 the holder dies before it fires)
	c.Health = 0
	f := frameAt(t, c, 3*model.Second)
	r := NewRenderer()
	pn := r.newPane(image.NewRGBA(image.Rect(0, 0, 1280, 720)), f, ViewDuel, Options{Layers: DefaultLayers(), Palette: Dark}, 1, 1)
	for _, short := range []bool{false, true} {
		var labels []string
		for _, e := range pn.duelEntries(f.Duel, duelTerms(f.Duel), true, short) {
			labels = append(labels, e.label)
		}
		if !slices.ContainsFunc(labels, func(l string) bool { return strings.Contains(l, "predicted sight") }) {
			t.Errorf("short %v: the legend %q names no predicted sight (the white diamond)", short, labels)
		}
	}
}
