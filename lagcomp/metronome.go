package lagcomp

import "lagscope/model"

// metronome schedules a periodic process (server ticks, snapshots, a
// client's frames) at exact integer times: beat n is at base +
// TickTime(n, hz), so no rounding accumulates. A rate change takes effect
// from the next beat: the schedule is re-based there.
type metronome struct {
	base model.Time
	hz   int
	n    int64
}

// next is the time of the beat after the one at now, at rate hz.
func (m *metronome) next(now model.Time, hz int) model.Time {
	if hz != m.hz {
		m.base, m.hz, m.n = now, hz, 0
	}
	m.n++
	return m.base + model.TickTime(m.n, m.hz)
}

// due reports whether a beat has come by now at rate hz, and consumes
// every beat up to now (several missed beats count once).
func (m *metronome) due(now model.Time, hz int) bool {
	if hz != m.hz {
		m.base, m.hz, m.n = now, hz, 1 // beat 0 is now
		return true
	}
	d := false
	for m.base+model.TickTime(m.n, m.hz) <= now {
		d = true
		m.n++
	}
	return d
}
