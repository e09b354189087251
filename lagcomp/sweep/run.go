package sweep

import (
	"context"
	"sync"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/model"
)

// Row is one run's figures.
type Row struct {
	Point   Point
	Figures []records.Figure
}

// chunk is how much simulated time a run advances between looks at its
// context, so a cancel is felt within a fraction of a second. Stepping in
// chunks changes nothing: Step(t) runs exactly the events up to t.
const chunk = model.Second

// RunPoint runs one configuration to its duration, as `lagscope sim`
// does, and returns the simulation (for its records) and its summary.
func RunPoint(ctx context.Context, cfg lagcomp.Config) (*lagcomp.Sim, records.SummaryJSON, error) {
	return runPoint(ctx, cfg, nil)
}

// runPoint is RunPoint; with r (a sweep worker's Recycler, which takes
// the run back when done) the run draws its buffers from r and keeps no
// packet log (Sim.NoPacketLog): a sweep's figures never read it, and it
// was half of what a point allocated — the collector's work, which two
// workers share.
func runPoint(ctx context.Context, cfg lagcomp.Config, r *lagcomp.Recycler) (*lagcomp.Sim, records.SummaryJSON, error) {
	newSim := lagcomp.New
	if r != nil {
		newSim = r.New
	}
	sim, err := newSim(cfg)
	if err != nil {
		return nil, records.SummaryJSON{}, err
	}
	if r != nil {
		sim.NoPacketLog()
	}
	end := model.MsF(cfg.DurationMs)
	for t := min(chunk, end); ; t = min(t+chunk, end) {
		if err := ctx.Err(); err != nil {
			return nil, records.SummaryJSON{}, err
		}
		sim.Step(t)
		if t == end {
			break
		}
	}
	sum := sim.Summary()
	return sim, records.Summary(sim, &sum), nil
}

// runFigures runs one configuration of a sweep and gives its figures,
// the run's buffers then handed back to r for the next: nothing of the
// run outlives this call but its figures, copied out before.
func runFigures(ctx context.Context, cfg lagcomp.Config, r *lagcomp.Recycler) ([]records.Figure, error) {
	sim, sum, err := runPoint(ctx, cfg, r)
	if err != nil {
		return nil, err
	}
	figs := records.Figures(sum)
	r.Recycle(sim)
	return figs, nil
}

// Run runs every point on jobs workers (at least 1) and returns the rows
// in the points' order, whatever order they finished in, so the output
// is the same for any jobs. progress, if not nil, is called from the
// calling goroutine after each run with the count done. A cancelled
// context stops it with ctx.Err().
func Run(ctx context.Context, pts []Point, jobs int, progress func(done, total int)) ([]Row, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rows := make([]Row, len(pts))
	work := make(chan int)
	type result struct {
		i   int
		err error
	}
	done := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < max(1, min(jobs, len(pts))); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var spares lagcomp.Recycler // each point's buffers handed to the next
			for i := range work {
				figs, err := runFigures(ctx, pts[i].Config, &spares)
				if err == nil {
					rows[i] = Row{Point: pts[i], Figures: figs}
				}
				done <- result{i, err}
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range pts {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	var first error
	n := 0
	for r := range done {
		if r.err != nil && first == nil {
			first = r.err
			cancel()
		}
		n++
		if progress != nil && first == nil {
			progress(n, len(pts))
		}
	}
	if first == nil {
		first = ctx.Err()
	}
	if first != nil {
		return nil, first
	}
	return rows, nil
}
