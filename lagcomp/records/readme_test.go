package records

import (
	"flag"
	"testing"

	"lagscope/internal/readmeblock"
)

var updateREADME = flag.Bool("update-readme", false, "rewrite the README's list of summary figures from their declarations")

// The README lists every figure of the summary as the code declares it:
// a figure added, renamed or reworded without the README fails here
// (`make readme` or this test with -update-readme rewrites the list).
func TestREADMEListsEveryFigure(t *testing.T) {
	readmeblock.Check(t, "../../README.md", "figures", Markdown(), *updateREADME,
		"go test ./lagcomp/records -run READMEListsEveryFigure -update-readme")
}
