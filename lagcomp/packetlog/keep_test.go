package packetlog

import (
	"reflect"
	"testing"
)

// Keep gives back every field of every entry (nil slices nil): an entry
// with each field set alone, one with every field set, lost or delivered,
// on links that alternate. The values are each row's own, read through
// Fields, so a field added to Header is kept or fails here.
func TestKeepGivesBackEveryField(t *testing.T) {
	if n := reflect.TypeFor[Message]().NumField(); n != 5 {
		t.Fatalf("Message has %d fields, Keep writes 5: write the new one", n)
	}
	values := []int64{1, 7, 1 << 31, 1<<32 - 1, 5_000_123}
	var full Frame
	for i, r := range Fields {
		v := values[i%len(values)]
		if r.Form == FormFlag {
			v = 1
		}
		r.Set(&full.Header, v)
	}
	full.Shots, full.Backup, full.Cut = []uint32{1 << 31, 5}, []uint32{1, 1 << 31}, "outage"
	full.Messages = []Message{{Kind: Command, ID: 9, Channel: 2, Resends: 4, Shot: 77}, {}}
	lost := full
	lost.Deliver, lost.Messages, lost.Backup, lost.Shots, lost.Up = -1, []Message{}, []uint32{}, []uint32{}, false
	log := []Frame{full, lost, {}, full}
	for i, r := range Fields { // each field alone, twice on one link, then once more changed
		for _, v := range []int64{3, 3, 1 << 20} {
			var f Frame
			if r.Form == FormFlag {
				v = int64(i % 2)
			}
			r.Set(&f.Header, v)
			log = append(log, f)
		}
	}
	if got := Unkeep(Keep(log)); !reflect.DeepEqual(got, log) {
		for i := range log {
			if !reflect.DeepEqual(got[i], log[i]) {
				t.Fatalf("entry %d comes back\n%+v, want\n%+v", i, got[i], log[i])
			}
		}
	}
}
