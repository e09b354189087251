package telemetry_test

import (
	"runtime"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
	"lagscope/model"
)

// sampledHeap samples a default run of d into a sink that keeps nothing
// and, every so many ticks, takes the live heap after a collection: the
// most the run and its sampler held. It gives that and the rows made.
func sampledHeap(t *testing.T, d model.Time) (maxLive uint64, rows int) {
	t.Helper()
	s, err := lagcomp.New(lagcomp.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	s.NoPacketLog()
	names := make([]string, len(s.Clients))
	for i := range names {
		names[i] = lagcomp.ClientName(i)
	}
	ticks := 0
	telemetry.New(s, names, func(rs []telemetry.Row) error {
		rows += len(rs)
		if ticks++; ticks%1000 == 0 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			maxLive = max(maxLive, m.HeapAlloc)
		}
		return nil
	})
	s.Step(d)
	return maxLive, rows
}

// The sampler keeps a second of each link's packets, not the run's rows
// nor its packets: ten simulated minutes hold about what one does (the
// run's own state, which grows only with its shots).
func TestSamplerMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("ten simulated minutes")
	}
	one, n1 := sampledHeap(t, time(1))
	ten, n10 := sampledHeap(t, time(10))
	if n10 < 9*n1 {
		t.Fatalf("10 min made %d rows, 1 min %d", n10, n1)
	}
	t.Logf("most live heap: 1 min %d KB (%d rows), 10 min %d KB (%d rows)", one>>10, n1, ten>>10, n10)
	// kept, ten minutes of rows (a Row is 176 bytes)
	// would be 138,000 more: 24 MB
	if grown := int64(ten) - int64(one); grown > int64(one)/2+1<<20 {
		t.Errorf("10 simulated minutes held %d KB live, 1 minute %d KB: the sampler keeps what it should stream", ten>>10, one>>10)
	}
}

func time(min int64) model.Time { return model.Time(min) * 60 * model.Second }
