package app

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
)

// metrics is the strip of live figures under the panes: A's (the
// running simulation), and while an A/B is shown B's under them, each
// row then tagged with its side so no figure is taken for the other's.
type metrics struct {
	*figures          // A's
	b        *figures // B's, shown with the A/B only
	box      fyne.CanvasObject
}

// figures is one side's row of figures.
type figures struct {
	box                           fyne.CanvasObject // the figures' row
	lists                         fyne.CanvasObject // the rules and fire effects under it
	tag                           *widget.Label     // "A:" or "B:", shown with the A/B only
	ping, agree, errs, hits, lost *widget.Label
	rules, fire                   *widget.Label
}

// metricsLines is how many lines of figures show under the panes before
// the strip scrolls.
const metricsLines = 3

// newMetrics makes the strip; relayout is called when its figures take
// another number of lines (the window narrowed or zoomed).
func newMetrics(relayout func()) *metrics {
	m := &metrics{figures: newFigures("A:", relayout), b: newFigures("B:", relayout)}
	m.b.box.Hide()
	m.b.lists.Hide()
	// both rows of figures first, then the lists: under an A/B, B's row
	// shows under A's, not scrolled away below A's lists
	m.box = container.NewVBox(m.figures.box, m.b.box, m.figures.lists, m.b.lists)
	return m
}

// rowsHeight is the height both rows of figures take while an A/B shows
// B's, 0 without: the strip shows at least that much (stripCap).
func (m *metrics) rowsHeight() float32 {
	if !m.b.box.Visible() {
		return 0
	}
	return m.figures.box.MinSize().Height + m.b.box.MinSize().Height + theme.Padding()
}

func newFigures(tag string, relayout func()) *figures {
	m := &figures{tag: widget.NewLabelWithStyle(tag, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	m.tag.Hide()
	m.ping, m.agree, m.errs, m.hits, m.lost = widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel("")
	m.rules = widget.NewLabel("")
	m.rules.Wrapping = fyne.TextWrapWord
	m.fire = widget.NewLabel("")
	m.fire.Wrapping = fyne.TextWrapWord
	// the figures flow onto lines, the long lists wrap: nothing is cut
	// and nothing widens the window past its screen
	m.box = container.New(&flowLayout{grew: relayout}, m.tag, m.ping, m.agree, m.errs, m.hits, m.lost)
	m.lists = container.NewVBox(m.rules, m.fire)
	return m
}

// update shows a's figures, and b's under them when b is not nil (an
// A/B is shown).
func (m *metrics) update(a, b *lagcomp.Frame) {
	m.figures.update(a)
	if b == nil {
		m.tag.Hide()
		m.b.box.Hide()
		m.b.lists.Hide()
		return
	}
	m.tag.Show()
	m.b.tag.Show()
	m.b.update(b)
	m.b.box.Show()
	m.b.lists.Show()
}

func (m *figures) update(f *lagcomp.Frame) {
	if f == nil {
		return
	}
	s := f.Summary
	m.ping.SetText(fmt.Sprintf("ping: true %.0f · tracked %s · server %s ms", f.Ping.TrueRTTMs, msOrDash(f.Ping.ClientMs), msOrDash(f.Ping.ServerMs)))
	if !math.IsNaN(s.Agreement) {
		m.agree.SetText(fmt.Sprintf("agreement %.0f %%", 100*s.Agreement))
	} else {
		m.agree.SetText("agreement –")
	}
	last := "–"
	if f.Last != nil && f.Last.Traced() {
		last = fmt.Sprintf("%.3f", f.Last.RewindErrorM)
	}
	mean := "–" // client mode traces no shot: no rewind to be wrong
	if s.ShotsTraced > 0 {
		mean = fmt.Sprintf("%.3f", s.MeanRewindErrM)
	}
	m.errs.SetText(fmt.Sprintf("rewind error mean %s · last %s m", mean, last))
	m.hits.SetText(fmt.Sprintf("fired %d · judged %d · hits client %d / server %d", s.ShotsFired, s.Shots, s.ClientHits, s.ServerHits))
	m.lost.SetText(fmt.Sprintf("rejected %d · lost %d · duplicates rejected %d", s.Rejected, s.ShotsLost, s.DupsRejected))
	rules := ""
	for _, rc := range s.RuleCounts {
		rules += fmt.Sprintf("%s %d  ", rc.Rule, rc.Count)
	}
	if ps := f.ProjSummary; ps.Count > 0 {
		rules += fmt.Sprintf("projectiles %d: spawn offset %s m, divergence ≤ %s m, apart %s m; ", ps.Count, metres(ps.MeanLinkOffsetM), metres(ps.MaxDivergenceM), metres(ps.MeanDetDistM))
		for _, rc := range ps.Rules {
			rules += fmt.Sprintf("%s %d  ", rc.Rule, rc.Count)
		}
	}
	setShown(m.rules, rules)
	setShown(m.fire, fireText(f.Fire))
}

// fireText sums up each remote client's weapon-fire effects.
func fireText(ff *lagcomp.FireFrame) string {
	if ff == nil || len(ff.Lanes) == 0 {
		return ""
	}
	s := fmt.Sprintf("fire effects (%s):", ff.Encoding)
	for _, ln := range ff.Lanes {
		r := ln.Record
		s += fmt.Sprintf("  %s %d played / %d shots, missed %d single %d bursts, merged %d, extra %d, bogus %d, stale %d, %.0f bit/s;",
			r.Name, r.EffectsPlayed, r.ShotsFired, r.SingleShotsMissed, r.BurstsMissed, r.MergedShots, r.ExtraEffects, r.BogusBursts, r.UpdatesStale, r.BitsPerSecond)
	}
	return s
}

// metres is a distance to the centimetre, "–" where it has no value yet
// (NaN: no projectile linked, no pair detonated).
func metres(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.2f", v)
}

func msOrDash(v float64) string {
	if math.IsNaN(v) || v == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f", v)
}

// setShown writes a label's text, and hides it while it has none (an
// empty line of the strip would take the panes' height for nothing).
func setShown(l *widget.Label, text string) {
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
	if l.Text != text {
		l.SetText(text)
	}
}
