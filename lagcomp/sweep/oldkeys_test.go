package sweep

import (
	"reflect"
	"testing"

	"lagscope/lagcomp"
)

// --vary and --compare take a key's old name as the new one, and say the
// new one in what they give back (a table's column, an A/B's title).
func TestOldKeyNamesVaryAndCompareAsTheNewOnes(t *testing.T) {
	n := 0
	for _, p := range lagcomp.Params {
		for _, old := range lagcomp.Keys.OldNames(p.Key) {
			n++
			vo, err := ParseVary(old + "=0:20:10")
			if err != nil {
				t.Fatalf("%s: %v", old, err)
			}
			vn, _ := ParseVary(p.Key + "=0:20:10")
			if !reflect.DeepEqual(vo, vn) {
				t.Errorf("--vary %s: %+v, want %+v", old, vo, vn)
			}
			co, err := ParseChanges(old + "=5,mode=none")
			if err != nil {
				t.Fatalf("%s: %v", old, err)
			}
			cn, _ := ParseChanges(p.Key + "=5,mode=none")
			if !reflect.DeepEqual(co, cn) || Title(co, "") != Title(cn, "") {
				t.Errorf("--compare %s: %+v, want %+v", old, co, cn)
			}
			if _, err := ParseChanges(old + "=5," + p.Key + "=6"); err == nil {
				t.Errorf("--compare %s and %s: one key changed twice, taken", old, p.Key)
			}
			if notes := lagcomp.RenameNotes(old + "=5,mode=none"); len(notes) != 1 {
				t.Errorf("notes for %s: %q", old, notes)
			}
		}
	}
	if n == 0 {
		t.Skip("no renamed keys")
	}
}
