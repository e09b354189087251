package rule

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// declared is every constant of type Rule this package's files declare,
// by name, with its value.
func declared(t *testing.T) map[string]Rule {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Rule{}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, vs := range ruleConsts(f, func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == "Rule" }) {
				for i, n := range vs.Names {
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok {
						t.Fatalf("rule %s: declare its name as a string literal", n.Name)
					}
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out[n.Name] = Rule(v)
				}
			}
		}
	}
	return out
}

// ruleConsts are f's constant specs whose declared type isRule says is a
// Rule.
func ruleConsts(f *ast.File, isRule func(ast.Expr) bool) []*ast.ValueSpec {
	var out []*ast.ValueSpec
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			if vs := s.(*ast.ValueSpec); vs.Type != nil && isRule(vs.Type) {
				out = append(out, vs)
			}
		}
	}
	return out
}

// Every rule has its metadata: a stage, what it explains and words for
// people. A rule added to the constants without its line in the table
// fails here, and so does a line in the table for no constant.
func TestEveryRuleHasItsMetadata(t *testing.T) {
	consts := declared(t)
	if len(consts) < 20 {
		t.Fatalf("found only %d rule constants: the parse is wrong", len(consts))
	}
	named := map[Rule]string{}
	for name, r := range consts {
		if other, dup := named[r]; dup {
			t.Errorf("%s and %s both name %q", name, other, r)
		}
		named[r] = name
		m, ok := Of(r)
		switch {
		case !ok:
			t.Errorf("rule %s (%q) has no metadata: add its line to table in rule.go (stage, what it explains, doc)", name, r)
		case m.Stage.String() == "no stage":
			t.Errorf("rule %s (%q) has no stage: say where in the pipeline it applies", name, r)
		case m.Explains == 0 || m.Explains > Verdict:
			t.Errorf("rule %s (%q) does not say what it explains of the verdict (Nothing, ServerMiss, Refused, ClientVerdict, Verdict)", name, r)
		case strings.TrimSpace(m.Doc) == "":
			t.Errorf("rule %s (%q) has no words for people", name, r)
		}
	}
	seen := map[Rule]bool{}
	for _, m := range All() {
		if _, ok := named[m.Rule]; !ok {
			t.Errorf("table has metadata for %q, which no constant declares", m.Rule)
		}
		if seen[m.Rule] {
			t.Errorf("table lists %q twice", m.Rule)
		}
		seen[m.Rule] = true
	}
}

// Every rule is declared here: a constant of type Rule anywhere else in
// the module (as rule.Rule, or as Rule in a package that aliases it)
// would be a rule without metadata.
func TestRulesAreDeclaredOnlyHere(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	here, _ := filepath.Abs(".")
	fset := token.NewFileSet()
	files := map[string][]*ast.File{} // by directory
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Ext(path) != ".go" || filepath.Dir(path) == here {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files[filepath.Dir(path)] = append(files[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range files {
		aliased := false // the package says `type Rule = rule.Rule`
		for _, f := range pkg {
			ast.Inspect(f, func(n ast.Node) bool {
				if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "Rule" && ts.Assign.IsValid() && isRuleRule(ts.Type) {
					aliased = true
				}
				return true
			})
		}
		for _, f := range pkg {
			isRule := func(e ast.Expr) bool {
				id, ok := e.(*ast.Ident)
				return isRuleRule(e) || aliased && ok && id.Name == "Rule"
			}
			for _, vs := range ruleConsts(f, isRule) {
				for _, n := range vs.Names {
					t.Errorf("%s declares the rule %s: declare every rule in lagcomp/rule/rule.go with its metadata", fset.Position(n.Pos()), n.Name)
				}
			}
		}
	}
}

func isRuleRule(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "rule" && sel.Sel.Name == "Rule"
}
