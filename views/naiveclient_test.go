package views

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/model"
)

// The own pawn's pane says how its client shows itself as the naive
// client's switches have it (predict, reconcile: the header's words, the
// legend's own-pawn entry) and names the pawn with the count of its
// inputs the server has not acknowledged, always, that count the
// client's own (Pending, some after 2 s at 80 ms of ping).
func TestOwnPaneSaysThePredictionAndCountsUnackedInputs(t *testing.T) {
	for _, c := range []struct {
		predict, reconcile bool
		words, legend      string
	}{{true, true, "itself where its inputs put it (predicted)", "own pawn (predicted)"},
		{false, true, "itself where the server's newest word has it (predict off)", "own pawn (server's word)"},
		{true, false, "itself predicted, put back at each word of the server's (reconcile off)", "own pawn (predicted)"}} {
		cfg := lagcomp.Defaults()
		cfg.Predict, cfg.Reconcile = c.predict, c.reconcile
		f := frameAt(t, cfg, 2*model.Second)
		for _, v := range []struct {
			view View
			pawn int
			who  string
		}{{ViewShooter, lagcomp.ShooterPawn, "shooter"}, {ViewTarget, lagcomp.TargetPawn, "target"}} {
			r := NewRenderer()
			r.Pane(image.NewRGBA(image.Rect(0, 0, 1280, 720)), f, v.view, Options{Layers: DefaultLayers()})
			p := r.last
			n := f.Clients[v.pawn].Pending
			if n == 0 {
				t.Fatalf("%s: no input unacknowledged at 2 s", v.who)
			}
			tag := fmt.Sprintf("you (%s) · %d inputs unacked", v.who, n)
			found := false
			for _, l := range p.labels {
				found = found || l.text == tag
			}
			if !found {
				t.Errorf("predict %v reconcile %v, %s pane: no label %q", c.predict, c.reconcile, v.who, tag)
			}
			if said := strings.Contains(p.info, c.words); said != (v.view == ViewTarget || !c.predict || !c.reconcile) {
				t.Errorf("predict %v reconcile %v, %s pane: header %q, says %q: %v", c.predict, c.reconcile, v.who, p.info, c.words, said)
			}
			legend := ""
			for _, e := range p.entries() {
				legend += e.label + "|"
			}
			if !strings.Contains(legend, c.legend+"|") {
				t.Errorf("predict %v reconcile %v, %s pane: legend %q lacks %q", c.predict, c.reconcile, v.who, legend, c.legend)
			}
		}
	}
}

// Options.HeaderRight keeps the header's right end free for the window's
// buttons: the key figures wrap short of it (more lines than without),
// and no line drawn reaches into it.
func TestHeaderRightKeepsTheFiguresClear(t *testing.T) {
	f := frameAt(t, lagcomp.Defaults(), 2*model.Second)
	const w, free = 640, 260
	lines := map[float64]int{}
	for _, right := range []float64{0, free} {
		r := NewRenderer()
		r.Pane(image.NewRGBA(image.Rect(0, 0, w, 480)), f, ViewShooter, Options{Layers: DefaultLayers(), HeaderRight: right})
		p := r.last
		lines[right] = p.hneed
		for _, l := range p.wrap(p.info, infoSz, p.infoWidth()) {
			if lw, _ := p.measure(l, infoSz); 10+lw > w-right {
				t.Errorf("HeaderRight %v: %q ends at %.0f px, past %v", right, l, 10+lw, w-right)
			}
		}
	}
	if lines[free] <= lines[0] {
		t.Errorf("the figures take %d lines with %v px kept free, %d without", lines[free], free, lines[0])
	}
}
