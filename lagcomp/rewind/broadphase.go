package rewind

import (
	"math"

	"lagscope/model"
)

// Bound is a pawn's swept bound over the rewind window: a box holding its
// hitbox at every pose a rewind can return.
type Bound struct{ Min, Max model.Vec }

// SweptBound is the bound of a pawn with history h and live pose: a
// rewind returns a sample of the trail, a lerp between two (which stays
// in their box), or the live pose when the trail is empty; the hitbox
// stays within model.BoundRadius of the position at any facing. A
// teleport the trail was not reset across makes the box span both places:
// still exact, only large.
func SweptBound(h *History, live model.Pose) Bound {
	lo, hi := live.Pos, live.Pos
	if h.n > 0 {
		lo, hi = h.at(0).Pose.Pos, h.at(0).Pose.Pos
	}
	for i := 1; i < h.n; i++ {
		p := h.at(i).Pose.Pos
		lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
		hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
	}
	r := model.V(model.BoundRadius, model.BoundRadius)
	return Bound{lo.Sub(r), hi.Add(r)}
}

// Grid is the broad phase the Lag Compensation article's discussion asks
// for ("for every trace you take all pawns and move them"; Spark: "an
// algorithm ... that covers all eventualities and still is faster than
// doing the actual timeshifting"): a uniform grid of every pawn's swept
// bound, rebuilt each server tick, walked along a shot's ray front to
// back. A trace visits only the pawns whose bound shares a cell with the
// ray up to the nearest thing it has met, so its cost follows the pawns
// near the ray, not the pawns in the game. Bounds too large for the grid
// (a teleport inside the trail, a very fast pawn) are visited by every
// trace: never skipped, only not indexed.
type Grid struct {
	Origin model.Vec // the grid's lower corner
	Cell   float64   // cell side, m
	NX, NY int

	start  []int32 // cell c holds items[start[c]:start[c+1]]
	items  []int32
	always []int32 // pawns every trace visits
	seen   []uint32
	stamp  uint32
	next   []int32 // fill's scratch: where each cell's next item goes
}

// maxCellsPerBound: a bound covering more cells is kept in the always
// list, so one fast pawn cannot make a rebuild quadratic.
const maxCellsPerBound = 64

// slack widens every bound a little so a float rounding at a cell edge can
// never drop a pawn the exhaustive search would meet.
const slack = 1e-6

// Build indexes bounds (one per pawn, by pawn index), replacing the last
// build. The cell side is the mean bound's longer side, made larger when
// the arena would need more than about four cells per pawn.
func (g *Grid) Build(bounds []Bound) {
	g.always = g.always[:0]
	g.resetSeen(len(bounds))
	if len(bounds) == 0 {
		g.NX, g.NY = 0, 0
		return
	}
	lo, hi := model.V(math.Inf(1), math.Inf(1)), model.V(math.Inf(-1), math.Inf(-1))
	side := 0.0
	for _, b := range bounds {
		lo = model.V(math.Min(lo.X, b.Min.X), math.Min(lo.Y, b.Min.Y))
		hi = model.V(math.Max(hi.X, b.Max.X), math.Max(hi.Y, b.Max.Y))
		side += math.Max(b.Max.X-b.Min.X, b.Max.Y-b.Min.Y)
	}
	n := len(bounds)
	lo, hi = lo.Sub(model.V(slack, slack)), hi.Add(model.V(slack, slack))
	g.Origin = lo
	g.Cell = math.Max(side/float64(n), 1e-3)
	for (hi.X-lo.X)*(hi.Y-lo.Y)/(g.Cell*g.Cell) > float64(4*n+64) {
		g.Cell *= 1.5
	}
	g.NX = max(1, int(math.Ceil((hi.X-lo.X)/g.Cell)))
	g.NY = max(1, int(math.Ceil((hi.Y-lo.Y)/g.Cell)))
	g.fill(bounds)
}

// fill sorts the bounds into cells by counting (two passes, no per-cell
// slices): start[c] is where cell c's pawns begin in items.
func (g *Grid) fill(bounds []Bound) {
	cells := g.NX * g.NY
	g.start = resize(g.start, cells+1)
	clear(g.start)
	each := func(b Bound, f func(c int)) {
		x0, y0, x1, y1 := g.span(b)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				f(y*g.NX + x)
			}
		}
	}
	for i, b := range bounds {
		if !g.indexable(b) {
			g.always = append(g.always, int32(i))
			continue
		}
		each(b, func(c int) { g.start[c+1]++ })
	}
	for c := 0; c < cells; c++ {
		g.start[c+1] += g.start[c]
	}
	g.items = resize(g.items, int(g.start[cells]))
	g.next = append(g.next[:0], g.start[:cells]...) // reused: a build for every tick that traces a shot
	for i, b := range bounds {
		if !g.indexable(b) {
			continue
		}
		each(b, func(c int) { g.items[g.next[c]] = int32(i); g.next[c]++ })
	}
}

func (g *Grid) indexable(b Bound) bool {
	x0, y0, x1, y1 := g.span(b)
	return (x1-x0+1)*(y1-y0+1) <= maxCellsPerBound
}

// span is the range of cells a bound overlaps.
func (g *Grid) span(b Bound) (x0, y0, x1, y1 int) {
	return g.cellX(b.Min.X - slack), g.cellY(b.Min.Y - slack), g.cellX(b.Max.X + slack), g.cellY(b.Max.Y + slack)
}

func (g *Grid) cellX(x float64) int {
	return clampInt(int(math.Floor((x-g.Origin.X)/g.Cell)), 0, g.NX-1)
}
func (g *Grid) cellY(y float64) int {
	return clampInt(int(math.Floor((y-g.Origin.Y)/g.Cell)), 0, g.NY-1)
}

func (g *Grid) resetSeen(n int) {
	if len(g.seen) < n {
		g.seen = make([]uint32, n)
		g.stamp = 0
	}
}

// Trace walks the cells the segment from o along unit d of length l
// crosses, nearest first (Amanatides and Woo's grid traversal), and calls
// visit once for each pawn indexed there and each pawn of the always list,
// except skip. visit returns the distance at which that pawn stops the ray
// (+Inf if it does not); the walk ends at the first cell entered beyond the
// nearest stop so far, since nothing there can be nearer. The visited cells
// are appended to cells (for drawing) and returned.
func (g *Grid) Trace(o, d model.Vec, l float64, skip int, visit func(i int) float64, cells []int32) []int32 {
	g.stamp++
	if g.stamp == 0 { // wrapped: forget every old mark
		clear(g.seen)
		g.stamp = 1
	}
	best := l
	for _, i := range g.always {
		if int(i) != skip {
			g.seen[i] = g.stamp
			best = math.Min(best, visit(int(i)))
		}
	}
	if g.NX == 0 {
		return cells
	}
	hi := g.Origin.Add(model.V(float64(g.NX)*g.Cell, float64(g.NY)*g.Cell))
	enter, exit, ok := clip(o, d, g.Origin, hi, l)
	if !ok {
		return cells
	}
	p := o.Add(d.Scale(enter))
	x, y := g.cellX(p.X), g.cellY(p.Y)
	stepX, nextX, deltaX := g.axis(o.X, d.X, g.Origin.X, x, g.NX)
	stepY, nextY, deltaY := g.axis(o.Y, d.Y, g.Origin.Y, y, g.NY)
	at := enter
	for at <= best && at <= exit {
		c := y*g.NX + x
		cells = append(cells, int32(c))
		for _, i := range g.items[g.start[c]:g.start[c+1]] {
			if int(i) == skip || g.seen[i] == g.stamp {
				continue
			}
			g.seen[i] = g.stamp
			best = math.Min(best, visit(int(i)))
		}
		if nextX < nextY {
			x, at, nextX = x+stepX, nextX, nextX+deltaX
		} else {
			y, at, nextY = y+stepY, nextY, nextY+deltaY
		}
		if x < 0 || x >= g.NX || y < 0 || y >= g.NY {
			break
		}
	}
	return cells
}

// axis is the traversal's set-up along one axis: the step direction, the
// ray distance at which it crosses into the next cell, and the distance
// between crossings.
func (g *Grid) axis(o, d, origin float64, cell, n int) (step int, next, delta float64) {
	switch {
	case d > 0:
		return 1, (origin + float64(cell+1)*g.Cell - o) / d, g.Cell / d
	case d < 0:
		return -1, (origin + float64(cell)*g.Cell - o) / d, -g.Cell / d
	}
	return 0, math.Inf(1), math.Inf(1)
}

// CellBox is cell c's rectangle.
func (g *Grid) CellBox(c int32) (lo, hi model.Vec) { return g.Visited(nil).Box(c) }

// Visited is what one trace walked, kept with the grid's geometry so it
// can be drawn after the grid has been rebuilt: the cells in walk order.
type Visited struct {
	Origin model.Vec
	Cell   float64
	NX     int
	Cells  []int32
}

// Visited copies the cells a trace returned, with this build's geometry.
func (g *Grid) Visited(cells []int32) Visited {
	return Visited{Origin: g.Origin, Cell: g.Cell, NX: g.NX, Cells: append([]int32(nil), cells...)}
}

// Box is cell c's rectangle.
func (v Visited) Box(c int32) (lo, hi model.Vec) {
	x, y := int(c)%v.NX, int(c)/v.NX
	lo = v.Origin.Add(model.V(float64(x)*v.Cell, float64(y)*v.Cell))
	return lo, lo.Add(model.V(v.Cell, v.Cell))
}

// clip is the part [enter, exit] of the segment inside the box, if any.
func clip(o, d, lo, hi model.Vec, l float64) (enter, exit float64, ok bool) {
	enter, exit = 0, l
	for _, ax := range [2][4]float64{{o.X, d.X, lo.X, hi.X}, {o.Y, d.Y, lo.Y, hi.Y}} {
		p, v, a, b := ax[0], ax[1], ax[2], ax[3]
		if v == 0 {
			if p < a || p > b {
				return 0, 0, false
			}
			continue
		}
		t1, t2 := (a-p)/v, (b-p)/v
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		enter, exit = math.Max(enter, t1), math.Min(exit, t2)
	}
	return enter, exit, enter <= exit
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
