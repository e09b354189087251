package records

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"slices"
	"testing"

	"lagscope/lagcomp/rule"
)

var updateSchema = flag.Bool("update-schema", false, "rewrite docs/records.schema.json's summary from the figures' declarations")

const schemaPath = "../../docs/records.schema.json"

// docs/records.schema.json's summary is the figures' declarations: a
// figure added or renamed without it fails here (`make readme`, or this
// test with -update-schema, rewrites it).
func TestSchemaSummaryIsTheDeclarations(t *testing.T) {
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	const open, end = `"summary": `, "\n  }\n}\n"
	i := bytes.LastIndex(b, []byte(open))
	if i < 0 || !bytes.HasSuffix(b, []byte(end)) {
		t.Fatalf("%s: want $defs.summary last, the file ending %q", schemaPath, end)
	}
	have, want := b[i+len(open):len(b)-len(end)], SummarySchema()
	if bytes.Equal(have, want) {
		return
	}
	if *updateSchema {
		out := slices.Concat(b[:i+len(open)], want, []byte(end))
		if err := os.WriteFile(schemaPath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's summary differs from the figures' declarations: run make readme (or go test ./lagcomp/records -run SchemaSummary -update-schema)", schemaPath)
}

// docs/records.schema.json's packet line is the packet log's declaration
// (packetlog.Fields) and the line's own keys (PacketSchema): a header
// field given a key without it fails here (`make readme`, or this test
// with -update-schema, rewrites it).
func TestSchemaPacketIsTheDeclaration(t *testing.T) {
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := PacketSchema()
	if err != nil {
		t.Fatal(err)
	}
	const open, next = `    "packet": `, ",\n    \"summary\": "
	i, j := bytes.Index(b, []byte(open)), bytes.Index(b, []byte(next))
	if i < 0 || j < i {
		t.Fatalf("%s: want $defs.packet just before $defs.summary", schemaPath)
	}
	if have := b[i+len(open) : j]; string(have) == want {
		return
	}
	if *updateSchema {
		out := slices.Concat(b[:i+len(open)], []byte(want), b[j:])
		if err := os.WriteFile(schemaPath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's packet line differs from the packet log's declaration: run make readme (or go test ./lagcomp/records -run SchemaPacket -update-schema)", schemaPath)
}

// The schema lists every field the shot and projectile lines print, and
// none they do not: a field added to a line is documented or fails here.
func TestSchemaListsEveryField(t *testing.T) {
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", schemaPath, err)
	}
	for def, fields := range map[string][]string{"shot": shotFields, "projectile": projectileFields} {
		var listed []string
		for k := range s.Defs[def].Properties {
			listed = append(listed, k)
		}
		slices.Sort(listed)
		want := slices.Sorted(slices.Values(fields))
		if !reflect.DeepEqual(listed, want) {
			t.Errorf("%s line: the schema lists %v,\nthe line prints %v", def, listed, want)
		}
	}
}

// The schema's movement line names every rule of the movement stage
// (rule.Movement), and only those: a movement rule added without it
// (last_cmd_replay, usercmd_cap and move_delta_clamp were) would print a
// name the schema refuses.
func TestSchemaMovementRulesAreTheMovementStage(t *testing.T) {
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs map[string]struct {
			Properties map[string]struct {
				Items struct {
					Enum []string `json:"enum"`
				} `json:"items"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", schemaPath, err)
	}
	var want []string
	for _, m := range rule.All() {
		if m.Stage == rule.Movement {
			want = append(want, string(m.Rule))
		}
	}
	got := s.Defs["movement"].Properties["rules"].Items.Enum
	if !reflect.DeepEqual(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
		t.Errorf("the schema's movement rules %v, the movement stage's %v", got, want)
	}
}
