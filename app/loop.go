package app

import (
	"time"

	"fyne.io/fyne/v2"

	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
)

// displayFrame is how often the simulation hands the UI a frame: about
// 60 Hz, as fyne-io/terminal throttles its redraws.
const displayFrame = 16 * time.Millisecond

// loop paces the simulation by the wall clock, off the UI goroutine; the
// UI gets each new frame through fyne.Do, so it never waits on the
// simulation and the simulation never touches a widget.
func (u *UI) loop() {
	t := time.NewTicker(displayFrame)
	defer t.Stop()
	for {
		select {
		case <-u.stop:
			return
		case <-t.C:
			now := u.opts.Clock()
			if u.Tick(now) || u.hintDue(now) {
				fyne.Do(u.refresh)
			}
		}
	}
}

// Tick advances the session by the wall time since the last tick (the
// session clamps a long stall to slow motion) and publishes a frame if
// the shown time moved. It reports whether the panes need redrawing.
func (u *UI) Tick(now time.Time) bool {
	dt := now.Sub(u.lastTick)
	u.lastTick = now
	moved := false
	u.withSession(func(s *tl.Session) {
		before := s.Now()
		s.Advance(model.Time(dt.Microseconds()))
		moved = s.Now() != before
	})
	if moved {
		u.publish()
	}
	return moved
}

// publish snapshots the shown instant and marks the panes stale.
func (u *UI) publish() {
	// stored under the session's lock: a frame published after a preset
	// switch is the new session's, so the version armRemember takes is
	// never an old session's frame
	u.withSession(func(s *tl.Session) {
		u.net.follow(s.Sim())
		u.frame.Store(s.Frame())
		u.invalidate()
		u.armRemember()
	})
}

// refresh redraws the stale visible panes and the widgets that follow the
// frame. UI thread only.
func (u *UI) refresh() {
	v := u.version.Load()
	for _, p := range u.panes {
		if p.visible && p.drawn != v {
			p.raster.Refresh()
		}
	}
	f := u.frame.Load()
	for _, p := range u.panes {
		p.syncButtons(f)
	}
	u.metrics.update(f, u.compare.refresh(v, f))
	u.timeline.update()
	u.shots.update()
	u.play.takeBackKeys()
	u.play.sync()
	u.expireHint(u.opts.Clock())
}

// playback is the session's state as the timeline shows it.
type playback struct {
	paused    bool
	now, live model.Time
}

// sessionState reads the playback state under the session lock.
func (u *UI) sessionState() playback {
	var pb playback
	u.withSession(func(s *tl.Session) {
		pb = playback{s.Paused, s.Now(), s.LiveNow()}
	})
	return pb
}
