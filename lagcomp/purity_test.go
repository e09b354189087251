package lagcomp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The simulation must be a function of its seed: no wall clock, no global
// random source, and no iteration over a map (whose order Go randomises).
// This reads the source of model/, lagcomp/ and its technique packages to
// hold that line.
// impure are the sub-packages outside the simulation that may read the
// clock or the files: none yet.
var impure = map[string]bool{}

func TestSimulationHasNoHiddenInputs(t *testing.T) {
	// every sub-package, whether or not it has a doc.go: a package that
	// forgets its comment must not escape the check
	subs, _ := filepath.Glob("*/*.go")
	dirs := []string{".", "../model"}
	for _, d := range subs {
		if dir := filepath.Dir(d); !slices.Contains(dirs, dir) && !impure[dir] {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) < 5 {
		t.Fatalf("found only %v: the technique packages moved?", dirs)
	}
	for _, dir := range dirs {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		fset := token.NewFileSet()
		var files []*ast.File
		maps := map[string]bool{}
		for _, f := range paths {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, file)
			for name := range mapNames(file) {
				maps[name] = true
			}
		}
		for _, file := range files {
			checkPure(t, fset, file, maps)
		}
	}
}

func checkPure(t *testing.T, fset *token.FileSet, file *ast.File, maps map[string]bool) {
	f := fset.Position(file.Pos()).Filename
	for _, imp := range file.Imports {
		switch imp.Path.Value {
		case `"time"`, `"math/rand"`, `"crypto/rand"`, `"os"`:
			t.Errorf("%s imports %s", f, imp.Path.Value)
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "rand" && sel.Sel.Name != "New" && sel.Sel.Name != "NewPCG" {
					t.Errorf("%s: global rand.%s", fset.Position(call.Pos()), sel.Sel.Name)
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "uuid" && sel.Sel.Name != "NewRandomFromReader" {
					t.Errorf("%s: uuid.%s draws from outside the seed", fset.Position(call.Pos()), sel.Sel.Name)
				}
			}
		}
		if r, ok := n.(*ast.RangeStmt); ok {
			name := ""
			switch x := r.X.(type) {
			case *ast.Ident:
				name = x.Name
			case *ast.SelectorExpr:
				name = x.Sel.Name
			}
			if maps[name] && !orderFree(fset, r) {
				t.Errorf("%s: ranges over map %s (mark a loop whose order cannot matter with // order-free: why)", fset.Position(r.Pos()), name)
			}
		}
		return true
	})
}

// orderFree reports whether the range statement's line carries the
// "// order-free:" marker, a reviewed claim that order cannot matter.
func orderFree(fset *token.FileSet, r *ast.RangeStmt) bool {
	pos := fset.Position(r.Pos())
	src, err := os.ReadFile(pos.Filename)
	if err != nil {
		return false
	}
	lines := strings.Split(string(src), "\n")
	return pos.Line-1 < len(lines) && strings.Contains(lines[pos.Line-1], "// order-free:")
}

// mapNames collects the names this file declares with a map type: struct
// fields, vars and := of a map literal.
func mapNames(file *ast.File) map[string]bool {
	names := map[string]bool{}
	isMap := func(e ast.Expr) bool {
		if c, ok := e.(*ast.CompositeLit); ok {
			e = c.Type
		}
		_, ok := e.(*ast.MapType)
		return ok
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Field:
			if isMap(x.Type) {
				for _, id := range x.Names {
					names[id.Name] = true
				}
			}
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if (x.Type != nil && isMap(x.Type)) || (i < len(x.Values) && isMap(x.Values[i])) {
					names[id.Name] = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && i < len(x.Rhs) && isMap(x.Rhs[i]) {
					names[id.Name] = true
				}
			}
		}
		return true
	})
	return names
}
