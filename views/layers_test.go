package views

import "testing"

// Every layer says what it draws: the window writes it under the toggle.
func TestEveryLayerHasHelp(t *testing.T) {
	for _, n := range LayerNames {
		if len(n.Help) < 20 {
			t.Errorf("layer %q: help %q", n.Name, n.Help)
		}
	}
}
