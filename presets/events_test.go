package presets

import (
	"strings"
	"testing"
)

// A preset's [[events]] become the key events in its text form, and
// each bad one is refused naming the file, the line of the event, the
// key and what is allowed.
func TestPresetEvents(t *testing.T) {
	good := `description = "d"
[[events]]
at_ms = 3000
set = { latency_ms = 200, loss_pct = 5 }
for_ms = 1500

[[events]]
at_ms = 5000
outage_ms = 250

[[events]]
at_ms = 7000
disconnect_ms = 2000
client = "victim"
`
	p, err := Parse("mine.toml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	if want := "3s:latency_ms=200,loss_pct=5,for=1500ms; 5s:outage=250ms; 7s@victim:disconnect=2s"; c.Events != want {
		t.Fatalf("events %q, want %q", c.Events, want)
	}
	text, err := Parse("mine.toml", []byte("description = \"d\"\nevents = \"3s:outage=1s\"\n"))
	if err != nil || text.Settings[0].Value != "3s:outage=1s" {
		t.Fatalf("the text form: %v %v", text, err)
	}

	head := "description = \"d\"\n[[events]]\nat_ms = 1000\noutage_ms = 100\n\n[[events]]\n"
	for _, tc := range []struct{ body, want string }{
		{"at_ms = -1\noutage_ms = 100", `mine.toml:6: event 2: key "at_ms": -1 is out of range (allowed: 0 to 3600000 ms)`},
		{"at_ms = 4000000\noutage_ms = 100", `key "at_ms": 4000000 is out of range`},
		{"at_ms = \"3s\"\noutage_ms = 100", `key "at_ms"`},
		{"at_ms = 3000\noutage_ms = -5", `key "outage_ms": -5 is out of range (allowed: above 0`},
		{"at_ms = 3000\ndisconnect_ms = 0", `key "disconnect_ms": 0 is out of range (allowed: above 0`},
		{"at_ms = 3000\nset = { latency_ms = 200 }\nfor_ms = -1", `key "for_ms": -1 is out of range`},
		{"at_ms = 3000\nset = { latncy_ms = 200 }", `mine.toml:6: event 2: set: unknown key "latncy_ms"`},
		{"at_ms = 3000\nset = { latency_ms = 99999 }", `set: key "latency_ms"`},
		{"at_ms = 3000\nset = { walls = \"0,0,1,1\" }", `changes the world`},
		{"at_ms = 3000\nset = {}", `key "set": want a table of keys`},
		{"at_ms = 3000\noutage_ms = 100\nlength_ms = 3", `unknown key "length_ms" (allowed: at_ms, set, for_ms, outage_ms, disconnect_ms, client)`},
		{"outage_ms = 100", `key "at_ms" is missing`},
		{"at_ms = 3000", `exactly one of set, outage_ms or disconnect_ms (got 0)`},
		{"at_ms = 3000\noutage_ms = 100\ndisconnect_ms = 100", `(got 2)`},
		{"at_ms = 3000\noutage_ms = 100\nfor_ms = 100", `key "for_ms": only a key change`},
		{"at_ms = 3000\nset = { latency_ms = 20 }\nclient = \"victim\"", `key "client": a key change is every client's`},
		{"at_ms = 3000\noutage_ms = 100\nclient = \"bob\"", `key "client": client "bob" is not one`},
		{"at_ms = 1050\noutage_ms = 100", `mine.toml:2: key "events": 1s:outage=100ms and 1050ms:outage=100ms overlap`},
		{"at_ms = 900\ndisconnect_ms = 200\nclient = \"shooter\"", `overlap`},
	} {
		_, err := Parse("mine.toml", []byte(head+tc.body+"\n"))
		if err == nil {
			p, _ := Parse("mine.toml", []byte(head+tc.body+"\n"))
			_, err = p.Config()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one saying %q", tc.body, err, tc.want)
		}
	}
	// an observer that does not exist is the configuration's error
	p, err = Parse("mine.toml", []byte("description = \"d\"\nobservers = 1\n[[events]]\nat_ms = 1\noutage_ms = 5\nclient = \"observer2\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Config(); err == nil || !strings.Contains(err.Error(), "there is no observer2 (observers = 1)") {
		t.Errorf("observer2 with one observer: %v", err)
	}
}
