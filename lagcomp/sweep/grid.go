package sweep

import (
	"fmt"
	"slices"
	"strings"

	"lagscope/lagcomp"
)

// maxRuns bounds a whole sweep (points × seeds).
const maxRuns = 100000

// Grid is a sweep: a base configuration (a preset's), the --set keys
// applied at every point, the varied keys, and the seeds.
type Grid struct {
	Preset string // the preset's name, for captions
	Base   lagcomp.Config
	Sets   []lagcomp.Setting
	Vary   []Vary
	// Seed is the first seed; nil keeps each point's own (the preset's,
	// or a varied seed key). Seeds runs Seed … Seed+Seeds−1 (at least 1).
	Seed  *uint64
	Seeds int
	// Players is how many draws of the population each point runs for
	// each seed (population_draw 0 … Players−1; 0 or 1: one, draw 0's
	// players): population.go
	Players int
	// DurationMs overrides the simulated time when > 0.
	DurationMs float64
}

// Point is one run of a sweep: the varied values, the seed and the
// configuration they make.
type Point struct {
	Index  int      // position in the grid, seeds innermost
	Values []string // one per Grid.Vary
	Seed   uint64
	Draw   int // the population's draw (population_draw)
	Config lagcomp.Config
}

// Settings are the point's varied keys as --set would take them.
func (p *Point) Settings(g *Grid) []lagcomp.Setting {
	var out []lagcomp.Setting
	for i := range g.Vary {
		v := &g.Vary[i]
		out = append(out, v.settings(slices.Index(v.Values, p.Values[i]))...)
	}
	return out
}

// Label names the point's values: "latency_ms=50 mode=ping seed=3".
func (p *Point) Label(g *Grid) string {
	var b strings.Builder
	for i, v := range g.Vary {
		fmt.Fprintf(&b, "%s=%s ", v.Key, p.Values[i])
	}
	fmt.Fprintf(&b, "seed=%d", p.Seed)
	if p.Draw > 0 {
		fmt.Fprintf(&b, " population_draw=%d", p.Draw)
	}
	return b.String()
}

// Size is the number of runs: the product of the value counts times the
// seeds.
func (g *Grid) Size() int {
	n := max(1, g.Seeds) * max(1, g.Players)
	for _, v := range g.Vary {
		n *= len(v.Values)
	}
	return n
}

// Points expands the grid, first varied key outermost, seeds then the
// population's draws innermost.
// Each point's configuration is the base with the --set keys and its
// varied values applied together (so the keys' usual precedence holds,
// exactly as `lagscope sim --set … --set key=value` would apply them),
// then the seed and duration, then validated: a bad combination is an
// error naming the point.
func (g *Grid) Points() ([]Point, error) {
	if err := g.checkAxes(); err != nil {
		return nil, err
	}
	if n := g.Size(); n > maxRuns {
		return nil, fmt.Errorf("the grid has %d runs, at most %d", n, maxRuns)
	}
	seeds := max(1, g.Seeds)
	var pts []Point
	idx := make([]int, len(g.Vary))
	for {
		p := Point{Values: make([]string, len(g.Vary))}
		for i, v := range g.Vary {
			p.Values[i] = v.Values[idx[i]]
		}
		cfg := g.Base
		vs := p.Settings(g)
		if err := lagcomp.Apply(&cfg, append(Unshadowed(g.Sets, p.variantChanges(g)), vs...)); err != nil {
			return nil, err
		}
		if g.DurationMs > 0 {
			cfg.DurationMs = g.DurationMs
		}
		first := cfg.Seed
		if g.Seed != nil {
			first = *g.Seed
		}
		// the seed key's range, as sim's --seed and --set seed take it:
		// Validate cannot tell 2^53+1 from 2^53 (a float64 of it)
		if sk, _ := lagcomp.Lookup("seed"); first+uint64(seeds-1) > uint64(sk.Max) {
			return nil, fmt.Errorf("seeds %d … %d: seed %d is out of the seed's range (allowed: %s); lower --seed or --seeds",
				first, first+uint64(seeds-1), first+uint64(seeds-1), sk.Range())
		}
		if err := g.checkPlayers(&cfg); err != nil {
			return nil, err
		}
		for s := 0; s < seeds; s++ {
			for d := range max(1, g.Players) {
				q := p
				q.Index, q.Seed, q.Config = len(pts), first+uint64(s), cfg
				q.Config.Seed = q.Seed
				if g.Players > 1 {
					q.Draw, q.Config.PopulationDraw = d, d
				}
				if err := q.Config.Validate(); err != nil {
					return nil, fmt.Errorf("%s: %w", q.Label(g), err)
				}
				pts = append(pts, q)
			}
		}
		if !next(idx, g.Vary) {
			return pts, nil
		}
	}
}

// variantChanges are the point's variant's changes (none without a
// variant axis): only a variant overrides a --set; a varied key keeps
// the keys' usual precedence with it (a one-way --set up_ms refines a
// varied latency_ms, as on sim's command line).
func (p *Point) variantChanges(g *Grid) []lagcomp.Setting {
	for i := range g.Vary {
		if v := &g.Vary[i]; v.IsVariants() {
			return v.settings(slices.Index(v.Values, p.Values[i]))
		}
	}
	return nil
}

// Unshadowed are the --set settings a point's own changes leave alone:
// a variant's change of a key overrides a --set of it (the --set is the
// default of the variants that do not change it), and a variant's
// shorthand a --set of its targets (latency_ms over up_ms), which the
// keys' usual order would otherwise apply after it. A --set shorthand
// stays under a variant's target (up_ms refines latency_ms, as usual).
func Unshadowed(sets, changes []lagcomp.Setting) []lagcomp.Setting {
	return slices.DeleteFunc(slices.Clone(sets), func(s lagcomp.Setting) bool {
		return slices.ContainsFunc(changes, func(c lagcomp.Setting) bool { return overrides(c.Key, s.Key) })
	})
}

// overrides says whether a change of key c replaces a --set of key s.
func overrides(c, s string) bool {
	pc, okc := lagcomp.Lookup(c)
	ps, oks := lagcomp.Lookup(s)
	if !okc || !oks {
		return c == s
	}
	return pc.Key == ps.Key || slices.Contains(pc.Sets, ps.Key)
}

// checkAxes refuses two axes that write one setting: one's values would
// replace the other's at every point, silently. The variant axis writes
// every key its variants change.
func (g *Grid) checkAxes() error {
	for i, v := range g.Vary {
		if v.IsVariants() && slices.ContainsFunc(g.Vary[:i], func(w Vary) bool { return w.IsVariants() }) {
			return fmt.Errorf("two variant axes: give every --variant to one")
		}
		for _, w := range g.Vary[:i] {
			for _, a := range w.Keys() {
				for _, b := range v.Keys() {
					same, how := lagcomp.Overlap(a, b)
					switch {
					case !same:
					case w.IsVariants() || v.IsVariants():
						if how != "" {
							how = " (" + how + ")"
						}
						return fmt.Errorf("a variant changes %s and --vary %s%s: a key is either varied or in the variants; drop one", a, b, how)
					case how == "":
						return fmt.Errorf("key %q is varied twice", v.Key)
					default:
						return fmt.Errorf("keys %q and %q are both varied, but %s: vary one", w.Key, v.Key, how)
					}
				}
			}
		}
	}
	return nil
}

// next advances the odometer of value indices, last key fastest.
func next(idx []int, vary []Vary) bool {
	for i := len(idx) - 1; i >= 0; i-- {
		if idx[i]++; idx[i] < len(vary[i].Values) {
			return true
		}
		idx[i] = 0
	}
	return false
}
