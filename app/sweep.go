package app

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
	tl "lagscope/lagcomp/timeline"
)

// sweepTab is the Sweep tab: the same grid as `lagscope sweep`, built on
// the current preset and its changed settings, run in the background on
// every core with a progress bar and a cancel button; the chart replaces
// the panes until a point of it is opened or the panes are asked back.
type sweepTab struct {
	u                  *UI
	x, lines, metrics  *entry
	seeds, duration    *entry
	run, cancel, panes *widget.Button
	bar                *widget.ProgressBar
	note               *widget.Label
	box                fyne.CanvasObject
	chart              *chartPane

	cancelRun context.CancelFunc
	done      chan struct{} // closed when the running sweep has finished (tests wait on it)
}

func newSweepTab(u *UI) *sweepTab {
	st := &sweepTab{u: u, done: make(chan struct{})}
	close(st.done)
	entry := func(text, hint string) *entry {
		e := u.newEntry()
		e.SetText(text)
		e.SetPlaceHolder(hint)
		return e
	}
	st.x = entry("latency_ms=0:200:25", "KEY=FROM:TO:STEP or KEY=V1,V2,…")
	st.lines = entry("mode=none,timestamp,ping", "optional: KEY=V1,V2,…")
	st.seeds = entry("3", "seeds per point")
	st.duration = entry("30s", "simulated time per run")
	st.metrics = entry("agreement,false_hits,mean_rewind_error_m", "figures, comma-separated")
	st.bar = widget.NewProgressBar()
	st.bar.Hide() // Fyne draws an empty bar's track in the accent colour: no bar before a run
	st.note = widget.NewLabel("")
	st.note.Wrapping = fyne.TextWrapWord
	st.run = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), st.start)
	st.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), st.stop)
	st.cancel.Disable()
	st.chart = newChartPane(u)
	st.panes = widget.NewButtonWithIcon("Show the simulation", theme.NavigateBackIcon(), func() { st.showChart(false) })
	st.panes.Disable()
	form := widget.NewForm(
		widget.NewFormItem("x axis", st.x),
		widget.NewFormItem("lines", st.lines),
		widget.NewFormItem("seeds", st.seeds),
		widget.NewFormItem("duration", st.duration),
		widget.NewFormItem("metrics", st.metrics),
	)
	st.box = container.NewVScroll(container.NewVBox(
		widget.NewLabel("A grid of runs on the current preset and settings,\nas lagscope sweep runs it."),
		form, container.NewGridWithColumns(2, st.run, st.cancel), st.bar, st.note, st.panes))
	return st
}

// wrap stacks the chart over the panes, hidden until a sweep has run.
func (st *sweepTab) wrap(panes fyne.CanvasObject) fyne.CanvasObject {
	st.chart.Hide()
	st.chart.panes = panes
	return container.NewStack(panes, st.chart)
}

// showChart swaps the chart and the panes.
func (st *sweepTab) showChart(on bool) {
	if on {
		st.chart.Show()
		st.chart.panes.Hide()
		st.panes.Enable()
	} else {
		st.chart.Hide()
		st.chart.panes.Show()
		st.panes.Disable()
	}
}

// grid reads the form into a sweep of the current preset: its keys
// changed in the window are --set keys at every point.
func (st *sweepTab) grid() (*sweep.Grid, []string, error) {
	u := st.u
	cur := u.config()
	g := &sweep.Grid{Preset: u.preset.Name, Base: u.presetCfg, Sets: lagcomp.Diff(&u.presetCfg, &cur)}
	for _, e := range []*entry{st.x, st.lines} {
		if s := strings.TrimSpace(e.Text); s != "" {
			v, err := sweep.ParseVary(s)
			if err != nil {
				return nil, nil, err
			}
			g.Vary = append(g.Vary, v)
		}
	}
	n, err := strconv.Atoi(strings.TrimSpace(st.seeds.Text))
	if err != nil || n < 1 || n > 1000 {
		return nil, nil, fmt.Errorf("seeds: %q is not a whole number from 1 to 1000", st.seeds.Text)
	}
	g.Seeds = n
	d, err := time.ParseDuration(strings.TrimSpace(st.duration.Text))
	if err != nil || d <= 0 || d > time.Hour {
		return nil, nil, fmt.Errorf("duration: %q is not a duration from 1ms to 1h (e.g. 30s)", st.duration.Text)
	}
	g.DurationMs = float64(d.Microseconds()) / 1000
	var ms []string
	for _, m := range strings.Split(st.metrics.Text, ",") {
		if m = strings.TrimSpace(m); m == "" {
			continue
		}
		if !records.IsFigure(m) {
			return nil, nil, fmt.Errorf("metric %q is not a figure of the summary (allowed: %s)", m, strings.Join(records.FigureNames(), ", "))
		}
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return nil, nil, fmt.Errorf("metrics: name at least one figure")
	}
	return g, ms, nil
}

// start runs the grid off the UI goroutine; progress and the result come
// back through fyne.Do, as the simulation's frames do.
func (st *sweepTab) start() {
	g, ms, err := st.grid()
	var pts []sweep.Point
	if err == nil {
		pts, err = g.Points()
	}
	if err != nil {
		st.note.SetText("not run: " + err.Error())
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	st.cancelRun, st.done = cancel, make(chan struct{})
	st.run.Disable()
	st.cancel.Enable()
	st.bar.SetValue(0)
	st.bar.Show()
	st.note.SetText(fmt.Sprintf("running %d runs on %d cores…", len(pts), runtime.NumCPU()))
	st.u.setStatus(strings.Join(lagcomp.RenameNotes(st.x.Text+","+st.lines.Text), " · ")) // keys named by an old name
	clock, began := st.u.opts.Clock, st.u.opts.Clock()
	done := st.done
	go func() {
		defer close(done)
		rows, err := sweep.Run(ctx, pts, runtime.NumCPU(), func(n, total int) {
			el := clock().Sub(began).Seconds()
			fyne.Do(func() {
				st.bar.SetValue(float64(n) / float64(total))
				if el > 0 {
					rate := float64(n) / el
					st.note.SetText(fmt.Sprintf("%d/%d runs · %.1f runs/s · %.0f s left", n, total, rate, float64(total-n)/rate))
				}
			})
		})
		fyne.Do(func() { st.finish(g, pts, rows, ms, err) })
	}()
}

// finish shows the chart, or says why there is none.
func (st *sweepTab) finish(g *sweep.Grid, pts []sweep.Point, rows []sweep.Row, ms []string, err error) {
	st.run.Enable()
	st.cancel.Disable()
	switch {
	case err == context.Canceled:
		st.note.SetText("cancelled: nothing drawn")
		return
	case err != nil:
		st.note.SetText("failed: " + err.Error())
		return
	}
	st.chart.set(g, pts, sweep.NewTable(g.Vary, rows), ms)
	st.note.SetText(fmt.Sprintf("%d runs done; click a point of the chart to open it in the simulation", len(rows)))
	st.showChart(true)
}

func (st *sweepTab) stop() {
	if st.cancelRun != nil {
		st.cancelRun()
	}
}

// openConfig restarts the simulation from 0 with a configuration (a
// sweep's point), keeping the playback speed.
func (u *UI) openConfig(c lagcomp.Config, label string) {
	if err := u.restartWith(c); err != nil {
		u.setStatus("not opened: " + err.Error())
		return
	}
	u.setStatus("opened " + label + " from the sweep, at 0 s")
	u.publish()
	u.refresh()
	u.controls.sync()
}

// restartWith starts the simulation again from 0 on c, keeping the
// playback speed and pause.
func (u *UI) restartWith(c lagcomp.Config) error {
	s, err := tl.NewSession(c)
	if err != nil {
		return err
	}
	u.withSession(func(old *tl.Session) { s.SetSpeed(old.Speed()); s.Paused = old.Paused })
	u.mu.Lock()
	u.session = s
	u.mu.Unlock()
	return nil
}
