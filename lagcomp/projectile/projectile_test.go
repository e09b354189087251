package projectile

import (
	"math"
	"slices"
	"testing"

	"lagscope/model"
)

func TestProjectileArithmetic(t *testing.T) {
	cases := []struct {
		ping, red, bias, max float64
		want                 model.Time
		clamped              bool
	}{
		{100, 15, 0.5, 255, model.MsF(42.5), false}, {100, 15, 1, 255, 85 * model.Millisecond, false},
		{100, 15, 0, 255, 0, false}, {10, 15, 0.5, 255, 0, false},
		// the run: 1000 ms of ping, a 100 ms cap: 50 ms, not 492.5
		{1000, 15, 0.5, 100, 50 * model.Millisecond, true},
		{115, 15, 1, 100, 100 * model.Millisecond, false}, // exactly at the cap: not cut
		{115.5, 15, 1, 100, 100 * model.Millisecond, true},
		{500, 15, 0.5, 0, 0, true}, // a cap of 0: no fast-forward at all, and said so
	}
	for _, c := range cases {
		got, clamped := ForwardPredictionTime(c.ping, c.red, c.bias, c.max)
		if got != c.want || clamped != c.clamped {
			t.Errorf("ForwardPredictionTime(%v, %v, %v, %v) = %v (clamped %v), want %v (%v)", c.ping, c.red, c.bias, c.max, got, clamped, c.want, c.clamped)
		}
	}
	if d := FakeSpawnDelay(150, 0, 100); d != 50*model.Millisecond {
		t.Fatalf("150 ms ping, 100 ms cap: delay %v, want 50 ms (the document's example)", d)
	}
	if d := FakeSpawnDelay(80, 0, 100); d != 0 {
		t.Fatalf("under the cap: delay %v", d)
	}
	// PredictionLatencyReduction comes off the ping first, as in the
	// forward prediction: 150 ms less 20 is 30 ms above the cap; 110 less
	// 15 is under it. The fake waits what the clamp cuts: its delay plus
	// the clamped term (bias 1) is ping − reduction, over a grid of pings.
	if d := FakeSpawnDelay(150, 20, 100); d != 30*model.Millisecond {
		t.Fatalf("150 ms ping, 20 ms reduction, 100 ms cap: delay %v, want 30 ms", d)
	}
	if d := FakeSpawnDelay(110, 15, 100); d != 0 {
		t.Fatalf("110 ms ping less 15 under the 100 ms cap: delay %v", d)
	}
	for ping := 0.0; ping <= 1000; ping += 12.5 {
		for _, red := range []float64{0, 15, 40} {
			ff, _ := ForwardPredictionTime(ping, red, 1, 100)
			if sum := FakeSpawnDelay(ping, red, 100) + ff; sum != model.MsF(math.Max(0, ping-red)) {
				t.Fatalf("ping %v less %v: fake delay plus forward prediction %v, want %v", ping, red, sum, math.Max(0, ping-red))
			}
		}
	}
	if d := CatchupDistance(20, 30*model.Millisecond); math.Abs(d-0.6) > 1e-12 {
		t.Fatalf("catch-up %v, want 0.6 m (20 m/s x 30 ms)", d)
	}
}

// Each owner-side rule, driven by the event order that triggers it, with
// the place the player finally sees the effects.
func TestReconciliationRules(t *testing.T) {
	wall, pawn := model.V(30, 0), model.V(15, 0)
	ms := model.Millisecond
	cases := []struct {
		name      string
		predictFX bool
		events    func(o *Reconciler)
		rules     []Reconcile
		fx        model.Vec
		fxFake    bool
	}{
		{"confirmed with predicted FX", true, func(o *Reconciler) {
			o.Link(10*ms, false)
			o.FakeDetonated(100*ms, wall, 150*ms)
			o.AuthDetonated(150*ms, wall.Add(model.V(0, 0.2)))
		}, []Reconcile{ReconcileConfirmed}, wall, true},
		{"confirmed without predicted FX", false, func(o *Reconciler) {
			o.Link(10*ms, false)
			o.FakeDetonated(100*ms, wall, 150*ms)
			o.AuthDetonated(150*ms, wall)
		}, []Reconcile{ReconcileConfirmed}, wall, false},
		{"switch to auth, then fake gone", true, func(o *Reconciler) {
			o.Link(10*ms, false)
			o.FakeDetonated(100*ms, pawn, 150*ms) // hit a pawn the server's rocket missed
			o.Tick(249 * ms)
			o.Tick(250 * ms)
			o.AuthDetonated(400*ms, wall)
		}, []Reconcile{ReconcileSwitchTimer, ReconcileFakeGone}, wall, false},
		{"auth detonates first", true, func(o *Reconciler) {
			o.Link(10*ms, false)
			o.AuthDetonated(120*ms, pawn)
			o.FakeDetonated(140*ms, pawn, 150*ms) // too late: the fake is gone
		}, []Reconcile{ReconcileAuthFirst}, pawn, false},
		{"too far apart", true, func(o *Reconciler) {
			o.Link(10*ms, false)
			o.FakeDetonated(100*ms, pawn, 500*ms)
			o.AuthDetonated(200*ms, wall)
		}, []Reconcile{ReconcileTooFarApart}, wall, false},
		{"torn off before the link", true, func(o *Reconciler) {
			o.AuthDetonated(20*ms, wall) // detonated on spawn
			o.Link(40*ms, false)
		}, []Reconcile{ReconcileTornOff, ReconcileAuthFirst}, wall, false},
		{"spawned already detonated, torn off after the link", true, func(o *Reconciler) {
			o.FakeDetonated(30*ms, wall, 150*ms)
			o.Link(40*ms, true)          // replicated after detonating in its fast-forward
			o.AuthDetonated(41*ms, wall) // TornOff: the second try
		}, []Reconcile{ReconcileTornOff, ReconcileConfirmed}, wall, true},
	}
	for _, tc := range cases {
		o := &Reconciler{mismatchM: 1.5, predictFX: tc.predictFX, fakeAlive: true}
		tc.events(o)
		if !slices.Equal(o.Fired, tc.rules) || o.FX != tc.fx || o.FXFake != tc.fxFake {
			t.Errorf("%s: rules %v effects %v (fake %v); want %v at %v (fake %v)", tc.name, o.Fired, o.FX, o.FXFake, tc.rules, tc.fx, tc.fxFake)
		}
	}
}
