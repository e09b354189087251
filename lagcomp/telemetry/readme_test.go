package telemetry_test

import (
	"flag"
	"testing"

	"lagscope/internal/readmeblock"
	"lagscope/lagcomp/telemetry"
)

var updateREADME = flag.Bool("update-readme", false, "rewrite the README's list of telemetry columns from their declarations")

// The README lists every telemetry column as Row declares it: a column
// added, renamed or reworded without the README fails here (`make
// readme` or this test with -update-readme rewrites the list).
func TestREADMEListsEveryColumn(t *testing.T) {
	readmeblock.Check(t, "../../README.md", "telemetry", telemetry.Markdown(), *updateREADME,
		"go test ./lagcomp/telemetry -run READMEListsEveryColumn -update-readme")
}
