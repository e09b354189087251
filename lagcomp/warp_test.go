package lagcomp

import (
	"testing"

	"lagscope/model"
)

// Each extrapolation warp is listed as an event at the frame it happened,
// its size the distance it jumped, and the largest of them is the
// max_warp_m of the summary.
func TestWarpEventsAreTheMeasuredJumps(t *testing.T) {
	c := Defaults()
	c.Display = DisplayExtrap
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	biggest := 0.0
	seen := map[model.Time]bool{}
	for at := 100 * model.Millisecond; at <= 6*model.Second; at += 500 * model.Millisecond {
		s.Step(at)
		f := s.Frame()
		ws := f.Clients[ShooterPawn].Warps
		if len(ws) == 0 {
			continue
		}
		for i, w := range ws {
			if w.M < WarpEventMinM || w.Pawn == ShooterPawn {
				t.Fatalf("event %+v: below the threshold or the client's own pawn", w)
			}
			if d := w.From.Dist(w.To); d != w.M {
				t.Fatalf("event %+v: jumped %v, says %v", w, d, w.M)
			}
			if w.T <= f.T-GhostWindow || w.T > f.T || (i > 0 && w.T < ws[i-1].T) {
				t.Fatalf("event at %v out of the window or order at %v", w.T, f.T)
			}
			if !seen[w.T] && w.M > biggest {
				biggest = w.M
			}
			seen[w.T] = true
		}
	}
	if biggest == 0 {
		t.Fatal("a strafing target extrapolated over 6 s never warped")
	}
	if got := s.Summary().MaxWarpM; got < biggest {
		t.Fatalf("max_warp_m %v is below an event of %v", got, biggest)
	}
}
