package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
)

// maxListed bounds the shot list (the newest); older shots stay in the
// session and in `lagscope sim`.
const maxListed = 500

// shotList lists judged shots; selecting one jumps to the tick it was
// judged on and highlights it in every pane.
type shotList struct {
	u     *UI
	list  *widget.List
	shots []lagcomp.ShotRecord
	count int
}

func newShotList(u *UI) *shotList {
	sl := &shotList{u: u}
	sl.list = widget.NewList(
		func() int { return len(sl.shots) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("#000 t=00.000s rewind 000.0/000.0 ms err 0.000 m C:hit S:hit")
			l.TextStyle.Monospace = true
			l.Truncation = fyne.TextTruncateEllipsis // never widen the sidebar
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			r := &sl.shots[len(sl.shots)-1-id] // newest first
			o.(*widget.Label).SetText(shotLine(r))
		},
	)
	sl.list.OnSelected = func(id widget.ListItemID) {
		if id < 0 || id >= len(sl.shots) {
			return
		}
		r := sl.shots[len(sl.shots)-1-id]
		u.selected = r.ID
		u.timeline.seek(r.Settled)
	}
	return sl
}

func shotLine(r *lagcomp.ShotRecord) string {
	v := func(b bool) string {
		if b {
			return "hit "
		}
		return "miss"
	}
	switch r.Outcome {
	case lagcomp.OutcomeRejected:
		return fmt.Sprintf("#%-3d t=%6.3fs REJECTED %s", r.Seq, r.Judged.Seconds(), r.Rules[0])
	case lagcomp.OutcomeLost: // no copy of its command reached the server
		return fmt.Sprintf("#%-3d t=%6.3fs LOST C:%s", r.Seq, r.Settled.Seconds(), v(r.ClientHit))
	}
	return fmt.Sprintf("#%-3d t=%6.3fs rewind %5.1f/%5.1f ms err %.3f m C:%s S:%s", r.Seq, r.Judged.Seconds(), r.RewindMs(), r.IdealRewindMs(), r.RewindErrorM, v(r.ClientHit), v(r.ServerHit))
}

// update takes the shots from the shown simulation when they changed.
func (sl *shotList) update() {
	var n int
	sl.u.withSession(func(s *lagcomp.Session) {
		all := s.Sim().Shots
		n = len(all)
		if n == sl.count {
			return
		}
		from := max(0, n-maxListed)
		sl.shots = append(sl.shots[:0], all[from:]...)
	})
	if n != sl.count {
		sl.count = n
		sl.list.Refresh()
	}
}
