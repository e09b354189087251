package views

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/model"
)

// markerShownFor is how long the shooter's screen keeps a hit marker: a
// game flashes one for a fraction of a second; a picture keeps it long
// enough to read its time.
const markerShownFor = model.Second

// hitMarkers draws the hit markers the shooter's client shows now
// (health > 0, hit_feedback): an X where its trace met the target,
// labelled with how long after the trigger pull it showed — at once with
// predicted feedback (Counter-Strike 2's damage prediction), a round trip
// and more with server (the snapshot that carries the server's word).
// A predicted marker of a shot still in flight shows at its pull. The
// screen is the client's: a marker the server will deny looks the same.
func (p *pane) hitMarkers() {
	f := p.f
	if f.Config.Health <= 0 {
		return
	}
	shown := func(at model.Time) bool { return at <= f.T && f.T-at < markerShownFor }
	for i := range f.Shots {
		r := &f.Shots[i]
		if r.Shooter == lagcomp.ShooterPawn && r.HasHitMarker && shown(r.HitMarker) {
			p.hitMarker(r.ClientEnd, r.HitMarker-r.Fire)
		}
	}
	if f.Config.HitFeedback != lagcomp.HitFeedbackPredicted {
		return
	}
	for _, fs := range f.Fired {
		if fs.ClientHit && shown(fs.Fire) {
			p.hitMarker(fs.End, 0)
		}
	}
}

// hitMarker is one marker: an X at the hit point and its delay after the
// trigger pull.
func (p *pane) hitMarker(at model.Vec, after model.Time) {
	x, y := p.cam.px(at)
	r, g := 7*p.s, 2.5*p.s // arms from g to r off the point: the hit stays visible
	p.dc.SetColor(p.pal.Text)
	p.dc.SetLineWidth(2 * p.s)
	for _, d := range [][2]float64{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		p.dc.DrawLine(x+d[0]*g, y+d[1]*g, x+d[0]*r, y+d[1]*r)
	}
	p.dc.Stroke()
	p.shape(rect{x - r, y - r, x + r, y + r})
	p.key(keyHitMarker)
	p.label(at, fmt.Sprintf("hit +%.0f ms", after.Millis()), p.pal.Text)
}
