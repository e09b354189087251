package cli

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"lagscope/presets"
)

// The README's topic table points at moments that exist, and at the
// right ones: each row names presets and moment numbers in range, and a
// row that says what a numbered moment shows ("1: …; 2: …", or a topic
// named in the moment's own sentence) agrees with that moment's sentence.
func TestREADMETopicsPointAtTheirMoments(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(readme), "| topic | preset | moment | what it shows |")
	if !ok {
		t.Fatal("README.md lost its topic table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	rows := 0
	for _, line := range strings.Split(table, "\n")[2:] {
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 4 {
			t.Fatalf("topic row %q: %d cells", line, len(cells))
		}
		rows++
		topic, shows := strings.TrimSpace(cells[0]), cells[3]
		for _, name := range presetNames.FindAllStringSubmatch(cells[1], -1) {
			p, err := presets.Load(name[1])
			if err != nil {
				t.Fatalf("%s: %v", topic, err)
			}
			for _, n := range strings.Split(cells[2], ", ") {
				i, err := strconv.Atoi(strings.TrimSpace(n))
				if err != nil || i < 1 || i > len(p.Moments) {
					t.Errorf("%s: preset %s has no moment %q (it has %d)", topic, p.Name, n, len(p.Moments))
					continue
				}
				claim, ok := numbered(shows, i)
				if ok && !sharesWords(claim, p.Moments[i-1].Say) {
					t.Errorf("%s: the README says moment %d of %s shows %q; its sentence is %q", topic, i, p.Name, claim, p.Moments[i-1].Say)
				}
			}
			// the moment whose sentence names the topic is among the row's
			for j, m := range p.Moments {
				if strings.Contains(strings.ToLower(m.Say), topic) && !slices.Contains(strings.Split(cells[2], ", "), strconv.Itoa(j+1)) {
					t.Errorf("%s: moment %d of %s is the one saying %q; the README points at %s", topic, j+1, p.Name, topic, cells[2])
				}
			}
		}
	}
	if rows < 8 {
		t.Errorf("only %d topics", rows)
	}
	// the two the lecturer found wrong, by name
	d, _ := presets.Load("default")
	if !strings.HasPrefix(d.Moments[1].Say, "Interpolation") || !strings.Contains(table, "| interpolation | `default` | 2 |") {
		t.Error("interpolation is moment 2 of default, and the table must say so")
	}
}

var presetNames = regexp.MustCompile("`([a-z0-9-]+)`")

// numbered is what a row says moment i shows, when it numbers them
// ("1: the first shot it costs …; 2: a rewind …").
func numbered(shows string, i int) (string, bool) {
	for _, part := range strings.Split(shows, "; ") {
		if claim, ok := strings.CutPrefix(strings.TrimSpace(part), strconv.Itoa(i)+": "); ok {
			return claim, true
		}
	}
	return "", false
}

// sharesWords says whether a claim and a sentence share at least two
// words of five letters or more: they speak of the same thing.
func sharesWords(claim, say string) bool {
	words := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
			if len(w) >= 5 {
				m[w] = true
			}
		}
		return m
	}
	n, b := 0, words(say)
	for w := range words(claim) {
		if b[w] {
			n++
		}
	}
	return n >= 2
}
