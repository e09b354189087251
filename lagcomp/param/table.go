package param

import (
	"fmt"
	"slices"
)

// Table is every key of a configuration C, in the order they are
// documented, and the old names keys were once known by.
type Table[C any] struct {
	Params []*Param[C]
	// renamed maps an old key name to its current one: a file or command
	// line that still says the old name works, with a note (Renamed).
	renamed map[string]string
}

// NewTable makes the table of params; renamed maps old key names to
// current ones.
func NewTable[C any](params []*Param[C], renamed map[string]string) *Table[C] {
	return &Table[C]{Params: params, renamed: renamed}
}

// Setting is one key = value to apply.
type Setting struct {
	Key   string
	Value any // typed (from a file) or string (from --set)
}

// Lookup finds a key, by its name or by an old name it had; keys are
// exact, so a case variant is not found.
func (t *Table[C]) Lookup(key string) (*Param[C], bool) {
	if cur, ok := t.renamed[key]; ok {
		key = cur
	}
	i := slices.IndexFunc(t.Params, func(p *Param[C]) bool { return p.Key == key })
	if i < 0 {
		return nil, false
	}
	return t.Params[i], true
}

// Renamed is key's current name and, when key is an old name, the note
// that says so ("" otherwise): an old name still works, but what is
// written out (sidecars, saved presets, tables) uses the new one.
func (t *Table[C]) Renamed(key string) (current, note string) {
	cur, ok := t.renamed[key]
	if !ok {
		return key, ""
	}
	return cur, fmt.Sprintf("key %q is now called %q (the old name still works; write the new one)", key, cur)
}

// OldNames lists the old names of key, for docs.
func (t *Table[C]) OldNames(key string) []string {
	var out []string
	for old, cur := range t.renamed { // order-free: sorted below
		if cur == key {
			out = append(out, old)
		}
	}
	slices.Sort(out)
	return out
}

// Defaults is the configuration every key's Default makes, over base
// (which holds what no key sets).
func (t *Table[C]) Defaults(base C) C {
	for _, p := range t.Params {
		if p.Alias || p.Default == nil {
			continue
		}
		if err := p.Set(&base, p.Default); err != nil {
			panic(fmt.Sprintf("param: the default of %s: %v", p.Key, err)) // a declaration error, caught by the tests
		}
	}
	return base
}

// Apply sets every key in order of precedence (lowest Order first; ties
// in the order given). The first bad key stops it with an error naming
// the key and its allowed range; an unknown key suggests the nearest
// known one.
func (t *Table[C]) Apply(c *C, settings []Setting) error {
	type item struct {
		p *Param[C]
		s Setting
	}
	items := make([]item, 0, len(settings))
	for _, s := range settings {
		p, ok := t.Lookup(s.Key)
		if !ok {
			return t.UnknownKey(s.Key)
		}
		items = append(items, item{p, s})
	}
	slices.SortStableFunc(items, func(a, b item) int { return a.p.Order - b.p.Order })
	for _, it := range items {
		var err error
		if str, ok := it.s.Value.(string); ok && it.p.Kind != KindEnum && it.p.Kind != KindText {
			err = it.p.SetString(c, str)
		} else {
			err = it.p.Set(c, it.s.Value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// UnknownKey is the error for a key that does not exist, suggesting the
// nearest one that does.
func (t *Table[C]) UnknownKey(key string) error {
	keys := make([]string, len(t.Params))
	for i, p := range t.Params {
		keys[i] = p.Key
	}
	if best := Nearest(key, keys); best != "" {
		return fmt.Errorf("unknown key %q (did you mean %q? keys are exact and lower case)", key, best)
	}
	return fmt.Errorf("unknown key %q (lagscope keys lists them)", key)
}

// Diff lists the keys whose values differ between a and b, in table
// order: the caption of a screenshot, the body of a saved preset.
func (t *Table[C]) Diff(a, b *C) []Setting {
	var out []Setting
	for _, p := range t.Params {
		if p.Alias || p.Read == nil {
			continue
		}
		if p.Format(a) != p.Format(b) {
			out = append(out, Setting{p.Key, p.Get(b)})
		}
	}
	return out
}
