package fit

import "slices"

// nelderMead minimises f from start by Nelder and Mead's simplex: two
// parameters, no derivatives, deterministic. (gonum's optimize would do,
// but it pulls in golang.org/x/tools through stat/distmv for a search
// this small.)
func nelderMead(f func([]float64) float64, start []float64, step float64, iters int) ([]float64, float64) {
	d := len(start)
	type vertex struct {
		x []float64
		f float64
	}
	simplex := []vertex{{slices.Clone(start), f(start)}}
	for i := 0; i < d; i++ {
		x := slices.Clone(start)
		x[i] += step
		simplex = append(simplex, vertex{x, f(x)})
	}
	along := func(a, b []float64, t float64) []float64 { // a + t(b − a)
		out := make([]float64, d)
		for i := range out {
			out[i] = a[i] + t*(b[i]-a[i])
		}
		return out
	}
	for it := 0; it < iters; it++ {
		slices.SortStableFunc(simplex, func(a, b vertex) int {
			switch {
			case a.f < b.f:
				return -1
			case a.f > b.f:
				return 1
			}
			return 0
		})
		best, worst := simplex[0], simplex[d]
		if worst.f-best.f < 1e-10*(1+abs(best.f)) {
			break
		}
		centroid := make([]float64, d)
		for _, v := range simplex[:d] {
			for i := range centroid {
				centroid[i] += v.x[i] / float64(d)
			}
		}
		r := along(centroid, worst.x, -1)
		fr := f(r)
		switch {
		case fr < best.f:
			e := along(centroid, worst.x, -2)
			if fe := f(e); fe < fr {
				simplex[d] = vertex{e, fe}
			} else {
				simplex[d] = vertex{r, fr}
			}
		case fr < simplex[d-1].f:
			simplex[d] = vertex{r, fr}
		default:
			c := along(centroid, worst.x, 0.5)
			if fc := f(c); fc < worst.f {
				simplex[d] = vertex{c, fc}
				continue
			}
			for k := 1; k <= d; k++ { // shrink toward the best
				x := along(best.x, simplex[k].x, 0.5)
				simplex[k] = vertex{x, f(x)}
			}
		}
	}
	slices.SortStableFunc(simplex, func(a, b vertex) int {
		switch {
		case a.f < b.f:
			return -1
		case a.f > b.f:
			return 1
		}
		return 0
	})
	return simplex[0].x, simplex[0].f
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
