// Package jsonkey finds a key a JSON object gives twice. Go's encoding/json
// keeps the last of two without a word, so a hand-edited file that gives a
// key twice is read as the reader may not have meant; lagscope's strict
// loaders (a capture's sidecar, a records line) refuse it instead, naming
// the key and both places.
package jsonkey

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Twice is a key given twice: its path from the top ("script.base.latency_ms",
// "rewound.x", "layers[2].name") and the byte offsets just past each of
// the two keys.
type Twice struct {
	Path          string
	First, Second int64
}

// Find returns the first key that data's objects give twice, at any depth,
// or nil. Malformed JSON returns nil: the decoder that reads it says where.
func Find(data []byte) *Twice {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var found *Twice
	var walk func(path string) bool // false: stop (found, or malformed)
	walk = func(path string) bool {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]int64{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				at := d.InputOffset()
				name := key
				if path != "" {
					name = path + "." + key
				}
				if first, ok := seen[key]; ok {
					found = &Twice{Path: name, First: first, Second: at}
					return false
				}
				seen[key] = at
				if !walk(name) {
					return false
				}
			}
		case json.Delim('['):
			for i := 0; d.More(); i++ {
				if !walk(fmt.Sprintf("%s[%d]", path, i)) {
					return false
				}
			}
		default:
			return true
		}
		_, err = d.Token() // the closing delimiter
		return err == nil
	}
	walk("")
	return found
}

// Line is the 1-based line of data that byte offset off lies on.
func Line(data []byte, off int64) int {
	return bytes.Count(data[:min(off, int64(len(data)))], []byte("\n")) + 1
}
