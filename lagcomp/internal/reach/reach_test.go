package reach

import "testing"

type node struct {
	vals []float64
	next *node
	by   map[string]*int
	any  any
	priv []int // unexported, followed too
}

// What a value reaches is found through pointers, slices (to their
// capacity), maps, interfaces and unexported fields; a window of an array
// or a pointer into it overlaps the array; two separate arrays do not.
func TestSpansFindSharedMemory(t *testing.T) {
	arr := make([]int, 8, 16)
	x := 7
	held := &node{vals: []float64{1, 2}, next: &node{priv: arr[2:3]}, by: map[string]*int{"x": &x}}
	cases := []struct {
		name string
		v    any
		want bool
	}{
		{"a window past the held one's length", arr[10:12], true},
		{"a pointer into it", &arr[2], true},
		{"a map's value", &x, true},
		{"an interface's", node{any: &x}, true},
		{"a separate array", make([]int, 8), false},
		{"the values copied", []float64{1, 2}, false},
	}
	for _, c := range cases {
		_, _, ok := Overlap(Spans(held), Spans(c.v))
		if ok != c.want {
			t.Errorf("%s: overlap %v, want %v", c.name, ok, c.want)
		}
	}
	if n := len(Spans(held)); n < 5 {
		t.Errorf("%d spans: the walk missed some", n)
	}
}
