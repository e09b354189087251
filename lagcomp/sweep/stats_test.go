package sweep

import (
	"math"
	"testing"
)

// The 95 % interval of 1, 2, 3: mean 2, s = 1, t(0.975, 2 df) = 4.302653,
// half-width 4.302653/√3.
func TestMeanCIAnalytic(t *testing.T) {
	s := MeanCI([]float64{1, 2, 3})
	hw := 4.302652729911275 / math.Sqrt(3)
	if s.N != 3 || s.Mean != 2 || math.Abs(s.Lo-(2-hw)) > 1e-9 || math.Abs(s.Hi-(2+hw)) > 1e-9 {
		t.Errorf("got %+v, want 2 ± %v", s, hw)
	}
	if s := MeanCI([]float64{5}); s != (Stat{5, 5, 5, 1}) {
		t.Errorf("one seed: %+v", s)
	}
	if s := MeanCI(nil); !math.IsNaN(s.Mean) || s.N != 0 {
		t.Errorf("no values: %+v", s)
	}
}

func TestSeriesGroupsSeedsAndLines(t *testing.T) {
	vary := []Vary{{Key: "latency_ms", Values: []string{"0", "50"}}, {Key: "mode", Values: []string{"none", "ping"}}}
	var rows []Row
	for _, x := range []string{"0", "50"} {
		for _, m := range []string{"none", "ping"} {
			for s := 0; s < 3; s++ {
				v := float64(s + 1) // 1, 2, 3 over the seeds
				if m == "ping" && s == 2 {
					rows = append(rows, Row{Point: Point{Values: []string{x, m}, Seed: uint64(s)}, Figures: []Figure{{Name: "agreement"}}})
					continue
				}
				rows = append(rows, Row{Point: Point{Values: []string{x, m}, Seed: uint64(s)}, Figures: []Figure{{Name: "agreement", Value: v}}})
			}
		}
	}
	ss := NewTable(vary, rows).Series("agreement")
	if len(ss) != 2 || ss[0].Label(vary) != "mode=none" || ss[1].Label(vary) != "mode=ping" {
		t.Fatalf("lines %+v", ss)
	}
	p := ss[0].Points[1]
	if p.X != "50" || p.Row != 6 || p.N != 3 || p.Mean != 2 {
		t.Errorf("none @50: %+v", p)
	}
	// a seed without a value is left out, not counted as 0
	if q := ss[1].Points[0]; q.N != 2 || q.Mean != 1.5 || q.Row != 3 {
		t.Errorf("ping @0: %+v", q)
	}
}
