package records

import (
	"encoding/json"
	"math"
)

// SummarySchema is the JSON Schema of the summary line, read from the
// figures' declarations: docs/records.schema.json holds it under
// $defs.summary (a test holds the two together; `make readme` rewrites
// it). Every figure may be null: the run's own line prints null for a
// mean over nothing, and `lagscope records` for a figure the records do
// not carry.
func SummarySchema() json.RawMessage {
	props := map[string]any{}
	var required []string
	for _, d := range declared {
		if !d.OmitZero { // left out at 0
			required = append(required, d.Name)
		}
		if d.Name == "type" {
			props[d.Name] = map[string]any{"const": "summary"}
			continue
		}
		p := map[string]any{"description": d.Doc}
		switch {
		case d.Keyed:
			p["type"] = []string{"object", "null"}
			p["additionalProperties"] = map[string]any{"type": "integer", "minimum": 0}
			if d.From == "packet" { // a key no packet line holds is null from `lagscope records` (packets.up_gave_up)
				p["additionalProperties"] = map[string]any{"type": []string{"integer", "null"}, "minimum": 0}
			}
		case d.count:
			p["type"] = []string{"integer", "null"}
			p["minimum"] = 0
		default:
			p["type"] = []string{"number", "null"}
			if !math.IsInf(d.Bounds.Lo, 0) {
				p["minimum"] = d.Bounds.Lo
			}
			if !math.IsInf(d.Bounds.Hi, 0) {
				p["maximum"] = d.Bounds.Hi
			}
		}
		if d.From == "" {
			p["description"] = d.Doc + " (not in the records: null from `lagscope records`)"
		}
		props[d.Name] = p
	}
	b, _ := json.MarshalIndent(map[string]any{
		"type":                 "object",
		"description":          "The run's figures, each declared once in the code (README: the summary's figures); the last line of `sim --json`, and what `lagscope records` recomputes from the records.",
		"required":             required,
		"additionalProperties": false,
		"properties":           props,
	}, "    ", "  ")
	return b
}
