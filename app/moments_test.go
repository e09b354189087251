package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/moments"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
)

// The preset's moments are bookmarks under the scrubber and rows in the
// Moments tab; jumping to one (a bookmark, a row, the M key) pauses on
// its time — played on to if not reached yet — selects its shot and puts
// its sentence on the banner; playing on takes the banner away.
func TestMomentsJumpShowsTheSentence(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	ms := u.moments.moments
	if len(ms) == 0 || !ms[0].Found || len(u.moments.marks.Objects) != len(ms) {
		t.Fatalf("moments %+v, %d bookmarks", ms, len(u.moments.marks.Objects))
	}
	clk.run(u, 5) // well before the moment: the jump must play on to it
	if u.sessionState().live >= ms[0].At {
		t.Fatal("the test needs a moment beyond the live edge")
	}
	test.Tap(u.moments.marks.Objects[0].(*widget.Button))
	pb := u.sessionState()
	if pb.now != ms[0].At || !pb.paused {
		t.Fatalf("after the jump: shown %v (want %v), paused %v", pb.now, ms[0].At, pb.paused)
	}
	if u.selected != ms[0].Shot || !u.moments.banner.Visible() || !strings.Contains(u.moments.say.Text, moments.Sentence(ms[0].Spec.Say, u.picture())) ||
		!strings.Contains(u.moments.say.Text, "(Target pane: ") { // the 2x2 shows the Target pane: its clause is said
		t.Fatalf("selected %v (want %v), banner %v %q", u.selected, ms[0].Shot, u.moments.banner.Visible(), u.moments.say.Text)
	}
	// the target pane's frame is the one the sentence is about
	f := u.frame.Load()
	told := false
	for _, r := range f.Shots {
		told = told || (r.ID == ms[0].Shot && r.BehindCover)
	}
	if f.T != ms[0].At || !told {
		t.Fatalf("frame at %v holds the behind-cover shot: %v", f.T, told)
	}
	u.timeline.togglePlay()
	if u.moments.banner.Visible() {
		t.Fatal("the banner stays while playing")
	}
	// from the list, and with the key
	u.timeline.seek(0)
	u.moments.list.Select(0)
	if u.sessionState().now != ms[0].At || !u.moments.banner.Visible() {
		t.Fatal("list selection did not jump")
	}
	u.moments.hide()
	u.timeline.seek(model.Second)
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyM})
	if u.sessionState().now != ms[0].At {
		t.Fatal("M did not jump")
	}
}

// A preset change loads its moments; one the run never meets is listed
// as not found, with no bookmark.
func TestMomentsFollowThePreset(t *testing.T) {
	u, _ := newTestUI(t, "teleport-no-reset")
	if len(u.moments.moments) != 2 {
		t.Fatalf("teleport-no-reset has %d moments", len(u.moments.moments))
	}
	u.moments.moments = append(u.moments.moments, moments.Moment{Spec: moments.Spec{Say: "never"}, What: "not found in 10.0 s"})
	u.moments.rebuildMarks()
	if len(u.moments.marks.Objects) != 2 || !strings.Contains(u.moments.row(2), "not found") {
		t.Fatalf("%d bookmarks, row %q", len(u.moments.marks.Objects), u.moments.row(2))
	}
	u.moments.jump(2)
	if u.moments.banner.Visible() {
		t.Fatal("a missing moment put up the banner")
	}
}

// The Shots list keeps the shots after the shown time, marked later, and
// its rows say in words what happened (no "S:mi…").
func TestShotListMarksLaterShots(t *testing.T) {
	u, clk := newTestUI(t, "behind-cover")
	clk.run(u, 250) // 4 s
	u.timeline.seek(model.Second)
	u.refresh()
	sl := u.shots
	var live int
	u.withSession(func(s *tl.Session) { live, _ = s.LiveShots(0) })
	if len(sl.shots) != live || live < 5 {
		t.Fatalf("listed %d of %d shots", len(sl.shots), live)
	}
	later, earlier := 0, 0
	for id := range sl.shots {
		o := sl.list.CreateItem()
		sl.list.UpdateItem(id, o)
		head := o.(*fyne.Container).Objects[0].(*widget.Label)
		body := o.(*fyne.Container).Objects[1].(*widget.Label)
		r := sl.shots[len(sl.shots)-1-id]
		switch {
		case r.Settled > model.Second:
			later++
			if !strings.HasPrefix(head.Text, "later · ") || head.Importance != widget.LowImportance {
				t.Fatalf("shot %d after the shown time: %q", r.Seq, head.Text)
			}
		default:
			earlier++
			if strings.HasPrefix(head.Text, "later") {
				t.Fatalf("shot %d before the shown time marked later", r.Seq)
			}
		}
		if !strings.Contains(head.Text, "both say hit") && !strings.Contains(head.Text, "client ") && !strings.Contains(head.Text, "LOST") {
			t.Fatalf("row %q", head.Text)
		}
		if r.Outcome == lagcomp.OutcomeJudged && !strings.Contains(body.Text, "rewind") {
			t.Fatalf("row body %q", body.Text)
		}
	}
	if later == 0 || earlier == 0 {
		t.Fatalf("%d later, %d earlier", later, earlier)
	}
}

// The window opens at the size it was last closed at; nothing saved, or
// something absurd, leaves the choice to the caller (the screen's size).
func TestWindowSizeRemembered(t *testing.T) {
	u, _ := newTestUI(t, "default")
	if _, ok := WindowSize(u.app); ok {
		t.Fatal("a size before any was saved")
	}
	u.win.Resize(fyne.NewSize(1500, 900))
	u.Close()
	if sz, ok := WindowSize(u.app); !ok || sz != fyne.NewSize(1500, 900) {
		t.Fatalf("remembered %v %v", sz, ok)
	}
	u.app.Preferences().SetFloat(prefWinW, 20)
	if _, ok := WindowSize(u.app); ok {
		t.Fatal("a 20 px wide window accepted")
	}
}

// The banner goes once the time shown is no longer the moment's: a step
// or a scrub away takes it down (its sentence and "t = …" described the
// moment's instant); a seek onto the moment's own time keeps it.
func TestMomentBannerGoesWhenTheTimeLeavesIt(t *testing.T) {
	u, _ := newTestUI(t, "behind-cover")
	ms := u.moments.moments
	if len(ms) == 0 || !ms[0].Found {
		t.Fatalf("moments %+v", ms)
	}
	for _, c := range []struct {
		name  string
		move  func()
		stays bool
	}{
		{"a step on", func() { u.timeline.step(1) }, false},
		{"a step back", func() { u.timeline.step(-1) }, false},
		{"a scrub away", func() { u.timeline.seek(ms[0].At - 100*model.Millisecond) }, false},
		{"a seek onto the moment", func() { u.timeline.seek(ms[0].At) }, true},
	} {
		u.moments.jump(0)
		if !u.moments.banner.Visible() {
			t.Fatal("the jump showed no banner")
		}
		c.move()
		if got := u.moments.banner.Visible(); got != c.stays {
			t.Errorf("%s (shown %v, the moment at %v): banner visible %v, want %v", c.name, u.sessionState().now, ms[0].At, got, c.stays)
		}
	}
}
