package app

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A latency slider is fine where it matters: a short drag (3 % of the
// track, ~8 px of the sidebar) from 90 ms moves it by tens of ms, not the
// 700 ms a linear 0-2000 ms slider moved; the ends are exact and every
// value maps back to its own position.
func TestLogSliderIsFineAtSmallValues(t *testing.T) {
	lat := sliderScale{lo: 0, hi: 2000, step: 1, log: true}
	p := lat.pos(90)
	if got := lat.value(p + 0.03); got > 130 || got <= 90 {
		t.Errorf("3 %% of the track from 90 ms reaches %v ms", got)
	}
	if lin := (sliderScale{lo: 0, hi: 2000, step: 1}); lin.value(lin.pos(90)+0.03) < 140 {
		t.Error("the linear scale is not the coarse one it replaces")
	}
	if lat.value(0) != 0 || lat.value(1) != 2000 || lat.value(-1) != 0 || lat.value(2) != 2000 {
		t.Errorf("ends: %v %v", lat.value(0), lat.value(1))
	}
	for _, v := range []float64{0, 1, 2, 40, 90, 804, 1999, 2000} {
		if got := lat.value(lat.pos(v)); got != v {
			t.Errorf("%v ms round-trips to %v", v, got)
		}
	}
	// one position step near 40 ms is under a millisecond of change
	if d := lat.value(lat.pos(40)+1.0/positions) - 40; d > 1 {
		t.Errorf("one step from 40 ms moves %v ms", d)
	}
	// -1 ("same as the shooter") stays on a log scale starting there
	victim := sliderScale{lo: -1, hi: 1000, step: 1, log: true}
	if victim.value(0) != -1 || victim.value(victim.pos(0)) != 0 {
		t.Errorf("victim scale: %v, %v", victim.value(0), victim.value(victim.pos(0)))
	}
	// fractional steps keep their decimals
	loss := sliderScale{lo: 0, hi: 100, step: 0.5, log: true}
	if v := loss.value(loss.pos(2.5)); v != 2.5 || math.Mod(loss.value(0.37)*2, 1) != 0 {
		t.Errorf("loss: %v, %v", v, loss.value(0.37))
	}
}

// Dragging the window's latency slider a little changes the latency a
// little, and the slider follows a value set elsewhere.
func TestLatencySliderDrag(t *testing.T) {
	u, _ := newTestUI(t, "behind-cover") // 90 ms each way
	ct := u.control("latency_ms")
	if got := ct.sliderValue(); got != 90 {
		t.Fatalf("slider shows %v ms, the preset has 90", got)
	}
	ct.sl.SetValue(ct.sl.Value + 0.02) // the user's short drag
	if c := u.config(); c.Up.LatencyMs <= 90 || c.Up.LatencyMs > 120 {
		t.Fatalf("a short drag from 90 ms set %v ms", c.Up.LatencyMs)
	}
	test.Tap(ct.reset)
	if u.config().Up.LatencyMs != 90 || ct.sliderValue() != 90 {
		t.Fatalf("reset: %v, slider %v", u.config().Up.LatencyMs, ct.sliderValue())
	}
}

// A latency can be typed exactly (with or without its unit); a value
// out of the key's range is refused with its message and the entry goes
// back to the value in force.
func TestTypedLatency(t *testing.T) {
	u, _ := newTestUI(t, "default")
	ct := u.control("latency_ms")
	ct.typed.SetText("37 ms")
	ct.typed.OnSubmitted(ct.typed.Text)
	if c := u.config(); c.Up.LatencyMs != 37 || c.Down.LatencyMs != 37 || ct.sliderValue() != 37 {
		t.Fatalf("typed 37 ms: up %v down %v slider %v", c.Up.LatencyMs, c.Down.LatencyMs, ct.sliderValue())
	}
	ct.typed.SetText("9000")
	ct.typed.OnSubmitted(ct.typed.Text)
	if u.config().Up.LatencyMs != 37 || ct.typed.Text != "37" || !strings.Contains(u.status.Text, "5000") {
		t.Fatalf("9000 ms: latency %v, entry %q, status %q", u.config().Up.LatencyMs, ct.typed.Text, u.status.Text)
	}
}
