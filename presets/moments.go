package presets

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"lagscope/lagcomp/moments"
	"lagscope/model"
)

// Moments are a preset's bookmarks: instants worth looking at, each with
// the sentence a lecturer would say there. A preset writes them as an
// array of inline tables (or [[moments]] tables), each with "say" and
// exactly one of "at_ms" (a time), "shot" (the Nth shot judged) or "find"
// (a moment the simulation finds, see moments.Kinds):
//
//	moments = [
//	  { find = "first_behind_cover", say = "The victim is hit after it ducked." },
//	  { at_ms = 2500, say = "Red and blue are {gap_m} m apart." },
//	]
//
// A sentence names its numbers as figures, {gap_m} (moments.Figures),
// computed from the run shown. A moment may name the slide that makes
// its point, as lagscope shot's flags do: view, layout, panes, focus,
// layers and compare (see slideKeys); and the lecture topic it is the
// slide of (topic), for the README's topic table.

// momentKeys are the keys a moment may have.
var momentKeys = []string{"at_ms", "shot", "find", "say", "topic", "view", "layout", "panes", "focus", "layers", "compare"}

// maxMomentMs is the latest a moment may be: an hour, the longest run.
const maxMomentMs = 3_600_000

// parseMoments checks the moments value strictly: every error names the
// file, the line of the moment, the key and what is allowed.
func parseMoments(name string, data []byte, v any) ([]moments.Spec, error) {
	list, ok := tables(v)
	if !ok {
		return nil, fmt.Errorf("%s:%d: key \"moments\": want a list of tables, e.g. moments = [{ at_ms = 2500, say = \"…\" }]", name, lineOf(data, "moments"))
	}
	var out []moments.Spec
	line := momentLines(data, len(list))
	for i, m := range list {
		at := fmt.Sprintf("%s:%d: moment %d", name, line(i), i+1)
		sp, err := parseMoment(m)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
		out = append(out, sp)
	}
	return out, nil
}

func parseMoment(m map[string]any) (moments.Spec, error) {
	var sp moments.Spec
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // report the same error whatever the map's order
	ways := 0
	for _, k := range keys {
		v := m[k]
		switch k {
		case "say":
			s, ok := v.(string)
			if !ok || strings.TrimSpace(s) == "" {
				return sp, fmt.Errorf("key \"say\": want the sentence to show, in quotes")
			}
			if _, err := moments.Conditions(s); err != nil {
				return sp, fmt.Errorf("key \"say\": %w", err)
			}
			sp.Say = s
		case "at_ms":
			ways++
			f, ok := number(v)
			if !ok || f < 0 || f > maxMomentMs {
				return sp, fmt.Errorf("key \"at_ms\": %v is out of range (allowed: 0 to %d ms)", v, maxMomentMs)
			}
			sp.At = model.MsF(f)
		case "shot":
			ways++
			n, ok := v.(int64)
			if !ok || n < 1 || n > 100000 {
				return sp, fmt.Errorf("key \"shot\": %v is out of range (allowed: a whole number, 1 to 100000)", v)
			}
			sp.Shot = int(n)
		case "find":
			ways++
			s, _ := v.(string)
			if !moments.ValidKind(s) {
				return sp, fmt.Errorf("key \"find\": %q is not a moment the simulation finds (allowed: %s)", fmt.Sprint(v), kindList())
			}
			sp.Find = moments.Kind(s)
		case "topic":
			s, ok := v.(string)
			if !ok || strings.TrimSpace(s) != s || s == "" || strings.ContainsAny(s, "|\n") {
				return sp, fmt.Errorf("key \"topic\": want the topic's name in quotes, e.g. topic = \"interpolation\" (no \"|\", no line break, no spaces round it)")
			}
			sp.Topic = s
		case "view", "layout", "panes", "focus", "layers", "compare":
			if err := parseSlideKey(&sp.Slide, k, v); err != nil {
				return sp, err
			}
		default:
			return sp, fmt.Errorf("unknown key %q (allowed: %s)", k, strings.Join(momentKeys, ", "))
		}
	}
	if err := checkSlide(sp.Slide); err != nil {
		return sp, err
	}
	switch {
	case sp.Say == "":
		return sp, fmt.Errorf("key \"say\" is missing: say what to look at")
	case ways != 1:
		return sp, fmt.Errorf("give exactly one of at_ms, shot or find (got %d)", ways)
	}
	return sp, nil
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, x == x
	}
	return 0, false
}

func kindList() string {
	s := make([]string, len(moments.Kinds))
	for i, k := range moments.Kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// momentLines gives the line each of a file's n moments starts on: its
// "{" in an inline list, or its [[moments]] header. The file is read once
// for all of them (read again for each, 20 000 moments took minutes).
func momentLines(data []byte, n int) func(i int) int {
	headers := regexp.MustCompile(`(?m)^[ \t]*\[\[[ \t]*moments[ \t]*\]\]`).FindAllIndex(data, n)
	var braces []int // each "{" outside a string after "moments =", in order
	start := regexp.MustCompile(`(?m)^[ \t]*moments[ \t]*=`).FindIndex(data)
	if start != nil {
		inString := false
		for j := start[1]; j < len(data) && len(braces) < n; j++ {
			switch c := data[j]; {
			case c == '"' && data[j-1] != '\\':
				inString = !inString
			case c == '{' && !inString:
				braces = append(braces, j)
			}
		}
	}
	// lines counted forward from the last offset asked, as the moments
	// are asked in order
	at, line := 0, 1
	lineAt := func(off int) int {
		if off < at {
			at, line = 0, 1
		}
		line += bytes.Count(data[at:off], []byte("\n"))
		at = off
		return line
	}
	return func(i int) int {
		switch {
		case i < len(headers):
			return lineAt(headers[i][0])
		case i < len(braces):
			return lineAt(braces[i])
		case start != nil:
			return lineOf(data, "moments")
		}
		return 0
	}
}
