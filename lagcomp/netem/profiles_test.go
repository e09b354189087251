package netem

import (
	"math"
	"testing"

	"lagscope/model"
)

// Unity's simulator delays each packet on its own: over many packets the
// mean one-way delay of a Unity profile is the delay its table gives.
// Held in order (reorder_pct 0), a packet drawn a shorter delay than the
// one ahead waited behind it and the mean rose above Unity's (here, a
// packet every 1/120 s: regional-p50 66.87 ms for 66, 60 σ off;
// regional-p25 16.05 for 16, 7 σ; regional-p5's ± 2 ms cannot overtake
// at that beat). The delay is uniform on delay ± jitter, so one
// packet's σ is jitter/√3 and the mean's over n packets σ/√n; the bound
// is 4 of those (a false alarm about once in 16 000 runs of a profile,
// and the seeds are fixed).
func TestUnityProfilesKeepTheirMean(t *testing.T) {
	table := map[string]struct{ delay, jitter float64 }{ // Unity's SimulatorPreset table, ms
		"regional-p5": {10, 2}, "regional-p25": {16, 6}, "regional-p50": {66, 11},
		"regional-p95": {151, 11}, "intl-p50": {121, 11},
	}
	const n = 200_000
	const every = model.Second / 120 // a client's frame beat
	seen := 0
	for _, p := range Profiles {
		if p.Source != unityPresets {
			continue
		}
		seen++
		u, ok := table[p.Name]
		if !ok {
			t.Fatalf("%s: a Unity profile not in Unity's table", p.Name)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			l := NewLink(p.Link, seed, 0)
			sum, got := 0.0, 0
			for i := range n {
				at := model.Time(i) * every
				k, first, second := l.Send(at)
				for c, d := range []model.Time{first, second}[:k] {
					if c == 0 { // a duplicate's second copy is not a packet
						sum += (d - at).Millis()
						got++
					}
				}
			}
			mean := sum / float64(got)
			sigma := u.jitter / math.Sqrt(3) / math.Sqrt(float64(got))
			if math.Abs(mean-u.delay) > 4*sigma {
				t.Errorf("%s seed %d: mean delay %.4f ms over %d packets, Unity's %g (σ of the mean %.4f ms: %.1f σ off)",
					p.Name, seed, mean, got, u.delay, sigma, (mean-u.delay)/sigma)
			}
		}
	}
	if seen != len(table) {
		t.Errorf("%d Unity profiles, Unity's table has %d", seen, len(table))
	}
}
