package views

import (
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rewind"
	"lagscope/model"
)

// The Interpolation buffer layer draws the mechanism of "Source
// Multiplayer Networking: Entity Interpolation": the snapshots the client
// holds of the other player, on that player's path, each with the server
// time it was taken at; the render time, interp_ms behind, marked where
// it falls between the two snapshots it interpolates; and the buffer
// between the render time and the newest snapshot, the time a lost
// snapshot can be bridged by.

// bufferReach is how many of the newest snapshots are drawn: the ones a
// render time can still reach (older ones only crowd the path).
const bufferReach = 12

// bracket is the index of the newest snapshot at or before the render
// time, so buf[i] and buf[i+1] are the two it interpolates between; -1
// when the render time is before them all, len(buf)-1 when it is past the
// newest (starved).
func bracket(buf []rewind.Sample, render model.Time) int {
	i := -1
	for j, s := range buf {
		if s.T <= render {
			i = j
		}
	}
	return i
}

// renderPos is where the render time falls between the two snapshots
// round it, and whether it falls between two.
func renderPos(buf []rewind.Sample, render model.Time) (model.Vec, bool) {
	i := bracket(buf, render)
	if i < 0 || i+1 >= len(buf) {
		return model.Vec{}, false
	}
	a, b := buf[i], buf[i+1]
	return a.Pose.Pos.Lerp(b.Pose.Pos, float64(render-a.T)/float64(b.T-a.T)), true
}

// buffer draws the snapshots the client holds for the other player, their
// server times from the older of the two the render time falls between to
// the newest, and the render time.
func (p *pane) buffer(c lagcomp.ClientFrame) {
	buf := c.Buffer
	if len(buf) > bufferReach {
		buf = buf[len(buf)-bufferReach:]
	}
	render := c.View.Render
	i := bracket(buf, render)
	// the path the snapshots trace, faint: the buffer ahead of the
	// render time is the part drawn solid
	for j := 1; j < len(buf); j++ {
		a := 0.25
		if j > i && i >= 0 {
			a = 0.8
		}
		p.line(buf[j-1].Pose.Pos, buf[j].Pose.Pos, alpha(ServerBlue, a), 1.5, false)
	}
	for j, smp := range buf {
		p.dot(smp.Pose.Pos, 3.5, ServerBlue)
		p.shapeAt(smp.Pose.Pos, 3.5*p.s)
		p.keyAt(keyBuffer, smp.Pose.Pos)
		if j >= i { // the snapshots the render time has still to reach, and the one it left
			p.label(smp.Pose.Pos, fmt.Sprintf("%.3f s", smp.T.Seconds()), ServerBlue)
		}
	}
	if at, ok := renderPos(buf, render); ok {
		x, y := p.cam.px(at)
		r := 6 * p.s
		p.strokeLines(p.pal.Text, 2*p.s, [4]float64{x - r, y, x, y - r}, [4]float64{x, y - r, x + r, y}, [4]float64{x + r, y, x, y + r}, [4]float64{x, y + r, x - r, y})
		p.shape(rect{x - r, y - r, x + r, y + r})
		p.keyAt(keyRenderTime, at)
		p.label(at, fmt.Sprintf("render time %.3f s", render.Seconds()), p.pal.Text)
	}
	say := fmt.Sprintf("buffer: %d snapshots · render time %.3f s", len(c.Buffer), render.Seconds())
	if len(buf) > 0 {
		newest := buf[len(buf)-1].T
		say = fmt.Sprintf("buffer: %s of snapshots ahead of the render time (%.3f s → newest %.3f s)", ms(newest-render), render.Seconds(), newest.Seconds())
	}
	p.note(say+starved(c.View.Starved), p.pal.Text)
}
