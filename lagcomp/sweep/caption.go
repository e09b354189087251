package sweep

import (
	"fmt"
	"strconv"
	"strings"

	"lagscope/lagcomp"
)

// Caption names what a chart of the grid shows, for its caption band: the
// preset, the --set keys, the duration, the grid and the seeds, so a
// slide can be read (and rerun) without the command that made it.
func (g *Grid) Caption() []string {
	run := []string{"preset " + g.Preset}
	if g.DurationMs > 0 {
		run = append(run, strconv.FormatFloat(g.DurationMs/1000, 'g', -1, 64)+" s each")
	} else {
		run = append(run, strconv.FormatFloat(g.Base.DurationMs/1000, 'g', -1, 64)+" s each")
	}
	for _, s := range g.Sets {
		run = append(run, fmt.Sprintf("%s=%v", s.Key, s.Value))
	}
	var axes []string
	for _, v := range g.Vary {
		if v.IsVariants() { // named here, defined on a line of their own
			axes = append(axes, "variant "+values(v.Values))
			continue
		}
		axes = append(axes, v.Key+" "+values(v.Values))
	}
	if len(axes) == 0 {
		axes = []string{"one point"}
	}
	seeds := max(1, g.Seeds)
	runs := seeds * max(1, g.Players) // a point's runs: its seeds' draws
	probe := g.Base
	lagcomp.Apply(&probe, g.Sets) // checked when the points were made
	first := probe.Seed
	if g.Seed != nil {
		first = *g.Seed
	}
	var sd string
	if runs == 1 {
		sd = fmt.Sprintf("seed %d (one run per point: no confidence band)", first)
	} else {
		ci := "between two thin lines" // a trend over a number key
		switch {
		case IsMatrix(g.Vary):
			ci = "as ± its half-width under each cell's mean"
		case len(g.Vary) == 0 || !isNumber(g.Vary[0].Key):
			ci = "as an error bar" // points over choices
		}
		over := fmt.Sprintf("seeds %d…%d", first, first+uint64(seeds)-1)
		if seeds == 1 {
			over = fmt.Sprintf("seed %d", first)
		}
		sd = fmt.Sprintf("%s: the mean and its 95 %% confidence interval %s (Student's t, %d df)", over, ci, runs-1)
	}
	lines := []string{
		strings.Join(run, " · "),
		"grid: " + strings.Join(axes, " × ") + fmt.Sprintf(" = %d runs", g.Size()),
	}
	for _, v := range g.Vary {
		if v.IsVariants() {
			lines = append(lines, "variants: "+v.describe()+g.overridden(&v))
		}
	}
	if l := g.populationCaption(probe.Population); l != "" {
		lines = append(lines, l)
	}
	return append(lines, sd)
}

// values lists a few values, or the first and last of many.
func values(vs []string) string {
	if len(vs) <= 8 {
		return strings.Join(vs, ", ")
	}
	return fmt.Sprintf("%s … %s (%d values)", vs[0], vs[len(vs)-1], len(vs))
}

// SpreadCaption says what --stats adds to a chart, for its caption.
func SpreadCaption(vary []Vary) string {
	how := "a thin bar through the median"
	switch {
	case IsMatrix(vary):
		how = "the third line of each cell"
	case len(vary) > 0 && isNumber(vary[0].Key):
		how = "a shaded band"
	}
	return "across seeds: the 5th to 95th percentile (nearest rank) as " + how + "; the CSV has every figure's _p5, _p50, _p95, _mean, _ci_lo, _ci_hi"
}

// Caption says what a paired chart shows.
func (p *Pair) Caption() string {
	return fmt.Sprintf("paired: %s on each seed (the same seeds for both); the mean difference, its 95 %% interval and the thick 0 line", p.Label())
}

// isNumber says whether a key takes numbers: a chart draws it to scale
// as a trend, and a choice as points side by side.
func isNumber(key string) bool {
	p, ok := lagcomp.Lookup(key)
	return ok && (p.Kind == lagcomp.KindFloat || p.Kind == lagcomp.KindInt)
}

// IsMatrix says whether a grid is a matrix: exactly two varied keys,
// neither a number (choices, booleans or the variant axis), so every
// pairing is a cell and no axis carries a trend.
func IsMatrix(vary []Vary) bool {
	return len(vary) == 2 && !isNumber(vary[0].Key) && !isNumber(vary[1].Key)
}

// overridden says which --set keys some variants override, for the
// variants' line: " (mode=none where a variant does not set it)".
func (g *Grid) overridden(v *Vary) string {
	var over []string
	for _, s := range g.Sets {
		for _, set := range v.Sets {
			if len(Unshadowed([]lagcomp.Setting{s}, set)) == 0 {
				over = append(over, fmt.Sprintf("%s=%v", s.Key, s.Value))
				break
			}
		}
	}
	if len(over) == 0 {
		return ""
	}
	return " (--set " + strings.Join(over, ", ") + " where a variant does not change it)"
}
