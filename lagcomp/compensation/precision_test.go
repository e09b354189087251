package compensation

import (
	"testing"

	"lagscope/model"
)

// TIME_TO_TICKS by hand: (int)(0.5 + dt / TICK_INTERVAL), halves up.
func TestTimeToTicksIsSources(t *testing.T) {
	for _, c := range []struct {
		dt   model.Time
		hz   int
		want int64
	}{
		{model.Ms(100), 66, 7},             // 6.6
		{model.Ms(100), 64, 6},             // 6.4
		{model.Ms(100), 128, 13},           // 12.8
		{31250, 64, 2},                     // CS:GO's cl_interp_ratio 2 at 64 updates a second
		{31250, 128, 4},                    //
		{7812, 64, 0},                      // 0.49987
		{7813, 64, 1},                      // 0.50003
		{model.TickTime(1, 66) / 2, 66, 0}, // 7575 µs of 15151.5: just under a half
		{25000, 20, 1},                     // exactly a half: up
		{500, 1000, 1},                     //
		{0, 66, 0},
	} {
		if got := TimeToTicks(c.dt, c.hz); got != c.want {
			t.Errorf("TIME_TO_TICKS(%v) at %d Hz = %d, want %d", c.dt, c.hz, got, c.want)
		}
	}
}

// TickAt is the tick a time lies in, exactly, at rates whose tick is not
// a whole number of microseconds too: a tick's own start is in it, the
// microsecond before is in the one before.
func TestTickAtIsTheTickATimeLiesIn(t *testing.T) {
	for _, hz := range []int{20, 64, 66, 128, 333, 1000} {
		for n := int64(-5000); n <= 5000; n++ {
			start := model.TickTime(n, hz)
			if got := TickAt(start, hz); got != n {
				t.Fatalf("%d Hz: TickAt(%v), the start of tick %d, = %d", hz, start, n, got)
			}
			if got := TickAt(start-1, hz); got != n-1 {
				t.Fatalf("%d Hz: TickAt(%v), a microsecond before tick %d, = %d", hz, start-1, n, got)
			}
		}
	}
}

// A sub-tick stamp's fractions are of the tick the render time lies in
// and of the pair the display drew between, and the time they give the
// server is the time drawn within the float's error.
func TestSubtickStampIsTheTimeDrawn(t *testing.T) {
	for i := range 2000 {
		drawn := model.Time(1_000_000 + i*7919)
		hz := []int{64, 66, 128}[i%3]
		from := TickAt(drawn, hz) - int64(i%4) // a pair some snapshots apart
		to := TickAt(drawn, hz) + 1
		tm := Timing{TickTime: drawn + model.Ms(100) + model.Time(i%50), Interp: model.Ms(100), Drawn: drawn,
			DrawnFrom: model.TickTime(from, hz), DrawnTo: model.TickTime(to, hz), Lerped: true, HasStamp: true}
		got, st := tm.Sent(Subtick, hz)
		if d := got.TickTime - got.Interp - drawn; d < -1 || d > 1 || got.Stamp != got.TickTime-got.Interp {
			t.Fatalf("%+v: the server is given %v (stamp %v), drawn %v", tm, got.TickTime-got.Interp, got.Stamp, drawn)
		}
		if st.InterpFrom != from || st.InterpTo != to || st.InterpFraction < 0 || st.InterpFraction >= 1 {
			t.Fatalf("%+v: interpolation state %+v, want ticks %d to %d", tm, st, from, to)
		}
		render := tm.TickTime - tm.Interp
		if st.Tick != TickAt(render, hz) || st.Fraction < 0 || st.Fraction >= 1 {
			t.Fatalf("%+v: render tick %d + %v for %v", tm, st.Tick, st.Fraction, render)
		}
	}
}
