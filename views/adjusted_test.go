package views

import (
	"image"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
	"lagscope/presets"
)

// Under movement_authority = client a correction of the own pawn is the
// server's ClientAdjustPosition, and the Target pane says so (its
// legend, its label, its note); under server it is a correction. The
// peeker of prediction-correction predicts through walls only the
// server has, so the server adjusts it.
func TestTargetPaneNamesClientAdjustPosition(t *testing.T) {
	p, err := presets.Load("prediction-correction")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		authority     lagcomp.Authority
		legend, label string
	}{
		{lagcomp.AuthorityClient, "ClientAdjustPosition: reported → server's", "adjusted "},
		{lagcomp.AuthorityServer, "correction: predicted → corrected", "corrected "},
	} {
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		cfg.MovementAuthority = c.authority
		s, err := lagcomp.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var f *lagcomp.Frame
		for at := 100 * model.Millisecond; at <= 10*model.Second; at += 100 * model.Millisecond {
			s.Step(at)
			if g := s.Frame(); len(g.Clients[lagcomp.TargetPawn].Corrections) > 0 {
				f = g
				break
			}
		}
		if f == nil {
			t.Fatalf("%s: the target's client corrected nothing in 10 s", c.authority)
		}
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, 1280, 720)), f, ViewTarget, Options{Layers: DefaultLayers(), Scale: 1})
		pane := r.last
		if !pane.drew[keyCorrection] || pane.entry(keyCorrection).label != c.legend {
			t.Errorf("%s: legend %q, want %q", c.authority, pane.entry(keyCorrection).label, c.legend)
		}
		if !slices.ContainsFunc(pane.placedText, func(s string) bool { return strings.HasPrefix(s, c.label) }) {
			t.Errorf("%s: no label %q… among %q", c.authority, c.label, pane.placedText)
		}
	}
}
