// Package weblink reads and writes the scenario a link names: the part
// of a URL after "#", as the browser page reads it at start and "Copy
// link" writes it,
//
//	#preset=behind-cover&moment=1&latency_ms=120
//
// a preset, one of its moments (counted from 1, as the Moments tab
// shows them) and keys set as --set sets them. It is pure Go without
// cgo, so the browser build, the window and the tests share it.
package weblink

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"lagscope/lagcomp"
	"lagscope/presets"
)

// The link's own names; every other name is a key (lagscope keys).
const (
	PresetName = "preset"
	MomentName = "moment"
)

// Link is the scenario a fragment names. The zero Link names nothing:
// the page opens on the preset it opened last.
type Link struct {
	Preset string            // an embedded preset's name; "" none given
	Moment int               // 1..the preset's moments; 0 none
	Set    []lagcomp.Setting // key=value in the order written, values as text
}

// Parse reads a fragment (with or without its "#"). A bad piece does
// not lose the others: the Link holds every piece that is good and the
// error names each bad one (its text, the key and what is allowed), so
// the page opens on what the link got right and says what it did not.
func Parse(fragment string) (Link, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	var (
		l    Link
		errs []error
		seen = map[string]bool{}
		bad  = func(piece, format string, a ...any) {
			errs = append(errs, fmt.Errorf("link: %q: %s", piece, fmt.Sprintf(format, a...)))
		}
		moment string // read once the preset is known
	)
	for _, piece := range strings.Split(fragment, "&") {
		if piece == "" {
			continue // "#" alone, "a=1&&b=2": nothing there
		}
		rawKey, rawVal, ok := strings.Cut(piece, "=")
		if !ok {
			bad(piece, "want name=value")
			continue
		}
		key, err1 := url.QueryUnescape(rawKey)
		val, err2 := url.QueryUnescape(rawVal)
		if err := errors.Join(err1, err2); err != nil {
			bad(piece, "not URL-encoded text (%v)", err)
			continue
		}
		// an old key name counts as its current one: latency and its
		// renamed spelling given together would set one thing twice
		name := key
		if p, ok := lagcomp.Lookup(key); ok {
			name = p.Key
		}
		if seen[name] {
			bad(piece, "%s given twice", name)
			continue
		}
		seen[name] = true
		switch key {
		case PresetName:
			if _, err := presets.Load(val); err != nil || !isEmbedded(val) {
				if err == nil {
					err = fmt.Errorf("a link names an embedded preset (%s), not a file", strings.Join(presets.Names(), ", "))
				}
				bad(piece, "%v", err)
				continue
			}
			l.Preset = val
		case MomentName:
			moment = piece
		default:
			l.Set = append(l.Set, lagcomp.Setting{Key: key, Value: val})
		}
	}
	// the keys and the moment are checked against the preset they apply to
	name := l.Preset
	if name == "" {
		name = "default"
	}
	p, err := presets.Load(name)
	if err != nil {
		return l, errors.Join(append(errs, err)...)
	}
	if moment != "" {
		_, val, _ := strings.Cut(moment, "=")
		val, _ = url.QueryUnescape(val)
		n, err := strconv.Atoi(val)
		switch {
		case err != nil:
			bad(moment, "moment: want a whole number from 1 to %d (the preset's moments)", len(p.Moments))
		case len(p.Moments) == 0:
			bad(moment, "preset %s has no moments", p.Name)
		case n < 1 || n > len(p.Moments):
			bad(moment, "moment: %d is outside 1..%d (preset %s has %d moments)", n, len(p.Moments), p.Name, len(p.Moments))
		default:
			l.Moment = n
		}
	}
	cfg, err := p.Config()
	if err != nil {
		return l, errors.Join(append(errs, err)...)
	}
	good := l.Set[:0]
	for _, s := range l.Set {
		// each key alone on the preset, so one bad key names itself and
		// leaves the rest; together they are checked as the window applies them
		try := cfg
		if err := lagcomp.Apply(&try, []lagcomp.Setting{s}); err != nil {
			bad(s.Key+"="+s.Value.(string), "%v", err)
			continue
		}
		good = append(good, s)
	}
	l.Set = good
	if len(l.Set) == 0 {
		l.Set = nil
	}
	return l, errors.Join(errs...)
}

func isEmbedded(name string) bool {
	for _, n := range presets.Names() {
		if n == name {
			return true
		}
	}
	return false
}

// Fragment is the link's text after the page's address, "#" included:
// preset, moment, then the keys in order, each value URL-encoded.
// Parse(l.Fragment()) is l.
func (l Link) Fragment() string {
	var parts []string
	if l.Preset != "" {
		parts = append(parts, PresetName+"="+url.QueryEscape(l.Preset))
	}
	if l.Moment > 0 {
		parts = append(parts, MomentName+"="+strconv.Itoa(l.Moment))
	}
	for _, s := range l.Set {
		parts = append(parts, url.QueryEscape(s.Key)+"="+url.QueryEscape(fmt.Sprint(s.Value)))
	}
	return "#" + strings.Join(parts, "&")
}
