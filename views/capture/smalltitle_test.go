package capture

import (
	"testing"

	"lagscope/views"
)

// longTitle wraps to three rows in any picture up to 1920 px wide.
const longTitle = "Why the server credited a hit after the victim ducked behind the wall: lag compensation rewinds the target to what the shooter saw, 100 ms ago, and that is fair to him"

// TestSmallPictureTitleLeavesThePanesRoom: at 640×360 a three-row title
// (104 px) left the 2×2 split's panes no drawing area; it now keeps one
// row, cut with "…" (and the panes' key figures keep to the lines that
// leave them a drawing area: views' TestSmallPanesKeepADrawingArea). A 1920×1080 slide keeps its three rows, a
// single pane at 640×360 two.
func TestSmallPictureTitleLeavesThePanesRoom(t *testing.T) {
	for _, c := range []struct {
		w, h  int
		scale float64
		view  string
		rows  int
	}{
		{640, 360, 1, "split", 1},
		{640, 360, 1, "overlay", 2},
		{1920, 1080, 2, "split", 3},
		{960, 540, 1, "split", 3},
	} {
		sc := sidecar()
		sc.Width, sc.Height, sc.Scale, sc.View, sc.Title = c.w, c.h, c.scale, c.view, longTitle
		sl, err := layout(views.NewRenderer(), sc, mustFrame(t, sc))
		if err != nil {
			t.Fatal(err)
		}
		if want := int((44 + 30*float64(c.rows-1)) * c.scale); sl.top != want {
			t.Errorf("%dx%d %s: title band %d px, want %d (%d rows)", c.w, c.h, c.view, sl.top, want, c.rows)
		}
		if _, err := Render(sc); err != nil {
			t.Fatal(err)
		}
	}
}
