package app

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
)

// timeline is the transport: step back, play/pause, step forward, speed,
// and a scrubber over the whole session (a seek replays from the nearest
// keyframe, so any instant costs about the same).
type timeline struct {
	u        *UI
	box      fyne.CanvasObject
	play     *widget.Button
	speed    *selector
	scrub    *slider
	track    *fyne.Container // the scrubber, with the moments' bookmarks under it
	time     *widget.Label
	syncing  bool
	dragging bool
}

var speeds = []string{"0.05×", "0.1×", "0.25×", "0.5×", "1×", "2×", "4×"}

func newTimeline(u *UI) *timeline {
	t := &timeline{u: u}
	// words as well as icons: a class reads "Pause" where it may not
	// know the icon, and the lecturer's cursor lands on a wider target
	back := widget.NewButtonWithIcon("Step back", theme.MediaSkipPreviousIcon(), func() { t.step(-1) })
	fwd := widget.NewButtonWithIcon("Step", theme.MediaSkipNextIcon(), func() { t.step(1) })
	t.play = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), t.togglePlay)
	t.speed = u.newSelect(speeds, func(s string) {
		x, _ := strconv.ParseFloat(s[:len(s)-len("×")], 64)
		var got float64
		u.withSession(func(s *tl.Session) { got = s.SetSpeed(x) })
		u.app.Preferences().SetFloat(prefSpeed, got)
	})
	t.scrub = u.newSlider(0, 1)
	t.scrub.Step = 1 // ms
	t.scrub.OnChanged = func(v float64) {
		if t.syncing {
			return
		}
		t.seek(model.Ms(int64(v)))
	}
	t.time = widget.NewLabel("")
	back.Importance, fwd.Importance = widget.LowImportance, widget.LowImportance
	left := container.NewHBox(back, t.play, fwd, t.speed)
	t.track = container.NewVBox(t.scrub)
	t.box = container.NewBorder(nil, nil, left, t.time, t.track)
	t.syncSpeed()
	return t
}

func (t *timeline) syncSpeed() {
	var sp float64
	t.u.withSession(func(s *tl.Session) { sp = s.Speed() })
	t.syncing = true
	t.speed.SetSelected(strconv.FormatFloat(sp, 'f', -1, 64) + "×")
	t.syncing = false
}

// togglePlay pauses or plays.
func (t *timeline) togglePlay() {
	t.u.withSession(func(s *tl.Session) { s.Paused = !s.Paused })
	t.u.lastTick = t.u.opts.Clock() // no jump for the time spent paused
	if t.u.moments != nil && !t.u.sessionState().paused {
		t.u.moments.hide() // the sentence was for the paused moment
	}
	t.update()
}

// step moves one server tick and pauses there.
func (t *timeline) step(dir int) {
	t.move(func(s *tl.Session) { s.StepTick(dir) })
	t.leftMoment()
}

// seek shows time at (the scrubber, a shot in the list).
func (t *timeline) seek(at model.Time) {
	t.move(func(s *tl.Session) { s.Seek(at) })
	t.leftMoment()
}

// leftMoment takes the moment's banner down once the time shown is no
// longer the moment's: its sentence and "t = 3.000 s" described that
// instant, not the one a scrub or a step went on to.
func (t *timeline) leftMoment() {
	m := t.u.moments
	if m == nil || m.shown < 0 || m.shown >= len(m.moments) {
		return
	}
	if now := t.u.sessionState().now; now != m.moments[m.shown].At {
		m.hide()
	}
}

// move pauses, moves the shown time, and shows it everywhere (the
// controls too: the configuration may differ at another time).
func (t *timeline) move(f func(s *tl.Session)) {
	t.u.withSession(func(s *tl.Session) {
		s.Paused = true
		f(s)
	})
	t.u.publish()
	t.u.refresh()
	t.u.controls.sync()
}

// update follows the session: play icon, scrubber range and position.
func (t *timeline) update() {
	pb := t.u.sessionState()
	if pb.paused && t.play.Text != "Play" {
		t.play.Text, t.play.Icon = "Play", theme.MediaPlayIcon()
		t.play.Refresh()
	} else if !pb.paused && t.play.Text != "Pause" {
		t.play.Text, t.play.Icon = "Pause", theme.MediaPauseIcon()
		t.play.Refresh()
	}
	t.syncing = true
	oldMax := t.scrub.Max
	t.scrub.Min, t.scrub.Max = 0, float64(pb.live/model.Millisecond)
	if t.scrub.Max <= t.scrub.Min {
		t.scrub.Max = t.scrub.Min + 1
	}
	if t.u.events != nil {
		t.u.events.sync()
	}
	if t.scrub.Max != oldMax {
		for _, o := range t.track.Objects[1:] {
			o.Refresh() // the bookmarks and the events follow the scrubber's scale
		}
	}
	t.scrub.SetValue(float64(pb.now / model.Millisecond))
	t.syncing = false
	state := "▶"
	if pb.paused {
		state = "❚❚"
	}
	live := ""
	if pb.now < pb.live {
		live = fmt.Sprintf(" of %.3f s", pb.live.Seconds())
	}
	t.time.SetText(fmt.Sprintf("%s t = %.3f s%s", state, pb.now.Seconds(), live))
}
