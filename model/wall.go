package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Wall is an axis-aligned block of solid geometry that stops traces: cover
// to peek from, a corridor's sides.
type Wall struct{ Min, Max Vec }

// Intersect is the distance along the ray at which it enters the wall.
func (w Wall) Intersect(o, d Vec, maxT float64) (float64, bool) {
	return raySlab(o, d, w.Min, w.Max, maxT)
}

// ParseWalls reads walls written as "x0,y0,x1,y1; x0,y0,x1,y1" (metres,
// two opposite corners each), the form presets and --set use. An empty
// string is no walls.
func ParseWalls(s string) ([]Wall, error) {
	var walls []Wall
	for i, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		f := strings.Split(part, ",")
		if len(f) != 4 {
			return nil, fmt.Errorf("wall %d %q: want x0,y0,x1,y1", i+1, part)
		}
		var v [4]float64
		for j, x := range f {
			n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil || n != n || n > 1e4 || n < -1e4 {
				return nil, fmt.Errorf("wall %d %q: %q is not a number in [-10000, 10000]", i+1, part, strings.TrimSpace(x))
			}
			v[j] = n
		}
		w := Wall{V(min(v[0], v[2]), min(v[1], v[3])), V(max(v[0], v[2]), max(v[1], v[3]))}
		if w.Min.X == w.Max.X || w.Min.Y == w.Max.Y {
			return nil, fmt.Errorf("wall %d %q: has no area", i+1, part)
		}
		walls = append(walls, w)
	}
	return walls, nil
}

// FormatWalls writes walls in the form ParseWalls reads.
func FormatWalls(walls []Wall) string {
	parts := make([]string, len(walls))
	for i, w := range walls {
		parts[i] = fmt.Sprintf("%g,%g,%g,%g", w.Min.X, w.Min.Y, w.Max.X, w.Max.Y)
	}
	return strings.Join(parts, "; ")
}
