package packetlog

import (
	"reflect"
	"slices"
	"testing"
)

// Fields holds one row for each of Header's fields, and only those: each
// row's Set writes its own field and nothing else, and its Get reads it
// back. A field added to Header without its row fails here, naming it.
func TestFieldsAreTheHeader(t *testing.T) {
	ty := reflect.TypeFor[Header]()
	var names, keys []string
	for _, r := range Fields {
		if slices.Contains(names, r.Name) {
			t.Errorf("Fields lists %s twice", r.Name)
		}
		names = append(names, r.Name)
		if r.Key != "" && slices.Contains(keys, r.Key) {
			t.Errorf("Fields prints %q twice", r.Key)
		}
		keys = append(keys, r.Key)
	}
	for i := range ty.NumField() {
		if f := ty.Field(i); !slices.Contains(names, f.Name) {
			t.Errorf("Header.%s has no row in Fields: write its row (its key in the packet line, its form, its code)", f.Name)
		}
	}
	for _, r := range Fields {
		sf, ok := ty.FieldByName(r.Name)
		if !ok {
			t.Errorf("Fields lists %s, which Header does not have", r.Name)
			continue
		}
		var h Header
		r.Set(&h, 1)
		hv := reflect.ValueOf(h)
		for i := range ty.NumField() {
			if set := !hv.Field(i).IsZero(); set != (i == sf.Index[0]) {
				t.Errorf("Fields' row %s: Set(1) leaves Header.%s set %v", r.Name, ty.Field(i).Name, set)
			}
		}
		if got := r.Get(&h); got != 1 {
			t.Errorf("Fields' row %s: Get gives %d after Set(1)", r.Name, got)
		}
		if r.Code == CodeFlag && sf.Type.Kind() != reflect.Bool {
			t.Errorf("Fields' row %s: a flag's code on a %s", r.Name, sf.Type)
		}
	}
}
