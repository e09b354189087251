package capture

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
)

// netGraphAt is the telemetry the net graph of script at t draws: the
// script replayed once more from its start with a sampler, keeping the
// rows of the last views.NetGraphSpan (a picture's memory is the span's,
// whatever t). The sampler starts after the run's first step (the tick
// at 0 is not in it: the replay hands the run over once it stands at 0).
func netGraphAt(script timeline.Script, t model.Time) (*views.NetGraph, error) {
	ng := &views.NetGraph{}
	var smp *telemetry.Sampler
	err := script.ReplayEach([]model.Time{0, t}, func(i int, s *lagcomp.Sim) error {
		if i > 0 {
			return nil
		}
		names := make([]string, len(s.Clients))
		for k := range names {
			names[k] = lagcomp.ClientName(k)
		}
		from := (t - views.NetGraphSpan).Millis()
		smp = telemetry.New(s, names, func(rows []telemetry.Row) error {
			if len(rows) > 0 && rows[0].TimeMs < from {
				return nil
			}
			ng.Rows = append(ng.Rows, rows...)
			return nil
		})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	return ng, smp.Err()
}
