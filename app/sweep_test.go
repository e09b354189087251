package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lagscope/lagcomp/compensation"
)

func TestSweepTabRunsChartsAndOpensAPoint(t *testing.T) {
	u, clk := newTestUI(t, "default")
	clk.run(u, 5)
	u.control("interp_ms").setSlider(50) // a change in the window: a --set of every point
	st := u.sweep
	st.x.SetText("latency_ms=0:100:50")
	st.lines.SetText("mode=none,ping")
	st.seeds.SetText("2")
	st.duration.SetText("3s")
	test.Tap(st.run)
	<-st.done
	if !st.chart.Visible() || st.chart.panes.Visible() {
		t.Fatalf("the chart is not shown: %s", st.note.Text)
	}
	if st.bar.Value != 1 || len(st.chart.table.Rows) != 3*2*2 {
		t.Fatalf("progress %v, %d rows: %s", st.bar.Value, len(st.chart.table.Rows), st.note.Text)
	}
	if c := st.chart.grid.Caption(); !strings.Contains(c[0], "interp_ms=50") {
		t.Errorf("the caption does not name the window's change: %q", c)
	}
	img := st.chart.draw(1600, 900)
	if img.Bounds().Dx() != 1600 || len(st.chart.spots) != 3*3*2 {
		t.Fatalf("chart %v, %d hotspots", img.Bounds(), len(st.chart.spots))
	}
	// a tap on the point latency 50, mode ping opens it at 0 s
	var target int = -1
	for i, s := range st.chart.spots {
		p := st.chart.table.Rows[s.Row].Point
		if p.Values[0] == "50" && p.Values[1] == "ping" {
			target = i
			break
		}
	}
	s := st.chart.spots[target]
	scale := float64(img.Bounds().Dx()) / float64(st.chart.Size().Width)
	st.chart.Tapped(&fyne.PointEvent{Position: fyne.NewPos(float32(s.X/scale), float32(s.Y/scale))})
	c := u.config()
	if c.Up.LatencyMs != 50 || c.Mode != compensation.Ping || c.InterpMs != 50 || u.sessionState().now != 0 {
		t.Errorf("opened latency %v mode %s interp %v at %v", c.Up.LatencyMs, c.Mode, c.InterpMs, u.sessionState().now)
	}
	if st.chart.Visible() || !st.chart.panes.Visible() {
		t.Error("the panes are not back after opening a point")
	}
	if !strings.Contains(u.status.Text, "latency_ms=50 mode=ping seed=") {
		t.Errorf("status %q", u.status.Text)
	}
}

func TestSweepTabCancelAndBadInput(t *testing.T) {
	u, _ := newTestUI(t, "default")
	st := u.sweep
	st.x.SetText("Latency_ms=1,2")
	test.Tap(st.run)
	<-st.done
	if !strings.Contains(st.note.Text, `did you mean "latency_ms"`) || st.run.Disabled() {
		t.Errorf("bad key: %q", st.note.Text)
	}
	st.x.SetText("latency_ms=0:1000:5")
	st.seeds.SetText("0")
	test.Tap(st.run)
	if !strings.Contains(st.note.Text, "seeds") {
		t.Errorf("bad seeds: %q", st.note.Text)
	}
	st.seeds.SetText("5")
	st.duration.SetText("60s")
	test.Tap(st.run)
	if !st.run.Disabled() || st.cancel.Disabled() {
		t.Fatal("running: run should be disabled and cancel enabled")
	}
	test.Tap(st.cancel)
	<-st.done
	if !strings.Contains(st.note.Text, "cancelled") || st.run.Disabled() || st.chart.Visible() {
		t.Errorf("after cancel: %q", st.note.Text)
	}
}
