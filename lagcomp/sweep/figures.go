package sweep

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"lagscope/lagcomp"
)

// Figure is one number of a run's summary, named as `sim --json` names it
// ("shots", "mean_rewind_error_m"); a map of counts gives one figure per
// key ("rules.max_rewind_cap").
type Figure struct {
	Name   string
	Value  any // int, float64, bool, string, or nil for a figure with no value (agreement with no judged shots)
	pos    int // the field's place in the summary, to order columns
	count  bool
	bounds Bounds // the values it can take (the field's bounds tag)
}

// Bounds are the values a figure can take: 0 to 1 for a fraction
// (agreement), 0 and up for a count or a distance, unbounded for the
// rest. The summary declares them in a `bounds:"lo,hi"` tag (an empty
// side is unbounded); every int of the summary is a count.
type Bounds struct{ Lo, Hi float64 }

// unbounded is the bounds of a figure that declares none.
var unbounded = Bounds{math.Inf(-1), math.Inf(1)}

// boundsOf reads a field's bounds tag; a whole number is a count.
func boundsOf(f reflect.StructField, v any) Bounds {
	b := unbounded
	if isInt(v) {
		b.Lo = 0
	}
	lo, hi, ok := strings.Cut(f.Tag.Get("bounds"), ",")
	if !ok {
		return b
	}
	if x, err := strconv.ParseFloat(lo, 64); err == nil {
		b.Lo = x
	}
	if x, err := strconv.ParseFloat(hi, 64); err == nil {
		b.Hi = x
	}
	return b
}

// skipped are summary fields that are not figures of the run: the line's
// type, and wall_ms, the one figure that is not deterministic (a sweep's
// rows must be the same bytes on any machine and any number of workers).
var skipped = []string{"type", "wall_ms"}

// Flatten lists every figure of a summary, in its fields' order, reading
// the struct itself: a field added to lagcomp.SummaryJSON becomes a
// column without a change here. Nested structs give "outer.inner", maps
// one figure per key in sorted order.
func Flatten(sum lagcomp.SummaryJSON) []Figure {
	var out []Figure
	flatten(reflect.ValueOf(sum), "", 0, &out)
	return out
}

func flatten(v reflect.Value, prefix string, pos int, out *[]Figure) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := jsonName(f)
		if name == "" || !f.IsExported() || (prefix == "" && slices.Contains(skipped, name)) {
			continue
		}
		p := pos
		if prefix == "" {
			p = i
		}
		first := len(*out)
		value(v.Field(i), prefix+name, p, out)
		for j := first; j < len(*out); j++ {
			(*out)[j].bounds = boundsOf(f, (*out)[j].Value)
		}
	}
}

func value(v reflect.Value, name string, pos int, out *[]Figure) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			*out = append(*out, Figure{Name: name, pos: pos})
			return
		}
		value(v.Elem(), name, pos, out)
	case reflect.Struct:
		flatten(v, name+".", pos, out)
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		for _, k := range keys {
			f := len(*out)
			value(v.MapIndex(k), name+"."+fmt.Sprint(k), pos, out)
			for j := f; j < len(*out); j++ {
				(*out)[j].count = isInt((*out)[j].Value)
			}
		}
	case reflect.Slice, reflect.Array:
		*out = append(*out, Figure{Name: name, Value: fmt.Sprint(v.Interface()), pos: pos})
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		*out = append(*out, Figure{Name: name, Value: int(v.Int()), pos: pos})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		*out = append(*out, Figure{Name: name, Value: int(v.Uint()), pos: pos})
	case reflect.Float32, reflect.Float64:
		*out = append(*out, Figure{Name: name, Value: v.Float(), pos: pos})
	case reflect.Bool:
		*out = append(*out, Figure{Name: name, Value: v.Bool(), pos: pos})
	case reflect.String:
		*out = append(*out, Figure{Name: name, Value: v.String(), pos: pos})
	}
}

func isInt(v any) bool { _, ok := v.(int); return ok }

// jsonName is the field's name in `sim --json`, "" if it is not printed.
func jsonName(f reflect.StructField) string {
	tag, ok := f.Tag.Lookup("json")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" {
		return ""
	}
	return name
}

// Number is a figure as a float for charts: NaN for no value.
func (f Figure) Number() (float64, bool) {
	switch x := f.Value.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// FigureNames lists the summary's figures as columns name them; a map of
// counts is listed as "rules.*": any key under it is a figure.
func FigureNames() []string {
	var names []string
	t := reflect.TypeOf(lagcomp.SummaryJSON{})
	for i := 0; i < t.NumField(); i++ {
		name := jsonName(t.Field(i))
		if name == "" || slices.Contains(skipped, name) {
			continue
		}
		switch t.Field(i).Type.Kind() {
		case reflect.Map, reflect.Struct:
			name += ".*"
		}
		names = append(names, name)
	}
	return names
}

// IsFigure says whether a column name is a figure of the summary, either
// as it is or under a map or struct ("rules.max_rewind_cap"), whether or
// not a run has produced it yet.
func IsFigure(name string) bool {
	for _, n := range FigureNames() {
		if n == name || (strings.HasSuffix(n, ".*") && strings.HasPrefix(name, n[:len(n)-1]) && len(name) > len(n)-1) {
			return true
		}
	}
	return false
}

// isCount says whether a column is a count under a map of counts: one a
// run never produced is 0 (a rule that never applied), not missing.
func isCount(name string) bool {
	t := reflect.TypeOf(lagcomp.SummaryJSON{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type.Kind() == reflect.Map && f.Type.Elem().Kind() == reflect.Int && strings.HasPrefix(name, jsonName(f)+".") {
			return true
		}
	}
	return false
}

// OutOf is the figure a count is out of, as its summary field's `of` tag
// declares it ("false_hits" is out of "shots", every "rules.…" out of
// "shots_fired"), or "" for a figure that is not a part of a total.
func OutOf(name string) string {
	t := reflect.TypeOf(lagcomp.SummaryJSON{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		n := jsonName(f)
		if n == name || (f.Type.Kind() == reflect.Map && strings.HasPrefix(name, n+".")) {
			return f.Tag.Get("of")
		}
	}
	return ""
}
