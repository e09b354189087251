package model

// Hit is what a ray cast met first.
type Hit struct {
	Pawn  int     // index of the pawn hit, -1 for a wall or nothing
	Part  Part    // body, head, wall or none
	Dist  float64 // distance from the origin, m (the full range on a miss)
	Point Vec
}

// Target is one hitbox a ray cast may meet, with the pawn index it reports.
type Target struct {
	Pawn int
	Box  Hitbox
}

// Raycast follows the ray from o along unit d for at most rng metres and
// returns the first wall or hitbox it meets. Walls in front of a hitbox
// block it: shooting through cover is exactly what lag compensation must
// not allow on the client, though the server's rewound trace may.
func Raycast(o, d Vec, rng float64, walls []Wall, targets []Target) Hit {
	best := Hit{Pawn: -1, Part: PartNone, Dist: rng}
	for _, w := range walls {
		if t, ok := w.Intersect(o, d, best.Dist); ok && t < best.Dist {
			best = Hit{Pawn: -1, Part: PartWall, Dist: t}
		}
	}
	for _, tg := range targets {
		// a cheap circle test first: most targets are nowhere near the ray
		if !SegmentNearCircle(o, d, best.Dist, tg.Box.Center, BoundRadius) {
			continue
		}
		if t, part, ok := tg.Box.Intersect(o, d, best.Dist); ok && t < best.Dist {
			best = Hit{Pawn: tg.Pawn, Part: part, Dist: t}
		}
	}
	best.Point = o.Add(d.Scale(best.Dist))
	return best
}
