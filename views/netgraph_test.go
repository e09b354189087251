package views

import (
	"fmt"
	"image"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
	"lagscope/model"
)

// netFrame runs c to at with a telemetry sampler from the start and gives
// the frame and the net graph of its last NetGraphSpan.
func netFrame(t *testing.T, c lagcomp.Config, at model.Time) (*lagcomp.Frame, *NetGraph) {
	t.Helper()
	s, err := lagcomp.New(c)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(s.Clients))
	for i := range names {
		names[i] = lagcomp.ClientName(i)
	}
	ng := &NetGraph{}
	telemetry.New(s, names, func(rows []telemetry.Row) error {
		if len(rows) > 0 && model.MsF(rows[0].TimeMs) >= at-NetGraphSpan {
			ng.Rows = append(ng.Rows, rows...)
		}
		return nil
	})
	s.Step(at)
	return s.Frame(), ng
}

// lossyNet is the defaults with 10 % loss and 30 ms of jitter both ways
// and an outage at 2 s: every strip has something to draw.
func lossyNet(t *testing.T) lagcomp.Config {
	t.Helper()
	c := lagcomp.Defaults()
	set := []lagcomp.Setting{{Key: "loss_pct", Value: "10"}, {Key: "jitter_ms", Value: "30"},
		{Key: "victim_loss_pct", Value: "10"}, {Key: "victim_jitter_ms", Value: "30"},
		{Key: "events", Value: "2s:outage=500ms"}, {Key: "input_starved", Value: "source"}}
	if err := lagcomp.Apply(&c, set); err != nil {
		t.Fatal(err)
	}
	return c
}

// The net graph draws at every size, from a 64-pixel pane to a 4K slide,
// a run at 0 s (the first tick alone), at 1 ms, at 6 s, with no telemetry
// given, with none sampled yet, and a frame of no run: it says what it
// lacks, never panics.
func TestNetGraphDrawsAtEverySize(t *testing.T) {
	r := NewRenderer()
	c := lossyNet(t)
	type tcase struct {
		name string
		f    *lagcomp.Frame
		ng   *NetGraph
	}
	var cases []tcase
	for _, at := range []model.Time{0, model.Millisecond, 6 * model.Second} {
		f, ng := netFrame(t, c, at)
		cases = append(cases, tcase{fmt.Sprint(at), f, ng})
	}
	f0, _ := netFrame(t, c, 0)
	cases = append(cases, tcase{"no telemetry", f0, nil}, tcase{"no tick", f0, &NetGraph{}}, tcase{"no run", nil, nil})
	for _, size := range [][2]int{{64, 64}, {240, 150}, {640, 360}, {1280, 720}, {3840, 2160}} {
		for _, tc := range cases {
			for _, scale := range []float64{1, 2} {
				func() {
					defer func() {
						if e := recover(); e != nil {
							t.Fatalf("%dx%d, %s, scale %g: panic: %v\n%s", size[0], size[1], tc.name, scale, e, debug.Stack())
						}
					}()
					img := image.NewRGBA(image.Rect(0, 0, size[0], size[1]))
					r.Pane(img, tc.f, ViewNetGraph, Options{Net: tc.ng, Scale: scale})
				}()
			}
		}
	}
}

// The header says what the pane lacks (no telemetry, no tick yet), and
// the legend lists only the marks the pane draws: a scripted event and a
// judged shot when one is in view, not before.
func TestNetGraphSaysWhatItHoldsAndLegendsWhatItDraws(t *testing.T) {
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	f0, _ := netFrame(t, lossyNet(t), 0)
	r.Pane(img, f0, ViewNetGraph, Options{})
	if !strings.Contains(r.last.info, "no telemetry") || len(r.last.netLegend) > 0 {
		t.Errorf("without telemetry the header says %q, the legend %q (it draws nothing)", r.last.info, r.last.netLegend)
	}
	r.Pane(img, f0, ViewNetGraph, Options{Net: &NetGraph{}})
	if !strings.Contains(r.last.info, "no tick sampled yet") {
		t.Errorf("before a tick the header says %q", r.last.info)
	}
	for _, c := range []struct {
		at        model.Time
		event     bool
		judged    bool
		minStrips int
	}{{300 * model.Millisecond, false, false, 10}, {6 * model.Second, true, true, 10}} {
		f, ng := netFrame(t, lossyNet(t), c.at)
		r.Pane(img, f, ViewNetGraph, Options{Net: ng})
		legend := strings.Join(r.last.netLegend, ", ")
		if strings.Contains(legend, "scripted event") != c.event || strings.Contains(legend, "shot judged") != c.judged {
			t.Errorf("at %v the legend is %q: want a scripted event %v, a judged shot %v", c.at, legend, c.event, c.judged)
		}
		if strings.Contains(r.last.info, "strips (a taller pane") {
			t.Errorf("at 1280x720 strips were left out: %q", r.last.info)
		}
		// a 2×2 cell of a 720p slide keeps the first strips and says so
		small := image.NewRGBA(image.Rect(0, 0, 640, 300))
		r.Pane(small, f, ViewNetGraph, Options{Net: ng})
		if !strings.Contains(r.last.info, fmt.Sprintf("of %d strips (a taller pane shows all)", len(netStrips))) {
			t.Errorf("at 640x300 the header says %q: no word of the strips left out", r.last.info)
		}
		// its strips draw nothing dashed: the legend does not list it
		if strings.Contains(strings.Join(r.last.netLegend, ", "), "down") {
			t.Errorf("at 640x300 the legend lists %q, and no strip shown is dashed (%s)", r.last.netLegend, r.last.info)
		}
	}
}

func TestGoldenNetGraph(t *testing.T) {
	f, ng := netFrame(t, lossyNet(t), 6*model.Second)
	img, err := NewRenderer().Render(f, "netgraph", 1280, 720, Options{Net: ng})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "netgraph", img)
}

// The preset's moments are marked where they are in view, and the
// legend lists "moment" only then: one in the last 10 s is listed, one
// after the time shown (or none) is not.
func TestNetGraphMarksTheMomentsInView(t *testing.T) {
	r := NewRenderer()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	f, ng := netFrame(t, lossyNet(t), 6*model.Second)
	for _, c := range []struct {
		moments []model.Time
		want    bool
	}{{nil, false}, {[]model.Time{7 * model.Second}, false}, {[]model.Time{2 * model.Second, 9 * model.Second}, true}} {
		ng.Moments = c.moments
		r.Pane(img, f, ViewNetGraph, Options{Net: ng})
		if got := slices.Contains(r.last.netLegend, "moment"); got != c.want {
			t.Errorf("moments %v at 6 s: the legend %q, want a moment listed %v", c.moments, r.last.netLegend, c.want)
		}
	}
}
