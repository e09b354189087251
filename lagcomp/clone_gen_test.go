package lagcomp

import (
	"bytes"
	"os"
	"testing"

	"lagscope/internal/gen/clone"
)

// clone_gen.go is what the generator writes of the structs' clone tags
// today: a tag added or changed without `go generate ./lagcomp/...`
// fails here.
func TestCloneGenIsCurrent(t *testing.T) {
	want, err := clone.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(clone.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Errorf("%s is not what the clone tags say: run go generate ./lagcomp/...", clone.Out)
	}
}
