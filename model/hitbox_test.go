package model

import (
	"math"
	"testing"
)

// Dist from a hitbox facing +x at the origin: inside is 0; beside the
// body's side, the gap to it; off a corner, the hypotenuse; ahead, the
// head circle is nearer than the body.
func TestHitboxDistIsTheGapToTheNearerPart(t *testing.T) {
	h := Hitbox{}
	for _, c := range []struct {
		p    Vec
		want float64
	}{
		{Vec{}, 0},
		{Vec{Y: 1.35}, 1},
		{Vec{X: -1.2, Y: -1.35}, math.Hypot(1, 1)},
		{Vec{X: 1.31}, 1.31 - HeadOffset - HeadRadius},
	} {
		if got := h.Dist(c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Dist(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}
