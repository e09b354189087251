package capture

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/presets"
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

// presetMoments are the times of the preset's moments found on its own
// settings, as the window's timeline marks them: none when the preset
// declares none or cannot be read again (the picture then marks none,
// and its legend lists none).
func presetMoments(name string) []model.Time {
	p, err := presets.Load(name)
	if err != nil || len(p.Moments) == 0 {
		return nil
	}
	cfg, err := p.Config()
	if err != nil {
		return nil
	}
	found, _ := p.FindMoments(cfg)
	var ts []model.Time
	for _, m := range found {
		if m.Found {
			ts = append(ts, m.At)
		}
	}
	return ts
}
