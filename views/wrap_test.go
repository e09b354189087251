package views

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// wrapByMeasure is wrap as it was, measuring every candidate line in
// full: the reference the summed measure must agree with, break for break.
func wrapByMeasure(p *pane, s string, size, width float64) []string {
	var lines []string
	cur := ""
	fit := func(t string) bool { w, _ := p.measure(t, size); return w <= width }
	for i, part := range strings.Split(s, sep) {
		join := sep
		if i == 0 {
			join = ""
		}
		if cur == "" || fit(cur+join+part) {
			cur += join + part
			if i > 0 && cur == join+part {
				cur = part
			}
			continue
		}
		lines = append(lines, cur)
		cur = part
	}
	lines = append(lines, cur)
	var out []string
	for _, l := range lines {
		for !fit(l) {
			words := strings.Fields(l)
			n := len(words) - 1
			for n > 1 && !fit(strings.Join(words[:n], " ")) {
				n--
			}
			if n < 1 {
				break
			}
			out = append(out, strings.Join(words[:n], " "))
			l = "  " + strings.Join(words[n:], " ")
		}
		out = append(out, l)
	}
	return out
}

// fitTextByMeasure is fitText as it was, measuring each shorter start.
func fitTextByMeasure(p *pane, s string, size, width float64) string {
	if w, _ := p.measure(s, size); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if w, _ := p.measure(string(r)+"…", size); w <= width {
			break
		}
	}
	return string(r) + "…"
}

// TestWrapBreaksAsMeasured: the summed measure breaks every line where
// measuring it whole did — figures, words, kerned pairs ("AV", "To"),
// long words, empty figures — at every width and scale.
func TestWrapBreaksAsMeasured(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	vocab := []string{"AV", "To", "Wa", "rewind", "0.370 m", "hit,", "—", "→", "bias 0.5", "", "x", "Yo.", "snapshot", "interp_ms=100", "ÅVÆ", "“quoted”", "f", "LT"}
	for _, scale := range []float64{1, 1.5, 2} {
		p := NewRenderer().bandPane(nil, 800, 0, Dark, scale)
		for c := 0; c < 300; c++ {
			var figs []string
			for f := rng.Intn(6) + 1; f > 0; f-- {
				var ws []string
				for w := rng.Intn(12); w >= 0; w-- {
					ws = append(ws, vocab[rng.Intn(len(vocab))])
				}
				figs = append(figs, strings.Join(ws, " "))
			}
			s := strings.Join(figs, sep)
			width := float64(20 + rng.Intn(500))
			size := []float64{10, 12, 13, 24}[rng.Intn(4)]
			got, want := p.wrap(s, size, width), wrapByMeasure(p, s, size, width)
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
				t.Fatalf("scale %g size %g width %g: wrap(%q)\n got %q\nwant %q", scale, size, width, s, got, want)
			}
			for _, l := range got {
				if a, b := p.fitText(l, size, width), fitTextByMeasure(p, l, size, width); a != b {
					t.Fatalf("scale %g size %g width %g: fitText(%q) = %q, measured %q", scale, size, width, l, a, b)
				}
			}
		}
	}
}

// longSentence is a moment's sentence of n words.
func longSentence(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = fmt.Sprintf("word%d", i)
	}
	return strings.Join(ws, " ") + "."
}

// TestWrapLongSentenceIsLinear: a 10 000-word moment sentence wraps, and
// is cut to a header line, in about a second here (it took past two
// minutes re-measured at each candidate break). The bound is far above
// the expected: a guard against the quadratic, not a timing test.
func TestWrapLongSentenceIsLinear(t *testing.T) {
	s := longSentence(10000)
	p := NewRenderer().bandPane(nil, 1280, 0, Dark, 1)
	var rows []captionRow
	var cut string
	done := make(chan struct{})
	go func() {
		rows = p.captionRows([]string{"title", "moment 1: " + s})
		cut = p.fitText(joinRows(rows[1:]), captionSize, p.captionWidth(1))
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("10 000 words took over 20 s to wrap and cut (expected about a second)")
	}
	if len(rows) < 100 || !strings.HasSuffix(rows[len(rows)-1].text, "word9999.") {
		t.Fatalf("10 000 words wrapped to %d rows ending %q", len(rows), rows[len(rows)-1].text)
	}
	if !strings.HasSuffix(cut, "…") {
		t.Fatalf("a joined line of %d rows was not cut: %.40q", len(rows), cut)
	}
}

func BenchmarkWrapLongSentence(b *testing.B) {
	s := longSentence(10000)
	p := NewRenderer().bandPane(nil, 1280, 0, Dark, 1)
	for b.Loop() {
		p.wrap(s, captionSize, p.captionWidth(1))
	}
}

// joinRows is the text of rows on one line, as a header joins what
// does not fit its lines.
func joinRows(rows []captionRow) string {
	var ts []string
	for _, r := range rows {
		ts = append(ts, r.text)
	}
	return strings.Join(ts, sep)
}
