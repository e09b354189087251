package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/rule"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
)

// maxListed bounds the shot list (the newest); older shots stay in the
// session and in `lagscope sim`.
const maxListed = 500

// shotList lists the shots of the run, newest first, two readable lines
// each; selecting one jumps to the tick that settled it and highlights it
// in every pane. When the shown time is in the past, the shots after it
// stay listed, marked "later", instead of vanishing.
type shotList struct {
	u     *UI
	list  *list
	shots []lagcomp.ShotRecord
	now   model.Time // the shown time the rows were drawn for
	count int
}

func newShotList(u *UI) *shotList {
	sl := &shotList{u: u}
	sl.list = u.newList(
		func() int { return len(sl.shots) },
		func() fyne.CanvasObject {
			head := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			body := widget.NewLabel("")
			head.Truncation, body.Truncation = fyne.TextTruncateEllipsis, fyne.TextTruncateEllipsis // never widen the sidebar
			return container.NewVBox(head, body)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			r := &sl.shots[len(sl.shots)-1-id] // newest first
			head, body := shotLines(r)
			labels := o.(*fyne.Container).Objects
			later := settledAt(r) > sl.now
			imp := widget.MediumImportance
			if later {
				head = "later · " + head
				imp = widget.LowImportance
			}
			for i, text := range []string{head, body} {
				l := labels[i].(*widget.Label)
				l.Importance = imp
				l.SetText(text)
			}
		},
	)
	sl.list.OnSelected = func(id widget.ListItemID) {
		if id < 0 || id >= len(sl.shots) {
			return
		}
		r := sl.shots[len(sl.shots)-1-id]
		u.selected = r.ID
		u.timeline.seek(settledAt(&r))
	}
	return sl
}

// shotLines are a shot's two rows: number, time and verdicts; then the
// rewind against the ideal and how far apart client and server were.
func shotLines(r *lagcomp.ShotRecord) (string, string) {
	word := func(b bool) string {
		if b {
			return "hit"
		}
		return "miss"
	}
	head := fmt.Sprintf("#%d · %.3f s · ", r.Seq, settledAt(r).Seconds())
	switch r.Outcome {
	case lagcomp.OutcomeRejected:
		if len(r.Rules) == 0 { // an engine's record may name no rule
			return head + "REJECTED", "no rule named"
		}
		return head + "REJECTED", "rule " + string(r.Rules[0])
	case lagcomp.OutcomeLost: // no copy of its command reached the server
		return head + "LOST on the way", "the client saw a " + word(r.ClientHit)
	case lagcomp.OutcomeJudged:
	default:
		return head + string(r.Outcome), ""
	}
	if r.Agree() {
		head += "both say " + word(r.ServerHit)
	} else {
		head += fmt.Sprintf("client %s, server %s", word(r.ClientHit), word(r.ServerHit))
	}
	if r.HasRule(rule.ClientAuthority) { // ZeroPing: no rewind to report
		return head, "client authority: no rewind"
	}
	ideal := fmt.Sprintf("ideal %.0f", r.IdealRewindMs())
	if !r.Told(lagcomp.UntoldIdeal) {
		ideal = "no ideal in the records"
	}
	return head, fmt.Sprintf("rewind %.0f ms (%s) · off %.2f m", r.RewindMs(), ideal, r.RewindErrorM)
}

// update takes the live run's shots when they or the shown time changed.
func (sl *shotList) update() {
	var n int
	var now model.Time
	sl.u.withSession(func(s *tl.Session) {
		n, _ = s.LiveShots(0)
		now = s.Now()
		if n == sl.count {
			return
		}
		_, sl.shots = s.LiveShots(maxListed)
	})
	if n != sl.count || now != sl.now {
		sl.count, sl.now = n, now
		sl.list.Refresh()
	}
}

// settledAt is when shot r's outcome was certain, where the list places
// it and a click seeks to. A record without settled_ms (an engine's) has
// it at its judgement, which settles a judged or rejected shot, or else
// at its firing: every shot was listed at 0.000 s.
func settledAt(r *lagcomp.ShotRecord) model.Time {
	switch {
	case r.Told(lagcomp.UntoldSettled):
		return r.Settled
	case r.HasServerSide():
		return r.Judged
	}
	return r.Fire
}
