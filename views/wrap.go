package views

import (
	"math"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Wrapping and shortening text measure each word and each rune once.
// A text's advance is additive — font.MeasureString of a+b is a's plus
// b's plus the kern between a's last rune and b's first — so a line's
// width is summed from its words' rather than measured again at every
// candidate break: a 10 000-word moment sentence re-measured at each
// break took minutes to wrap and the window never drew.

// sep separates the figures of a line of text: where it wraps.
const sep = " · "

// textRun is the measure of a piece of text: its advance and its end
// runes, for the measure of a joined text without measuring it again.
type textRun struct {
	adv         fixed.Int26_6
	first, last rune // -1 for empty text
}

// measurer measures text in one face.
type measurer struct{ fc font.Face }

// measurer measures text of size in the regular face, as measure does.
func (p *pane) measurer(size float64) measurer {
	return measurer{p.r.face(false, math.Round(size*p.s))}
}

// run is the measure of s.
func (m measurer) run(s string) textRun {
	if s == "" {
		return textRun{0, -1, -1}
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return textRun{font.MeasureString(m.fc, s), first, last}
}

// cat is the measure of a's text followed by b's.
func (m measurer) cat(a, b textRun) textRun {
	switch {
	case a.first < 0:
		return b
	case b.first < 0:
		return a
	}
	return textRun{a.adv + b.adv + m.fc.Kern(a.last, b.first), a.first, b.last}
}

// fits says whether a measured text fits width pixels, as measure
// would say of it.
func fits(t textRun, width float64) bool { return float64(t.adv)/64 <= width }

// wrap breaks s into lines that fit width pixels, between its figures
// (at " · ") where it can, else between words. A word wider than width
// is left to fitText. Each figure and each word is measured once.
func (p *pane) wrap(s string, size, width float64) []string {
	m := p.measurer(size)
	sepRun := m.run(sep)
	var lines []string
	cur, curRun := "", m.run("")
	for _, part := range strings.Split(s, sep) {
		partRun := m.run(part)
		if cur == "" {
			cur, curRun = part, partRun
			continue
		}
		if joined := m.cat(m.cat(curRun, sepRun), partRun); fits(joined, width) {
			cur, curRun = cur+sep+part, joined
			continue
		}
		lines = append(lines, cur)
		cur, curRun = part, partRun
	}
	lines = append(lines, cur)
	// a figure still too wide breaks between its words
	var out []string
	for _, l := range lines {
		if fits(m.run(l), width) {
			out = append(out, l)
			continue
		}
		out = m.breakWords(out, l, width)
	}
	return out
}

// indent starts each row a figure's words continue on.
const indent = "  "

// breakWords appends line l, too wide for width, broken between its
// words: each row takes as many words as fit (at least one), the rest
// continues indented, and the last row is left as it is, for fitText.
func (m measurer) breakWords(out []string, l string, width float64) []string {
	words := strings.Fields(l)
	runs := make([]textRun, len(words))
	for i, w := range words {
		runs[i] = m.run(w)
	}
	space := m.run(" ")
	// rest[i] is the measure of words[i:] joined by spaces
	rest := make([]textRun, len(words)+1)
	rest[len(words)] = m.run("")
	for i := len(words) - 1; i >= 0; i-- {
		rest[i] = runs[i]
		if i+1 < len(words) {
			rest[i] = m.cat(m.cat(runs[i], space), rest[i+1])
		}
	}
	ind := m.run(indent)
	i := 0 // the first word not yet on a row
	for {
		left := len(words) - i
		if left < 2 { // a single word too wide is fitText's
			break
		}
		// as many words as fit, at least one, never all of them
		n, row := 1, runs[i]
		for n+1 < left {
			next := m.cat(m.cat(row, space), runs[i+n])
			if !fits(next, width) {
				break
			}
			n, row = n+1, next
		}
		out = append(out, strings.Join(words[i:i+n], " "))
		i += n
		if fits(m.cat(ind, rest[i]), width) {
			break
		}
	}
	if i == 0 {
		return append(out, l)
	}
	return append(out, indent+strings.Join(words[i:], " "))
}

// fitText shortens s with an ellipsis until it fits in width pixels, and
// records what it cut. Each rune's advance is added once.
func (p *pane) fitText(s string, size, width float64) string {
	m := p.measurer(size)
	if fits(m.run(s), width) {
		return s
	}
	p.cut = append(p.cut, s)
	r := []rune(s)
	ell := m.run("…")
	// pre[k] is the measure of r[:k]
	pre := make([]textRun, len(r)+1)
	pre[0] = m.run("")
	for k, c := range r {
		pre[k+1] = m.cat(pre[k], m.run(string(c)))
	}
	// the longest start that fits with its ellipsis, or its first rune
	k := min(len(r), 1)
	for n := len(r) - 1; n > 1; n-- {
		if fits(m.cat(pre[n], ell), width) {
			k = n
			break
		}
	}
	return string(r[:k]) + "…"
}
