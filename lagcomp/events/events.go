// Package events is a scenario's script of network events: at an exact
// time, keys change (a latency step, loss for a while), every packet both
// ways is dropped for a while (an outage), or a client drops off and
// reconnects with a handshake (a disconnect). It is the written form only
// — parsed strictly, formatted back, and asked which window covers an
// instant; lagcomp applies it to the simulation (the key `events`).
//
// The text form, events joined by ";":
//
//	3s:latency_ms=200                 keys change at 3 s, and stay
//	3s:loss_pct=20,for=2s             keys change at 3 s, back after 2 s
//	3s:outage=1s                      every packet of every client dropped from 3 s to 4 s
//	3s@victim:disconnect=2s           the victim stops sending and receiving for 2 s, then reconnects
//
// A time or a duration is a number with ms or s (a bare number is ms).
// An event hits every client unless it names one after "@": shooter,
// victim, or observerN (N from 1); a key change is every client's (the
// keys are), so it names none.
package events

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"lagscope/model"
)

// Kind is what an event does.
type Kind uint8

const (
	Set        Kind = iota // keys change
	Outage                 // every packet both ways dropped for Dur
	Disconnect             // the client stops sending and receiving for Dur, then reconnects
)

var kindNames = [...]string{"set", "outage", "disconnect"}

func (k Kind) String() string { return kindNames[k] }

// All is the Client of an event that hits every client.
const All = -1

// The clients' indices (lagcomp's pawns): the shooter, the victim, then
// the observers.
const (
	shooter = 0
	victim  = 1
)

// MaxAt is the latest an event may be, and the longest it may last: an
// hour, the longest run.
const MaxAt = 3_600_000 * model.Millisecond

// Setting is one key = value of a Set event, as --set takes it.
type Setting struct{ Key, Value string }

// Event is one scripted event.
type Event struct {
	At     model.Time
	Client int // All, or the client's index
	Kind   Kind
	Set    []Setting  // Set: the keys, in the order written
	For    model.Time // Set: 0 = the keys stay; else they go back after For
	Dur    model.Time // Outage, Disconnect: how long
}

// End is when an outage or a disconnect ends (At for a key change that
// stays).
func (e Event) End() model.Time {
	if e.Kind == Set {
		return e.At + e.For
	}
	return e.At + e.Dur
}

// Hits says whether the event hits client i.
func (e Event) Hits(i int) bool { return e.Client == All || e.Client == i }

// MaxObservers is how many observers a run may hold (the key observers):
// 64 clients in all, with the shooter and the victim. An event naming
// observer63 was let through and refused later by the observers' count.
const MaxObservers = 62

// ClientName is how the text form names client i.
func ClientName(i int) string {
	switch i {
	case All:
		return "all"
	case shooter:
		return "shooter"
	case victim:
		return "victim"
	}
	return "observer" + strconv.Itoa(i-victim)
}

// ParseClient reads a client's name (ClientName).
func ParseClient(s string) (int, error) {
	switch s {
	case "all":
		return All, nil
	case "shooter":
		return shooter, nil
	case "victim":
		return victim, nil
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(s, "observer")); err == nil && strings.HasPrefix(s, "observer") && n >= 1 && n <= MaxObservers {
		return victim + n, nil
	}
	return 0, fmt.Errorf("client %q is not one (allowed: all, shooter, victim, observer1 to observer%d)", s, MaxObservers)
}

// ParseTime reads a time or duration: a number with ms or s; a bare
// number is milliseconds.
func ParseTime(s string) (model.Time, error) {
	s = strings.TrimSpace(s)
	mul, num := 1.0, s
	switch {
	case strings.HasSuffix(s, "ms"):
		num = strings.TrimSuffix(s, "ms")
	case strings.HasSuffix(s, "s"):
		num, mul = strings.TrimSuffix(s, "s"), 1000
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a time (write e.g. 3s, 250ms or 1500)", s)
	}
	ms := f * mul
	if ms < 0 || ms > MaxAt.Millis() {
		return 0, fmt.Errorf("%q is out of range (allowed: 0 to %d ms)", s, MaxAt/model.Millisecond)
	}
	return model.MsF(ms), nil
}

// FormatTime writes t as ParseTime reads it: whole seconds as "3s",
// anything else in ms.
func FormatTime(t model.Time) string {
	if t%model.Second == 0 {
		return strconv.FormatInt(int64(t/model.Second), 10) + "s"
	}
	return strconv.FormatFloat(t.Millis(), 'f', -1, 64) + "ms"
}

// String is the event's text form.
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(FormatTime(e.At))
	if e.Client != All {
		b.WriteString("@" + ClientName(e.Client))
	}
	b.WriteString(":")
	switch e.Kind {
	case Outage, Disconnect:
		b.WriteString(e.Kind.String() + "=" + FormatTime(e.Dur))
	default:
		for i, s := range e.Set {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(s.Key + "=" + s.Value)
		}
		if e.For > 0 {
			b.WriteString(",for=" + FormatTime(e.For))
		}
	}
	return b.String()
}

// Format is the text form of a script (Parse reads it back).
func Format(evs []Event) string {
	s := make([]string, len(evs))
	for i, e := range evs {
		s[i] = e.String()
	}
	return strings.Join(s, "; ")
}

// Parse reads a script strictly: each error names the event (its number
// and text) and what is allowed. The events come back in time order
// (ties in the order written); overlapping outages or disconnects of a
// client are an error. A key change's keys are checked by lagcomp (this
// package knows no keys).
func Parse(text string) ([]Event, error) {
	var evs []Event
	for i, part := range strings.Split(text, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			if strings.TrimSpace(text) == "" {
				break
			}
			return nil, fmt.Errorf("event %d is empty (events are separated by \";\")", i+1)
		}
		e, err := ParseOne(part)
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", i+1, part, err)
		}
		evs = append(evs, e)
	}
	slices.SortStableFunc(evs, func(a, b Event) int { return int(a.At - b.At) })
	return evs, CheckOverlaps(evs)
}

// ParseOne reads one event: AT[@CLIENT]:BODY.
func ParseOne(s string) (Event, error) {
	e := Event{Client: All}
	head, body, ok := strings.Cut(s, ":")
	if !ok || strings.TrimSpace(body) == "" {
		return e, fmt.Errorf("want TIME:WHAT, e.g. 3s:latency_ms=200, 3s:outage=1s or 3s@victim:disconnect=2s")
	}
	at, who, named := strings.Cut(head, "@")
	var err error
	if e.At, err = ParseTime(at); err != nil {
		return e, fmt.Errorf("at: %w", err)
	}
	if named {
		if e.Client, err = ParseClient(strings.TrimSpace(who)); err != nil {
			return e, err
		}
	}
	for _, kv := range strings.Split(body, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return e, fmt.Errorf("%q: want key=value", strings.TrimSpace(kv))
		}
		switch k {
		case "outage", "disconnect":
			if e.Kind != Set || len(e.Set) > 0 || e.For > 0 {
				return e, fmt.Errorf("%s: an event is one of a key change, an outage or a disconnect", k)
			}
			e.Kind = Outage
			if k == "disconnect" {
				e.Kind = Disconnect
			}
			if strings.HasPrefix(v, "-") {
				return e, fmt.Errorf("%s: %q is negative (allowed: a duration above 0, at most an hour)", k, v)
			}
			if e.Dur, err = ParseTime(v); err != nil {
				return e, fmt.Errorf("%s: %w", k, err)
			}
			if e.Dur <= 0 {
				return e, fmt.Errorf("%s: %q lasts no time (allowed: a duration above 0, at most an hour)", k, v)
			}
		case "for":
			if e.Kind != Set || e.For > 0 {
				return e, fmt.Errorf("for: only a key change lasts for a while, once")
			}
			if strings.HasPrefix(v, "-") {
				return e, fmt.Errorf("for: %q is negative (allowed: a duration above 0, at most an hour)", v)
			}
			if e.For, err = ParseTime(v); err != nil {
				return e, fmt.Errorf("for: %w", err)
			}
			if e.For <= 0 {
				return e, fmt.Errorf("for: %q lasts no time (allowed: a duration above 0; leave it out for a change that stays)", v)
			}
		default:
			if e.Kind != Set {
				return e, fmt.Errorf("%s: an event is one of a key change, an outage or a disconnect", k)
			}
			if slices.ContainsFunc(e.Set, func(s Setting) bool { return s.Key == k }) {
				return e, fmt.Errorf("key %q is set twice", k)
			}
			e.Set = append(e.Set, Setting{k, v})
		}
	}
	if e.Kind == Set && len(e.Set) == 0 {
		return e, fmt.Errorf("a key change sets no key")
	}
	if e.Kind == Set && e.Client != All {
		return e, fmt.Errorf("a key change is every client's (keys are), so it names no client; only an outage or a disconnect hits one client")
	}
	if e.End() > MaxAt {
		return e, fmt.Errorf("it ends at %v ms, after an hour (allowed: to %d ms)", e.End().Millis(), MaxAt/model.Millisecond)
	}
	return e, nil
}

// CheckOverlaps refuses two outages or disconnects that hit a client at
// once: which one dropped a packet would be ambiguous. evs are in time
// order (Parse's), so a window can overlap only the next window after it
// that hits one of its clients: from the last back, each is compared
// with that one alone (every later window compared with each, 2 000
// events were quadratic). The pair named is the first in the script's
// order, as comparing every pair found it.
func CheckOverlaps(evs []Event) error {
	const none = -1
	nextAny, nextAll := none, none // the next window of any client; of every client
	nextOwn := map[int]int{}       // the next window of client c alone
	bad, with := none, none
	for i := len(evs) - 1; i >= 0; i-- {
		a := evs[i]
		if a.Kind == Set {
			continue
		}
		j := nextAny
		if a.Client != All {
			j = nextAll
			if k, ok := nextOwn[a.Client]; ok && (j == none || k < j) {
				j = k
			}
		}
		if j != none && evs[j].At < a.End() && a.At < evs[j].End() {
			bad, with = i, j
		}
		nextAny = i
		if a.Client == All {
			nextAll = i
		} else {
			nextOwn[a.Client] = i
		}
	}
	if bad != none {
		return fmt.Errorf("%s and %s overlap (allowed: one outage or disconnect at a time for a client)", evs[bad], evs[with])
	}
	return nil
}

// Window is the outage or disconnect covering client i at t, if any
// (the windows are [At, End)).
func Window(evs []Event, i int, t model.Time) (Event, bool) {
	for _, e := range evs {
		if e.At > t {
			break
		}
		if e.Kind != Set && e.Hits(i) && t < e.End() {
			return e, true
		}
	}
	return Event{}, false
}
