package chart

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// slideTable is a sweep as a lecturer charts it: latency 0…300 ms in 13
// steps on x, 4 losses × 2 modes = 8 lines, 3 seeds, and the four
// figures of a slide, with agreement falling off past 100 ms, so bands
// are cut at 1 and at 0.
func slideTable() *sweep.Table {
	lat, _ := sweep.ParseVary("latency_ms=0:300:25")
	vary := []sweep.Vary{lat, {Key: "loss_pct", Values: []string{"0", "2", "5", "10"}}, {Key: "mode", Values: []string{"timestamp", "ping"}}}
	var rows []sweep.Row
	for xi, x := range lat.Values {
		for li, loss := range vary[1].Values {
			for mi, mode := range vary[2].Values {
				for s := range 3 {
					sum := noValues()
					sum.ShotsFired = 120
					sum.ShotsLost = 2*li + s
					sum.Shots = sum.ShotsFired - sum.ShotsLost
					n := sum.Shots + sum.ShotsLost
					bad := min(n, li+s+mi)
					if xi > 4 {
						bad = n - li - s
					}
					sum.FalseHits = bad / 3
					sum.FalseMisses = bad - sum.FalseHits
					sum.Agreement = float64(n-bad) / float64(n)
					sum.MeanRewindErrM = 0.05*float64(xi) + 0.02*float64(li+mi) + 0.01*float64(s)
					if xi > 3 {
						sum.RuleCounts = []lagcomp.RuleCount{{Rule: "max_rewind_cap", Count: sum.Shots - s}}
					}
					rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, loss, mode}, Seed: uint64(s + 1)}, Figures: records.Figures(sum)})
				}
			}
		}
	}
	return sweep.NewTable(vary, rows)
}

var slideMetrics = []string{"agreement", "false_hits", "mean_rewind_error_m", "rules.max_rewind_cap"}

// Four metrics × eight lines at 1920×1080 with a title: every panel's
// data keep a quarter of the height or more, no panel overlaps another,
// and nothing is cut off at the top (the first rows are background).
func TestGoldenSlideFourMetricsEightLines(t *testing.T) {
	for _, th := range Themes {
		for _, title := range []string{"", "Timestamp and ping rewind under loss"} {
			img, _, areas, err := render(slideTable(), Options{Metrics: slideMetrics, Title: title, Theme: th,
				Caption: []string{"preset test · 10 s each", "grid: latency_ms 0 … 300 (13 values) × loss_pct 0, 2, 5, 10 × mode timestamp, ping", "seeds 1…3"}})
			if err != nil {
				t.Fatal(err)
			}
			if len(areas) != 4 {
				t.Fatalf("%d panels", len(areas))
			}
			for i, a := range areas {
				if a.Dy() < 270 || a.Dx() < 270 || !a.In(img.Bounds()) {
					t.Errorf("%s %q: panel %d's data area %v: squashed or off the picture", th.Name, title, i, a)
				}
				for j := range i {
					if a.Overlaps(areas[j]) {
						t.Errorf("%s: panels %d and %d overlap: %v, %v", th.Name, j, i, areas[j], a)
					}
				}
			}
			bg := color.RGBAModel.Convert(th.Background).(color.RGBA)
			for y := range 6 {
				for x := range img.Bounds().Dx() {
					if img.RGBAAt(x, y) != bg {
						t.Fatalf("%s %q: row %d drawn on at x %d: something is cut off at the top", th.Name, title, y, x)
					}
				}
			}
			if title != "" {
				golden(t, "chart-slide-4x8-"+th.Name, img)
			}
		}
	}
}

// The panel titles are the figures' names for people; agreement says it
// is over the judged and the lost shots, as its total is declared.
func TestSlidePanelsSayWhatTheyAre(t *testing.T) {
	tb := slideTable()
	want := map[string]string{
		"agreement":            "agreement\nof 120 (judged shots + shots lost) a run",
		"false_hits":           "false hits\nof 112–120 judged shots a run",
		"mean_rewind_error_m":  "mean rewind error",
		"rules.max_rewind_cap": "rule max rewind cap applied\nof 120 shots fired a run",
	}
	for _, m := range slideMetrics {
		p, err := style{s: 1}.panel(tb, m, true)
		if err != nil {
			t.Fatal(err)
		}
		if p.Title.Text != want[m] {
			t.Errorf("%s: title %q, want %q", m, p.Title.Text, want[m])
		}
	}
}

// No two x labels collide, at any panel width: the shown labels,
// centred on their values, leave a gap; the first and the last are
// always shown.
func TestXLabelsNeverCollide(t *testing.T) {
	ts := style{s: 1}.text(24)
	for _, spec := range []string{"latency_ms=0:300:25", "latency_ms=0:1000:10", "correction_factor=1:2.4:0.1", "latency_ms=0,5,10,200,1000"} {
		v, err := sweep.ParseVary(spec)
		if err != nil {
			t.Fatal(err)
		}
		tb := sweep.NewTable([]sweep.Vary{v}, nil)
		lo, hi := xSpan(tb)
		for w := vg.Length(120); w <= 1800; w += 60 {
			vt := valueTicks{width: w, label: ts}
			for i, x := range v.Values {
				vt.at = append(vt.at, xValue(tb, x, i))
			}
			ticks := vt.Ticks(lo, hi)
			var shown []int
			for i, tk := range ticks {
				if tk.Label != "" {
					shown = append(shown, i)
				}
			}
			if len(ticks) != len(v.Values) || shown[0] != 0 || shown[len(shown)-1] != len(v.Values)-1 {
				t.Errorf("%s at %v: %d marks, labels at %v", spec, w, len(ticks), shown)
			}
			for k := 1; k < len(shown); k++ {
				a, b := ticks[shown[k-1]], ticks[shown[k]]
				xa := vg.Length((a.Value-lo)/(hi-lo)) * w
				xb := vg.Length((b.Value-lo)/(hi-lo)) * w
				if len(shown) > 2 && xb-ts.Width(b.Label)/2 < xa+ts.Width(a.Label)/2 {
					t.Errorf("%s at %v px: labels %s and %s overprint", spec, w, a.Label, b.Label)
				}
			}
			if w >= 900 && strings.HasPrefix(spec, "latency_ms=0:300") && len(shown) != 13 {
				t.Errorf("%s at %v px: %d of 13 labels, though all fit", spec, w, len(shown))
			}
		}
	}
}

// A choice axis whose names do not fit side by side puts every other one
// a line lower.
func TestChoiceNamesStagger(t *testing.T) {
	names := []string{"none", "timestamp", "ping", "source", "client"}
	ts := style{s: 1}.text(24)
	if got := (style{s: 1, titleW: 1800}).staggered(names, ts); strings.Contains(strings.Join(got, ""), "\n") {
		t.Errorf("wide panel: %q", got)
	}
	got := (style{s: 1, titleW: 400}).staggered(names, ts)
	if got[0] != "none" || got[1] != "\ntimestamp" || got[2] != "ping" || got[3] != "\nsource" {
		t.Errorf("narrow panel: %q", got)
	}
}

// The clamp strip is hatched in the theme's muted grey, never a colour
// of a line, and each cut band's stub is its line's colour.
func TestClampStripIsNoSeries(t *testing.T) {
	img, _, areas, err := render(slideTable(), Options{Metrics: []string{"agreement"}, Width: 1280, Height: 720})
	if err != nil {
		t.Fatal(err)
	}
	a := areas[0]
	// the strip is above the bound: the data area's top few rows
	hatched, other := 0, map[color.RGBA]int{}
	for y := a.Min.Y + 1; y < a.Min.Y+6; y++ {
		for x := a.Min.X + 30; x < a.Max.X-30; x++ {
			c := img.RGBAAt(x, y)
			if grey(c) && c.R < 0xa0 {
				hatched++
			} else if !grey(c) {
				other[c]++
			}
		}
	}
	if hatched == 0 {
		t.Errorf("no hatching above agreement's bound at %v", a)
	}
	for c := range other {
		for _, p := range Palette {
			if near(c, p) {
				return // a stub
			}
		}
	}
	t.Errorf("no stub of a line's colour in the strip (colours %v)", other)
}

func grey(c color.RGBA) bool { return c.R == c.G && c.G == c.B }

func near(a, b color.RGBA) bool {
	d := math.Abs(float64(a.R)-float64(b.R)) + math.Abs(float64(a.G)-float64(b.G)) + math.Abs(float64(a.B)-float64(b.B))
	return d < 12
}
