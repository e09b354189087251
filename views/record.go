package views

import (
	"path/filepath"
	"strings"

	"lagscope/lagcomp"
	"lagscope/model"
)

// RecordFrame is a frame holding one shot record alone — read back from
// a records file (lagcomp/records), lagscope's or an engine's — for the
// Overlay to draw as it draws a shot of a live run: the target as the
// client saw it (red), where the server rewound it (blue), where the
// server had it when it judged, and both traces. A records file holds no
// walls, no other pawns and no moment of the run, so none are drawn (the
// Overlay says so when Options.FromRecords names the file). The options
// returned select the shot, and turn the server-now layer off for a
// record that carries no server_now pose.
func RecordFrame(r lagcomp.ShotRecord, file string, o Options) (*lagcomp.Frame, Options) {
	if r.ServerNow == (model.Pose{}) { // no server_now: nothing to draw, nothing to frame
		r.ServerNow = r.Rewound
		o.Layers.ServerNow = false
	}
	o.Selected, o.FromRecords = r.ID, file
	o.Layers.Ghosts = false
	return &lagcomp.Frame{T: r.Judged, Shots: []lagcomp.ShotRecord{r}, Last: &r}, o
}

// recordsNote says, on a shot drawn from records, what records leave out.
func (p *pane) recordsNote() {
	if p.o.FromRecords == "" {
		return
	}
	p.note("from records ("+filepath.Base(p.o.FromRecords)+"): no walls, other pawns or run to show", p.pal.Dim)
	if r := p.f.Last; r != nil && r.Untold != 0 {
		p.note("not in the record, not drawn: "+strings.Join(r.Untold.Fields(), ", "), p.pal.Dim)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
