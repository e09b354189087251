package lagcomp

import "testing"

// A shorthand is shown by what it set: network by the profile that
// leaves the links as they are (none once a link key refines it),
// latency_ms by its targets' common value or each target's.
func TestShownValueOfAnyKey(t *testing.T) {
	for _, c := range []struct {
		sets []Setting
		key  string
		want string
	}{
		{[]Setting{{Key: "network", Value: "regional-p50"}}, "network", "regional-p50"},
		{[]Setting{{Key: "network", Value: "dialup"}}, "network", "dialup"},
		{[]Setting{{Key: "network", Value: "regional-p50"}, {Key: "up_loss_pct", Value: 0.0}}, "network", "no profile (its link keys refined)"},
		{[]Setting{{Key: "victim_network", Value: "regional-p95"}}, "victim_network", "regional-p95"},
		{[]Setting{{Key: "latency_ms", Value: 40.0}}, "latency_ms", "40"},
		{[]Setting{{Key: "up_ms", Value: 10.0}, {Key: "down_ms", Value: 30.0}}, "latency_ms", "up_ms 10, down_ms 30"},
		{[]Setting{{Key: "correction_factor", Value: 1.8}}, "correction_factor", "1.8"},
	} {
		cfg := Defaults()
		if err := Apply(&cfg, c.sets); err != nil {
			t.Fatal(err)
		}
		if got := ShownValue(c.key, &cfg); got != c.want {
			t.Errorf("%v: %s shows %q, want %q", c.sets, c.key, got, c.want)
		}
	}
}
