package jsonkey

import "testing"

func TestFindNamesTheKeyGivenTwice(t *testing.T) {
	for _, c := range []struct {
		in, path string
	}{
		{`{"a":1,"b":2}`, ""},
		{`{"a":1,"a":2}`, "a"},
		{`{"a":{"x":1,"y":2,"x":3}}`, "a.x"},
		{`{"l":[{"k":1},{"k":1,"k":2}]}`, "l[1].k"},
		{`{"a":[1,2,{"b":{}}],"c":"{\"c\":1,\"c\":2}"}`, ""}, // inside a string is not a key
		{`{"a":1,"a"`, "a"},                                  // found before the fault
		{`{"a":1,,"a":2}`, ""},                               // malformed first: the decoder's to say
		{`[{"k":1},{"k":2}]`, ""},                            // one key in each of two objects
	} {
		got := Find([]byte(c.in))
		switch {
		case c.path == "" && got != nil:
			t.Errorf("%s: found %q twice, want none", c.in, got.Path)
		case c.path != "" && (got == nil || got.Path != c.path):
			t.Errorf("%s: found %+v, want %q", c.in, got, c.path)
		}
	}
}

func TestLineCountsFromOne(t *testing.T) {
	data := []byte("{\n \"a\": 1,\n \"a\": 2\n}")
	tw := Find(data)
	if tw == nil || Line(data, tw.First) != 2 || Line(data, tw.Second) != 3 {
		t.Fatalf("got %+v, want a on lines 2 and 3", tw)
	}
}
