package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outputFlags are, for every command the usage names, the flags its own
// --help says write a file: read from the flag sets as they print
// themselves, so an output flag added later is attacked here too.
func outputFlags(t *testing.T) map[string][]string {
	t.Helper()
	_, usageText, _ := runCLI("--help")
	cmds := map[string]bool{}
	for _, m := range regexp.MustCompile(`lagscope ([a-z]+) `).FindAllStringSubmatch(usageText, -1) {
		cmds[m[1]] = true
	}
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)[^\n]*\n((?:    [^\n]*\n?)+)`)
	out := map[string][]string{}
	for cmd := range cmds {
		code, help, _ := runCLI(cmd, "--help")
		if code != 0 {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		for _, m := range flagLine.FindAllStringSubmatch(help, -1) {
			if strings.Contains(m[2], "to write") {
				out[cmd] = append(out[cmd], m[1])
			}
		}
	}
	return out
}

// Every output path of every command is checked before any work (issue
// 32: sweep --csv onto a directory ran the whole sweep, then failed on a
// temporary file's name; fit --chart /nonexist/fc.png made /nonexist/;
// fit --chart fc.txt wrote PNG bytes to a .txt): an existing directory,
// an extension not the format's and a missing directory are each exit 2
// with a message naming the flag and the path, nothing written, no
// directory made.
func TestEveryOutputPathIsCheckedFirst(t *testing.T) {
	flags := outputFlags(t)
	want := map[string]bool{"shot out": false, "sweep csv": false, "sweep chart": false, "fit chart": false}
	dir := t.TempDir()
	for cmd, names := range flags {
		for _, name := range names {
			want[cmd+" "+name] = true
			ext := map[string]string{"csv": ".csv"}[name]
			if ext == "" {
				ext = ".png"
			}
			isDir := filepath.Join(dir, "adir"+ext)
			if err := os.MkdirAll(isDir, 0o755); err != nil {
				t.Fatal(err)
			}
			missing := filepath.Join(dir, "nonexist", "x"+ext)
			for _, c := range []struct{ path, says string }{
				{isDir, "is a directory"},
				{filepath.Join(dir, "x.txt"), "name the file " + ext},
				{missing, "does not exist"},
				{filepath.Join(dir, ext), "names no file"},
			} {
				args := []string{cmd}
				if cmd == "fit" {
					args = append(args, filepath.Join(dir, "no-trace.csv")) // never read: the output is checked first
				}
				args = append(args, "--"+name, c.path)
				code, stdout, stderr := runCLI(args...)
				if code != 2 || !strings.Contains(stderr, "--"+name+" ") || !strings.Contains(stderr, c.path) || !strings.Contains(stderr, c.says) {
					t.Errorf("%s: exit %d, %q; want 2 and a message naming --%s, the path and %q", strings.Join(args, " "), code, stderr, name, c.says)
				}
				if stdout != "" {
					t.Errorf("%s: wrote %q before refusing", strings.Join(args, " "), stdout)
				}
			}
			if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
				t.Errorf("%s --%s made the missing directory %s", cmd, name, filepath.Dir(missing))
			}
			if _, err := os.Stat(filepath.Join(dir, "x.txt")); !os.IsNotExist(err) {
				t.Errorf("%s --%s wrote x.txt", cmd, name)
			}
		}
	}
	for k, found := range want {
		if !found {
			t.Errorf("%s: not found among the flags that write (%v)", k, flags)
		}
	}
}

// A shot's sidecar goes beside its picture: a directory in its place is
// refused before the render, not after it.
func TestShotSidecarOntoADirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "x.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "x.png")
	code, _, stderr := runCLI("shot", "--at", "1s", "--out", out)
	if code != 2 || !strings.Contains(stderr, "x.json is a directory") {
		t.Fatalf("exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("the picture was written")
	}
}
