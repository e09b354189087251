package rewind

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"lagscope/model"
)

// randomBounds scatters n boxes of assorted sizes (a few huge, as a
// teleport across the arena makes) over a square of half-size arena.
func randomBounds(rng *rand.Rand, n int, arena float64) []Bound {
	bs := make([]Bound, n)
	for i := range bs {
		c := model.V((rng.Float64()*2-1)*arena, (rng.Float64()*2-1)*arena)
		w, h := 0.5+rng.Float64()*4, 0.5+rng.Float64()*4
		if rng.IntN(50) == 0 {
			w, h = arena, arena/3
		}
		bs[i] = Bound{c.Sub(model.V(w/2, h/2)), c.Add(model.V(w/2, h/2))}
	}
	return bs
}

// inner is a disc inside bound b that stands in for a hitbox: the
// distance at which the ray meets it, +Inf if it does not.
func inner(b Bound, o, d model.Vec, l float64) float64 {
	c := b.Min.Lerp(b.Max, 0.5)
	r := 0.5 * math.Min(b.Max.X-b.Min.X, b.Max.Y-b.Min.Y)
	m := o.Sub(c)
	bb, cc := m.Dot(d), m.Dot(m)-r*r
	if cc <= 0 {
		return 0
	}
	disc := bb*bb - cc
	if bb > 0 || disc < 0 {
		return math.Inf(1)
	}
	if t := -bb - math.Sqrt(disc); t <= l {
		return t
	}
	return math.Inf(1)
}

// The walk finds the nearest thing on the ray that an exhaustive scan
// finds, over random scenes and rays, including rays that start outside
// the grid, run along an axis or end inside it.
func TestGridTraceFindsTheNearestLikeExhaustiveSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var g Grid
	for scene := 0; scene < 200; scene++ {
		bs := randomBounds(rng, 1+rng.IntN(400), 5+rng.Float64()*60)
		g.Build(bs)
		for ray := 0; ray < 50; ray++ {
			o := model.V((rng.Float64()*2-1)*80, (rng.Float64()*2-1)*80)
			d := model.Dir(rng.Float64() * 2 * math.Pi)
			if ray%10 == 0 {
				d = model.Dir(float64(rng.IntN(4)) * math.Pi / 2)
			}
			l := rng.Float64() * 150
			skip := rng.IntN(len(bs))
			want, wantAt := math.Inf(1), -1
			for i, b := range bs {
				if i != skip {
					if x := inner(b, o, d, l); x < want {
						want, wantAt = x, i
					}
				}
			}
			got, gotAt := math.Inf(1), -1
			var visited []int
			g.Trace(o, d, l, skip, func(i int) float64 {
				visited = append(visited, i)
				x := inner(bs[i], o, d, l)
				if x < got || (x == got && i < gotAt) {
					got, gotAt = x, i
				}
				return x
			}, nil)
			if got != want || gotAt != wantAt && want < math.Inf(1) {
				t.Fatalf("scene %d ray %d: grid found %d at %v, exhaustive %d at %v", scene, ray, gotAt, got, wantAt, want)
			}
			slices.Sort(visited)
			if len(slices.Compact(visited)) != len(visited) || slices.Contains(visited, skip) {
				t.Fatalf("scene %d ray %d: visited %v (skip %d)", scene, ray, visited, skip)
			}
		}
	}
}

// With nothing on the ray to stop it, every bound the segment crosses is
// visited, and (for a short ray in a crowd) few others.
func TestGridTraceVisitsEveryBoundOnTheRay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	var g Grid
	bs := randomBounds(rng, 1000, 30)
	g.Build(bs)
	for ray := 0; ray < 500; ray++ {
		o := model.V((rng.Float64()*2-1)*40, (rng.Float64()*2-1)*40)
		d := model.Dir(rng.Float64() * 2 * math.Pi)
		l := rng.Float64() * 5
		seen := map[int]bool{}
		var cells []int32
		cells = g.Trace(o, d, l, -1, func(i int) float64 { seen[i] = true; return math.Inf(1) }, cells)
		for i, b := range bs {
			if _, hit := (model.Wall{Min: b.Min, Max: b.Max}).Intersect(o, d, l); hit && !seen[i] {
				t.Fatalf("ray %d: bound %d crosses the ray but was not visited", ray, i)
			}
		}
		if len(seen) > len(g.always)+200 {
			t.Fatalf("ray %d of %.1f m visited %d of %d bounds", ray, l, len(seen), len(bs))
		}
		for _, c := range cells {
			lo, hi := g.CellBox(c)
			if _, hit := (model.Wall{Min: lo.Sub(model.V(1e-9, 1e-9)), Max: hi.Add(model.V(1e-9, 1e-9))}).Intersect(o, d, l); !hit {
				t.Fatalf("ray %d: visited cell %d the ray does not cross", ray, c)
			}
		}
	}
}

func TestSweptBoundHoldsEveryRewind(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	h := NewHistory(400*model.Millisecond, 4)
	pose := func(t model.Time) model.Pose {
		p := model.Pose{Pos: model.V(3*math.Sin(t.Seconds()*2), 5*t.Seconds()), Yaw: t.Seconds(), Alive: true}
		if (t/model.Second)%2 == 1 { // teleports every other second, trail kept
			p.Pos = p.Pos.Add(model.V(40, 0))
		}
		return p
	}
	for n := int64(0); n < 64*5; n++ {
		now := model.TickTime(n, 64)
		h.Push(Sample{T: now, Pose: pose(now)}, 0)
		b := SweptBound(h, pose(now))
		for k := 0; k < 10; k++ {
			at := now - model.Time(rng.Int64N(int64(600*model.Millisecond)))
			box := h.RewindTo(at, Options{}).Pose.Box()
			for _, p := range []model.Vec{box.Center, box.Head()} {
				if p.X < b.Min.X || p.Y < b.Min.Y || p.X > b.Max.X || p.Y > b.Max.Y {
					t.Fatalf("tick %d: rewind to %v at %v outside %+v", n, at, p, b)
				}
			}
		}
	}
}

// Swept, fed at every push or at once when wanted (Feed, after any
// number of pushes, resets and trail changes), always equals the rescan,
// and the two feedings hold the same queues.
func TestSweptTracksTheTrailsBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	h := NewHistory(300*model.Millisecond, 4)
	var w, lazy Swept
	var now model.Time
	fed := 0
	for i := 0; i < 20000; i++ {
		now += model.Time(1000 + rng.Int64N(30000))
		if rng.IntN(300) == 0 {
			h.Reset()
			if rng.IntN(2) == 0 { // wanted while the trail is empty: the live pose alone
				lazy.Feed(h)
				if live := (model.Pose{Pos: model.V(5, 5)}); lazy.Bound(live) != SweptBound(h, live) {
					t.Fatalf("sample %d, an empty trail: %+v", i, lazy.Bound(live))
				}
			}
		}
		if rng.IntN(500) == 0 {
			h.SetMaxTrail(model.Time(rng.Int64N(int64(600 * model.Millisecond))))
		}
		p := model.Pose{Pos: model.V(rng.NormFloat64()*10, rng.NormFloat64()*10), Alive: true}
		if rng.IntN(3) == 0 { // repeated values: ties in the queues
			p.Pos = model.V(1, -1)
		}
		s := Sample{T: now, Pose: p}
		h.Push(s, 0)
		w.Push(s)
		w.Trim(h.At(0).T)
		if got, want := w.Bound(p), SweptBound(h, p); got != want {
			t.Fatalf("sample %d: %+v, rescan %+v", i, got, want)
		}
		if rng.IntN(1+rng.IntN(120)) == 0 { // now and then: after 1 to hundreds of pushes
			lazy.Feed(h)
			fed++
			if got, want := lazy.Bound(p), SweptBound(h, p); got != want {
				t.Fatalf("sample %d, fed at once: %+v, rescan %+v", i, got, want)
			}
			if !reflect.DeepEqual(lazy.Clone(), w.Clone()) {
				t.Fatalf("sample %d: fed at once %+v, at every push %+v", i, lazy.Clone(), w.Clone())
			}
		}
		if i%50 == 0 {
			if c := w.Clone(); c.Bound(p) != w.Bound(p) {
				t.Fatal("clone differs")
			}
			if r := SweptOf(h); !reflect.DeepEqual(r.Clone(), w.Clone()) {
				t.Fatalf("sample %d: rebuilt %+v, kept %+v", i, r, w)
			}
		}
	}
	if fed < 500 {
		t.Fatalf("fed at once only %d times", fed)
	}
}
