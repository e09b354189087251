package cli

import (
	"bytes"
	"testing"
)

// A movement_authority = client run's lines (positions_accepted,
// positions_adjusted and their rules on the movement lines and the
// summary) validate against docs/records.schema.json.
func TestClientAuthorityLinesValidate(t *testing.T) {
	sch := recordsSchema(t)
	code, out, errs := runCLI("sim", "--preset", "prediction-correction", "--set", "movement_authority=client", "--json", "--duration", "4s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !bytes.Contains([]byte(out), []byte(`"client_position_adjusted"`)) {
		t.Fatalf("no adjusted position in the run")
	}
	for i, line := range bytes.Split(bytes.TrimSpace([]byte(out)), []byte("\n")) {
		if err := validLine(sch, line); err != nil {
			t.Fatalf("line %d does not validate: %v\n%s", i+1, err, line)
		}
	}
}
