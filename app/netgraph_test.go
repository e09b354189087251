package app

import (
	"testing"

	"fyne.io/fyne/v2"

	"lagscope/model"
	"lagscope/views"
)

// Key 8 shows the net graph alone; it draws the rows of the run the
// window shows, a row a client and the server's each tick up to the shown
// time, the last NetGraphSpan at most; a seek back starts them over from
// the simulation shown there (never a row past the shown time).
func TestNetGraphFollowsTheShownRun(t *testing.T) {
	u, clk := newTestUI(t, "default")
	u.typedKey(&fyne.KeyEvent{Name: fyne.Key8})
	if u.layout != views.LayoutSingle || u.single != views.ViewNetGraph || !u.pane(views.ViewNetGraph).visible {
		t.Fatalf("key 8: layout %v single %v", u.layout, u.single)
	}
	clk.run(u, 100)
	f := u.frame.Load()
	o := u.options()
	if o.Net == nil || len(o.Net.Rows) == 0 {
		t.Fatalf("at %v the net graph has no rows", f.T)
	}
	clients := len(f.Clients) + 1
	last := o.Net.Rows[len(o.Net.Rows)-1]
	if model.MsF(last.TimeMs) > f.T || f.T-model.MsF(last.TimeMs) >= f.Config.Tick() || len(o.Net.Rows)%clients != 0 {
		t.Errorf("at %v: the last row at %v ms, %d rows (a tick has %d)", f.T, last.TimeMs, len(o.Net.Rows), clients)
	}
	p := u.pane(views.ViewNetGraph)
	p.Resize(fyne.NewSize(800, 500))
	p.draw(800, 500)
	u.timeline.scrub.SetValue(100) // ms: back, another simulation shown
	clk.run(u, 1)
	f = u.frame.Load()
	for _, r := range u.options().Net.Rows {
		if model.MsF(r.TimeMs) > f.T {
			t.Fatalf("after the seek to %v: a row at %v ms", f.T, r.TimeMs)
		}
	}
}
