package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// recordsSchema is docs/records.schema.json, compiled.
func recordsSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path, _ := filepath.Abs("../docs/records.schema.json")
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(path)
	if err != nil {
		t.Fatalf("docs/records.schema.json: %v", err)
	}
	return sch
}

// validLine is whether a line validates against the schema, and why not.
func validLine(sch *jsonschema.Schema, line []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// Every line `sim --json` prints, on every preset (three seeds, with
// loss: lost, rejected and in-flight shots, never-spawned projectiles,
// null figures), validates against docs/records.schema.json, and so does
// the summary `records --summary` recomputes (its nulls included).
func TestEverySimJSONLineValidates(t *testing.T) {
	sch := recordsSchema(t)
	dir := t.TempDir()
	types := map[string]int{}
	recordsRuns(t, func(name string, out []byte) {
		for i, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
			if err := validLine(sch, line); err != nil {
				t.Fatalf("%s, line %d does not validate: %v\n%s", name, i+1, err, line)
			}
			var head struct{ Type, Outcome string }
			json.Unmarshal(line, &head)
			types[head.Type+" "+head.Outcome]++
		}
		path := filepath.Join(dir, "run.jsonl")
		os.WriteFile(path, out, 0o644)
		_, sum, errs := runCLI("records", path, "--summary")
		if err := validLine(sch, []byte(sum)); err != nil {
			t.Fatalf("%s: records --summary does not validate: %v\n%s%s", name, err, sum, errs)
		}
	})
	for _, k := range []string{"shot judged", "shot rejected", "shot lost", "shot in_flight", "projectile detonated", "projectile never_spawned", "burst ", "duel ", "summary "} {
		if types[k] == 0 {
			t.Errorf("no %q line was validated (%v)", k, types)
		}
	}
}

// The schema is no rubber stamp: a line missing a required field, with
// a wrong type, or contradicting its outcome fails it.
func TestSchemaRefusesBadLines(t *testing.T) {
	sch := recordsSchema(t)
	_, out, _ := runCLI("sim", "--json", "--preset", "default", "--duration", "3s")
	shot := strings.Split(out, "\n")[0]
	for _, c := range []struct{ name, from, to string }{
		{"no fire_ms", `"fire_ms":633.333,`, ``},
		{"fire_ms a string", `"fire_ms":633.333`, `"fire_ms":"633"`},
		{"no rewound pose on a traced shot", `"rewound":{"x":20,"y":-2.66934,"yaw_deg":180,"alive":true}`, `"rewound":null`},
		{"a lost shot judged", `"outcome":"judged"`, `"outcome":"lost"`},
		{"an unknown field", `"seq":1,`, `"seq":1,"sequence":1,`},
		{"a pose without yaw", `"client_saw":{"x":20,"y":-2.66934,"yaw_deg":180,`, `"client_saw":{"x":20,"y":-2.66934,`},
		{"a pose beyond the world's bounds", `"client_saw":{"x":20,`, `"client_saw":{"x":1e15,`},
		{"a type the schema does not list", `"type":"shot"`, `"type":"Shot"`},
	} {
		bad := strings.Replace(shot, c.from, c.to, 1)
		if bad == shot {
			t.Fatalf("%s: %q not in %s", c.name, c.from, shot)
		}
		if validLine(sch, []byte(bad)) == nil {
			t.Errorf("%s: the schema accepts %s", c.name, bad)
		}
	}
	if err := validLine(sch, []byte(shot)); err != nil {
		t.Fatalf("the line itself: %v", err)
	}
}
