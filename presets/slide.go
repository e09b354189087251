package presets

import (
	"fmt"

	"lagscope/lagcomp/moments"
)

// A moment's slide is read here as TOML (strings, a list of panes) and
// checked against what draws it by moments.CheckSlide, which the
// capture package sets (views.CheckSlide and the compare's keys): the
// views are theirs to name, and their tests load presets, so this
// package imports neither. Every program that draws a slide (lagscope's
// shot and window) links capture; one that does not (a lagcomp test
// loading a preset for its settings) reads the slide unchecked and
// never draws it.

// parseSlideKey reads one slide key of a moment into sl.
func parseSlideKey(sl *moments.Slide, k string, v any) error {
	s, isString := v.(string)
	switch k {
	case "panes":
		list, ok := v.([]any)
		if !ok || len(list) == 0 {
			return fmt.Errorf("key \"panes\": want a list of views, e.g. panes = [\"server\", \"target\"]")
		}
		for _, p := range list {
			ps, ok := p.(string)
			if !ok {
				return fmt.Errorf("key \"panes\": %v is not a view's name in quotes", p)
			}
			sl.Panes = append(sl.Panes, ps)
		}
		return nil
	}
	if !isString || s == "" {
		return fmt.Errorf("key %q: want a name in quotes, e.g. %s", k, slideExample[k])
	}
	switch k {
	case "view":
		sl.View = s
	case "layout":
		sl.Layout = s
	case "focus":
		sl.Focus = s
	case "layers":
		sl.Layers = s
	case "compare":
		sl.Compare = s
	}
	return nil
}

// slideExample is an example of each string key, for an error.
var slideExample = map[string]string{
	"view":    `view = "shooter"`,
	"layout":  `layout = "1x2"`,
	"focus":   `focus = "target"`,
	"layers":  `layers = "default,interp_buffer" (a --layers list)`,
	"compare": `compare = "mode=none" (k=v[,k=v…])`,
}

// checkSlide checks the slide's values and keys together, when the
// views are linked (moments.CheckSlide).
func checkSlide(sl moments.Slide) error {
	if moments.CheckSlide == nil {
		return nil
	}
	return moments.CheckSlide(sl)
}
