package lagcomp

import (
	"math"
	"strings"
	"testing"
)

// --set latency_ms=-0 (or any number key) showed "−0" in the caption and counted as a
// change from 0: −0 is 0 from parsing on, as text and as a number.
func TestMinusZeroIsZero(t *testing.T) {
	for _, v := range []any{"-0", "-0.0", "-0e3", math.Copysign(0, -1)} {
		c := Defaults()
		var err error
		if s, ok := v.(string); ok {
			err = Apply(&c, []Setting{{Key: "interp_ms", Value: s}})
		} else {
			p, _ := Lookup("interp_ms")
			err = p.Set(&c, v)
		}
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		p, _ := Lookup("interp_ms")
		if x := c.InterpMs; x != 0 || math.Signbit(x) || p.Format(&c) != "0" {
			t.Errorf("interp_ms=%v: %v (signbit %v), formatted %q; want 0", v, x, math.Signbit(x), p.Format(&c))
		}
	}
}

// trail_reset=1 was taken while the message said "true or false": a
// boolean is true or false, as a preset file writes it, and nothing else.
func TestBooleansAreTrueOrFalse(t *testing.T) {
	for _, v := range []string{"1", "0", "t", "F", "TRUE", "False", "yes"} {
		c := Defaults()
		err := Apply(&c, []Setting{{Key: "trail_reset", Value: v}})
		if err == nil || !strings.Contains(err.Error(), `"trail_reset": "`+v+`" is not a boolean (allowed: true or false)`) {
			t.Errorf("trail_reset=%s: %v, want it refused as not true or false", v, err)
		}
	}
	for _, v := range []string{"true", "false", " true "} {
		c := Defaults()
		if err := Apply(&c, []Setting{{Key: "trail_reset", Value: v}}); err != nil {
			t.Errorf("trail_reset=%s: %v", v, err)
		}
	}
}
