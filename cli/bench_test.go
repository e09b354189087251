package cli

import (
	"fmt"
	"io"
	"testing"
)

// BenchmarkCrowdSim is lagscope sim over a crowd (1 000 bystanders, 62
// observers) for a run and one four times longer: sim-s/s is the same for
// both when the cost grows with the run and no faster. Profile one with
//
//	go test -c -o cli.test ./cli
//	./cli.test -test.run '^$' -test.bench 'CrowdSim/sim=120s' -test.benchtime 1x -test.cpuprofile cpu.prof
//	go tool pprof -top cli.test cpu.prof
//
// Compare CPU time, not wall time, on a shared machine.
func BenchmarkCrowdSim(b *testing.B) {
	for _, secs := range []int{30, 120} {
		b.Run(fmt.Sprintf("sim=%ds", secs), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				args := []string{"--set", "extra_pawns=1000", "--set", "observers=62", "--duration", fmt.Sprintf("%ds", secs), "--summary"}
				if code := cmdSim(args, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(secs*b.N)/b.Elapsed().Seconds(), "sim-s/s")
		})
	}
}
