package lagcomp

import (
	"fmt"
	"strings"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// A 1 Hz ping log with one lost probe in a clean minute, replayed by a
// run that fires ten shots a second: as a rate (trace_loss's default) a
// lost probe is one sample of the path's loss, about 1 packet in 36 at
// the log's start, and cmd_backup's copies carry a shot whose packet was
// lost: a shot at most; as outage every packet of that second is dropped
// both ways and the shots fired in it are lost (8 of seeds 1–6's 99;
// the 15 where the keys fitted to the log lose none).
func TestTraceLossRateLosesShotsAtTheRate(t *testing.T) {
	var b strings.Builder
	b.WriteString("PING game.example.net (192.0.2.10) 56(84) bytes of data.\n")
	for seq := 1; seq <= 60; seq++ {
		if seq != 5 {
			fmt.Fprintf(&b, "64 bytes from 192.0.2.10: icmp_seq=%d ttl=54 time=8%d.0 ms\n", seq, seq%6)
		}
	}
	tr, err := netem.ParseTrace("one-lost.log", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	netem.SetTraceReader(func(string) (*netem.Trace, error) { return tr, nil })
	t.Cleanup(func() { netem.SetTraceReader(nil) })
	for seed := 1; seed <= 3; seed++ {
		lost := map[string]int{}
		for _, loss := range []string{"rate", "outage"} {
			s := runKeys(t, 10*model.Second, map[string]string{"trace": "one-lost.log", "trace_loss": loss, "seed": fmt.Sprint(seed),
				"fire_interval_ms": "100"})
			lost[loss] = s.Summary().ShotsLost
		}
		if lost["outage"] < 5 || lost["rate"] > 1 {
			t.Errorf("seed %d: %d shots lost as a rate, %d as an outage; want at most 1 and the lost second's (≥ 5)", seed, lost["rate"], lost["outage"])
		}
	}
}
