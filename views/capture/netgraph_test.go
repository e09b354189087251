package capture

import (
	"testing"

	"lagscope/model"
	"lagscope/views"
)

// A picture that draws the net graph, alone or as a pane, is given the
// run's telemetry; one that does not is not (nor replays the run for
// it). The rows are the last views.NetGraphSpan's up to the picture's
// time, a row a client and the server's each tick: at 12 s the ticks
// from 2 s to 12 s (641 at 64 Hz) × 4, none older.
func TestNetGraphIsGivenItsSpansTelemetry(t *testing.T) {
	for _, c := range []struct {
		view  string
		panes []string
		want  bool
	}{
		{"netgraph", nil, true},
		{"split", []string{"netgraph", "server", "shooter", "overlay"}, true},
		{"split", nil, false},
		{"packets", nil, false},
	} {
		sc := sidecar()
		sc.AtUs, sc.View, sc.Panes, sc.Height, sc.Width = 12_000_000, c.view, c.panes, 720, 1280
		sl, err := layout(views.NewRenderer(), sc, mustFrame(t, sc))
		if err != nil {
			t.Fatal(err)
		}
		if (sl.o.Net != nil) != c.want {
			t.Fatalf("view %s, panes %v: telemetry given %v, want %v", c.view, c.panes, sl.o.Net != nil, c.want)
		}
		if !c.want {
			continue
		}
		rows := sl.o.Net.Rows
		first, last := rows[0].TimeMs, rows[len(rows)-1].TimeMs
		if first != (12*model.Second-views.NetGraphSpan).Millis() || last != 12000 || len(rows) != 641*4 {
			t.Errorf("view %s: %d rows from %v ms to %v ms; want 641 × 4 from 2000 to 12000", c.view, len(rows), first, last)
		}
	}
}

// The sampler starts after the replay's first step, and numbers the
// ticks as the run does all the same: the tick at 12 s is the 769th.
func TestNetGraphTicksAreTheRuns(t *testing.T) {
	sc := sidecar()
	ng, err := netGraphAt(sc.Script, 12*model.Second)
	if err != nil {
		t.Fatal(err)
	}
	if last := ng.Rows[len(ng.Rows)-1]; last.Tick != 769 || last.TimeMs != 12000 {
		t.Errorf("the last row is tick %v at %v ms; want 769 at 12000", last.Tick, last.TimeMs)
	}
}
