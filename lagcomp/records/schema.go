package records

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"lagscope/lagcomp/packetlog"
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

// packetOwn are the schema of the packet line's keys that are no header
// field's on their own: records writes them (Packet).
var packetOwn = map[string]string{
	"type":       `{"const": "packet"}`,
	"direction":  `{"enum": ["up", "down"], "description": "up: client to server"}`,
	"client":     `{"type": "string", "description": "whose connection: shooter, victim, observerN"}`,
	"channel":    `{"enum": ["game", "weapon"], "description": "weapon: the weapon channel's own links"}`,
	"arrival_ms": `{"$ref": "#/$defs/msOrNull", "description": "when the copy reached the other end; null when lost"}`,
	"lost":       `{"type": "boolean"}`,
	"shots":      `{"type": "array", "items": {"$ref": "#/$defs/count"}, "description": "every shot whose command it carries as its own: those fired since the last command packet"}`,
	"backup":     `{"type": "array", "items": {"$ref": "#/$defs/count"}, "description": "cl_cmdbackup: the shots repeated in it"}`,
	"messages": `{"type": "array", "items": {"type": "object", "required": ["kind", "id", "channel", "resends", "shot"], "additionalProperties": false,
          "properties": {"kind": {"type": "string"}, "id": {"$ref": "#/$defs/count"}, "channel": {"$ref": "#/$defs/count"}, "resends": {"$ref": "#/$defs/count"}, "shot": {"$ref": "#/$defs/count"}}}}`,
	"rules": `{"type": "array", "items": {"enum": ["outage", "disconnected"]}, "description": "what dropped it beyond the link's own loss: a scripted event"}`,
}

// fieldSchema is a header field's schema, by its form.
func fieldSchema(r *packetlog.Field) string {
	s := map[packetlog.Form]string{packetlog.FormCount: `"$ref": "#/$defs/count"`, packetlog.FormMs: `"$ref": "#/$defs/ms"`,
		packetlog.FormFlag: `"type": "boolean"`, packetlog.FormKind: `"type": "string"`}[r.Form]
	if r.Doc != "" {
		d, _ := json.Marshal(r.Doc)
		s += `, "description": ` + string(d)
	}
	return "{" + s + "}"
}

// PacketSchema is the JSON Schema of the packet line, as
// docs/records.schema.json holds it under $defs.packet (a test holds the
// two together; `make readme` rewrites it): its keys in the line's order
// (PacketJSON's, then the header's more rows), each header field's typed
// by its row in packetlog.Fields, the rest by packetOwn. A key with
// neither is an error naming it.
func PacketSchema() (string, error) {
	keys := typedKeys
	props := map[string]string{}
	for i := range packetlog.Fields {
		if r := &packetlog.Fields[i]; r.Key != "" {
			props[r.Key] = fieldSchema(r)
		}
	}
	for _, i := range moreRows {
		keys = append(keys, packetlog.Fields[i].Key)
	}
	var b strings.Builder
	b.WriteString(`{
      "type": "object",
      "description": "One packet copy (` + "`sim --json --packets`" + ` only), in sending order before the summary: a line per copy a link delivered, one per packet lost; lagscope's own, not read by ` + "`lagscope records`" + `.",
      "required": [`)
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", k)
	}
	b.WriteString("],\n      \"properties\": {\n")
	for i, k := range keys {
		p, ok := props[k]
		if !ok {
			p, ok = packetOwn[k]
		}
		if !ok {
			return "", fmt.Errorf("the packet line's key %q has no schema: a header field's row in packetlog.Fields, or packetOwn", k)
		}
		fmt.Fprintf(&b, "        %q: %s", k, p)
		if i < len(keys)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString(`      },
      "additionalProperties": false,
      "if": {"properties": {"lost": {"const": true}}},
      "then": {"properties": {"arrival_ms": {"type": "null"}}},
      "else": {"properties": {"arrival_ms": {"type": "number"}}}
    }`)
	return b.String(), nil
}
