package views

import (
	"fmt"
	"strings"
)

// ParseLayers reads a layer list as lagscope shot's --layers and a
// preset moment's layers write it: a comma list applied left to right,
// each item "default" (the window's first-run set), "all", a layer to
// add by its sidecar name, or "-name" to take one away.
// "default,projectile_debug" is the default set plus Projectile Debug
// Mode; "all,-labels" everything but labels.
func ParseLayers(s string) (Layers, error) {
	var l Layers
	byName := layerFields()
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		name, remove := strings.CutPrefix(item, "-")
		switch {
		case item == "default":
			d := DefaultLayers()
			for _, n := range LayerNames {
				*n.Field(&l) = *n.Field(&l) || *n.Field(&d)
			}
		case item == "all" || item == "-all":
			for _, n := range LayerNames {
				*n.Field(&l) = !remove
			}
		case byName[name] != nil:
			*byName[name](&l) = !remove
		default:
			return l, fmt.Errorf("unknown layer %q; want a comma list of default, all, a name to add or -name to remove; names: %s",
				item, strings.Join(LayerKeys(), ","))
		}
	}
	return l, nil
}

// layerFields maps each layer's sidecar (JSON) name to its field.
func layerFields() map[string]func(*Layers) *bool {
	m := map[string]func(*Layers) *bool{}
	for _, n := range LayerNames {
		var one Layers
		*n.Field(&one) = true
		for k, on := range one.byName() {
			if on {
				m[k] = n.Field
			}
		}
	}
	return m
}
