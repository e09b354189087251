package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// enclosed is walls all round the shooter, who stands at the origin.
const enclosed = "walls=-3,-3,3,-2; -3,2,3,3; -3,-2,-2,2; 2,-2,3,2"

// A shooter enclosed by walls fired nothing without a note: the summary
// counts each wait for a line of sight (fire_held_no_sight), the table
// says it, and a run with no shot says why on stderr.
func TestEnclosedShooterSaysWhyItFiresNothing(t *testing.T) {
	code, out, errOut := runCLI("sim", "--summary", "--set", enclosed)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sum struct {
		ShotsFired int `json:"shots_fired"`
		Held       int `json:"fire_held_no_sight"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.ShotsFired != 0 || sum.Held < 1 {
		t.Fatalf("shots_fired %d, fire_held_no_sight %d: want none fired and the wait counted", sum.ShotsFired, sum.Held)
	}
	if !strings.Contains(errOut, "note: the shooter fired nothing: whenever it could, the target was out of its sight") {
		t.Errorf("no note on stderr: %q", errOut)
	}
	if _, table, _ := runCLI("sim", "--set", enclosed); !strings.Contains(table, "fire held for want of sight (a wall between, out of range, or dead): ") {
		t.Errorf("the table does not say it:\n%s", table)
	}
	// in the open the default shooter never waits, and says nothing
	if code, out, errOut := runCLI("sim", "--summary"); code != 0 || !strings.Contains(out, `"fire_held_no_sight":0`) || strings.Contains(errOut, "fired nothing") {
		t.Errorf("default: exit %d, %q", code, errOut)
	}
}
