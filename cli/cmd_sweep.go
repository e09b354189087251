package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
	"lagscope/presets"
	"lagscope/views/chart"
)

// varyFlags collects repeated --vary KEY=FROM:TO:STEP|V1,V2,… and
// --variant NAME:KEY=VALUE,…; they are parsed after the flags so a bad
// one is reported as a bad --set is. The axes keep the order they were
// written in: the variant axis stands where its first --variant does.
type varyFlags struct {
	vary, variants []string
	order          []bool // per flag given, in order: true for a --variant
}

// axisFlag is one of the two flags feeding varyFlags.
type axisFlag struct {
	f       *varyFlags
	variant bool
}

func (a axisFlag) String() string {
	if a.f == nil {
		return "0"
	}
	return fmt.Sprint(len(a.f.order))
}

func (a axisFlag) Set(s string) error {
	if a.variant {
		a.f.variants = append(a.f.variants, s)
	} else {
		a.f.vary = append(a.f.vary, s)
	}
	a.f.order = append(a.f.order, a.variant)
	return nil
}

// axes parses the axes in the order written.
func (v *varyFlags) axes() ([]sweep.Vary, error) {
	var out []sweep.Vary
	vi, placed := 0, false
	for _, isVariant := range v.order {
		if isVariant {
			if placed {
				continue
			}
			axis, err := sweep.VariantAxis(v.variants)
			if err != nil {
				return nil, fmt.Errorf("--variant: %w", err)
			}
			out, placed = append(out, axis), true
			continue
		}
		axis, err := sweep.ParseVary(v.vary[vi])
		vi++
		if err != nil {
			return nil, fmt.Errorf("--vary: %w", err)
		}
		out = append(out, axis)
	}
	return out, nil
}

// sweepFlags are sweep's own flags, beside the run flags it shares.
type sweepFlags struct {
	vary          varyFlags
	seeds, jobs   int
	players       int
	byPercentile  bool
	csv, chart    string
	json          bool
	metrics, size string
	title, theme  string
	stats         bool
	paired        string
}

func (f *sweepFlags) register(fs *flag.FlagSet) {
	fs.Var(axisFlag{&f.vary, false}, "vary", "KEY=FROM:TO:STEP or KEY=V1,V2,… (walls and events, whose values hold commas: V1|V2|…, e.g. events='3s:outage=1s|3s:loss_pct=30,for=2s'), repeatable; the first is the chart's x axis, the others its lines (two choice keys alone: a matrix)")
	fs.Var(axisFlag{&f.vary, true}, "variant", `NAME:KEY=VALUE[,KEY=VALUE…], repeatable: the variants together are one axis (column "variant"), in --vary's order where the first --variant stands`)
	fs.IntVar(&f.seeds, "seeds", 1, "seeds per point: --seed N runs N … N+K−1")
	fs.IntVar(&f.players, "players", 1, "population: draws of every player's link per point and seed (population_draw 0 … N−1), each point's figures over them all")
	fs.BoolVar(&f.byPercentile, "by-percentile", false, "population: --chart draws a matrix of the shooter's drawn percentile × the victim's, from the same draws (no --vary)")
	fs.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "runs at once (the output is the same for any number)")
	outFlag(fs, &f.csv, "csv", "a CSV table", true, "CSV file to write (- for standard output)", ".csv")
	fs.BoolVar(&f.json, "json", false, "print the rows as JSON lines on standard output")
	outFlag(fs, &f.chart, "chart", "charts as PNG pictures", true, "PNG chart to write: the first --vary on x, a line per combination of the other --vary values, a panel per metric", ".png")
	fs.StringVar(&f.metrics, "metric", "agreement,false_hits,mean_rewind_error_m", "the chart's figures, comma-separated (any column of the CSV)")
	fs.StringVar(&f.size, "size", "1920x1080", fmt.Sprintf("the chart's WIDTHxHEIGHT in pixels, width %d to %d, height %d to %d", chart.MinWidth, chart.MaxSide, chart.MinHeight, chart.MaxSide))
	fs.StringVar(&f.title, "title", "", "the chart's title, over its panels, as a slide's (none if empty)")
	fs.BoolVar(&f.stats, "stats", false, "statistics across the seeds: the CSV has one line per grid point, each figure's "+strings.Join(sweep.StatSuffixes(false), ", ")+" (the mean's 95 % t interval; percentiles by nearest rank; a proportion's figure, win_rate and killed_behind_cover, also its 95 % Wilson interval _wilson_lo, _wilson_hi), and the chart draws the 5th to 95th percentile")
	fs.StringVar(&f.paired, "paired", "", "A,B: two variants (or two values of a varied key) compared seed by seed: the CSV and chart are B − A on each seed, its mean, 95 % interval and percentiles, and the seeds where B is above (_up) and below (_down) A")
	fs.StringVar(&f.theme, "theme", "light", "the chart's colours: light (dark on white) or dark (light on near-black, for a dark slide deck)")
}

// sweepPlan is what the flags ask for, checked before anything runs.
type sweepPlan struct {
	vary    []sweep.Vary
	metrics []string
	w, h    int
	theme   chart.Theme
	pair    *sweep.Pair // --paired, nil without
}

func (f *sweepFlags) plan() (*sweepPlan, error) {
	if f.csv == "" && !f.json && f.chart == "" {
		return nil, fmt.Errorf("nothing to write: give --csv FILE (or -), --json and/or --chart FILE.png")
	}
	if f.seeds < 1 || f.seeds > 1000 {
		return nil, fmt.Errorf("--seeds: %d is out of range (allowed: 1 to 1000)", f.seeds)
	}
	if f.players < 1 || f.players > sweep.MaxPlayers {
		return nil, fmt.Errorf("--players: %d is out of range (allowed: 1 to %d)", f.players, sweep.MaxPlayers)
	}
	if f.byPercentile && (f.chart == "" || len(f.vary.vary)+len(f.vary.variants) > 0) {
		return nil, fmt.Errorf("--by-percentile: the chart's matrix of the players' drawn percentiles; give --chart and no --vary or --variant")
	}
	if f.jobs < 1 {
		return nil, fmt.Errorf("--jobs: %d is out of range (allowed: 1 or more)", f.jobs)
	}
	var p sweepPlan
	var err error
	if p.metrics, err = parseMetrics(f.metrics); err != nil {
		return nil, err
	}
	// one range, the chart's, stated once
	if p.w, p.h, err = parseSizeIn(f.size, sizeRange{chart.MinWidth, chart.MinHeight, chart.MaxSide, "the chart's range"}); err != nil {
		return nil, err
	}
	if p.theme, err = chart.ThemeNamed(f.theme); err != nil {
		return nil, fmt.Errorf("--theme: %w", err)
	}
	if p.vary, err = f.vary.axes(); err != nil {
		return nil, err
	}
	if f.paired != "" {
		if p.pair, err = sweep.ParsePair(f.paired, p.vary); err != nil {
			return nil, fmt.Errorf("--paired: %w", err)
		}
		if f.seeds < 2 {
			return nil, fmt.Errorf("--paired: one seed has no noise to compare a difference to; give --seeds 2 or more (20 for a review)")
		}
	}
	return &p, nil
}

func cmdSweep(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	var rf runFlags
	rf.register(fs)
	var sf sweepFlags
	sf.register(fs)
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "lagscope sweep:", err)
		return code
	}
	rf.noteRenamed(stderr, "--vary", sf.vary.vary...)
	for _, v := range sf.vary.variants {
		_, spec, _ := strings.Cut(v, ":")
		for _, n := range lagcomp.RenameNotes(spec) {
			fmt.Fprintln(stderr, "lagscope: note: --variant:", n)
		}
	}
	plan, err := sf.plan()
	if err != nil {
		return fail(2, err)
	}
	g, err := rf.grid(plan.vary, sf.seeds)
	if err != nil {
		return fail(2, err)
	}
	g.Players = sf.players
	pts, err := g.Points()
	if err != nil {
		return fail(2, err)
	}
	if sf.byPercentile && pts[0].Config.Population == "" {
		return fail(2, fmt.Errorf("--by-percentile: no population to draw the players from (set population, e.g. --set population=unity-regional, and --players N)"))
	}
	rows, err := sweep.Run(context.Background(), pts, sf.jobs, newProgress(stderr))
	if err != nil {
		return fail(1, err)
	}
	if err := sf.write(sweep.NewTable(g.Vary, rows), g, plan, stdout, stderr); err != nil {
		return fail(1, err)
	}
	return 0
}

// write puts the table where the flags say: CSV, JSON lines, a chart,
// and says which files it wrote, as shot does: on stdout, or on stderr
// when stdout carries the CSV or the JSON.
func (f *sweepFlags) write(tab *sweep.Table, g *sweep.Grid, p *sweepPlan, stdout, stderr io.Writer) error {
	note := stdout
	if f.csv == "-" || f.json {
		note = stderr
	}
	caption := g.Caption()
	if p.pair != nil { // the rows are the differences from here on
		tab = tab.PairedTable(p.pair)
		caption = append(caption, p.pair.Caption())
	}
	if f.stats {
		caption = append(caption, sweep.SpreadCaption(tab.Vary))
	}
	if f.csv != "" {
		var b bytes.Buffer
		write := tab.WriteCSV
		if f.stats || p.pair != nil { // a difference is read off its statistics
			write = tab.WriteStatsCSV
		}
		if err := write(&b); err != nil {
			return err
		}
		if err := writeOut(f.csv, b.Bytes(), stdout); err != nil {
			return err
		}
		wrote(note, f.csv)
	}
	if f.json {
		if err := tab.WriteJSON(stdout); err != nil {
			return err
		}
	}
	if f.chart == "" {
		return nil
	}
	drawn := tab
	if f.byPercentile {
		var err error
		if drawn, err = sweep.PercentileMatrix(tab); err != nil {
			return err
		}
		caption = g.PercentileCaption(tab)
	}
	img, _, err := chart.Render(drawn, chart.Options{Metrics: p.metrics, Width: p.w, Height: p.h, Caption: caption,
		Title: f.title, Theme: p.theme, Spread: f.stats})
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	if err := writeOut(f.chart, b.Bytes(), stdout); err != nil {
		return err
	}
	wrote(note, f.chart)
	return nil
}

// wrote says a file was written ("-" is stdout itself: nothing to say).
func wrote(w io.Writer, path string) {
	if path != "-" {
		fmt.Fprintf(w, "wrote %s\n", path)
	}
}

// parseMetrics reads --metric: each name must be a figure of the summary.
func parseMetrics(s string) ([]string, error) {
	var out []string
	for _, m := range strings.Split(s, ",") {
		if m = strings.TrimSpace(m); m == "" {
			continue
		}
		if !records.IsFigure(m) {
			return nil, fmt.Errorf("--metric: %q is not a figure of the summary (allowed: %s)", m, strings.Join(records.FigureNames(), ", "))
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--metric: no figure named")
	}
	return out, nil
}

// grid resolves the preset, --set, --seed and --duration into a sweep.
// The --set keys are checked once here so their errors come before any
// run, and applied again at every point together with the varied keys.
func (f *runFlags) grid(vary []sweep.Vary, seeds int) (*sweep.Grid, error) {
	p, err := presets.Load(f.preset)
	if err != nil {
		return nil, err
	}
	base, err := p.Applied()
	if err != nil {
		return nil, err
	}
	f.addEvents(base)
	probe := base
	if err := lagcomp.Apply(&probe, f.sets); err != nil {
		return nil, f.setErr(err)
	}
	if err := p.Validated(probe); err != nil {
		return nil, err
	}
	// a varied key's values replace a --set of it at every point: taken
	// silently, the --set would be a setting the command shows but the
	// sweep never ran; so would a --set of a shorthand's target (up_ms
	// under --vary latency_ms) or of a varied target's shorthand
	for _, s := range f.sets {
		for _, v := range vary {
			if v.IsVariants() { // a variant's change overrides the --set, the default of the others
				if !slices.ContainsFunc(v.Sets, func(set []lagcomp.Setting) bool { return len(sweep.Unshadowed([]lagcomp.Setting{s}, set)) > 0 }) {
					return nil, fmt.Errorf("--set %s=%v: every variant changes %s, so no run would use it; drop it", s.Key, s.Value, s.Key)
				}
				continue
			}
			for _, k := range v.Keys() {
				if same, how := lagcomp.Overlap(s.Key, k); same {
					if how != "" {
						how = " (" + how + ")"
					}
					flag := "--vary " + k
					return nil, fmt.Errorf("--set %s=%v and %s%s: a key is either set or varied; drop one", s.Key, s.Value, flag, how)
				}
			}
		}
	}
	g := &sweep.Grid{Preset: p.Name, Base: base, Sets: f.sets, Vary: vary, Seeds: seeds}
	if g.Seed, err = f.seedFlag(); err != nil {
		return nil, err
	}
	if g.DurationMs, err = f.durationFlag(); err != nil {
		return nil, err
	}
	return g, nil
}

// writeOut writes a file atomically, or to standard output for "-".
func writeOut(path string, data []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return presets.WriteFileAtomic(path, data)
}

// newProgress reports points done, rate and time left on a terminal's
// stderr, at most ten times a second; elsewhere (a pipe, a file, a test)
// it says nothing, so logs and outputs stay clean.
func newProgress(stderr io.Writer) func(done, total int) {
	f, ok := stderr.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	start, last := time.Now(), time.Time{}
	return func(done, total int) {
		now := time.Now()
		if done < total && now.Sub(last) < 100*time.Millisecond {
			return
		}
		last = now
		el := now.Sub(start).Seconds()
		rate := float64(done) / max(el, 1e-9)
		left := time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second)
		fmt.Fprintf(f, "\r%d/%d points · %.1f points/s · %v left   ", done, total, rate, left)
		if done == total {
			fmt.Fprint(f, "\r"+strings.Repeat(" ", 60)+"\r")
		}
	}
}
