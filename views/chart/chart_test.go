package chart

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// golden compares img with testdata/name.png pixel for pixel: drawing is
// pure Go (gonum's vgimg, its embedded Liberation fonts), so it is exact.
func golden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		var b bytes.Buffer
		png.Encode(&b, img)
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./views/chart -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, want %v", name, img.Bounds(), want.Bounds())
	}
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			r1, g1, b1, a1 := img.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
				failed := filepath.Join("testdata", "failed", name+".png")
				var b bytes.Buffer
				png.Encode(&b, img)
				os.WriteFile(failed, b.Bytes(), 0o644)
				t.Fatalf("%s differs from its golden at %d,%d; see %s", name, x, y, failed)
			}
		}
	}
}

// table is a made-up sweep with analytic figures: y = x/100 + line, with
// seeds spread ±0.1 around it, so the picture can be checked by eye.
func table(seeds int, vary []sweep.Vary) *sweep.Table {
	var rows []sweep.Row
	for xi, x := range vary[0].Values {
		for li, l := range vary[1].Values {
			for s := 0; s < seeds; s++ {
				spread := 0.0
				if seeds > 1 {
					spread = 0.1 * float64(2*s-(seeds-1)) / float64(seeds-1)
				}
				y := float64(xi)/4 + float64(li) + spread
				rows = append(rows, sweep.Row{Point: sweep.Point{Values: []string{x, l}, Seed: uint64(s + 1)},
					Figures: []records.Figure{{Name: "mean_rewind_error_m", Value: y}, {Name: "false_hits", Value: xi * (li + 1)}}})
			}
		}
	}
	return sweep.NewTable(vary, rows)
}

func TestGoldenChartWithBands(t *testing.T) {
	vary := []sweep.Vary{{Key: "correction_factor", Values: []string{"1", "1.4", "1.8", "2.2"}}, {Key: "latency_ms", Values: []string{"25", "50", "100"}}}
	img, spots, err := Render(table(5, vary), Options{Metrics: []string{"mean_rewind_error_m", "false_hits"},
		Caption: []string{"preset test · 30 s each", "grid: correction_factor 1, 1.4, 1.8, 2.2 × latency_ms 25, 50, 100 = 60 runs", "seeds 1…5"}})
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 1920 || img.Bounds().Dy() != 1080 {
		t.Errorf("size %v, want 1920×1080", img.Bounds())
	}
	// one hotspot per point and panel, inside the picture, pointing at the
	// point's first seed
	if len(spots) != 2*4*3 {
		t.Fatalf("%d hotspots", len(spots))
	}
	if s := spots[1]; s.Row != 15 || spots[0].X < 60 || s.X <= spots[0].X || s.X > 960 || s.Y <= 0 || s.Y > 1080 {
		t.Errorf("hotspot 1: %+v (0: %+v)", s, spots[0])
	}
	golden(t, "chart-bands", img)
}

func TestGoldenChartChoiceAxisSmall(t *testing.T) {
	vary := []sweep.Vary{{Key: "mode", Values: []string{"none", "timestamp", "ping"}}, {Key: "bias", Values: []string{"0", "1"}}}
	img, _, err := Render(table(1, vary), Options{Metrics: []string{"mean_rewind_error_m"}, Width: 800, Height: 450,
		Caption: []string{"preset test", "seed 1"}})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "chart-modes-small", img)
}

func TestRenderRejectsBadInput(t *testing.T) {
	vary := []sweep.Vary{{Key: "mode", Values: []string{"none"}}, {Key: "bias", Values: []string{"0"}}}
	for _, o := range []Options{{Metrics: []string{"agreement"}, Width: 100, Height: 100}, {}} {
		if _, _, err := Render(table(1, vary), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, _, err := Render(sweep.NewTable(vary, nil), Options{Metrics: []string{"agreement"}}); err == nil {
		t.Error("no rows: no error")
	}
}

// A line of one point has no band to shade: its interval is drawn as a
// whisker instead, so it is never silently dropped.
func TestGoldenChartOnePointWhiskers(t *testing.T) {
	vary := []sweep.Vary{{Key: "latency_ms", Values: []string{"50"}}, {Key: "mode", Values: []string{"none", "ping"}}}
	img, _, err := Render(table(4, vary), Options{Metrics: []string{"mean_rewind_error_m"}, Width: 800, Height: 450,
		Caption: []string{"preset test", "seeds 1…4"}})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "chart-one-point", img)
}

// Every y label of an axis has the same decimals, the range ends on
// ticks at or beyond the data, and integer keys are written as integers.
func TestTicksConsistentAndPadded(t *testing.T) {
	for _, c := range []struct {
		lo, hi    float64
		wantMax   float64
		wantFirst string
	}{{0, 0.48, 0.5, "0.0"}, {0, 1, 1, "0.00"}, {-0.1, 2.85, 3, "-0.5"}, {0, 9, 10, "0.0"}, {0, 0, 1, "0.00"}} {
		min, max, step := padRange(c.lo, c.hi, false)
		ts := stepTicks{step}.Ticks(min, max)
		if max != c.wantMax || max < c.hi || min > c.lo || ts[0].Label != c.wantFirst || ts[len(ts)-1].Value != max {
			t.Errorf("[%v, %v]: range [%v, %v] step %v, ticks %v", c.lo, c.hi, min, max, step, ts)
		}
		for _, tk := range ts {
			if decimalsOf(tk.Label) != decimalsOf(ts[0].Label) {
				t.Errorf("[%v, %v]: %q and %q have different decimals", c.lo, c.hi, tk.Label, ts[0].Label)
			}
		}
	}
	if got := (valueTicks{at: []float64{25, 50, 100}}).Ticks(25, 100); got[0].Label != "25" || got[2].Label != "100" {
		t.Errorf("integer key labels: %v", got)
	}
	if got := (valueTicks{at: []float64{1, 1.8}}).Ticks(1, 1.8); got[0].Label != "1.0" || got[1].Label != "1.8" {
		t.Errorf("decimal key labels: %v", got)
	}
}

func decimalsOf(label string) int {
	if i := strings.Index(label, "."); i >= 0 {
		return len(label) - i - 1
	}
	return 0
}
