package app

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
)

// metrics is the strip of live figures under the panes.
type metrics struct {
	box                            fyne.CanvasObject
	ping, agree, errs, hits, rules *widget.Label
	fire                           *widget.Label // weapon-fire effects per remote client (source 001)
}

func newMetrics() *metrics {
	m := &metrics{}
	m.ping, m.agree, m.errs, m.hits, m.rules = widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel("")
	m.rules.Truncation = fyne.TextTruncateEllipsis
	m.fire = widget.NewLabel("")
	m.fire.Truncation = fyne.TextTruncateEllipsis
	m.box = container.NewVBox(container.NewBorder(nil, nil, container.NewHBox(m.ping, m.agree, m.errs, m.hits), nil, m.rules), m.fire)
	return m
}

func (m *metrics) update(f *lagcomp.Frame) {
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
	m.hits.SetText(fmt.Sprintf("fired %d · judged %d · hits client %d / server %d · rejected %d · lost %d · duplicates rejected %d",
		s.ShotsFired, s.Shots, s.ClientHits, s.ServerHits, s.Rejected, s.ShotsLost, s.DupsRejected))
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
	m.rules.SetText(rules)
	m.fire.SetText(fireText(f.Fire))
}

// fireText sums up each remote client's weapon-fire effects.
func fireText(ff *lagcomp.FireFrame) string {
	if ff == nil || len(ff.Lanes) == 0 {
		return ""
	}
	s := fmt.Sprintf("fire effects (%s):", ff.Encoding)
	for _, ln := range ff.Lanes {
		r := ln.Record
		s += fmt.Sprintf("  %s %d played / %d shots, missed %d single %d bursts, extra %d, bogus %d, %.0f bit/s;",
			r.Name, r.EffectsPlayed, r.ShotsFired, r.SingleShotsMissed, r.BurstsMissed, r.ExtraEffects, r.BogusBursts, r.BitsPerSecond)
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
