package clock

import (
	"math"
	"testing"

	"lagscope/model"
)

// feed runs a clock through snapshots sent every period, each taking
// latency plus delay(i) to arrive, read at render frames every frame:
// it returns the clock's error against the reference (the newest stamp
// plus the true time since the frame that took it in) at every frame
// from start on, the largest |error| and the last.
func feed(c *Clock, period, frame, latency model.Time, delay func(i int) model.Time, until, start model.Time) (worst, last model.Time) {
	var ref, newest model.Time = 0, -1
	next, i := model.Time(0), 0
	type arrival struct{ stamp, at model.Time }
	var inFlight []arrival // in the order sent
	for t := model.Time(0); t <= until; t += frame {
		if t > 0 {
			c.Advance(frame)
			ref += frame
		}
		for next+latency <= t+period*4 { // schedule the snapshots sent by now
			inFlight = append(inFlight, arrival{next, next + latency + delay(i)})
			next += period
			i++
		}
		kept := inFlight[:0]
		for _, a := range inFlight {
			switch {
			case a.at > t:
				kept = append(kept, a)
			case a.stamp > newest:
				newest, ref = a.stamp, a.stamp
				c.Snapshot(a.stamp)
			}
		}
		inFlight = kept
		if !c.Started() || t < start {
			continue
		}
		last = c.Now() - ref
		worst = max(worst, last, -last)
	}
	return worst, last
}

// none keeps the first reading's error and adds the drift, exactly
// linearly: the error after any time is offset + round(elapsed × ppm).
func TestNoneKeepsTheOffsetAndDriftsLinearly(t *testing.T) {
	for _, ppm := range []float64{0, 37, -250, 2000} {
		c := New(Settings{Sync: None, Offset: 25 * model.Millisecond, DriftPPM: ppm})
		c.Snapshot(5 * model.Millisecond)
		var elapsed model.Time
		for i := 1; i <= 3000; i++ {
			dt := model.Time(7000 + 13*(i%5)) // uneven frames
			c.Advance(dt)
			elapsed += dt
			if i%50 == 0 {
				c.Snapshot(elapsed) // ignored: none never corrects
			}
			want := 5*model.Millisecond + 25*model.Millisecond + elapsed + model.Time(math.Round(float64(elapsed)*ppm/1e6))
			if c.Now() != want {
				t.Fatalf("ppm %v after %v: estimate %v, want %v", ppm, elapsed, c.Now(), want)
			}
		}
	}
}

// package_timestamp is the replicated value at every snapshot: the
// offset never shows, and the drift only between two snapshots.
func TestPackageTimeStampIsReplacedAtEverySnapshot(t *testing.T) {
	c := New(Settings{Sync: PackageTimeStamp, Offset: 300 * model.Millisecond, DriftPPM: 1000})
	worst, _ := feed(&c, 50*model.Millisecond, 10*model.Millisecond, 40*model.Millisecond, func(int) model.Time { return 0 }, 10*model.Second, 0)
	// 1000 ppm over at most one 50 ms interval (plus the frame it waits)
	if worst > 60 {
		t.Errorf("largest error %v µs, want at most 1000 ppm × 60 ms = 60 µs", worst)
	}
	e := New(Settings{Sync: PackageTimeStamp})
	if w, _ := feed(&e, 50*model.Millisecond, 10*model.Millisecond, 40*model.Millisecond, func(i int) model.Time { return model.Time(i*7919%30) * model.Millisecond }, 10*model.Second, 0); w != 0 {
		t.Errorf("an exact oscillator's replicated stamp is off by %v µs", w)
	}
}

// tick_count works an error off at no more than 200 ms a second, down
// to the 10 ms it tolerates, and slams the clock beyond 150 ms.
func TestTickCountCorrectsAtSourcesRate(t *testing.T) {
	zero := func(int) model.Time { return 0 }
	c := New(Settings{Sync: TickCount, Offset: 80 * model.Millisecond})
	_, early := feed(&c, 50*model.Millisecond, 10*model.Millisecond, 40*model.Millisecond, zero, 200*model.Millisecond, 0)
	if early < 40*model.Millisecond {
		t.Errorf("after 0.2 s the 80 ms offset is down to %v: faster than 200 ms/s", early)
	}
	c = New(Settings{Sync: TickCount, Offset: 80 * model.Millisecond})
	worst, last := feed(&c, 50*model.Millisecond, 10*model.Millisecond, 40*model.Millisecond, zero, 10*model.Second, 5*model.Second)
	if worst > MinOffset+model.Millisecond || c.Slams != 0 {
		t.Errorf("after 5 s the error is up to %v (last %v), %d slams: want within the 10 ms dead band, none", worst, last, c.Slams)
	}
	c = New(Settings{Sync: TickCount, Offset: 400 * model.Millisecond})
	worst, _ = feed(&c, 50*model.Millisecond, 10*model.Millisecond, 40*model.Millisecond, zero, 2*model.Second, 200*model.Millisecond)
	if c.Slams != 1 || worst > MinOffset {
		t.Errorf("a 400 ms offset: %d slams, then error up to %v; want one slam to the server's tick", c.Slams, worst)
	}
}

// The correction bounds the error by the spread of what it is estimated
// from: the snapshots' arrivals (jitter, and the wait for a render
// frame) plus the 10 ms dead band — whatever the drift; without it the
// drift runs past any bound.
func TestTickCountErrorIsBoundedByTheJitter(t *testing.T) {
	frame := 8333 * model.Time(1)
	for _, j := range []model.Time{0, 20 * model.Millisecond, 60 * model.Millisecond} {
		for seed := 1; seed <= 4; seed++ {
			jitter := func(i int) model.Time {
				if j == 0 {
					return 0
				}
				return model.Time((i*2654435761 + seed*97) % int(j))
			}
			bound := MinOffset + j + frame + model.Millisecond
			c := New(Settings{Sync: TickCount, DriftPPM: 500, Offset: 30 * model.Millisecond})
			worst, _ := feed(&c, 30*model.Millisecond, frame, 40*model.Millisecond, jitter, 30*model.Second, 5*model.Second)
			if worst > bound {
				t.Errorf("jitter %v seed %d: error up to %v, above the bound %v", j, seed, worst, bound)
			}
			if j > 0 && worst < j/4 {
				t.Errorf("jitter %v seed %d: error only %v: the estimate should show the jitter it averages", j, seed, worst)
			}
			free := New(Settings{Sync: None, DriftPPM: 500, Offset: 30 * model.Millisecond})
			if w, _ := feed(&free, 30*model.Millisecond, frame, 40*model.Millisecond, jitter, 30*model.Second, 5*model.Second); w <= bound {
				t.Errorf("jitter %v seed %d: without correction the error stayed within %v (%v): the bound proves nothing", j, seed, bound, w)
			}
		}
	}
}

// A clock that does not drift (0 ppm, or -0) skips driftAfter at every
// frame: its drift is driftAfter's, 0, after any time at all, and a clock
// run through frames of every length keeps the estimate the full
// formula keeps, frame for frame.
func TestNoDriftIsDriftAfter(t *testing.T) {
	for _, ppm := range []float64{0, math.Copysign(0, -1)} {
		for _, e := range []model.Time{0, 1, 999_999, 1_000_000, 1 << 40, 1<<62 + 12345} {
			if d := driftAfter(e, ppm); d != 0 {
				t.Fatalf("driftAfter(%v, %v) = %v", e, ppm, d)
			}
		}
		for _, sync := range []Sync{None, TickCount, PackageTimeStamp} {
			c := Clock{S: Settings{Sync: sync, DriftPPM: ppm}}
			c.Snapshot(50 * model.Millisecond)
			est, elapsed, drifted := c.est, model.Time(0), model.Time(0)
			for i := 0; i < 5000; i++ {
				dt := model.Time(1 + (i*7919)%40000)
				c.Advance(dt)
				elapsed += dt
				drift := driftAfter(elapsed, ppm)
				est += dt + drift - drifted
				drifted = drift
				if sync == None && (c.est != est || c.drifted != drifted) {
					t.Fatalf("%v ppm, frame %d: estimate %v (drifted %v), the full formula's %v (%v)", ppm, i, c.est, c.drifted, est, drifted)
				}
				if c.drifted != drifted {
					t.Fatalf("%v ppm, %s, frame %d: drifted %v, the full formula's %v", ppm, sync, i, c.drifted, drifted)
				}
				est = c.est // a correcting clock moves its estimate itself
			}
		}
	}
}
