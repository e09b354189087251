package orderstat

import (
	"math"
	"slices"
)

// Stat keeps the nearest-rank quantile of a growing set of values
// exactly, in O(log n) per value and O(1) per query: the values at or
// below the quantile's rank sit in a max-heap (low), the rest in a
// min-heap (high), rebalanced as the rank moves with n. It answers what
// sorting every value would, without sorting on every frame.
type Stat struct {
	low  floatHeap // negated: a min-heap of −x is a max-heap of x
	high floatHeap
	p    float64 // the quantile the heaps are balanced for
}

// Add puts x in the set.
func (o *Stat) Add(x float64) {
	if o.low.len() > 0 && x > -o.low.min() {
		o.high.push(x)
	} else {
		o.low.push(-x)
	}
	o.balance()
}

// Quantile is the nearest-rank p-quantile of the values (0 with none).
// The heaps are balanced for one p at a time; asking for another p
// rebalances them (O(n log n) once).
func (o *Stat) Quantile(p float64) float64 {
	n := o.low.len() + o.high.len()
	if n == 0 {
		return 0
	}
	if p != o.p {
		o.p = p
		o.balance()
	}
	return -o.low.min()
}

// balance moves values between the heaps until low holds exactly the
// rank(n, p)+1 smallest.
func (o *Stat) balance() {
	if o.p == 0 {
		o.p = 0.95
	}
	n := o.low.len() + o.high.len()
	if n == 0 {
		return
	}
	want := rank(n, o.p) + 1
	for o.low.len() > want {
		o.high.push(-o.low.pop())
	}
	for o.low.len() < want {
		o.low.push(-o.high.pop())
	}
}

// floatHeap is a binary min-heap of float64.
type floatHeap []float64

func (h floatHeap) len() int     { return len(h) }
func (h floatHeap) min() float64 { return h[0] }
func (h *floatHeap) push(x float64) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if a[p] <= a[i] {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *floatHeap) pop() float64 {
	a := *h
	x := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(a) && a[l] < a[m] {
			m = l
		}
		if r := l + 1; r < len(a) && a[r] < a[m] {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return x
}

// rank is the 0-based nearest rank of quantile p among n values.
func rank(n int, p float64) int {
	k := int(math.Ceil(p*float64(n))) - 1
	return max(0, min(k, n-1))
}

// Clone is an independent copy (a keyframe's).
func (o Stat) Clone() Stat {
	o.low, o.high = slices.Clone(o.low), slices.Clone(o.high)
	return o
}
