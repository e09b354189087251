// Package reach says what memory a value reaches, for the tests that
// prove a run handed to lagcomp's Recycler left nothing a caller still
// holds pointing into the buffers the next run will write: every pointer,
// slice, map and interface a value holds, followed through unexported
// fields too (reflect reads them; it never writes), each object reached
// once.
package reach

import (
	"reflect"
	"slices"
)

// Span is a piece of memory: the bytes [Start, End).
type Span struct{ Start, End uintptr }

// Spans is every piece of memory v reaches (pointed-to objects and slices'
// backing arrays, each to its capacity), sorted by start. Strings are
// left out (immutable), as are empty spans (Go may point every empty
// allocation at one address).
func Spans(vs ...any) []Span {
	w := walker{seen: map[Span]bool{}}
	for _, v := range vs {
		w.value(reflect.ValueOf(v))
	}
	slices.SortFunc(w.out, func(a, b Span) int {
		switch {
		case a.Start < b.Start:
			return -1
		case a.Start > b.Start:
			return 1
		}
		return 0
	})
	return w.out
}

// Overlap is the first span of a that shares a byte with one of b (ok
// false: none does).
func Overlap(a, b []Span) (x, y Span, ok bool) {
	j := 0
	for _, s := range a {
		for j < len(b) && b[j].End <= s.Start {
			j++
		}
		for k := j; k < len(b) && b[k].Start < s.End; k++ {
			if b[k].End > s.Start {
				return s, b[k], true
			}
		}
	}
	return Span{}, Span{}, false
}

type walker struct {
	seen map[Span]bool
	out  []Span
	ptrs map[reflect.Type]bool
}

// pointers is whether a value of type t can hold a pointer.
func (w *walker) pointers(t reflect.Type) bool {
	if p, ok := w.ptrs[t]; ok {
		return p
	}
	if w.ptrs == nil {
		w.ptrs = map[reflect.Type]bool{}
	}
	w.ptrs[t] = true // a type that contains itself holds a pointer to it
	p := false
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		p = true
	case reflect.Array:
		p = t.Len() > 0 && w.pointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			p = p || w.pointers(t.Field(i).Type)
		}
	}
	w.ptrs[t] = p
	return p
}

// mark notes the span and says whether it is new.
func (w *walker) mark(start uintptr, size uintptr) bool {
	s := Span{start, start + size}
	if size == 0 || w.seen[s] {
		return false
	}
	w.seen[s] = true
	w.out = append(w.out, s)
	return true
}

func (w *walker) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		if w.mark(v.Pointer(), e.Type().Size()) {
			w.value(e)
		}
	case reflect.Interface:
		if !v.IsNil() {
			w.value(v.Elem())
		}
	case reflect.Slice:
		if v.IsNil() || v.Cap() == 0 {
			return
		}
		full := v.Slice3(0, v.Cap(), v.Cap()) // what lies past len is reached too (the collector keeps it)
		if w.mark(v.Pointer(), uintptr(v.Cap())*v.Type().Elem().Size()) && w.pointers(v.Type().Elem()) {
			for i := range full.Len() {
				w.value(full.Index(i))
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			w.value(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			w.value(v.Field(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		if w.mark(v.Pointer(), 1) {
			for it := v.MapRange(); it.Next(); {
				w.value(it.Key())
				w.value(it.Value())
			}
		}
	}
}
