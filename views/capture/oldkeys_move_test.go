package capture

import (
	"slices"
	"strings"
	"testing"
)

// An old sidecar naming victim_latency_ms in key_params (one key then, a
// shorthand for both directions of the victim's own links now) still
// renders: the caption shows the keys it sets, with a note saying so.
func TestOldKeyParamThatBecameAShorthand(t *testing.T) {
	sc := &Sidecar{KeyParams: []string{"duel", "victim_latency_ms", "tick_hz"}}
	notes, err := CurrentKeys(sc)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"duel", "victim_up_ms", "victim_down_ms", "tick_hz"}; !slices.Equal(sc.KeyParams, want) {
		t.Fatalf("key_params %v, want %v", sc.KeyParams, want)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], `"victim_latency_ms" now sets victim_up_ms and victim_down_ms`) {
		t.Fatalf("notes %q", notes)
	}
}
