package lagcomp

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// leafFields lists every field of a struct that holds a value (numbers,
// booleans, text, lists), by its path ("Up.LatencyMs", "Target.Origin.X").
func leafFields(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Type.Kind() == reflect.Struct {
			out = append(out, leafFields(f.Type, prefix+f.Name+".")...)
			continue
		}
		out = append(out, prefix+f.Name)
	}
	return out
}

// nudge changes the field at path in c to another value of its kind.
func nudge(c *Config, path string) {
	v := reflect.ValueOf(c).Elem()
	for _, name := range strings.Split(path, ".") {
		v = v.FieldByName(name)
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1.25)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1 - min(v.Uint(), 1)) // 0 <-> 1: a small enum stays in its names
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Slice:
		v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
	default:
		panic("nudge: a field of kind " + v.Kind().String() + " at " + path)
	}
}

// Every Config field is set by a key or named in unkeyed, with why: a
// field added without a key (or a reason) fails here.
func TestEveryConfigFieldIsAKeyOrUnkeyed(t *testing.T) {
	def := Defaults()
	fields := leafFields(reflect.TypeOf(def), "")
	var named []string
	for _, u := range unkeyed {
		named = append(named, u.field)
		if u.why == "" {
			t.Errorf("unkeyed %s: say why no key sets it", u.field)
		}
		if !slices.Contains(fields, u.field) {
			t.Errorf("unkeyed %s: Config has no such field", u.field)
		}
	}
	for _, f := range fields {
		c := def
		c.Walls = slices.Clone(def.Walls)
		nudge(&c, f)
		keyed := len(Diff(&def, &c)) > 0
		switch {
		case !keyed && !slices.Contains(named, f):
			t.Errorf("Config.%s is set by no key and not named in unkeyed (config.go): give it a key in keys.go, or say in unkeyed why it has none", f)
		case keyed && slices.Contains(named, f):
			t.Errorf("Config.%s is set by a key but also named in unkeyed: drop it from unkeyed", f)
		}
	}
}

// Every key is declared whole: its group, words for people, default and
// range; a shorthand names the keys it sets; a slider lies in the range.
func TestEveryKeyIsDeclaredWhole(t *testing.T) {
	for _, p := range Params {
		if p.Group == "" || p.Doc == "" {
			t.Errorf("%s: lacks a group or a doc", p.Key)
		}
		if p.Write == nil {
			t.Errorf("%s: cannot be set", p.Key)
		}
		switch p.Kind {
		case KindFloat, KindInt:
			if !(p.Min < p.Max) {
				t.Errorf("%s: a number needs a range (Min %v < Max %v)", p.Key, p.Min, p.Max)
			}
		case KindEnum:
			if len(p.Choices) == 0 {
				t.Errorf("%s: a choice needs its choices", p.Key)
			}
		}
		if p.Alias {
			if p.Default != nil || p.Read != nil {
				t.Errorf("%s: a shorthand has no value of its own (no default, nothing to read)", p.Key)
			}
			for _, k := range p.Sets {
				if q, ok := Lookup(k); !ok || q.Alias {
					t.Errorf("%s: sets %q, which is not a key with a value", p.Key, k)
				}
			}
		} else {
			if p.Default == nil || p.Read == nil {
				t.Errorf("%s: lacks a default (or a way to read it)", p.Key)
			}
			c := Defaults()
			if err := p.Set(&c, p.Default); err != nil {
				t.Errorf("%s: its default: %v", p.Key, err)
			}
		}
		if s := p.Slider; s != nil {
			if p.Kind != KindFloat && p.Kind != KindInt {
				t.Errorf("%s: a slider on a %s key", p.Key, p.Kind)
			}
			if !(s.Lo < s.Hi) || s.Step <= 0 || s.Lo < p.Min || s.Hi > p.Max {
				t.Errorf("%s: slider %v to %v step %v is not a range inside the key's %s", p.Key, s.Lo, s.Hi, s.Step, p.Range())
			}
		}
	}
}

// Old key names read as the new ones, with a note naming the new one;
// what is written out uses the new name.
func TestRenamedKeysReadAsTheNewOnes(t *testing.T) {
	if len(renamedKeys) == 0 {
		t.Skip("no renamed keys")
	}
	for old, cur := range renamedKeys {
		if _, ok := Lookup(cur); !ok {
			t.Fatalf("%s is renamed to %s, which is no key", old, cur)
		}
		if slices.ContainsFunc(Params, func(p *Param) bool { return p.Key == old }) {
			t.Fatalf("%s is both a key and an old name", old)
		}
		a, b := Defaults(), Defaults()
		if err := Apply(&a, []Setting{{Key: old, Value: "12.5"}}); err != nil {
			t.Fatalf("%s: %v", old, err)
		}
		if err := Apply(&b, []Setting{{Key: cur, Value: "12.5"}}); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s=12.5 and %s=12.5 differ", old, cur)
		}
		def := Defaults()
		for _, d := range Diff(&def, &a) {
			if d.Key == old {
				t.Errorf("Diff writes the old name %s", old)
			}
		}
		got, note := Renamed(old)
		if got != cur || !strings.Contains(note, `"`+old+`"`) || !strings.Contains(note, `"`+cur+`"`) {
			t.Errorf("Renamed(%s) = %q, %q", old, got, note)
		}
		if got, note := Renamed(cur); got != cur || note != "" {
			t.Errorf("Renamed(%s) = %q, %q: a current name has no note", cur, got, note)
		}
	}
}
