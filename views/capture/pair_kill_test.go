//go:build unix

package capture

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A real SIGKILL between the two renames: this test runs itself again as
// a writer that kills itself there. Its new picture is left beside the
// old sidecar, which is refused; the next write leaves a pair that reads.
func TestSIGKILLBetweenRenames(t *testing.T) {
	if dir := os.Getenv("LAGSCOPE_KILLED_WRITER"); dir != "" {
		sc := sidecar()
		sc.AtUs = 3_000_000
		afterImage = func() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
		WriteFile(filepath.Join(dir, "same.png"), picture(sc.AtUs), sc)
		os.Exit(0) // not reached
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "same.png")
	first := sidecar()
	if err := WriteFile(path, picture(first.AtUs), first); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSIGKILLBetweenRenames$")
	cmd.Env = append(os.Environ(), "LAGSCOPE_KILLED_WRITER="+dir)
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the writer was not killed: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != string(picture(3_000_000)) {
		t.Fatalf("the killed writer's picture is not in place: %q", data)
	}
	if _, err := Read(SidecarPath(path)); err == nil || !strings.Contains(err.Error(), "is not the picture this sidecar drew") {
		t.Fatalf("the old sidecar beside the new picture: %v", err)
	}
	next := sidecar() // the lock died with the writer
	if err := WriteFile(path, picture(next.AtUs), next); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(SidecarPath(path)); err != nil {
		t.Fatal(err)
	}
}
