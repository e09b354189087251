package sweep

import (
	"context"
	"runtime"
	"strconv"
	"testing"
)

// BenchmarkSweep runs the grid the performance budget is stated on: 9
// latencies × 3 modes × 2 seeds of the default preset, 30 s each (54 runs),
// on one worker and on every CPU, and reports runs ("points", a seed each)
// per second; the speed-up is the ratio of the two.
//
//	go test ./lagcomp/sweep -run - -bench Sweep -benchtime 3x
func BenchmarkSweep(b *testing.B) {
	g := Grid{Base: preset(b, "default"), DurationMs: 30000, Seeds: 2,
		Vary: []Vary{mustVary(b, "latency_ms=0:200:25"), mustVary(b, "mode=none,timestamp,ping")}}
	pts, err := g.Points()
	if err != nil {
		b.Fatal(err)
	}
	for _, jobs := range []int{1, runtime.NumCPU()} {
		b.Run("jobs="+strconv.Itoa(jobs), func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(context.Background(), pts, jobs, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(pts)*b.N)/b.Elapsed().Seconds(), "points/s")
		})
	}
}
