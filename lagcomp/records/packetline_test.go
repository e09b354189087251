package records

import (
	"bytes"
	"encoding/json"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/packetlog"
	"lagscope/model"
)

// The packet line prints every header field its row gives a key, with
// the value the field holds, in the row's form: a typed field of
// PacketJSON's written from the wrong field, or a new keyed field left
// out, fails here. Each field is set alone (to 3, a flag to true), on a
// delivered copy, so no other key can stand in for it.
func TestPacketLinePrintsEveryHeaderKey(t *testing.T) {
	for _, r := range packetlog.Fields {
		if r.Key == "" {
			continue
		}
		var f lagcomp.PacketFrame
		f.Deliver = 9 * model.Second
		r.Set(&f.Header, 3)
		j := Packet(&f)
		b, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		var line map[string]any
		if err := json.Unmarshal(b, &line); err != nil {
			t.Fatalf("%s: %v in %s", r.Key, err, b)
		}
		want := map[packetlog.Form]any{packetlog.FormCount: 3.0, packetlog.FormMs: model.Time(3).Millis(),
			packetlog.FormFlag: true, packetlog.FormKind: packetlog.Kind(3).String()}[r.Form]
		if got, ok := line[r.Key]; !ok || got != want {
			t.Errorf("Header.%s set alone: the line says %q: %v (present %v), want %v\n%s", r.Name, r.Key, got, ok, want, b)
		}
	}
}

// A line's keys are PacketJSON's, in its order, then the header's more
// rows': the schema's required list (PacketSchema) and the line agree.
func TestPacketLineKeysAreTheSchemas(t *testing.T) {
	var f lagcomp.PacketFrame
	b, err := json.Marshal(Packet(&f))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	want := typedKeys
	for _, i := range moreRows {
		want = append(want, packetlog.Fields[i].Key)
	}
	if len(keys) != len(want) {
		t.Fatalf("the line's keys %v, want %v", keys, want)
	}
	for i := range keys {
		if keys[i] != want[i] {
			t.Fatalf("the line's keys %v, want %v", keys, want)
		}
	}
}
