package views

import (
	"fmt"
	"image"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/rule"
	"lagscope/model"
	"lagscope/presets"
)

func pingRewindAt(t *testing.T, edit func(*lagcomp.Config)) (*pane, *lagcomp.ShotRecord) {
	t.Helper()
	pr, err := presets.Load("ping-rewind")
	if err != nil {
		t.Fatal(err)
	}
	c, err := pr.Config()
	if err != nil {
		t.Fatal(err)
	}
	edit(&c)
	f := frameAt(t, c, 4*model.Second) // its moment 1
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
	r.Pane(img, f, ViewOverlay, Options{Layers: DefaultLayers(), Scale: 2})
	return r.last, r.last.selected()
}

// The ping-rewind slide's Overlay works the rewind out from the run's
// figures: 1.8 × the ping the server used = the rewind (the issue's
// "1.8 × 113.7 ms ping = 204.7 ms"); clamped by max_prediction_ping_ms it
// says the clamp's figure; another mode says nothing of a factor.
func TestOverlayWorksThePingRewindOut(t *testing.T) {
	p, r := pingRewindAt(t, func(*lagcomp.Config) {})
	if want := "rewind = 1.8 × 113.7 ms ping = 204.7 ms"; !labelledNote(p, want) {
		t.Errorf("no note %q: %q", want, p.noteTexts)
	}
	if r.RewindMs() < 204.65 || r.RewindMs() > 204.75 {
		t.Errorf("shot #%d rewound %.3f ms, the slide's 204.7 ms expected", r.Seq, r.RewindMs())
	}

	p, r = pingRewindAt(t, func(c *lagcomp.Config) { c.MaxPredictionPingMs = 50 })
	if !r.HasRule(rule.MaxPredictionPing) {
		t.Fatalf("shot #%d not clamped: rules %v", r.Seq, r.Rules)
	}
	if want := fmt.Sprintf("rewind = 1.8 × 50.0 ms (max_prediction_ping_ms; the ping was more) = %.1f ms", 1.8*50); !labelledNote(p, want) {
		t.Errorf("no note %q: %q", want, p.noteTexts)
	}

	p, _ = pingRewindAt(t, func(c *lagcomp.Config) { c.LatencyReductionMs = 10 })
	if want := "rewind = 1.8 × (113.7 ms ping − 10 ms latency_reduction_ms) = 186.7 ms"; !labelledNote(p, want) {
		t.Errorf("no note %q: %q", want, p.noteTexts)
	}

	p, _ = pingRewindAt(t, func(c *lagcomp.Config) { c.Mode = compensation.Timestamp })
	if labelledNote(p, "rewind = ") {
		t.Errorf("timestamp mode works out a ping rewind: %q", p.noteTexts)
	}
}
