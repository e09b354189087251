// Command clone writes clone_gen.go in the current directory's package
// (internal/gen/clone): `go generate ./lagcomp/...` runs it in lagcomp.
package main

import (
	"fmt"
	"os"

	"lagscope/internal/gen/clone"
)

func main() {
	if err := clone.Write("."); err != nil {
		fmt.Fprintln(os.Stderr, "clone:", err)
		os.Exit(1)
	}
}
