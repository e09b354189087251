package capture

import (
	"fmt"
	"slices"

	"lagscope/lagcomp"
	"lagscope/lagcomp/events"
	"lagscope/lagcomp/sweep"
	"lagscope/presets"
)

// A sidecar whose script replays a trace (a trace key naming a file)
// makes its picture again only from the same bytes: it carries each
// trace file's SHA-256 (Traces), and Read refuses a sidecar whose trace
// file changed since, or that names a trace without its hash — a changed
// file would otherwise draw another picture under the same recipe,
// silently.

// tracePaths are the files — traces and a population — a sidecar's
// script (its keys and its events' key changes) and A/B name, each once,
// in a stable order, with the key that names each.
func tracePaths(sc *Sidecar) []string {
	paths, _ := namedFiles(sc)
	return paths
}

// namedFiles are tracePaths and, by path, the key naming each.
func namedFiles(sc *Sidecar) ([]string, map[string]string) {
	var out []string
	keyOf := map[string]string{}
	add := func(k, v string) {
		if p, ok := lagcomp.Lookup(k); ok && lagcomp.NamesFile(p, v) && !slices.Contains(out, v) {
			out = append(out, v)
			keyOf[v] = k
		}
	}
	maps := []map[string]string{sc.Script.Base}
	for _, in := range sc.Script.Inputs {
		maps = append(maps, in.Config)
	}
	// a trace an event sets mid-run is replayed as much as one set from
	// the start
	addEvents := func(script string) {
		if evs, err := events.Parse(script); err == nil {
			for _, e := range evs {
				for _, st := range e.Set {
					add(st.Key, st.Value)
				}
			}
		}
	}
	for _, m := range maps {
		for _, k := range []string{"trace", "up_trace", "down_trace", "population"} {
			add(k, m[k])
		}
		addEvents(m["events"])
	}
	if sc.Compare != "" {
		if ch, err := sweep.ParseChanges(sc.Compare); err == nil {
			for _, s := range ch {
				v, _ := s.Value.(string)
				add(s.Key, v)
				if s.Key == "events" {
					addEvents(v)
				}
			}
		}
	}
	slices.Sort(out)
	return out, keyOf
}

// stampTraces records the hash of every trace the sidecar replays, as
// this process replayed it.
func stampTraces(sc *Sidecar) error {
	paths, keyOf := namedFiles(sc)
	if len(paths) == 0 {
		sc.Traces = nil
		return nil
	}
	sc.Traces = map[string]string{}
	for _, p := range paths {
		h, err := presets.FileHash(keyOf[p], p)
		if err != nil {
			return err
		}
		sc.Traces[p] = "sha256:" + h
	}
	return nil
}

// checkTraces refuses a sidecar whose trace files are not the bytes it
// was made from.
func checkTraces(sc *Sidecar) error {
	paths, keyOf := namedFiles(sc)
	for _, p := range paths {
		want, ok := sc.Traces[p]
		if !ok {
			return fmt.Errorf("traces: the script reads file %s (%s) but the sidecar holds no hash of it, so a changed file could not be told: refusing to redraw (make the picture again with lagscope shot)", p, keyOf[p])
		}
		h, err := presets.FileHash(keyOf[p], p)
		if err != nil {
			return fmt.Errorf("traces: %w", err)
		}
		if got := "sha256:" + h; got != want {
			return fmt.Errorf("traces: %s file %s changed since the sidecar was written (%s then, %s now): refusing to draw another picture under the same recipe", fileKind(keyOf[p]), p, short(want), short(got))
		}
	}
	return nil
}

func short(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}

// fileKind names what a file key reads: a population or a trace.
func fileKind(k string) string {
	if k == "population" {
		return "population"
	}
	return "trace"
}
