package presets

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/events"
	"lagscope/model"
)

// A preset's scripted events (lagcomp/events), written as [[events]]
// tables, each with at_ms and exactly one of set (a table of keys, with
// for_ms to put them back after a while), outage_ms or disconnect_ms,
// and for an outage or a disconnect an optional client:
//
//	[[events]]
//	at_ms = 3000
//	set = { latency_ms = 200 }
//
//	[[events]]
//	at_ms = 5000
//	outage_ms = 1000
//
//	[[events]]
//	at_ms = 7000
//	disconnect_ms = 2000
//	client = "victim"
//
// They become the key events in its text form; events = "3s:outage=1s"
// is read as that key.

// eventKeys are the keys an event may have.
var eventKeys = []string{"at_ms", "set", "for_ms", "outage_ms", "disconnect_ms", "client"}

// parseEvents checks a list of event tables strictly (every error names
// the file, the line of the event, the key and what is allowed) and
// returns the script's text.
func parseEvents(name string, data []byte, v any) (string, error) {
	if s, ok := v.(string); ok { // the key's own text form
		if _, err := events.Parse(s); err != nil {
			return "", fmt.Errorf("%s:%d: key \"events\": %w", name, lineOf(data, "events"), err)
		}
		return s, nil
	}
	list, ok := tables(v)
	if !ok {
		return "", fmt.Errorf("%s:%d: key \"events\": want [[events]] tables (at_ms and one of set, outage_ms, disconnect_ms) or the text form, e.g. events = \"3s:outage=1s\"", name, lineOf(data, "events"))
	}
	var parts []string
	for i, m := range list {
		e, err := parseEvent(m, filepath.Dir(name))
		if err != nil {
			return "", fmt.Errorf("%s:%d: event %d: %w", name, eventLine(data, i), i+1, err)
		}
		parts = append(parts, e.String())
	}
	text := strings.Join(parts, "; ")
	if _, err := events.Parse(text); err != nil { // overlaps
		return "", fmt.Errorf("%s:%d: key \"events\": %w", name, lineOf(data, "events"), err)
	}
	return text, nil
}

// parseEvent reads one event table; dir is the preset's directory, which
// a file key's relative path in its set is relative to.
func parseEvent(m map[string]any, dir string) (events.Event, error) {
	e := events.Event{Client: events.All}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the same error whatever the map's order
	has := map[string]bool{}
	for _, k := range keys {
		v := m[k]
		has[k] = true
		switch k {
		case "at_ms", "for_ms", "outage_ms", "disconnect_ms":
			f, ok := number(v)
			lo := 0.0
			if k != "at_ms" {
				lo = 1e-3 // a duration lasts
			}
			if !ok || f < lo || f > events.MaxAt.Millis() {
				what := "0"
				if k != "at_ms" {
					what = "above 0"
				}
				return e, fmt.Errorf("key %q: %v is out of range (allowed: %s to %d ms)", k, v, what, events.MaxAt/model.Millisecond)
			}
			t := model.MsF(f)
			switch k {
			case "at_ms":
				e.At = t
			case "for_ms":
				e.For = t
			case "outage_ms":
				e.Kind, e.Dur = events.Outage, t
			default:
				e.Kind, e.Dur = events.Disconnect, t
			}
		case "client":
			s, _ := v.(string)
			c, err := events.ParseClient(s)
			if err != nil {
				return e, fmt.Errorf("key \"client\": %w", err)
			}
			e.Client = c
		case "set":
			t, ok := v.(map[string]any)
			if !ok || len(t) == 0 {
				return e, fmt.Errorf("key \"set\": want a table of keys, e.g. set = { latency_ms = 200 }")
			}
			sk := make([]string, 0, len(t))
			for k := range t {
				sk = append(sk, k)
			}
			slices.Sort(sk)
			for _, k := range sk {
				val, err := eventSetting(k, t[k], dir)
				if err != nil {
					return e, fmt.Errorf("set: %w", err)
				}
				e.Set = append(e.Set, events.Setting{Key: k, Value: val})
			}
		default:
			return e, fmt.Errorf("unknown key %q (allowed: %s)", k, strings.Join(eventKeys, ", "))
		}
	}
	ways := 0
	for _, k := range []string{"set", "outage_ms", "disconnect_ms"} {
		if has[k] {
			ways++
		}
	}
	switch {
	case !has["at_ms"]:
		return e, fmt.Errorf("key \"at_ms\" is missing: say when it happens")
	case ways != 1:
		return e, fmt.Errorf("give exactly one of set, outage_ms or disconnect_ms (got %d)", ways)
	case has["for_ms"] && !has["set"]:
		return e, fmt.Errorf("key \"for_ms\": only a key change (set) lasts for a while; an outage or a disconnect has its own duration")
	case has["client"] && has["set"]:
		return e, fmt.Errorf("key \"client\": a key change is every client's (keys are); only an outage or a disconnect hits one client")
	}
	// the text form's own checks (the end within an hour)
	if _, err := events.ParseOne(e.String()); err != nil {
		return e, err
	}
	return e, nil
}

// eventSetting checks one key of an event's set as the key itself would
// be checked in a preset, and that a running simulation can take it.
// A file key's relative path (a trace) is relative to the preset's file,
// as the same key's outside the events.
func eventSetting(key string, v any, dir string) (string, error) {
	p, ok := lagcomp.Lookup(key)
	switch {
	case !ok:
		return "", lagcomp.UnknownKey(key)
	case p.Key == "events":
		return "", fmt.Errorf("key \"events\": an event cannot change the script")
	case p.Restarts:
		return "", fmt.Errorf("key %q changes the world, which a running simulation cannot take (allowed: keys a slider changes live)", key)
	}
	if s, ok := v.(string); ok && lagcomp.NamesFile(p, s) && !filepath.IsAbs(s) {
		v = filepath.Join(dir, s)
	}
	probe := lagcomp.Defaults()
	if err := p.Set(&probe, v); err != nil {
		return "", err
	}
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case string:
		if strings.ContainsAny(x, ";,") {
			return "", fmt.Errorf("key %q: %q has a \";\" or \",\", which an event's text cannot hold", key, x)
		}
		return x, nil
	}
	return fmt.Sprint(v), nil
}

// eventLine is the line event i starts on: its [[events]] header, else
// the line of the key.
func eventLine(data []byte, i int) int {
	if locs := regexp.MustCompile(`(?m)^[ \t]*\[\[[ \t]*events[ \t]*\]\]`).FindAllIndex(data, -1); len(locs) > i {
		return bytes.Count(data[:locs[i][0]], []byte("\n")) + 1
	}
	return lineOf(data, "events")
}
