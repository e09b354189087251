package param

import (
	"strings"
	"testing"
)

// toy is a configuration of two keys and a shorthand, to test the
// machinery apart from lagscope's keys (lagcomp/keys_test.go tests those).
type toy struct {
	A, B float64
	On   bool
}

func toyTable() *Table[toy] {
	num := func(key string, def float64, f func(*toy) *float64) *Param[toy] {
		return &Param[toy]{Key: key, Group: "g", Kind: KindFloat, Unit: "ms", Min: 0, Max: 10, Default: def, Doc: key, Order: 1,
			Read: func(c *toy) any { return *f(c) }, Write: func(c *toy, v any) { *f(c) = v.(float64) }}
	}
	both := &Param[toy]{Key: "both", Group: "g", Kind: KindFloat, Min: 0, Max: 10, Alias: true, Sets: []string{"a", "b"}, Order: 0,
		Write: func(c *toy, v any) { c.A, c.B = v.(float64), v.(float64) }}
	on := &Param[toy]{Key: "on", Group: "g", Kind: KindBool, Default: true, Doc: "on", Order: 1,
		Read: func(c *toy) any { return c.On }, Write: func(c *toy, v any) { c.On = v.(bool) }}
	return NewTable([]*Param[toy]{both, num("a", 1, func(c *toy) *float64 { return &c.A }), num("b", 2, func(c *toy) *float64 { return &c.B }), on},
		map[string]string{"old_a": "a"})
}

func TestDefaultsOrderAndOldNames(t *testing.T) {
	tb := toyTable()
	c := tb.Defaults(toy{})
	if c != (toy{A: 1, B: 2, On: true}) {
		t.Fatalf("defaults %+v", c)
	}
	// the shorthand applies first, whatever order it is given in; an old
	// name reads as the new one
	if err := tb.Apply(&c, []Setting{{Key: "old_a", Value: "3"}, {Key: "both", Value: "7"}}); err != nil {
		t.Fatal(err)
	}
	if c.A != 3 || c.B != 7 {
		t.Fatalf("got %+v", c)
	}
	if cur, note := tb.Renamed("old_a"); cur != "a" || !strings.Contains(note, `"old_a" is now called "a"`) {
		t.Errorf("Renamed: %q %q", cur, note)
	}
	if d := tb.Diff(&toy{}, &c); len(d) != 3 || d[0].Key != "a" {
		t.Errorf("diff %+v", d)
	}
	err := tb.Apply(&c, []Setting{{Key: "a", Value: "11"}})
	if err == nil || err.Error() != `key "a": 11 is out of range (allowed: 0 to 10 ms)` {
		t.Errorf("range error: %v", err)
	}
	if err := tb.Apply(&c, []Setting{{Key: "bb", Value: "1"}}); err == nil || !strings.Contains(err.Error(), `did you mean "b"?`) {
		t.Errorf("unknown key: %v", err)
	}
}
