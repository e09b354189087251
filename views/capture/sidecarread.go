package capture

import (
	"encoding/json"
	"fmt"
	"strings"

	"lagscope/views"
)

// layersLeftOut notes the layers a sidecar does not give: they draw as
// shot draws them by default (views.DefaultLayers), not all off — a
// sidecar without "layers" drew an empty world. Each layer lagscope
// writes, so only a hand-written or foreign sidecar has a note.
func layersLeftOut(data []byte) []string {
	var top struct {
		Layers map[string]json.RawMessage `json:"layers"`
	}
	if json.Unmarshal(data, &top) != nil {
		return nil
	}
	if top.Layers == nil {
		return []string{"no layers: drawn with the default layers (as shot --layers default)"}
	}
	var out []string
	def := views.DefaultLayers()
	for _, k := range views.LayerKeys() {
		if _, ok := top.Layers[k]; !ok {
			out = append(out, fmt.Sprintf("%s=%v", k, def.On(k)))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return []string{"layers: " + strings.Join(out, ", ") + " not given: as the defaults"}
}

// DrawnBy makes the sidecar's version the one drawing it, so the caption
// names what drew the picture (a sidecar claiming 9.9.9 had a 0.2.0
// picture captioned "lagscope 9.9.9") and the sidecar written beside it
// says the same. It returns a note naming the version the sidecar said,
// when that differs. A newer sidecar is not refused for its number: Read
// refuses any field this version does not know, so one that reads is one
// it draws.
func (s *Sidecar) DrawnBy(version string) (note string) {
	if s.Version == version {
		return ""
	}
	note = fmt.Sprintf("the sidecar was written by lagscope %q; drawn and captioned by lagscope %s", s.Version, version)
	s.Version = version
	return note
}
