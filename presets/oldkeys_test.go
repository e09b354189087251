package presets

import (
	"reflect"
	"strings"
	"testing"

	"lagscope/lagcomp"
)

// renamedPairs are every (old name, current key) pair.
func renamedPairs(t *testing.T) [][2]string {
	var pairs [][2]string
	for _, p := range lagcomp.Params {
		for _, old := range lagcomp.Keys.OldNames(p.Key) {
			pairs = append(pairs, [2]string{old, p.Key})
		}
	}
	if len(pairs) == 0 {
		t.Skip("no renamed keys")
	}
	return pairs
}

// A preset file that writes a key by its old name gives the same
// configuration as the new name, with a note naming the file, the line
// and the new key; key_params too. Written out, it has the new name.
func TestOldKeyNamesLoadWithANote(t *testing.T) {
	for _, pair := range renamedPairs(t) {
		old, cur := pair[0], pair[1]
		head := "description = \"x\"\n"
		one := func(k string) string { return head + k + " = 12.5\n" }
		po, err := Parse("old.toml", []byte(one(old)))
		if err != nil {
			t.Fatalf("%s: %v", old, err)
		}
		pn, err := Parse("new.toml", []byte(one(cur)))
		if err != nil {
			t.Fatal(err)
		}
		co, err := po.Config()
		if err != nil {
			t.Fatal(err)
		}
		cn, _ := pn.Config()
		if !reflect.DeepEqual(co, cn) {
			t.Errorf("%s = 12.5 and %s = 12.5 give different configurations", old, cur)
		}
		want := `old.toml:2: key "` + old + `" is now called "` + cur + `"`
		if len(po.Notes) != 1 || !strings.HasPrefix(po.Notes[0], want) {
			t.Errorf("%s: notes %q, want one starting %q", old, po.Notes, want)
		}
		if len(pn.Notes) != 0 {
			t.Errorf("%s: notes %q for a current name", cur, pn.Notes)
		}
		if po.Settings[0].Key != cur {
			t.Errorf("%s: read as %q, want %q", old, po.Settings[0].Key, cur)
		}
		if out := string(Format("x", "", &co)); strings.Contains(out, old+" ") || !strings.Contains(out, cur+" = 12.5") {
			t.Errorf("%s: written out as\n%s", old, out)
		}
		if p, _ := lagcomp.Lookup(cur); !p.Alias { // key_params names keys with one value
			pk, err := Parse("old.toml", []byte(head+"key_params = [\""+old+"\"]\n"))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(pk.KeyParams, []string{cur}) || len(pk.Notes) != 1 || !strings.Contains(pk.Notes[0], "key_params") {
				t.Errorf("key_params [%q]: %q, notes %q", old, pk.KeyParams, pk.Notes)
			}
		}
		// both names in one file: a key written twice
		for _, body := range []string{old + " = 1\n" + cur + " = 2\n", cur + " = 1\n" + old + " = 2\n"} {
			_, err := Parse("both.toml", []byte(head+body))
			if err == nil || !strings.Contains(err.Error(), "both.toml:3:") || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "each key once") {
				t.Errorf("%q: %v", body, err)
			}
		}
	}
}
