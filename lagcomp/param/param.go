// Package param is the machinery behind a configuration's keys: one Param
// per key holds its name, type, unit, allowed range, default, words for
// people and how to read and write it, so preset files, --set, --vary,
// the window's sliders and the README's key table all go through one
// declaration and can never disagree. It is generic over the
// configuration struct (lagcomp.Config) and knows nothing of netcode.
package param

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
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

// Param is one key of a configuration C: the single place that knows its
// name, type, unit, allowed range, default, whether changing it restarts
// the world, its slider, and how to read and write it.
type Param[C any] struct {
	Key     string
	Group   string
	Kind    Kind
	Unit    string
	Min     float64 // numbers: inclusive range
	Max     float64
	Choices []string // enums
	// Default is the value every run starts from, as Set takes it
	// (float64 for numbers, bool, or string); nil for a shorthand, which
	// has no value of its own.
	Default any
	Doc     string
	// Restarts: a running simulation cannot take a change of this key on
	// the fly (it changes the world) and must start again.
	Restarts bool
	// Slider is the window's slider for the key; nil: no slider (the key
	// is still in the window's "All keys").
	Slider *Slider
	// Alias marks a write-only shorthand (latency_ms sets up_ms and
	// down_ms); it is never written out, its targets are. Sets names
	// them, when they are keys of their own (up first, then down).
	Alias bool
	Sets  []string
	// Order: keys apply in ascending Order (a profile first, then
	// both-way shorthands, then the rest), whatever order a file or
	// command line gives them in.
	Order int
	// Read and Write get and store the key's value in a C: Read gives
	// what Format prints (nil for a shorthand), Write takes a checked
	// value (float64, bool or string).
	Read  func(*C) any
	Write func(*C, any)
	// CheckText checks a text key's value beyond its type (walls parse).
	CheckText func(string) error
	// Path marks a text key naming a file: in a preset, a relative path
	// is relative to the preset's file.
	Path bool
	// Commas marks a text key whose values hold commas (walls, events): --vary
	// separates its values with | instead.
	Commas bool
}

// Slider is a key's slider in the window. Its range may be narrower than
// the key's (a 0-5000 ms slider is useless at 40 ms); every value stays
// reachable in "All keys" and in a log slider's typed entry.
type Slider struct {
	Lo, Hi, Step float64
	Log          bool // a logarithmic scale: fine at small values
}

// Range describes the allowed values, for error messages and docs.
func (p *Param[C]) Range() string {
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

// fmtNum is a number as --set takes it, never in exponent form (3600000, not
// the 3.6e+06 a caption printed).
func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Get is the key's current value in c (nil for aliases).
func (p *Param[C]) Get(c *C) any {
	if p.Read == nil {
		return nil
	}
	return p.Read(c)
}

// Format is the key's current value as text, as --set would take it.
func (p *Param[C]) Format(c *C) string {
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
func (p *Param[C]) Set(c *C, v any) error {
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
		if f == 0 { // −0 is 0: written "−0" in a caption and counted a change from 0, it is neither
			f = 0
		}
		p.Write(c, f)
	case KindBool:
		b, ok := v.(bool)
		if !ok {
			return p.errType(v)
		}
		p.Write(c, b)
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
		p.Write(c, s)
	}
	return nil
}

// intInRange checks an integer value against the range as integers: past
// 2^53 a float64 rounds (2^53 + 1 becomes 2^53, the seed's maximum).
func (p *Param[C]) intInRange(v any) bool {
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
func (p *Param[C]) errType(v any) error {
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

func (p *Param[C]) checkText(s string) error {
	if p.CheckText != nil {
		if err := p.CheckText(s); err != nil {
			return fmt.Errorf("key %q: %v", p.Key, err)
		}
	}
	return nil
}

// ParseBool reads a boolean as a preset writes it, true or false, and
// nothing else: strconv.ParseBool's 1, 0, t, F, TRUE… were taken while
// every message said "true or false", and a value read one way by --set
// would not be read by a preset file (TOML has only true and false).
func ParseBool(s string) (b, ok bool) {
	switch s {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// SetString parses text as --set gives it and stores it.
func (p *Param[C]) SetString(c *C, s string) error {
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
		b, ok := ParseBool(s)
		if !ok {
			return fmt.Errorf("key %q: %q is not a boolean (allowed: %s)", p.Key, s, p.Range())
		}
		return p.Set(c, b)
	}
	return p.Set(c, s)
}

// Check re-validates the value held in c, for configs changed in code
// (the sliders) rather than through Set.
func (p *Param[C]) Check(c *C) error {
	var probe C
	return p.CheckWith(c, &probe)
}

// CheckWith is Check with the caller's scratch copy of the config to set
// the value on (a loop over every key reuses one: a config is large).
func (p *Param[C]) CheckWith(c, probe *C) error {
	if p.Alias || p.Read == nil {
		return nil
	}
	v := p.Read(c)
	if i, ok := v.(int); ok {
		v = float64(i)
	}
	*probe = *c
	return p.Set(probe, v)
}

// setInt parses an integer key's text exactly where it can: as a float64,
// a whole number past 2^53 rounds onto a neighbour and can pass a bound
// it is outside of (2^53 + 1 is the seed's maximum 2^53 as a float64).
func (p *Param[C]) setInt(c *C, s string) error {
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

// Slide gives the key a linear slider over lo to hi in steps of step.
func (p *Param[C]) Slide(lo, hi, step float64) *Param[C] {
	p.Slider = &Slider{Lo: lo, Hi: hi, Step: step}
	return p
}

// LogSlide gives the key a slider on a logarithmic scale, fine at small
// values (latencies, rates).
func (p *Param[C]) LogSlide(lo, hi, step float64) *Param[C] {
	p.Slider = &Slider{Lo: lo, Hi: hi, Step: step, Log: true}
	return p
}

// Restart marks a key that changes the world: a running simulation must
// start again to take it.
func (p *Param[C]) Restart() *Param[C] {
	p.Restarts = true
	return p
}
