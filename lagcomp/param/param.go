package lagcomp

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"lagscope/model"
)

// Kind is the type of a parameter's value.
type Kind uint8

const (
	KindFloat Kind = iota
	KindInt
	KindBool
	KindEnum
	KindText
)

func (k Kind) String() string {
	return [...]string{"number", "integer", "boolean", "choice", "text"}[k]
}

// Param is one key of the configuration: the single place that knows its
// name, type, unit, allowed range and how to read and write it. Preset
// files, --set, the sliders and the README's key table all go through it,
// so they can never disagree.
type Param struct {
	Key     string
	Group   string
	Kind    Kind
	Unit    string
	Min     float64 // numbers: inclusive range
	Max     float64
	Choices []string // enums
	Doc     string
	// Alias marks a write-only shorthand (latency_ms sets up_ms and
	// down_ms); it is never written out, its targets are.
	Alias bool
	// order: keys apply profile first, then both-way shorthands, then the
	// rest, whatever order a file or command line gives them in.
	order int
	get   func(*Config) any
	set   func(*Config, any)
}

// Range describes the allowed values, for error messages and docs.
func (p *Param) Range() string {
	switch p.Kind {
	case KindInt: // whole numbers in full: the seed's 2^53, not 9.007199254740992e+15
		return fmt.Sprintf("%d to %d%s", int64(p.Min), int64(p.Max), unitSuffix(p.Unit))
	case KindFloat:
		return fmt.Sprintf("%s to %s%s", fmtNum(p.Min), fmtNum(p.Max), unitSuffix(p.Unit))
	case KindBool:
		return "true or false"
	case KindEnum:
		return "one of " + strings.Join(p.Choices, ", ")
	}
	return p.Doc
}

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Get is the key's current value in c (nil for aliases).
func (p *Param) Get(c *Config) any {
	if p.get == nil {
		return nil
	}
	return p.get(c)
}

// Format is the key's current value as text, as --set would take it.
func (p *Param) Format(c *Config) string {
	switch v := p.Get(c).(type) {
	case float64:
		return fmtNum(v)
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	case string:
		return v
	}
	return ""
}

// Set stores a typed value (float64, int64, int, bool or string, as a
// TOML decoder gives them) after checking its type and range.
func (p *Param) Set(c *Config, v any) error {
	switch p.Kind {
	case KindFloat, KindInt:
		var f float64
		switch x := v.(type) {
		case float64:
			f = x
		case int64:
			f = float64(x)
		case int:
			f = float64(x)
		default:
			return p.errType(v)
		}
		if p.Kind == KindInt && f != math.Trunc(f) {
			return fmt.Errorf("key %q: %v is not a whole number (allowed: %s)", p.Key, v, p.Range())
		}
		if !(f >= p.Min && f <= p.Max) || !p.intInRange(v) { // also rejects NaN
			return fmt.Errorf("key %q: %v is out of range (allowed: %s)", p.Key, v, p.Range())
		}
		p.set(c, f)
	case KindBool:
		b, ok := v.(bool)
		if !ok {
			return p.errType(v)
		}
		p.set(c, b)
	case KindEnum, KindText:
		s, ok := v.(string)
		if !ok {
			return p.errType(v)
		}
		if p.Kind == KindEnum && !slices.Contains(p.Choices, s) {
			return fmt.Errorf("key %q: %q is not allowed (allowed: %s)", p.Key, s, p.Range())
		}
		if p.Kind == KindText {
			if err := p.checkText(s); err != nil {
				return err
			}
		}
		p.set(c, s)
	}
	return nil
}

// intInRange checks an integer value against the range as integers: past
// 2^53 a float64 rounds (2^53 + 1 becomes 2^53, the seed's maximum).
func (p *Param) intInRange(v any) bool {
	var i int64
	switch x := v.(type) {
	case int64:
		i = x
	case int:
		i = int64(x)
	default:
		return true
	}
	return i >= int64(p.Min) && i <= int64(p.Max)
}

// errType names a value of the wrong type as a preset's writer sees it:
// `"fifty" is text, want a number without quotes`.
func (p *Param) errType(v any) error {
	var is string
	switch x := v.(type) {
	case string:
		is = fmt.Sprintf("%q is text", x)
	case int64, int:
		is = fmt.Sprintf("%v is a whole number", x)
	case float64:
		is = fmt.Sprintf("%v is a number", x)
	case bool:
		is = fmt.Sprintf("%v is a boolean", x)
	case []any:
		is = "a list"
	case map[string]any:
		is = "a table"
	default:
		is = fmt.Sprintf("%v (%T)", x, x)
	}
	want := [...]string{"a number without quotes", "a whole number without quotes", "true or false without quotes",
		"a name in quotes", "text in quotes"}[p.Kind]
	return fmt.Errorf("key %q: %s, want %s (allowed: %s)", p.Key, is, want, p.Range())
}

func (p *Param) checkText(s string) error {
	if p.Key == "walls" {
		if _, err := model.ParseWalls(s); err != nil {
			return fmt.Errorf("key %q: %v", p.Key, err)
		}
	}
	return nil
}

// SetString parses text as --set gives it and stores it.
func (p *Param) SetString(c *Config, s string) error {
	s = strings.TrimSpace(s)
	switch p.Kind {
	case KindInt:
		return p.setInt(c, s)
	case KindFloat:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("key %q: %q is not a number (allowed: %s)", p.Key, s, p.Range())
		}
		return p.Set(c, f)
	case KindBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("key %q: %q is not a boolean (allowed: %s)", p.Key, s, p.Range())
		}
		return p.Set(c, b)
	}
	return p.Set(c, s)
}

// check re-validates the value held in c, for configs changed in code
// (the sliders) rather than through Set.
func (p *Param) check(c *Config) error {
	if p.Alias || p.get == nil {
		return nil
	}
	v := p.get(c)
	if i, ok := v.(int); ok {
		v = float64(i)
	}
	probe := *c
	return p.Set(&probe, v)
}

// Lookup finds a key; keys are exact, so a case variant is not found.
func Lookup(key string) (*Param, bool) {
	i := slices.IndexFunc(Params, func(p *Param) bool { return p.Key == key })
	if i < 0 {
		return nil, false
	}
	return Params[i], true
}

// Setting is one key = value to apply.
type Setting struct {
	Key   string
	Value any // typed (from a file) or string (from --set)
}

// Apply sets every key in order of precedence (network profile, then
// both-way shorthands, then the rest; ties in the order given). The first
// bad key stops it with an error naming the key and its allowed range; an
// unknown key suggests the nearest known one.
func Apply(c *Config, settings []Setting) error {
	type item struct {
		p *Param
		s Setting
	}
	items := make([]item, 0, len(settings))
	for _, s := range settings {
		p, ok := Lookup(s.Key)
		if !ok {
			return UnknownKey(s.Key)
		}
		items = append(items, item{p, s})
	}
	slices.SortStableFunc(items, func(a, b item) int { return a.p.order - b.p.order })
	for _, it := range items {
		var err error
		if str, ok := it.s.Value.(string); ok && it.p.Kind != KindEnum && it.p.Kind != KindText {
			err = it.p.SetString(c, str)
		} else {
			err = it.p.Set(c, it.s.Value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// UnknownKey is the error for a key that does not exist, suggesting the
// nearest one that does.
func UnknownKey(key string) error {
	keys := make([]string, len(Params))
	for i, p := range Params {
		keys[i] = p.Key
	}
	if best := Nearest(key, keys); best != "" {
		return fmt.Errorf("unknown key %q (did you mean %q? keys are exact and lower case)", key, best)
	}
	return fmt.Errorf("unknown key %q (lagscope keys lists them)", key)
}

// Nearest is the name closest to word (case aside) within three edits,
// "" if none: a typo's likely meaning, for "did you mean".
func Nearest(word string, names []string) string {
	best, bestD := "", 4
	for _, n := range names {
		if d := editDistance(strings.ToLower(word), n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// Diff lists the keys whose values differ between a and b, in Params
// order: the caption of a screenshot, the body of a saved preset.
func Diff(a, b *Config) []Setting {
	var out []Setting
	for _, p := range Params {
		if p.Alias || p.get == nil {
			continue
		}
		if p.Format(a) != p.Format(b) {
			out = append(out, Setting{p.Key, p.Get(b)})
		}
	}
	return out
}

// setInt parses an integer key's text exactly where it can: as a float64,
// a whole number past 2^53 rounds onto a neighbour and can pass a bound
// it is outside of (2^53 + 1 is the seed's maximum 2^53 as a float64).
func (p *Param) setInt(c *Config, s string) error {
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return p.Set(c, i) // the range is checked as integers
	}
	f, err := strconv.ParseFloat(s, 64) // 1e3, 64.5: Set says whole or not
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("key %q: %q is not a number (allowed: %s)", p.Key, s, p.Range())
	case !(f >= p.Min && f <= p.Max):
		return fmt.Errorf("key %q: %s is out of range (allowed: %s)", p.Key, s, p.Range())
	case math.Abs(f) >= 1<<53:
		return fmt.Errorf("key %q: %s is not exact as written (past 2^53 a point or an exponent rounds); write the whole number in digits (allowed: %s)", p.Key, s, p.Range())
	}
	return p.Set(c, f)
}
