package clone

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writePkg(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Each tag writes its copy; an unmarked struct gets none; the hand tag
// calls cloneHand once, after the rest.
func TestEachTagWritesItsCopy(t *testing.T) {
	dir := writePkg(t, `package p

//clone:gen
type A struct {
	n    int
	xs   []int `+"`clone:\"slice\"`"+`
	p    *int  `+"`clone:\"ptr\"`"+`
	q    *B    `+"`clone:\"Clone?\"`"+`
	bs   []*B  `+"`clone:\"each\"`"+`
	z    B     `+"`clone:\"zero\"`"+`
	gone []int `+"`clone:\"nil\"`"+`
	h, k []int `+"`clone:\"hand\"`"+`
	s    []int `+"`clone:\"share\"`"+`
}

type B struct{ xs []int }
`)
	b, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{"func (a *A) clone() *A {", "c.xs = slices.Clone(a.xs)", "c.p = clonePtr(a.p)",
		"if a.q != nil {\n\t\tc.q = a.q.Clone()", "c.bs = make([]*B, len(a.bs))", "c.bs[i] = e.clone()", "c.z = B{}",
		"c.gone = nil", "a.cloneHand(&c)\n\treturn &c"} {
		if !strings.Contains(got, want) {
			t.Errorf("generated:\n%s\nwant %q in it", got, want)
		}
	}
	if strings.Count(got, "cloneHand") != 1 || strings.Contains(got, "a.s") || strings.Contains(got, "func (b *B)") {
		t.Errorf("generated:\n%s\nwant one cloneHand call, nothing for the shared field or the unmarked struct", got)
	}
}

// A tag the generator does not know fails go generate, naming the field.
func TestUnknownTagIsRefused(t *testing.T) {
	dir := writePkg(t, "package p\n\n//clone:gen\ntype A struct {\n\txs []int `clone:\"deep\"`\n}\n")
	_, err := Generate(dir)
	if err == nil || !strings.Contains(err.Error(), "A.xs") || !strings.Contains(err.Error(), `"deep"`) {
		t.Fatalf("err %v, want one naming A.xs and its tag", err)
	}
}
