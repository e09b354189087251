package chart

import (
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"strings"
	"testing"

	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// A paired chart says under its panels on how many seeds B was above
// and below A, the points with the same counts once; its titles name
// the difference; --stats names the percentile band in the legend.
func TestPairedNotesAndSpreadLegend(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"20", "80"}}, {Key: "mode", Values: []string{"none", "ping"}}}
	var rows []sweep.Row
	for _, x := range vary[0].Values {
		for _, m := range vary[1].Values {
			for s := uint64(1); s <= 4; s++ {
				v := int(s)
				if m == "ping" && (x == "20" || s > 1) { // ping above none on every seed at 20, on 3 of 4 at 80
					v += 2
				}
				rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, m}, Seed: s}, Figures: []records.Figure{{Name: "false_hits", Value: v}}})
			}
		}
	}
	tab := sweep.NewTable(vary, rows)
	p, err := sweep.ParsePair("none,ping", vary)
	if err != nil {
		t.Fatal(err)
	}
	d := tab.PairedTable(p)
	notes := strings.Join(panelNotes(d, []string{"false_hits"}), "\n")
	want := "false hits: mode=ping − mode=none per seed: 4 up, 0 down of 4 seeds at latency_ms 20; 3 up, 0 down of 4 seeds at latency_ms 80"
	if !strings.Contains(notes, want) {
		t.Errorf("notes:\n%s\nwant %q", notes, want)
	}
	if n := panelNotes(tab, []string{"false_hits"}); strings.Contains(strings.Join(n, ""), "up,") {
		t.Errorf("a sweep's own figures have sign notes: %q", n)
	}
	img, _, err := Render(d, Options{Metrics: []string{"false_hits"}, Width: 1280, Height: 720, Spread: true})
	if err != nil || img == nil {
		t.Fatal(err)
	}
	st := style{s: 1, spread: true}
	if n, _ := st.legendFlow(fullCanvas(), d, d.Series("false_hits"), nil); n != 1 {
		t.Errorf("legend entries with --stats and one unnamed line: %d, want the band's alone", n)
	}
}

// fullCanvas is a slide-sized canvas to lay a legend out on.
func fullCanvas() draw.Canvas {
	return draw.New(vgimg.NewWith(vgimg.UseWH(1920, 1080), vgimg.UseDPI(72)))
}

// --stats on a matrix puts each cell's 5th to 95th percentile under its
// interval, and the caption's note says what each cell's lines are.
func TestMatrixSpreadLine(t *testing.T) {
	vary := []sweep.Vary{{Key: "mode", Values: []string{"none", "ping"}}, {Key: "weapon", Values: []string{"rifle", "rapid"}}}
	var rows []sweep.Row
	for _, m := range vary[0].Values {
		for _, w := range vary[1].Values {
			for s := uint64(1); s <= 5; s++ {
				rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{m, w}, Seed: s}, Figures: []records.Figure{{Name: "false_hits", Value: int(s * s)}}})
			}
		}
	}
	tab := sweep.NewTable(vary, rows)
	// seeds 1…5 give 1, 4, 9, 16, 25: the 5th percentile is 1, the 95th 25
	cells := matrixCells(tab, "false_hits")
	mp := matrixPanel{cells: cells, lo: 1, hi: 25, whole: true}
	if got := mp.spreadLine(cells[0][0]); got != "1 to 25" {
		t.Errorf("a cell's percentile line: %q, want \"1 to 25\"", got)
	}
	if _, _, err := Render(tab, Options{Metrics: []string{"false_hits"}, Width: 1280, Height: 720, Spread: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(matrixNote(tab, true), "then the 5th to 95th percentile across seeds") {
		t.Errorf("note: %s", matrixNote(tab, true))
	}
}
