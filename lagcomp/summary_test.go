package lagcomp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"lagscope/model"
)

// The order statistic answers what sorting every value answers, at every
// size, with ties, for the p95 and other quantiles.
func TestOrderStatIsTheSortedNearestRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	for _, p := range []float64{0.95, 0.5, 0.01, 1} {
		var o orderStat
		var xs []float64
		for n := 1; n <= 3000; n++ {
			x := math.Round(rng.ExpFloat64()*20) / 10 // many ties
			xs = append(xs, x)
			o.add(x)
			if got, want := o.quantile(p), percentile(xs, p); got != want {
				t.Fatalf("p %v, n %d: %v, sorted %v", p, n, got, want)
			}
		}
	}
}

// The summary a Sim keeps as it goes is, bit for bit, the from-scratch
// fold over every record, at any moment, for shots and projectiles.
func TestRunningSummaryEqualsTheExactOne(t *testing.T) {
	for _, w := range []WeaponKind{WeaponRapid, WeaponRocket} {
		c := Defaults()
		c.Weapon, c.FireIntervalMs, c.BurstPauseMs = w, 60, 200
		c.Up.LossPct, c.Down.LossPct, c.Up.JitterMs = 10, 10, 30
		c.AimErrorDeg = 2
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for at := model.Time(0); at <= 20*model.Second; at += 333 * model.Millisecond {
			s.Step(at)
			f := s.Frame()
			want := Summarize(s.Shots)
			want.MaxWarpM, want.StarvedFrames = f.Summary.MaxWarpM, f.Summary.StarvedFrames
			// every weapon's shots are counted from their deliveries, not records
			want.ShotsFired, want.ShotsLost, want.ShotsInFlight = s.shotCounts()
			want.DupsRejected, want.ReliableGaveUp = s.dupRejected, s.reliableGaveUp
			if fmt.Sprintf("%#v", f.Summary) != fmt.Sprintf("%#v", want) {
				t.Fatalf("%s at %v: running %+v, exact %+v", w, at, f.Summary, want)
			}
			if ps := SummarizeProjectiles(s.Projectiles()); len(s.projs) > 0 && !reflect.DeepEqual(f.ProjSummary, ps) {
				t.Fatalf("%s at %v: running %+v, exact %+v", w, at, f.ProjSummary, ps)
			}
		}
		if len(s.Shots)+len(s.projs) < 100 || (w == WeaponRocket && s.projSettled == 0) {
			t.Fatalf("%s: %d shots, %d projectiles (%d settled): the test saw too little", w, len(s.Shots), len(s.projs), s.projSettled)
		}
	}
}

// BenchmarkFrame is one display frame's snapshot after n judged shots:
// the same cost after 10 as after 100 000. The gun then falls silent for
// longer than GhostWindow, so both frames draw the same few ghosts.
func BenchmarkFrame(b *testing.B) {
	for _, n := range []int{10, 100_000} {
		b.Run(fmt.Sprintf("shots=%d", n), func(b *testing.B) {
			c := Defaults()
			c.Weapon, c.FireIntervalMs, c.BurstShots, c.BurstPauseMs = WeaponRapid, 10, 1000, 0
			s, err := New(c)
			if err != nil {
				b.Fatal(err)
			}
			for len(s.Shots) < n {
				s.Step(s.Now + 10*model.Millisecond)
			}
			c.FireIntervalMs = 10_000
			if err := s.SetConfig(c); err != nil {
				b.Fatal(err)
			}
			s.Step(s.Now + GhostWindow + model.Second)
			s.Frame()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Frame()
			}
		})
	}
}
