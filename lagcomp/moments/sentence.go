package moments

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A moment's sentence is said over a picture: the window's panes, a
// slide of one view, a packet-flow diagram. A clause that points at a
// pane not in the picture ("(Target pane: …)" on a packets slide), or
// asks for a layer already on ("turn on Projectile Debug Mode" when it
// is), tells the audience to look for what is not there. So a sentence
// may hold clauses for some pictures only, in braces:
//
//	{target: (Target pane: "I was behind cover!")}  kept when the Target pane is shown
//	{server,overlay: …}                             when any of those panes is
//	{-projectile_debug: Turn on …}                  when that layer is off
//	{+projectile_debug: The fake and …}             when it is on
//	{shooter -interp_buffer: Turn on …}             when both hold
//
// Views are named as lagscope shot's --view names them, layers as its
// --layers does.

// Picture is what a sentence is said over: the views shown, and which
// layers are on (by their --layers names).
type Picture struct {
	Views []string
	Layer func(name string) bool
}

// clause is "{COND: text}" in a sentence.
var clause = regexp.MustCompile(`\{([^{}:]*):([^{}]*)\}`)

// Condition is what a clause of a sentence depends on: one term or
// several, all of which must hold.
type Condition []Term

// Term is one part of a condition: views (any of them shown), or a
// layer on (+name) or off (-name).
type Term struct {
	Views []string
	Layer string
	On    bool
}

// Conditions lists the conditions of a sentence's clauses, and an error
// for braces that are not clauses: a preset's sentence is checked when
// it loads.
func Conditions(say string) ([]Condition, error) {
	say, err := checkFigures(say) // a figure, {name}, is no clause
	if err != nil {
		return nil, err
	}
	var cs []Condition
	for _, m := range clause.FindAllStringSubmatch(say, -1) {
		c, err := condition(m[1])
		if err != nil {
			return nil, fmt.Errorf("clause %q: %w", m[0], err)
		}
		cs = append(cs, c)
	}
	if rest := clause.ReplaceAllString(say, ""); strings.ContainsAny(rest, "{}") {
		return nil, fmt.Errorf("a brace that is not a clause: want {VIEW,…: text}, {-LAYER: text}, {+LAYER: text} or terms of both, space apart")
	}
	return cs, nil
}

func condition(s string) (Condition, error) {
	var c Condition
	for _, t := range strings.Fields(s) {
		switch {
		case strings.HasPrefix(t, "+"):
			c = append(c, Term{Layer: t[1:], On: true})
		case strings.HasPrefix(t, "-"):
			c = append(c, Term{Layer: t[1:]})
		default:
			c = append(c, Term{Views: strings.Split(t, ",")})
		}
	}
	if len(c) == 0 {
		return nil, fmt.Errorf("no condition before the colon")
	}
	return c, nil
}

// holds says whether every term of c holds for pic.
func (c Condition) holds(pic *Picture) bool {
	for _, t := range c {
		if !t.holds(pic) {
			return false
		}
	}
	return true
}

// holds says whether a term holds for pic. Without a picture (a list of
// the moments) a view term holds, and a layer term as for the default
// layers, where every layer a sentence names is off.
func (t Term) holds(pic *Picture) bool {
	switch {
	case t.Layer != "":
		on := pic != nil && pic.Layer != nil && pic.Layer(t.Layer)
		return on == t.On
	case pic == nil:
		return true
	}
	for _, v := range t.Views {
		if slices.Contains(pic.Views, v) {
			return true
		}
	}
	return false
}

// Sentence is say as said over pic (nil: no picture): the clauses whose
// condition holds, in place, the others left out, and the spaces round
// them tidied ("wall ." is "wall.").
func Sentence(say string, pic *Picture) string {
	// a figure not written in (Fill) stays {name}, inside a clause too:
	// kept apart from the clause braces while they are read
	say = placeholder.ReplaceAllString(say, "\x00$1\x00")
	out := clause.ReplaceAllStringFunc(say, func(m string) string {
		sub := clause.FindStringSubmatch(m)
		c, err := condition(sub[1])
		if err != nil || !c.holds(pic) {
			return ""
		}
		// as written, its spaces too: the tidying below joins and
		// trims them, where a trimmed clause glued itself to the word
		// before it ("Shot #5{overlay: in the Overlay}" said "Shot #5in
		// the Overlay")
		return sub[2]
	})
	out = strings.Join(strings.Fields(out), " ")
	for _, p := range []string{".", ",", ";", ":", ")"} {
		out = strings.ReplaceAll(out, " "+p, p)
	}
	out = strings.ReplaceAll(out, "( ", "(")
	return unhidden.ReplaceAllString(out, "{$1}")
}

// unhidden is a figure Sentence kept apart.
var unhidden = regexp.MustCompile("\x00([a-z0-9_]+)\x00")
