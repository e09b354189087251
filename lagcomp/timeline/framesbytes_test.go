package timeline

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"lagscope/lagcomp"
)

// framesBytes is everything a frame and the run's records say, as bytes:
// every shot record and projectile record, every field unrounded, the
// summary, and the frame itself (NaN-safe, pointers followed). It is
// lagcomp's clone test's measure, repeated here: that one lives in
// lagcomp's own tests, which this package cannot import.
func framesBytes(t *testing.T, s *lagcomp.Sim) []byte {
	t.Helper()
	var b bytes.Buffer
	for i := range s.Shots.Len() {
		dump(&b, reflect.ValueOf(*s.Shots.At(i)))
	}
	for _, r := range s.Projectiles() {
		dump(&b, reflect.ValueOf(r))
	}
	dump(&b, reflect.ValueOf(s.Frame()))
	return b.Bytes()
}

// dump writes v with pointers followed (%v would print addresses).
func dump(b *bytes.Buffer, v reflect.Value) {
	switch v.Kind() {
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

// firstDiff shows where a replay from zero (a) and a seek (b) part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("replay …%s\nseek   …%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}
