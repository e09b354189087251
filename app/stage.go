package app

import (
	"sync"

	"lagscope/lagcomp"
	"lagscope/views"
)

// The lecture frame's three panes draw on one views.Stage, kept here
// from frame to frame: framed once (on the layout's first drawing, a new
// preset, "fit"), then moved only when the pawn it follows leaves the
// middle third of the panes (views.Stage.Follow). Fitted again at every
// frame, the grid zoomed and slid under a pawn that seemed to stand.

// stage is the window's lecture-frame camera. The panes draw on the
// render thread, a screenshot on another: under mu.
type stage struct {
	mu sync.Mutex
	on *views.Stage // nil: frame it at the next drawing
}

// resetStage frames the lecture frame afresh at its next drawing.
func (u *UI) resetStage() {
	u.stage.mu.Lock()
	u.stage.on = nil
	u.stage.mu.Unlock()
}

// stageFor is the stage a row pane of w x h pixels draws frame f on
// (drawn by r under o): the kept one, following its pawn, or a new one
// when none is kept or the pawn the user plays changed. nil outside the
// lecture frame.
func (u *UI) stageFor(r *views.Renderer, f *lagcomp.Frame, w, h int, o views.Options) *views.Stage {
	if u.layout != views.LayoutRow || f == nil {
		return nil
	}
	u.stage.mu.Lock()
	defer u.stage.mu.Unlock()
	if st := u.stage.on; st == nil || st.Pawn != views.Followed(&f.Config) {
		fresh := r.NewStage(f, w, h, o)
		u.stage.on = &fresh
	} else {
		next := st.Follow(views.PawnCopies(f, st.Pawn))
		u.stage.on = &next
	}
	st := *u.stage.on
	return &st
}

// keptStage is the stage as the panes last drew it (nil: none yet, or
// not the lecture frame): what a click or a scroll in a row pane maps
// through.
func (u *UI) keptStage() *views.Stage {
	if u.layout != views.LayoutRow {
		return nil
	}
	u.stage.mu.Lock()
	defer u.stage.mu.Unlock()
	if u.stage.on == nil {
		return nil
	}
	st := *u.stage.on
	return &st
}
