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

// The shooter's screen draws its hit markers with their time after the
// trigger pull, and the legend names them: peekers-advantage at health
// 100, seed 1, the holder's first shot (fired 152.8 ms, judged at the
// 203.1 ms tick) shows its marker at 250 ms with server feedback (the
// judging tick's snapshot after 40 ms and the next frame: +97 ms), and
// at the pull with predicted (+0 ms, and already at 0.2 s, before the
// server judged it). At health 0 nothing is marked.
func TestShooterPaneDrawsItsHitMarkers(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	for _, k := range []struct {
		health int
		fb     lagcomp.HitFeedback
		at     model.Time
		want   string // the marker's label, "" none
	}{
		{0, lagcomp.HitFeedbackServer, 300 * model.Millisecond, ""},
		{100, lagcomp.HitFeedbackServer, 240 * model.Millisecond, ""}, // judged, not yet told
		{100, lagcomp.HitFeedbackServer, 300 * model.Millisecond, "hit +97 ms"},
		{100, lagcomp.HitFeedbackPredicted, 200 * model.Millisecond, "hit +0 ms"},
	} {
		c.Health, c.HitFeedback = k.health, k.fb
		f := frameAt(t, c, k.at)
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 960, 540)), f, ViewShooter, Options{Layers: DefaultLayers()})
		var texts []string
		for _, l := range r.last.labels {
			texts = append(texts, l.text)
		}
		what := fmt.Sprintf("health %d, %s feedback at %v", k.health, k.fb, k.at)
		marked := slices.ContainsFunc(texts, func(l string) bool { return strings.HasPrefix(l, "hit +") })
		if k.want == "" && marked || k.want != "" && !slices.Contains(texts, k.want) {
			t.Errorf("%s: labels %q, want %q", what, texts, k.want)
		}
		if legend := legendText(r.last.drew, Dark); strings.Contains(legend, "hit marker") != (k.want != "") {
			t.Errorf("%s: legend %q", what, legend)
		}
	}
}

// The packet flow draws a death: peekers-advantage at health 100, seed 1,
// the target (the peeker) killed at the 203.1 ms tick, marked on the
// server's lane, and the first snapshot from that tick reaching its
// client (sent at the kill, 60 ms down) marked on its lane; the legend
// names them. At health 0 there is no death to draw.
func TestPacketFlowMarksTheDeath(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	for _, health := range []int{0, 100} {
		c.Health = health
		f := frameAt(t, c, 450*model.Millisecond)
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 1600, 700)), f, ViewPackets, Options{Layers: DefaultLayers(), Selected: f.Last.ID})
		var texts []string
		for _, l := range r.last.labels {
			texts = append(texts, l.text)
		}
		legend := ownLegendText(r.last.flowEntries(r.last.drawFlow()))
		dead := slices.Contains(texts, "target killed 0.203 s") && slices.Contains(texts, "told: dead (+60 ms)") && strings.Contains(legend, "a death")
		some := slices.ContainsFunc(texts, func(l string) bool { return strings.Contains(l, "killed") || strings.HasPrefix(l, "told: dead") })
		if health > 0 && !dead || health == 0 && some {
			t.Errorf("health %d: labels %q; legend %s", health, texts, legend)
		}
	}
}

// The duel view marks the duel's kill on the server's lane and, with
// dead_shooter = trade, the trade window after it, each named in the
// legend: peekers-advantage at health 100, seed 1, where the peeker
// kills the holder at 3.844 s, 79.9 ms after its sighting at 3.764 s.
// At health 0 nothing dies and nothing is marked.
func TestDuelViewMarksTheKillAndTheTradeWindow(t *testing.T) {
	p, err := presets.Load("peekers-advantage")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Config()
	c.DeadShooter, c.TradeWindowMs = lagcomp.DeadShooterTrade, 100
	for _, health := range []int{0, 100} {
		c.Health = health
		f := frameAt(t, c, 5*model.Second)
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 1920, 1400)), f, ViewDuel, Options{Layers: DefaultLayers()})
		var texts []string
		for _, l := range r.last.labels {
			texts = append(texts, l.text)
		}
		var legend []string
		for _, e := range r.last.duelEntries(f.Duel, duelTerms(f.Duel), true, false) {
			legend = append(legend, e.label)
		}
		marked := slices.Contains(texts, "holder killed 79.9 ms") && slices.Contains(texts, "trade window 100 ms")
		named := slices.Contains(legend, "the first kill, at the server") && slices.Contains(legend, "trade window (dead_shooter = trade)")
		if marked != (health > 0) || named != (health > 0) {
			t.Errorf("health %d: labels %q, legend %q", health, texts, legend)
		}
	}
}
