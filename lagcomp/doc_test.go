package lagcomp

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goPackages lists the directories under root (slash paths relative to
// it) that hold a Go package's non-test source: the rooms a reader is
// told about. testdata is not a package.
func goPackages(t *testing.T, root string) []string {
	t.Helper()
	seen := map[string]bool{}
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		if dir = filepath.ToSlash(dir); !seen[dir] {
			seen[dir] = true
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// TestDocMapNamesEverySubPackage holds the package comment's map of rooms
// to the directories there are: a new sub-package is named in it (as
// "  - name:" or beside another's entry), so the map a reader follows is
// the tree, not last year's tree.
func TestDocMapNamesEverySubPackage(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range goPackages(t, ".") {
		if dir == "." {
			continue
		}
		if !strings.Contains(string(doc), dir) {
			t.Errorf("lagcomp/doc.go's map of rooms does not name %s", dir)
		}
	}
}

// TestREADMELayoutNamesEveryPackage holds the README's Layout section to
// the module's packages: each is named there by its path.
func TestREADMELayoutNamesEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md lost its Layout section")
	}
	if next := strings.Index(layout, "\n## "); next >= 0 {
		layout = layout[:next]
	}
	for _, dir := range goPackages(t, "..") {
		if dir == "." {
			continue // main.go and gui*.go are named by file
		}
		if !strings.Contains(layout, "`"+dir+"`") && !strings.Contains(layout, "`"+dir+"/`") {
			t.Errorf("README.md's Layout does not name `%s`", dir)
		}
	}
}
