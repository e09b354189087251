package chart

import (
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/compensation"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// modes is a sweep over every mode at two latencies whose figures are y =
// mode's index + line (metric "a"), with mean_rewind_ms missing for a
// mode whose client judges (it traces no shot: ZeroPing's client).
func modes(seeds int) *sweep.Table {
	var names []string
	for _, m := range compensation.Modes() {
		names = append(names, string(m))
	}
	vary := []sweep.Vary{{Key: "mode", Values: names}, {Key: "latency_ms", Values: []string{"50", "150"}}}
	var rows []sweep.Row
	for xi, x := range vary[0].Values {
		for li, l := range vary[1].Values {
			for s := 0; s < seeds; s++ {
				y := float64(xi) + float64(li) + 0.1*float64(s)
				figs := []records.Figure{{Name: "a", Value: y}, {Name: "mean_rewind_ms", Value: nil}}
				if !compensation.For(compensation.Mode(x)).ClientJudges() {
					figs[1].Value = 100 + y
				}
				rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, l}, Seed: uint64(s + 1)}, Figures: figs})
			}
		}
	}
	return sweep.NewTable(vary, rows)
}

// A choice on x is not a trend: every panel keeps every choice at the
// same evenly spaced place (client with no rewind keeps its place, marked
// "no value"), and no line joins one choice's point to the next.
func TestChoiceAxisKeepsEveryPlaceAndJoinsNothing(t *testing.T) {
	tb := modes(3)
	ms := compensation.Modes()
	for _, m := range []string{"a", "mean_rewind_ms"} {
		p, err := style{s: 1}.panel(tb, m, true)
		if err != nil {
			t.Fatal(err)
		}
		if p.X.Min != -0.5 || p.X.Max != float64(len(ms))-0.5 {
			t.Errorf("%s: x from %v to %v, want -0.5 to %v (a place a mode)", m, p.X.Min, p.X.Max, float64(len(ms))-0.5)
		}
	}
	var judges []int // the modes whose client judges: no rewind
	for i, m := range ms {
		if compensation.For(m).ClientJudges() {
			judges = append(judges, i)
		}
	}
	if got := emptyPlaces(tb, tb.Series("mean_rewind_ms")); !slices.Equal(got, judges) || len(judges) == 0 {
		t.Errorf("mean_rewind_ms: empty places %v, want %v (the client-judged modes)", got, judges)
	}
	if got := panelNotes(tb, []string{"mean_rewind_ms"}); len(got) != 0 {
		t.Errorf("mean_rewind_ms notes %q: client's place says it has no value", got)
	}
	img, spots, err := Render(tb, Options{Metrics: []string{"a", "mean_rewind_ms"}, Width: 1280, Height: 720, Caption: []string{"preset test", "seeds 1…3"}})
	if err != nil {
		t.Fatal(err)
	}
	// spots: panel a's line 50 at none, timestamp, …; halfway between none
	// and timestamp no pixel of line 50's colour: nothing joins them
	none, ts := spots[0], spots[1]
	mid := int((none.X + ts.X) / 2)
	top, bottom := int(min(none.Y, ts.Y))-5, int(max(none.Y, ts.Y))+5
	for y := top; y <= bottom; y++ {
		if img.RGBAAt(mid, y) == Palette[0] {
			t.Fatalf("a line joins none (%v) and timestamp (%v): line colour at %d,%d", none, ts, mid, y)
		}
	}
	golden(t, "chart-modes-missing", img)
}

// Lines with the same figures are not hidden under each other: on a
// choice axis their points stand side by side, and the panel names the
// coincidence.
func TestSameFiguresAreShownAndNamed(t *testing.T) {
	vary := []sweep.Vary{{Key: "mode", Values: []string{"timestamp", "ping"}}, {Key: "latency_ms", Values: []string{"50", "150", "250"}}}
	var rows []sweep.Row
	for _, x := range vary[0].Values {
		for _, l := range vary[1].Values {
			y := 0.5
			if l == "250" && x == "ping" {
				y = 0.7
			}
			rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, l}, Seed: 1}, Figures: []records.Figure{{Name: "a", Value: y}}})
		}
	}
	tb := sweep.NewTable(vary, rows)
	if got, want := strings.Join(panelNotes(tb, []string{"a"}), "|"), "a: same figures: all 3 lines at timestamp; latency_ms 50 = latency_ms 150 at ping"; got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
	_, spots, err := Render(tb, Options{Metrics: []string{"a"}, Width: 800, Height: 450})
	if err != nil {
		t.Fatal(err)
	}
	// spots by line: 50's timestamp, ping; 150's timestamp, ping; …
	if spots[0].Y != spots[2].Y || spots[0].X == spots[2].X {
		t.Errorf("timestamp at 50 and 150: %+v and %+v, want side by side at one height", spots[0], spots[2])
	}
	// on a number axis the lines coincide where they are the same, and say so
	num := []sweep.Vary{{Key: "latency_ms", Values: []string{"50", "150", "250"}}, {Key: "mode", Values: []string{"timestamp", "ping"}}}
	var nrows []sweep.Row
	for _, r := range rows {
		nrows = append(nrows, sweep.Row{Point: sweep.Point{Values: []string{r.Point.Values[1], r.Point.Values[0]}, Seed: 1}, Figures: r.Figures})
	}
	if got, want := strings.Join(panelNotes(sweep.NewTable(num, nrows), []string{"a"}), "|"), "a: same figures: timestamp = ping at latency_ms 50, 150"; got != want {
		t.Errorf("number axis: notes %q, want %q", got, want)
	}
}

// Confidence bands are outlined, not filled: two overlapping bands never
// blend into a colour the legend does not explain. Inside a band, between
// its line and its edge, the chart is the background's white or grey, not
// tinted with the line's colour.
func TestBandsAreOutlinesNotBlends(t *testing.T) {
	vary := []sweep.Vary{{Key: "correction_factor", Values: []string{"1", "1.4", "1.8", "2.2"}}, {Key: "latency_ms", Values: []string{"25", "50", "100"}}}
	img, spots, err := Render(table(5, vary), Options{Metrics: []string{"mean_rewind_error_m"}, Width: 800, Height: 450})
	if err != nil {
		t.Fatal(err)
	}
	// spots: line 25 at the four factors, then line 50 (one unit higher);
	// its band reaches ±0.098 about the mean (t over seeds ±0.1)
	perUnit := spots[0].Y - spots[4].Y
	x := (spots[1].X + spots[2].X) / 2
	for _, d := range []float64{-0.05, 0.05} {
		y := (spots[1].Y+spots[2].Y)/2 - d*perUnit
		c := img.RGBAAt(int(x), int(y))
		if int(c.B)-int(c.R) > 10 {
			t.Errorf("inside the band at %.0f,%.0f: %v, tinted with the line's colour", x, y, c)
		}
	}
}

// Each panel says what its figure is in words with a unit, and the x
// axis that latency_ms is one way.
func TestAxesAreNamed(t *testing.T) {
	for m, want := range map[string]string{"mean_rewind_error_m": "mean rewind error (m)", "rules.max_rewind_cap": "rule max rewind cap applied (times)",
		"agreement": "agreement (share of shots)", "packets.up_lost": "up lost (packets)"} {
		if got := yName(m); got != want {
			t.Errorf("yName(%s) = %q, want %q", m, got, want)
		}
	}
	if got := xName("latency_ms"); got != "latency_ms (ms, one way)" {
		t.Errorf("xName(latency_ms) = %q", got)
	}
	// a panel's title is the figure's name for people, its y axis the
	// unit: "count" for a count its name says what of
	for m, want := range map[string][2]string{"mean_rewind_ms": {"mean rewind", "ms"}, "rules.max_rewind_cap": {"rule max rewind cap applied", "times"},
		"shots_fired": {"shots fired", "count"}, "agreement": {"agreement", "share of shots"}} {
		p, _ := (style{s: 1}).panel(modes(1), m, true)
		if title, _, _ := strings.Cut(p.Title.Text, "\n"); title != want[0] || p.Y.Label.Text != want[1] {
			t.Errorf("%s: title %q, y axis %q; want %q", m, p.Title.Text, p.Y.Label.Text, want)
		}
	}
	// a unit longer than half a short panel is high is wrapped, not left
	// to squeeze the panel's data
	if p, _ := (style{s: 1, tileH: 200}).panel(modes(1), "agreement", true); !strings.Contains(p.Y.Label.Text, "\n") {
		t.Errorf("y name in a 200 px panel: %q", p.Y.Label.Text)
	}
	if got := xName("mode"); got != "mode" {
		t.Errorf("xName(mode) = %q", got)
	}
}

// A trend's point with no value is not drawn as 0, nor silently skipped:
// the chart names it, for one line or for every line.
func TestMissingPointsAreNamed(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"0", "50", "100"}}, {Key: "mode", Values: []string{"none", "ping"}}}
	var rows []sweep.Row
	for _, x := range vary[0].Values {
		for _, l := range vary[1].Values {
			var v any = 0.25
			if x == "100" || (x == "0" && l == "ping") {
				v = nil
			}
			rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, l}, Seed: 1}, Figures: []records.Figure{{Name: "a", Value: v}}})
		}
	}
	tb := sweep.NewTable(vary, rows)
	if p, _ := (style{s: 1}).panel(tb, "a", true); p.X.Min != 0 || p.X.Max != 100 {
		t.Errorf("x from %v to %v, want every swept value, 0 to 100", p.X.Min, p.X.Max)
	}
	got := strings.Join(panelNotes(tb, []string{"a"}), "|")
	if want := "a: same figures: none = ping at latency_ms 50; no value at latency_ms 100; no value for ping at latency_ms 0"; got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
}

// Too many coincidences to name in full (lines agreeing everywhere at 1)
// are summed up by where they are, so the notes never crowd out the
// panels.
func TestManySameFiguresAreSummedUp(t *testing.T) {
	interp, err := sweep.ParseVary("interp_ms=10:200:10")
	if err != nil {
		t.Fatal(err)
	}
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"0", "50", "100"}}, interp}
	var rows []sweep.Row
	for _, x := range vary[0].Values {
		for _, l := range vary[1].Values {
			v := 1.0
			if x == "0" && l == "200" { // not every line: each group would be named
				v = 0.5
			}
			rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, l}, Seed: 1}, Figures: []records.Figure{{Name: "a", Value: v}}})
		}
	}
	got := panelNotes(sweep.NewTable(vary, rows), []string{"a"})
	if want := "a: same figures for two or more lines at every point (drawn over each other)"; len(got) != 1 || got[0] != want {
		t.Errorf("notes %q, want %q", got, want)
	}
}
