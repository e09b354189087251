package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"lagscope/internal/readmeblock"
	"lagscope/lagcomp/moments"
	"lagscope/presets"
)

var updateREADME = flag.Bool("update-readme", false, "rewrite the README's topic table from the presets' moments")

// lectureTopics are the topics of a netcode lecture, in the order the
// README's table teaches them: each is the topic of at least one
// preset moment (its topic key), and the table lists those moments.
var lectureTopics = []string{
	"why compensate", "interpolation", "extrapolation", "behind cover", "peeker's advantage", "the 1.8 factor",
	"projectile prediction", "trail reset", "burst counter", "packets, ticks and the rewind",
	"prediction and reconciliation", "a lossy player",
}

// topicMoment is a moment that names a topic.
type topicMoment struct {
	preset string
	n      int // 1 = the preset's first moment
	spec   moments.Spec
}

// topicMoments lists the shipped moments that name a topic, in the
// lecture's order (each topic's in preset order).
func topicMoments(t *testing.T) []topicMoment {
	all, err := presets.All()
	if err != nil {
		t.Fatal(err)
	}
	var out []topicMoment
	for _, p := range all {
		for i, sp := range p.Moments {
			if sp.Topic != "" {
				out = append(out, topicMoment{p.Name, i + 1, sp})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b topicMoment) int {
		return slices.Index(lectureTopics, a.spec.Topic) - slices.Index(lectureTopics, b.spec.Topic)
	})
	return out
}

// command is the lagscope shot command that draws a topic moment's slide.
func (m topicMoment) command() string {
	return fmt.Sprintf("shot --preset %s --moment %d", m.preset, m.n)
}

// slideWords is the moment's slide as the flags it stands for.
func slideWords(sl moments.Slide) string {
	var w []string
	for _, kv := range [][2]string{{"view", sl.View}, {"layout", sl.Layout}, {"panes", strings.Join(sl.Panes, ",")},
		{"focus", sl.Focus}, {"layers", sl.Layers}, {"compare", sl.Compare}} {
		if kv[1] != "" {
			w = append(w, "--"+kv[0]+" "+kv[1])
		}
	}
	if len(w) == 0 {
		return "the split, 2×2"
	}
	return "`" + strings.Join(w, " ") + "`"
}

// The README's topic table is the list of the moments that name a topic:
// each row a moment, its command, the slide it draws and its sentence as
// that slide says it on the preset's own run (its figures computed). Every
// topic of the lecture has a moment, and every moment's topic is one of
// them. A moment added, moved or reworded without the README fails here
// (`make readme`, or this test with -update-readme, rewrites the table).
func TestREADMETopicsAreTheMoments(t *testing.T) {
	ms := topicMoments(t)
	var b strings.Builder
	b.WriteString("| topic | command (`lagscope … --out slide.png`) | its slide | what it says |\n|---|---|---|---|\n")
	seen := map[string]bool{}
	for _, m := range ms {
		if !slices.Contains(lectureTopics, m.spec.Topic) {
			t.Errorf("%s moment %d: topic %q is not one of the lecture's (%s)", m.preset, m.n, m.spec.Topic, strings.Join(lectureTopics, "; "))
		}
		seen[m.spec.Topic] = true
		sc, err := sidecarFromFlags(flagsOf(t, "--preset", m.preset, "--moment", fmt.Sprint(m.n), "--out", "x.png"))
		if err != nil {
			t.Fatalf("%s: %v", m.command(), err)
		}
		say := strings.TrimPrefix(sc.Moment, fmt.Sprintf("moment %d: ", m.n))
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", m.spec.Topic, m.command(), slideWords(m.spec.Slide), strings.ReplaceAll(say, "|", `\|`))
	}
	for _, topic := range lectureTopics {
		if !seen[topic] {
			t.Errorf("topic %q has no moment: give a preset moment topic = %q", topic, topic)
		}
	}
	readmeblock.Check(t, "../README.md", "topics", b.String(), *updateREADME,
		"go test ./cli -run READMETopicsAreTheMoments -update-readme")
}

// The README lists every figure a moment's sentence may name, as
// moments.Figures declares it: a figure added or reworded without the
// README fails here (`make readme`, or -update-readme, rewrites it).
func TestREADMEListsTheSentenceFigures(t *testing.T) {
	var b strings.Builder
	b.WriteString("| figure | written as | computed from the run shown |\n|---|---|---|\n")
	for _, f := range moments.Figures {
		fmt.Fprintf(&b, "| `{%s}` | %s | %s |\n", f.Name, strings.ReplaceAll(fmt.Sprintf(f.Format, 1.0), "1", "0"), strings.ReplaceAll(f.Says, "|", `\|`))
	}
	readmeblock.Check(t, "../README.md", "sentence-figures", b.String(), *updateREADME,
		"go test ./cli -run READMEListsTheSentenceFigures -update-readme")
}
