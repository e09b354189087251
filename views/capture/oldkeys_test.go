package capture

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"lagscope/lagcomp"
	"lagscope/lagcomp/timeline"
)

// An old sidecar that names keys by their old names (in its script, its
// key_params and its compare) reads as the same recipe with the new
// names, with one note per old name; writing it again uses the new names.
func TestOldSidecarKeysReadAsTheNewOnes(t *testing.T) {
	var pairs [][2]string
	for _, p := range lagcomp.Params {
		for _, old := range lagcomp.Keys.OldNames(p.Key) {
			pairs = append(pairs, [2]string{old, p.Key})
		}
	}
	if len(pairs) == 0 {
		t.Skip("no renamed keys")
	}
	for _, pair := range pairs {
		old, cur := pair[0], pair[1]
		p, _ := lagcomp.Lookup(cur)
		sc := sidecar()
		c := lagcomp.Defaults()
		if err := lagcomp.Apply(&c, []lagcomp.Setting{{Key: cur, Value: "12.5"}}); err != nil {
			t.Fatal(err)
		}
		sc.Script.Base = lagcomp.ConfigMap(&c)
		sc.Script.Inputs = []timeline.ScriptInput{{TUs: 1000, Config: lagcomp.ConfigMap(&c)}}
		sc.Compare = cur + "=20,mode=none"
		if !p.Alias {
			sc.KeyParams = []string{cur}
		}
		data, err := json.Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		// the old sidecar: a one-way key by its old name everywhere
		text := strings.ReplaceAll(string(data), `"`+cur+`"`, `"`+old+`"`)
		text = strings.ReplaceAll(text, `"`+cur+`=20`, `"`+old+`=20`)
		if text == string(data) {
			t.Fatalf("%s: nothing to rename in %s", cur, data)
		}
		path := filepath.Join(t.TempDir(), "old.json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		back, err := Read(path)
		if err != nil {
			t.Fatalf("%s: %v", old, err)
		}
		want := path + `: key "` + old + `" is now called "` + cur + `"`
		if len(back.Notes) != 1 || !strings.HasPrefix(back.Notes[0], want) {
			t.Errorf("%s: notes %q, want one starting %q", old, back.Notes, want)
		}
		back.Notes = nil
		if !reflect.DeepEqual(back, sc) {
			t.Errorf("%s: read back\n%+v\nwant\n%+v", old, back, sc)
		}
	}
	// a key by both names in one map is a key given twice
	sc := sidecar()
	sc.Script.Base["up_burst_loss_pct"] = "1"
	data, _ := json.Marshal(sc)
	path := filepath.Join(t.TempDir(), "both.json")
	os.WriteFile(path, data, 0o644)
	if _, err := Read(path); err == nil || !strings.Contains(err.Error(), "each key once") {
		t.Errorf("both names: %v", err)
	}
}
