package lagcomp

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/model"
)

// While the links replay a trace, the duel's one-way terms are the
// trace's delays at the peek, not latency_ms (which the links do not
// play), and the predicted gap and bounds are summed from them.
func TestDuelOneWayTermsFollowTheTrace(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "steady.csv")
	if err := os.WriteFile(tr, []byte("t_ms,delay_ms,lost\n0,70,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	netem.SetTraceReader(func(path string) (*netem.Trace, error) {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return netem.ParseTrace(path, b)
	})
	t.Cleanup(func() { netem.SetTraceReader(nil) })
	c := Defaults()
	c.Duel = true
	plain := PredictPeekersAdvantage(&c)
	c.Up.Trace, c.Down.Trace = tr, tr
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Step(3 * model.Second)
	p, ok := s.PeekersAdvantage()
	if !ok || !p.OneWayFromTrace {
		t.Fatalf("a traced duel does not say its one-way terms are the trace's: %+v", p)
	}
	if p.PeekerUpMs != 70 || p.HolderDownMs != 70 {
		t.Fatalf("one-way terms %v up, %v down; the trace plays 70 ms", p.PeekerUpMs, p.HolderDownMs)
	}
	shift := 2 * (70 - c.Up.LatencyMs)
	if math.Abs(p.PredictedMs-(plain.PredictedMs+shift)) > 1e-9 || math.Abs(p.LowMs-(plain.LowMs+shift)) > 1e-9 || math.Abs(p.HighMs-(plain.HighMs+shift)) > 1e-9 {
		t.Fatalf("predicted %v [%v, %v]; without the trace %v [%v, %v], shifted by %v", p.PredictedMs, p.LowMs, p.HighMs, plain.PredictedMs, plain.LowMs, plain.HighMs, shift)
	}
	c.Up.Trace, c.Down.Trace = "", ""
	s, _ = New(c)
	s.Step(3 * model.Second)
	if q, _ := s.PeekersAdvantage(); q.OneWayFromTrace || q.PeekerUpMs != c.Up.LatencyMs {
		t.Fatalf("without a trace: %+v", q)
	}
}
