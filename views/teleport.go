package views

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// A trail not reset on a teleport ("UT2003 Hit Prediction": the history
// a rewind reads) lets a rewind between the last sample before the jump
// and the first after it interpolate across the map: the target is
// rewound onto a line it never walked. The trail-reset slide draws that
// mechanism: the old spawn, the new spawn and the path the rewind
// invented between them, the rewound box on it.

// teleportCrossed is the two samples of the target's history the
// selected shot's rewind interpolated between, when they lie farther
// apart than a move (teleport_dist_m): a rewind that crossed a teleport.
func (p *pane) teleportCrossed(r *lagcomp.ShotRecord) (before, after rewind.Sample, ok bool) {
	if r == nil || r.Target != lagcomp.TargetPawn || r.RewindRule != rewind.Interpolated {
		return before, after, false
	}
	tr := p.f.Trails[lagcomp.TargetPawn]
	for i := 1; i < len(tr); i++ {
		if tr[i-1].T < r.RewindTo && r.RewindTo < tr[i].T {
			a, b := tr[i-1], tr[i]
			return a, b, a.Pose.Pos.Dist(b.Pose.Pos) > p.f.Config.TeleportDistM
		}
	}
	return before, after, false
}

// teleport draws, for a rewind that crossed a teleport, the two spawns
// and the invented path between them (teleportLabels names them).
func (p *pane) teleport(r *lagcomp.ShotRecord) {
	a, b, ok := p.teleportCrossed(r)
	if !ok {
		return
	}
	p.line(a.Pose.Pos, b.Pose.Pos, ServerBlue, 2, true)
	p.keyAt(keyInvented, a.Pose.Pos, b.Pose.Pos)
	for _, s := range []rewind.Sample{a, b} {
		x, y := p.cam.px(s.Pose.Pos)
		p.strokeRing(x, y, 7*p.s, p.pal.Text)
		p.shapeAt(s.Pose.Pos, 7*p.s)
		p.keyAt(keyTeleport, s.Pose.Pos)
	}
}

// teleportLabels names the two spawns, with the times of their samples
// where there is room: asked for after the pane's own labels, which name
// what the shot is about.
func (p *pane) teleportLabels(r *lagcomp.ShotRecord) {
	a, b, ok := p.teleportCrossed(r)
	if !ok {
		return
	}
	for _, s := range []struct {
		at   model.Vec
		name string
		t    model.Time
	}{{a.Pose.Pos, "old spawn", a.T}, {b.Pose.Pos, "new spawn", b.T}} {
		x, y := p.cam.px(s.at)
		// the legend names the rings too: in a crowded pane a name
		// gives way rather than cross a trace
		p.labels = append(p.labels, labelReq{ax: x, ay: y, text: fmt.Sprintf("%s (%.3f s)", s.name, s.t.Seconds()), c: p.pal.Text, short: s.name, clear: true})
	}
}

// strokeRing draws a ring of radius rr pixels at (x, y).
func (p *pane) strokeRing(x, y, rr float64, c interface{ RGBA() (r, g, b, a uint32) }) {
	p.dc.SetColor(c)
	p.dc.SetLineWidth(2 * p.s)
	p.dc.DrawCircle(x, y, rr)
	p.dc.Stroke()
}
