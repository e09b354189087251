package app

import (
	"fmt"
	"image"
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"lagscope/internal/weblink"
	"lagscope/lagcomp"
	tl "lagscope/lagcomp/timeline"
	"lagscope/model"
	"lagscope/views"
)

// inBrowser is whether the window runs in a web page (Fyne's web
// driver): there it has no files to write or read. A variable so tests
// can ask what the page does.
var inBrowser = runtime.GOOS == "js"

// OpenLink shows the scenario a link names, on the preset the window
// opened with (Options.Preset is the link's): its keys set, then its
// moment jumped to, as if clicked (the moment is found on the run with
// those keys, as the Moments tab finds it). A key the window refuses is
// said in the status, as a slider's would be.
func (u *UI) OpenLink(l weblink.Link) {
	if len(l.Set) > 0 {
		var err error
		u.applyConfig(func(c *lagcomp.Config) { err = lagcomp.Apply(c, l.Set) })
		if err != nil {
			u.setStatus("link: " + err.Error())
		}
	}
	if l.Moment > 0 {
		u.moments.jump(l.Moment - 1)
	}
}

// Link is the scenario the window shows: its preset, the moment on the
// banner (if one is), and each key that differs from the preset's.
func (u *UI) Link() weblink.Link {
	l := weblink.Link{Preset: u.preset.Name}
	if u.moments.shown >= 0 && u.moments.banner.Visible() {
		l.Moment = u.moments.shown + 1
	}
	var live lagcomp.Config
	u.withSession(func(s *tl.Session) { live = s.LiveConfig() })
	for _, s := range lagcomp.Diff(&u.presetCfg, &live) {
		p, _ := lagcomp.Lookup(s.Key)
		l.Set = append(l.Set, lagcomp.Setting{Key: p.Key, Value: p.Format(&live)})
	}
	l.Set = shorthands(l.Set)
	return l
}

// shorthands writes a both-way shorthand (latency_ms) for its two targets
// (up_ms, down_ms) where both are set to one value: the link a lecturer
// reads is the one a lecturer would write.
func shorthands(set []lagcomp.Setting) []lagcomp.Setting {
	value := map[string]any{}
	for _, s := range set {
		value[s.Key] = s.Value
	}
	for _, p := range lagcomp.Keys.Params {
		if !p.Alias || len(p.Sets) != 2 {
			continue
		}
		up, okU := value[p.Sets[0]]
		down, okD := value[p.Sets[1]]
		if !okU || !okD || up != down {
			continue
		}
		var out []lagcomp.Setting
		for _, s := range set {
			switch s.Key {
			case p.Sets[0]:
				out = append(out, lagcomp.Setting{Key: p.Key, Value: up})
			case p.Sets[1]:
			default:
				out = append(out, s)
			}
		}
		set = out
		delete(value, p.Sets[0])
		delete(value, p.Sets[1])
	}
	return set
}

// copyLink puts the scenario's link on the clipboard: the page's
// address and its fragment in a browser (Options.LinkBase), the
// fragment alone on the desktop, which has no address of its own.
func (u *UI) copyLink() {
	l := u.Link()
	text := l.Fragment()
	if u.opts.LinkBase != nil {
		text = u.opts.LinkBase() + text
	}
	u.app.Clipboard().SetContent(text)
	msg := "link copied: " + text
	if u.preset.File != "" && !strings.HasPrefix(u.preset.File, "presets/") {
		msg += fmt.Sprintf(" (preset %s is a file: a page opens only the presets lagscope ships)", u.preset.Name)
	}
	u.setStatus(msg)
}

// Stats are the window's figures a page's test and measurement read.
type Stats struct {
	PaneDraws uint64     // the panes' draws so far (frames per second: per visible pane)
	Panes     int        // panes visible now
	Shown     model.Time // the simulated time shown
	Paused    bool
	Layout    string // the layout's name, as the top bar's choice shows it
	Dark      bool   // the panes' palette
	// the first visible pane's place and size in the window (Fyne units),
	// where a test finds it in a screenshot
	PaneAt   fyne.Position
	PaneSize fyne.Size
	// the timeline's scrubber, where a test clicks it
	ScrubAt   fyne.Position
	ScrubSize fyne.Size
}

// Stats reads the figures: on the UI thread, or in a page (one thread)
// from a script's call, which must not wait for the UI thread: its
// frames run on the script's event loop, which the call holds.
func (u *UI) Stats() Stats {
	pb := u.sessionState()
	st := Stats{PaneDraws: u.paneDraws.Load(), Shown: pb.now, Paused: pb.paused, Layout: u.layoutSel.Selected}
	st.Dark = u.options().Palette == views.Dark
	st.ScrubAt = fyne.CurrentApp().Driver().AbsolutePositionForObject(u.timeline.scrub)
	st.ScrubSize = u.timeline.scrub.Size()
	for _, p := range u.panes {
		if !p.visible {
			continue
		}
		if st.Panes == 0 {
			st.PaneAt = fyne.CurrentApp().Driver().AbsolutePositionForObject(p.raster)
			st.PaneSize = p.raster.Size()
		}
		st.Panes++
	}
	return st
}

// browserless is action on the desktop; in a page, where what it does
// (a file written or read) cannot be done, it says so and what does it
// instead, never a button that does nothing.
func (u *UI) browserless(what, instead string, action func()) func() {
	if !inBrowser {
		return action
	}
	return func() {
		dialog.ShowInformation(what+": not in the browser",
			what+" needs files, which a web page cannot write or read.\n"+instead, u.win)
	}
}

// What the page offers instead of each file action.
const (
	shotInstead    = "Copy link gives this scenario's link; on a desktop,\nlagscope shot --preset NAME --set KEY=VALUE --at TIME draws the PNG (--gif a clip)."
	recordsInstead = "On a desktop, lagscope --records FILE opens a records file."
	saveInstead    = "Copy link keeps the preset and every key you changed in a link."
)

// DrawPane draws the first visible pane as the desktop's driver has it
// drawn at w×h device pixels (its raster's generator): what a page's
// pane is compared with. UI thread.
func (u *UI) DrawPane(w, h int) image.Image {
	for _, p := range u.panes {
		if p.visible {
			return p.draw(w, h)
		}
	}
	return nil
}
