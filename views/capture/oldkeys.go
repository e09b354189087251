package capture

import (
	"fmt"
	"slices"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
)

// CurrentKeys puts the keys a sidecar names by an old name (an old
// sidecar's script, key_params or compare) under their current names, so
// it renders as it did and what is written out again uses the new names.
// It returns one note per old name; a key given by both names in one
// place is an error.
func CurrentKeys(sc *Sidecar) ([]string, error) {
	var notes []string
	note := func(old string) {
		if _, n := lagcomp.Renamed(old); !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	rename := func(where string, m map[string]string) error {
		for _, k := range sortedKeys(m) {
			cur, n := lagcomp.Renamed(k)
			if n == "" {
				continue
			}
			if _, both := m[cur]; both {
				return fmt.Errorf("%s: key %q and its old name %q are both given (allowed: each key once)", where, cur, k)
			}
			m[cur] = m[k]
			delete(m, k)
			note(k)
		}
		return nil
	}
	if err := rename("script base", sc.Script.Base); err != nil {
		return nil, err
	}
	for i := range sc.Script.Inputs {
		if err := rename(fmt.Sprintf("script input %d", i+1), sc.Script.Inputs[i].Config); err != nil {
			return nil, err
		}
	}
	for i, k := range sc.KeyParams {
		if cur, n := lagcomp.Renamed(k); n != "" {
			sc.KeyParams[i] = cur
			note(k)
		}
	}
	// a key that has since become a shorthand for several (victim_latency_ms
	// sets victim_up_ms and victim_down_ms) is shown as the keys it sets
	var kp []string
	for _, k := range sc.KeyParams {
		if p, ok := lagcomp.Lookup(k); ok && p.Alias && len(p.Sets) > 0 {
			kp = append(kp, p.Sets...)
			n := fmt.Sprintf("key_params: %q now sets %s; shown as those", k, strings.Join(p.Sets, " and "))
			if !slices.Contains(notes, n) {
				notes = append(notes, n)
			}
			continue
		}
		kp = append(kp, k)
	}
	sc.KeyParams = kp
	if ns := lagcomp.RenameNotes(sc.Compare); len(ns) > 0 {
		changes, err := sweep.ParseChanges(sc.Compare) // current names
		if err != nil {
			return nil, fmt.Errorf("compare: %w", err)
		}
		parts := make([]string, len(changes))
		for i, c := range changes {
			parts[i] = fmt.Sprintf("%s=%v", c.Key, c.Value)
		}
		sc.Compare = strings.Join(parts, ",")
		for _, n := range ns {
			if !slices.Contains(notes, n) {
				notes = append(notes, n)
			}
		}
	}
	return notes, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
