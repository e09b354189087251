package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
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
	if u.selected != ms[0].Shot || !u.moments.banner.Visible() || !strings.Contains(u.moments.say.Text, ms[0].Spec.Say) {
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
	u.moments.moments = append(u.moments.moments, lagcomp.Moment{Spec: lagcomp.MomentSpec{Say: "never"}, What: "not found in 10.0 s"})
	u.moments.rebuildMarks()
	if len(u.moments.marks.Objects) != 2 || !strings.Contains(u.moments.row(2), "not found") {
		t.Fatalf("%d bookmarks, row %q", len(u.moments.marks.Objects), u.moments.row(2))
	}
	u.moments.jump(2)
	if u.moments.banner.Visible() {
		t.Fatal("a missing moment put up the banner")
	}
}
