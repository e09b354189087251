package app

import (
	"sync"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
	"lagscope/model"
	"lagscope/views"
)

// netRecorder follows the simulation the window shows with a telemetry
// sampler and keeps the rows of the last views.NetGraphSpan for the net
// graph pane. A seek, a replay or a new run shows another simulation: the
// rows start over from there (the graph begins where the sampling did).
type netRecorder struct {
	mu   sync.Mutex
	sim  *lagcomp.Sim
	rows []telemetry.Row
}

// follow samples s from now on unless it already does, and forgets the
// rows older than the span. Called under the session's lock, as the run
// steps under it.
func (n *netRecorder) follow(s *lagcomp.Sim) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if s != n.sim {
		n.sim, n.rows = s, n.rows[:0]
		names := make([]string, len(s.Clients))
		for i := range names {
			names[i] = lagcomp.ClientName(i)
		}
		telemetry.New(s, names, func(rows []telemetry.Row) error {
			n.mu.Lock()
			defer n.mu.Unlock()
			if n.sim == s { // a simulation no longer shown adds nothing
				n.rows = append(n.rows, rows...)
			}
			return nil
		})
	}
	from := (s.Now - views.NetGraphSpan).Millis()
	k := 0
	for k < len(n.rows) && n.rows[k].TimeMs < from {
		k++
	}
	if k > len(n.rows)/2 { // moved down at most once a span's rows have come
		n.rows = append(n.rows[:0], n.rows[k:]...)
	}
}

// graph is a copy of the rows up to now for the pane to draw.
func (n *netRecorder) graph(now model.Time) *views.NetGraph {
	n.mu.Lock()
	defer n.mu.Unlock()
	from := (now - views.NetGraphSpan).Millis()
	ng := &views.NetGraph{}
	for _, r := range n.rows {
		if r.TimeMs >= from {
			ng.Rows = append(ng.Rows, r)
		}
	}
	return ng
}
