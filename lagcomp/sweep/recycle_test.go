package sweep

import (
	"context"
	"fmt"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/internal/reach"
	"lagscope/lagcomp/records"
)

// recycleGrid varies what sizes a run's buffers and what fills them:
// latency (packets in flight), mode, bystanders (paths, histories,
// snapshot slabs of another size) and loss.
func recycleGrid(t *testing.T) (*Grid, []Point) {
	g := &Grid{Base: preset(t, "default"), DurationMs: 6000,
		Vary: []Vary{mustVary(t, "extra_pawns=12,0"), mustVary(t, "latency_ms=0,150"), mustVary(t, "mode=none,timestamp,ping"), mustVary(t, "loss_pct=15,0")}}
	pts, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	return g, pts
}

// A sweep's workers hand each point's buffers to their next point
// (lagcomp.Recycler): every row is byte for byte the figures of the same
// point run alone from lagcomp.New, on one worker (each point drawing the
// one before's) and on two.
func TestRecycledRowsEqualFreshRuns(t *testing.T) {
	g, pts := recycleGrid(t)
	want := make([]string, len(pts))
	for i, p := range pts {
		_, sum, err := RunPoint(context.Background(), p.Config)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = fmt.Sprintf("%#v", records.Figures(sum))
	}
	for _, jobs := range []int{1, 2} {
		rows, err := Run(context.Background(), pts, jobs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			if got := fmt.Sprintf("%#v", r.Figures); got != want[i] {
				t.Fatalf("jobs=%d, point %d (%v): the recycled run's figures differ from a fresh run's:\n%s\n%s", jobs, i, r.Point.Label(g), got, want[i])
			}
		}
	}
}

// A sweep point's figures, all a worker keeps of its run, reach nothing of
// the buffers its Recycler hands the next point.
func TestFiguresReachNoRecycledBuffer(t *testing.T) {
	var r lagcomp.Recycler
	var kept []any
	_, pts := recycleGrid(t)
	for _, p := range pts[:8] {
		figs, err := runFigures(context.Background(), p.Config, &r)
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, figs)
		if x, y, ok := reach.Overlap(reach.Spans(kept...), reach.Spans(&r)); ok {
			t.Fatalf("a row's figures reach %#x–%#x, inside a spare buffer %#x–%#x", x.Start, x.End, y.Start, y.End)
		}
	}
	if len(reach.Spans(&r)) < 10 {
		t.Fatal("the Recycler holds nothing: the test tests nothing")
	}
}
