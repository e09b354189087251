package chart

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"lagscope/lagcomp/sweep"
)

// A chart says in words what its marks cannot show: lines with the same
// figures (on a trend drawn one on top of the other, only the last one
// visible) and points with no value (a mean over no seed is not 0, and a
// line running past a missing point must not hide that it is missing).

// pointAt is line s's point at place xi of the first key, if it has a
// value there.
func pointAt(t *sweep.Table, s sweep.Series, xi int) (sweep.SeriesPoint, bool) {
	for i, pt := range s.Points {
		if xIndex(t, pt.X, i) == xi && pt.N > 0 {
			return pt, true
		}
	}
	return sweep.SeriesPoint{}, false
}

// lineName names a line in a note: a choice alone when one key makes
// the lines ("ping"), a number with its key ("latency_ms 150"), its whole
// label otherwise.
func lineName(t *sweep.Table, s sweep.Series) string {
	if len(s.Values) != 1 {
		return s.Label(t.Vary)
	}
	if numericKey(t.Vary[1].Key) {
		return t.Vary[1].Key + " " + s.Values[0]
	}
	return s.Values[0]
}

// sameNote names the lines that have the same figures (mean and
// interval) at a place, and where: "same figures: timestamp = source at
// 0; timestamp = ping = source at 25…200". "" when none do.
func sameNote(t *sweep.Table, series []sweep.Series) string {
	if len(series) < 2 {
		return ""
	}
	type group struct{ lines, at []int }
	var groups []group
	places := categories(t)
	for xi := range places {
		taken := make([]bool, len(series))
		for a := range series {
			pa, ok := pointAt(t, series[a], xi)
			if !ok || taken[a] {
				continue
			}
			lines := []int{a}
			for b := a + 1; b < len(series); b++ {
				if pb, ok := pointAt(t, series[b], xi); ok && !taken[b] && pb.Stat == pa.Stat {
					lines, taken[b] = append(lines, b), true
				}
			}
			if len(lines) < 2 {
				continue
			}
			gi := slices.IndexFunc(groups, func(g group) bool { return slices.Equal(g.lines, lines) })
			if gi < 0 {
				groups, gi = append(groups, group{lines: lines}), len(groups)
			}
			groups[gi].at = append(groups[gi].at, xi)
		}
	}
	var parts []string
	var at []int
	for _, g := range groups {
		var names []string
		for _, li := range g.lines {
			names = append(names, lineName(t, series[li]))
		}
		if len(g.lines) == len(series) && len(series) > 2 { // naming every line says nothing
			names = []string{fmt.Sprintf("all %d lines", len(series))}
		}
		parts = append(parts, strings.Join(names, " = ")+" "+placesText(t, g.at))
		at = append(at, g.at...)
	}
	if len(parts) == 0 {
		return ""
	}
	note := "same figures: " + strings.Join(parts, "; ")
	if utf8.RuneCountInString(note) > maxNote { // too many to name: say where
		slices.Sort(at)
		note = "same figures for two or more lines " + placesText(t, slices.Compact(at)) +
			" (drawn over each other)"
	}
	return note
}

// maxNote is the longest note named in full, about two lines of a slide.
const maxNote = 240

// missingNote names the points with no value: on a number axis the
// places where no line has one, and on either axis each line's places
// where it has none though others do. "" when every point has a value.
func missingNote(t *sweep.Table, series []sweep.Series) string {
	var parts []string
	empty := emptyPlaces(t, series)
	if numericX(t) && len(empty) > 0 { // a choice says so at its place
		parts = append(parts, "no value "+placesText(t, empty))
	}
	if len(series) > 1 {
		for _, s := range series {
			var at []int
			for xi := range categories(t) {
				if _, ok := pointAt(t, s, xi); !ok && !slices.Contains(empty, xi) {
					at = append(at, xi)
				}
			}
			if len(at) > 0 {
				parts = append(parts, "no value for "+lineName(t, s)+" "+placesText(t, at))
			}
		}
	}
	return strings.Join(parts, "; ")
}

// emptyPlaces are the places of the first key where no line has a value.
func emptyPlaces(t *sweep.Table, series []sweep.Series) []int {
	var out []int
	for xi := range categories(t) {
		if !slices.ContainsFunc(series, func(s sweep.Series) bool { _, ok := pointAt(t, s, xi); return ok }) {
			out = append(out, xi)
		}
	}
	return out
}

// placesText writes places of the first key: "at every point", or runs
// of a number key's values ("at latency_ms 0, 25…200"), or a choice's
// values ("at ping, client").
func placesText(t *sweep.Table, at []int) string {
	names := categories(t)
	if len(at) == len(names) && len(names) > 1 {
		return "at every point"
	}
	var parts []string
	for i := 0; i < len(at); {
		j := i
		for j+1 < len(at) && at[j+1] == at[j]+1 && numericX(t) {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, names[at[i]])
		case j == i+1:
			parts = append(parts, names[at[i]], names[at[j]])
		default:
			parts = append(parts, names[at[i]]+"…"+names[at[j]])
		}
		i = j + 1
	}
	if numericX(t) { // "at latency_ms 100…200", not a bare "at 100…200"
		return "at " + t.Vary[0].Key + " " + strings.Join(parts, ", ")
	}
	return "at " + strings.Join(parts, ", ")
}

// noValue writes "no value" at the places of a choice axis where no line
// has one, so a missing choice is never silently dropped, and across a
// trend's panel with no value anywhere. It reserves no room (no glyph
// boxes): panels stay aligned.
type noValue struct {
	at []float64 // x values
	ts draw.TextStyle
}

func (n noValue) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	for _, x := range n.at {
		c.FillText(n.ts, vg.Point{X: trX(x), Y: (c.Min.Y + c.Max.Y) / 2}, "no value")
	}
}

func (st style) noValueText() draw.TextStyle {
	ts := st.text(24)
	ts.Color, ts.XAlign = st.theme().Muted, draw.XCenter
	return ts
}

// panelNotes are the notes of every panel, each line led by its metric:
// "rules.max_rewind_cap: same figures: …". They go in a band of their
// own across the chart, under the legend, where a long one reads on one
// line rather than as a tall title over a narrow panel.
func panelNotes(t *sweep.Table, metrics []string) []string {
	var out []string
	for _, m := range metrics {
		series := t.Series(m)
		var said []string
		for _, n := range []string{pairNote(t, series), clampNote(t, m, series), sameNote(t, series), missingNote(t, series)} {
			if n != "" {
				said = append(said, n)
			}
		}
		if len(said) > 0 { // one paragraph a panel
			name, _ := figureName(m)
			out = append(out, name+": "+strings.Join(said, "; "))
		}
	}
	return out
}

// notesHeight is the height the notes band needs, wrapped to the chart.
func (st style) notesHeight(c draw.Canvas, notes []string) vg.Length {
	if len(notes) == 0 {
		return 0
	}
	n := 0
	for _, l := range notes {
		n += strings.Count(wrapTo(l, st.text(st.notesPx()), st.notesWidth(c)), "\n") + 1
	}
	return vg.Length(n)*st.size(st.notesPx()*1.25) + st.size(10)
}

// notesPx is the notes' text size: 24 px on a 1080-pixel slide, smaller
// when a chart has so many notes that its panels would be squashed.
func (st style) notesPx() float64 {
	if st.notesSmall > 0 {
		return st.notesSmall
	}
	return 24
}

func (st style) notesWidth(c draw.Canvas) vg.Length { return c.Max.X - c.Min.X - st.size(80) }

// notes writes the notes band, one wrapped paragraph per note.
func (st style) notes(c draw.Canvas, notes []string) {
	ts := st.text(st.notesPx())
	ts.Color = st.theme().Muted
	y := c.Max.Y - st.size(15)
	for _, l := range notes {
		for _, line := range strings.Split(wrapTo(l, ts, st.notesWidth(c)), "\n") {
			c.FillText(ts, vg.Point{X: c.Min.X + st.size(40), Y: y}, line)
			y -= st.size(st.notesPx() * 1.25)
		}
	}
}

// pairNote says, of a paired difference, on how many seeds B was above
// A and below it at each point — the sign agreement a mean can hide —
// the points with the same counts said once: "ping18 − source per seed:
// 20 up, 0 down of 20 seeds at latency_ms 20, 40, 80". "" for a sweep's
// own figures.
func pairNote(t *sweep.Table, series []sweep.Series) string {
	if t.Paired == nil {
		return ""
	}
	var counts []string
	at := map[string][]string{}
	for _, s := range series {
		for _, pt := range s.Points {
			if pt.N == 0 {
				continue
			}
			c := fmt.Sprintf("%d up, %d down of %d seeds", pt.Up, pt.Down, pt.N)
			if len(s.Values) > 0 {
				c += " (" + lineName(t, s) + ")"
			}
			if _, ok := at[c]; !ok {
				counts = append(counts, c)
			}
			if pt.X != "" {
				at[c] = append(at[c], pt.X)
			} else {
				at[c] = at[c][:0:0]
			}
		}
	}
	parts := make([]string, len(counts))
	for i, c := range counts {
		parts[i] = c
		if xs := at[c]; len(xs) > 0 {
			key := ""
			if numericX(t) {
				key = t.Vary[0].Key + " "
			}
			parts[i] += " at " + key + strings.Join(xs, ", ")
		}
	}
	return t.Paired.Label() + " per seed: " + strings.Join(parts, "; ")
}
