// Package testscene holds what lagcomp's tests and the tests of the
// packages over it share: it imports nothing of lagcomp, so lagcomp's own
// (internal) tests can use it as well as timeline's.
package testscene

import (
	"bytes"
	"fmt"
	"reflect"
)

// Bytes is everything the values say, as bytes: every field unrounded,
// NaN-safe, pointers followed (%v would print addresses). Two runs that
// must agree — a clone and its original, a seek and a straight run —
// agree when their Bytes do.
func Bytes(values ...any) []byte {
	var b bytes.Buffer
	for _, v := range values {
		dump(&b, reflect.ValueOf(v))
	}
	return b.Bytes()
}

func dump(b *bytes.Buffer, v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("nil")
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		dump(b, v.Elem())
	case reflect.Struct:
		b.WriteString("{")
		for i := 0; i < v.NumField(); i++ {
			b.WriteString(v.Type().Field(i).Name + ":")
			dump(b, v.Field(i))
			b.WriteString(" ")
		}
		b.WriteString("}")
	case reflect.Slice, reflect.Array:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			dump(b, v.Index(i))
			b.WriteString(" ")
		}
		b.WriteString("]")
	case reflect.Map:
		fmt.Fprintf(b, "map[%d]", v.Len()) // frames hold none; lengths only
	default:
		fmt.Fprint(b, v)
	}
}
