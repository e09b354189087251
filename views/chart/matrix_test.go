package chart

import (
	"image/color"
	"math"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// The matrix's scale reads in grey print: its luminance rises at every
// hundredth of the scale, so darker always means lower (finer steps meet
// the 8-bit rounding of the colours, a 0.001 wobble no eye sees). And each cell's figure is legible:
// the text colour chosen for it stands out by at least WCAG's 4.5:1 on
// every colour of the scale (the worst case, where black and white do
// equally well, is 4.58:1).
func TestMatrixScaleReadsInPrintAndItsTextOnIt(t *testing.T) {
	prev := -1.0
	for i := 0; i <= 100; i++ {
		c := scale(float64(i) / 100)
		l := luminance(c)
		if l < prev {
			t.Fatalf("scale(%g) = %v is darker (luminance %.4f) than the step before (%.4f)", float64(i)/100, c, l, prev)
		}
		prev = l
		r, g, b, _ := inkOn(c).RGBA()
		ink := luminance(rgba8(r, g, b))
		hi, lo := math.Max(ink, l), math.Min(ink, l)
		if ratio := (hi + 0.05) / (lo + 0.05); ratio < 4.5 {
			t.Fatalf("text on scale(%g) = %v has contrast %.2f:1, under 4.5:1", float64(i)/100, c, ratio)
		}
	}
	if luminance(scale(1)) < 10*luminance(scale(0)) {
		t.Fatalf("the scale's ends are too close: %v and %v", scale(0), scale(1))
	}
}

// Two choice keys are a matrix, anything else the line chart.
func TestIsMatrix(t *testing.T) {
	for _, c := range []struct {
		vary []sweep.Vary
		want bool
	}{
		{[]sweep.Vary{{Key: "network"}, {Key: "mode"}}, true},
		{[]sweep.Vary{{Key: "network"}, {Key: sweep.VariantKey, Sets: [][]lagcomp.Setting{}}}, true},
		{[]sweep.Vary{{Key: "network"}, {Key: "latency_ms"}}, false},
		{[]sweep.Vary{{Key: "latency_ms"}, {Key: "mode"}}, false},
		{[]sweep.Vary{{Key: "network"}}, false},
		{[]sweep.Vary{{Key: "network"}, {Key: "mode"}, {Key: "weapon"}}, false},
	} {
		if got := sweep.IsMatrix(c.vary); got != c.want {
			t.Errorf("%v: matrix %v, want %v", c.vary, got, c.want)
		}
	}
}

// fairness is a made-up sweep over the players' networks with figures a
// reader can check by eye: the advantage is 40 ms a row plus 15 a
// column (± 2 over the two seeds), the hits behind cover the row plus
// twice the column, and the agreement falls 0.05 a step down or right,
// with no value where both players are on the worst profile (no shot
// judged there).
func fairness() *sweep.Table {
	nets := []string{"regional-p5", "regional-p25", "regional-p50", "regional-p95", "intl-p50"}
	vary := []sweep.Vary{{Key: "network", Values: nets}, {Key: "victim_network", Values: nets}}
	var rows []sweep.Row
	for ri, a := range nets {
		for ci, b := range nets {
			for s := 0; s < 2; s++ {
				adv := float64(40*ri+15*ci) + float64(2*s-1)*2
				agree := any(1 - 0.05*float64(ri+ci))
				if ri == 4 && ci == 4 {
					agree = nil
				}
				rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{a, b}, Seed: uint64(s + 1)},
					Figures: []records.Figure{{Name: "peekers_advantage_ms", Value: adv}, {Name: "behind_cover", Value: ri + 2*ci},
						{Name: "agreement", Value: agree}}})
			}
		}
	}
	return sweep.NewTable(vary, rows)
}

func TestMatrixGolden(t *testing.T) {
	img, spots, err := Render(fairness(), Options{Metrics: []string{"peekers_advantage_ms", "behind_cover", "agreement"},
		Title: "The fairness envelope: every pairing of players", Caption: []string{"made-up figures: 40 ms a row + 15 a column"}})
	if err != nil {
		t.Fatal(err)
	}
	// a hotspot per cell with a value: 25 + 25 + 24
	if len(spots) != 74 {
		t.Errorf("%d hotspots, want 74", len(spots))
	}
	golden(t, "chart-matrix-fairness", img)
}

func rgba8(r, g, b uint32) color.RGBA {
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
}
