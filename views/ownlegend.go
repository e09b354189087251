package views

import "strings"

// The packet-flow and fire-lane views draw marks the registry in
// legend.go has no words for (arrows by packet kind, lanes of values),
// so they keep their own entries; like the registry, they list only what
// the pane drew, and wrap onto as many rows as the entries need.

// ownEntry is one entry of a view's own legend: its swatch and words.
type ownEntry struct {
	draw  func(x, y float64)
	label string
}

// ownLegendLayout wraps entries into rows that fit the pane's width at
// the largest text size that needs at most two rows (more rows, at the
// smallest size, only when two cannot hold them).
func (p *pane) ownLegendLayout(entries []ownEntry) (rows [][]ownEntry, size float64) {
	wrap := func(size float64) [][]ownEntry {
		var rows [][]ownEntry
		var row []ownEntry
		x := 10 * p.s
		for _, e := range entries {
			tw, _ := p.measure(e.label, size)
			need := 24*p.s + tw + 16*p.s
			if len(row) > 0 && x+need > p.w {
				rows, row, x = append(rows, row), nil, 10*p.s
			}
			row = append(row, e)
			x += need
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
		return rows
	}
	for _, size = range []float64{11, 10, 9} {
		if rows = wrap(size); len(rows) <= 2 {
			break
		}
	}
	if len(rows) == 0 {
		rows = [][]ownEntry{nil}
	}
	return rows, size
}

// drawOwnLegend draws rows laid out by ownLegendLayout along the pane's
// bottom.
func (p *pane) drawOwnLegend(rows [][]ownEntry, size float64) {
	top := p.h - float64(len(rows))*legendH*p.s
	p.fillRect(0, top, p.w, float64(len(rows))*legendH*p.s, p.pal.Grid)
	for i, row := range rows {
		x, y := 10*p.s, top+(11+float64(i)*legendH)*p.s
		for _, e := range row {
			e.draw(x, y)
			x += 24 * p.s
			p.text(e.label, x, y, size, p.pal.Text, 0, 0.5, false)
			tw, _ := p.measure(e.label, size)
			x += tw + 16*p.s
		}
	}
}

// drawnEntries are the entries whose marks were drawn, in order.
func drawnEntries(all []ownEntry, drew []bool) []ownEntry {
	var out []ownEntry
	for k, e := range all {
		if drew[k] {
			out = append(out, e)
		}
	}
	return out
}

// ownLegendText is a view's own legend as words, for tests.
func ownLegendText(entries []ownEntry) string {
	var b strings.Builder
	for _, e := range entries {
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(e.label)
	}
	return b.String()
}
