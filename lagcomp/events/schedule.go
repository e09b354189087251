package events

import (
	"fmt"
	"slices"

	"lagscope/model"
)

// ActionKind is what the simulation does at an action's time.
type ActionKind uint8

const (
	Apply     ActionKind = iota // a key change takes effect
	Revert                      // a key change for a while ends: its keys go back
	Reconnect                   // a disconnect ends: the client reconnects with a handshake
)

// Action is one step of a script on the simulation's clock.
type Action struct {
	T     model.Time
	Event int // its event's index in the script
	Kind  ActionKind
	Set   []Setting // Apply, Revert: the keys to set
}

// Schedule turns a script (in time order, as Parse returns it) into the
// actions the simulation runs, in time order (at one time: in the order
// the events were written, a revert or a reconnect before a later
// event's start). A revert sets the values its keys had just before its
// change, as the script left them: back is what puts a key back on a
// configuration the script is played on (a shorthand's targets), apply
// changes it (an error is the event's).
func Schedule(evs []Event, back func(key string) []Setting, apply func([]Setting) error) ([]Action, error) {
	var acts []Action
	for i, e := range evs {
		switch {
		case e.Kind == Set:
			acts = append(acts, Action{T: e.At, Event: i, Kind: Apply, Set: e.Set})
			if e.For > 0 {
				acts = append(acts, Action{T: e.End(), Event: i, Kind: Revert})
			}
		case e.Kind == Disconnect:
			acts = append(acts, Action{T: e.End(), Event: i, Kind: Reconnect})
		}
	}
	// an end at the same time as another event's start comes first: a
	// "for" of 2 s then a change at its end leaves the later change
	slices.SortStableFunc(acts, func(a, b Action) int {
		if a.T != b.T {
			return int(a.T - b.T)
		}
		return int(b.Kind) - int(a.Kind)
	})
	// each event's revert, found once (sought after each change, the
	// script was quadratic): it comes after its change, at a later time
	revert := make([]int, len(evs))
	for i := range acts {
		if acts[i].Kind == Revert {
			revert[acts[i].Event] = i
		}
	}
	for i := range acts {
		a := &acts[i]
		switch a.Kind {
		case Apply:
			var was []Setting
			for _, s := range a.Set {
				was = append(was, back(s.Key)...)
			}
			if err := apply(a.Set); err != nil {
				return nil, fmt.Errorf("event %s: %w", evs[a.Event], err)
			}
			if j := revert[a.Event]; j > i {
				acts[j].Set = was
			}
		case Revert:
			if err := apply(a.Set); err != nil {
				return nil, fmt.Errorf("event %s, going back: %w", evs[a.Event], err)
			}
		}
	}
	return acts, nil
}
