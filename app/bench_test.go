package app

import "testing"

// BenchmarkZoomStep is one click on A+ or A− in the default window
// after every sidebar tab was opened once: the theme applied to the
// window, its text measured and laid out again.
func BenchmarkZoomStep(b *testing.B) {
	u, clk := newTestUI(b, "default")
	clk.run(u, 2)
	for _, n := range u.tabs.names {
		u.tabs.show(n)
	}
	u.tabs.show("Network")
	zooms := []float64{1, 1.25}
	for i := 0; b.Loop(); i++ {
		u.setZoom(zooms[i%2])
	}
}
