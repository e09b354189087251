package views

import (
	"lagscope/model"
)

// The burst-counter topic turns on when the server replicates the
// weapon: "its increment and reset fell between two replication frames"
// (ShooterGame's BurstCounter article: the property is sent at the
// weapon's NetUpdateFrequency, and a value that changes and changes back
// between two sends is never seen). The lanes draw those instants.

// replicationInstants are the server's net updates of the weapon in
// [from, to]: the weapon is checked at the end of a server tick when a
// beat of its NetUpdateFrequency (hz, at most tickHz) has come, the beats
// counted from the first tick at 0 (the lagcomp Metronome), so beat n is
// sent at the first tick at or after n/hz. A net_update_hz changed by a
// scripted event re-bases the beats where it changes; these are the
// preset's rate's, as the header names it.
func replicationInstants(tickHz, hz int, from, to model.Time) []model.Time {
	if tickHz <= 0 || hz <= 0 || to < from {
		return nil
	}
	n := max(int64(from)*int64(hz)/int64(model.Second)-1, 0)
	var out []model.Time
	for ; ; n++ {
		t := firstTickAtOrAfter(model.TickTime(n, hz), tickHz)
		if t > to {
			return out
		}
		if t >= from && (len(out) == 0 || out[len(out)-1] != t) {
			out = append(out, t)
		}
	}
}

// firstTickAtOrAfter is the first server tick at or after t.
func firstTickAtOrAfter(t model.Time, tickHz int) model.Time {
	k := int64(t) * int64(tickHz) / int64(model.Second)
	for model.TickTime(k, tickHz) < t {
		k++
	}
	for k > 0 && model.TickTime(k-1, tickHz) >= t {
		k--
	}
	return model.TickTime(k, tickHz)
}

// minReplicationGap is the least spacing, logical px, at which the net
// updates are drawn: a burst view zoomed out over seconds at 30 Hz draws
// them 3 px apart.
const minReplicationGap = 6

// replicationLines draws the net updates across the lanes, faint, under
// the marks: a shot between two of them with its stop is one no client
// can see.
func (p *pane) replicationLines(g *fireGeometry, hz int) {
	ts := replicationInstants(p.f.Config.TickHz, hz, g.t0, g.t1)
	if len(ts) < 2 {
		return
	}
	// closer than minReplicationGap they are a curtain over the marks,
	// not lines one can count: the header's rate says them then
	if gap := (g.x1 - g.x0) / float64(g.t1-g.t0) * float64(model.TickTime(1, hz)); gap < minReplicationGap*p.s {
		return
	}
	y0, y1 := g.y(0)-g.lane/3, g.y(g.shown)+g.lane/3
	segs := make([][4]float64, 0, len(ts))
	for _, t := range ts {
		x := g.x(t)
		segs = append(segs, [4]float64{x, y0, x, y1})
	}
	p.strokeLines(alpha(ServerBlue, 0.4), 1*p.s, segs...)
	g.replications, g.netHz = ts, hz
	g.drew[fireReplication] = true
}
