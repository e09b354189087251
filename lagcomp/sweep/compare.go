package sweep

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/timeline"
	"lagscope/model"
)

// ParseChanges reads "k=v,k=v" (an A/B comparison's changed settings),
// each key and value checked as --set checks them, each key named once
// (as a sweep varies a key once: B has one value of it).
//
// A piece without "=" continues the value before it, so a value holding
// commas (walls=0,0,1,1) needs no quoting.
func ParseChanges(s string) ([]lagcomp.Setting, error) {
	var out []lagcomp.Setting
	var pieces []string
	for _, kv := range strings.Split(s, ",") {
		if n := len(pieces); n > 0 && !strings.Contains(kv, "=") {
			pieces[n-1] += "," + kv
			continue
		}
		pieces = append(pieces, kv)
	}
	for _, kv := range pieces {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("want key=value[,key=value…], got %q", kv)
		}
		p, ok := lagcomp.Lookup(k)
		if !ok {
			return nil, lagcomp.UnknownKey(k)
		}
		k = p.Key // an old name reads as the current one (the caller notes it: lagcomp.RenameNotes)
		if slices.ContainsFunc(out, func(s lagcomp.Setting) bool { return s.Key == k }) {
			return nil, fmt.Errorf("key %q is changed twice; give B one value of it", k)
		}
		var probe lagcomp.Config
		if err := p.SetString(&probe, v); err != nil {
			return nil, err
		}
		out = append(out, lagcomp.Setting{Key: k, Value: v})
	}
	return out, nil
}

// Changed is a with the changes applied on top: the B of an A/B on the
// same seed (the seed is A's unless a change names it).
func Changed(a lagcomp.Config, changes []lagcomp.Setting) (lagcomp.Config, error) {
	b := a
	if err := lagcomp.Apply(&b, changes); err != nil {
		return b, err
	}
	return b, b.Validate()
}

// ErrNoChange is an A/B whose B would be A: every change is a value A
// already has. Two identical halves under "no setting differs" would
// look like a finding; it is a typing slip.
func ErrNoChange(changes []lagcomp.Setting) error {
	return fmt.Errorf("%s changes nothing: A already has it, so B would be A (change a setting A does not have)", Title(changes, ""))
}

// SameScript reports whether b (A's script with changes applied) runs
// exactly as a: the same configuration at the start and after every
// live change.
func SameScript(a, b timeline.Script) (bool, error) {
	same := func(x, y map[string]string) (bool, error) {
		cx, err := lagcomp.ConfigFromMap(x)
		if err != nil {
			return false, err
		}
		cy, err := lagcomp.ConfigFromMap(y)
		if err != nil {
			return false, err
		}
		return len(lagcomp.Diff(&cx, &cy)) == 0, nil
	}
	if len(a.Inputs) != len(b.Inputs) {
		return false, nil
	}
	if ok, err := same(a.Base, b.Base); !ok || err != nil {
		return ok, err
	}
	for i := range a.Inputs {
		if (a.Inputs[i].Config == nil) != (b.Inputs[i].Config == nil) {
			return false, nil
		}
		if a.Inputs[i].Config != nil {
			if ok, err := same(a.Inputs[i].Config, b.Inputs[i].Config); !ok || err != nil {
				return ok, err
			}
		}
	}
	return true, nil
}

// Title names a side of an A/B by its changes ("mode=none bias=0"), or
// the given name for the side without any.
func Title(changes []lagcomp.Setting, none string) string {
	if len(changes) == 0 {
		return none
	}
	parts := make([]string, len(changes))
	for i, s := range changes {
		parts[i] = fmt.Sprintf("%s=%v", s.Key, s.Value)
	}
	return strings.Join(parts, " ")
}

// Difference is one figure of an A/B: both values and B − A for numbers.
type Difference struct {
	Name  string
	A, B  any // nil for no value
	Delta *float64
}

// Compare runs a and b (same seed, same inputs unless the changes alter
// them) and lists every figure of either with its difference.
func Compare(ctx context.Context, a, b lagcomp.Config) ([]Difference, error) {
	var spares lagcomp.Recycler // a's buffers handed to b
	figsA, err := runFigures(ctx, a, &spares)
	if err != nil {
		return nil, err
	}
	figsB, err := runFigures(ctx, b, &spares)
	if err != nil {
		return nil, err
	}
	t := NewTable(nil, []Row{{Figures: figsA}, {Figures: figsB}})
	out := make([]Difference, len(t.Columns))
	for i, c := range t.Columns {
		d := Difference{Name: c}
		d.A, _ = t.Figure(0, c)
		d.B, _ = t.Figure(1, c)
		fa, oka := t.Number(0, c)
		fb, okb := t.Number(1, c)
		if oka && okb {
			x := round6(fb - fa)
			d.Delta = &x
		}
		out[i] = d
	}
	return out, nil
}

func round6(x float64) float64 {
	const k = 1e6
	if x < 0 {
		return -round6(-x)
	}
	return float64(int64(x*k+0.5)) / k
}

// ChangedScript is a session's script with the changes applied to its
// base and to every configuration input after it: B of an A/B follows
// A's timeline (its live changes and shots, at the same times) with the
// changed keys held, on the same seed unless a change names the seed.
func ChangedScript(sc timeline.Script, changes []lagcomp.Setting) (timeline.Script, error) {
	change := func(m map[string]string) (map[string]string, error) {
		c, err := lagcomp.ConfigFromMap(m)
		if err != nil {
			return nil, err
		}
		if c, err = Changed(c, changes); err != nil {
			return nil, err
		}
		return lagcomp.ConfigMap(&c), nil
	}
	out := timeline.Script{Inputs: make([]timeline.ScriptInput, len(sc.Inputs))}
	var err error
	if out.Base, err = change(sc.Base); err != nil {
		return out, err
	}
	for i, in := range sc.Inputs {
		out.Inputs[i] = in
		if in.Config != nil {
			if out.Inputs[i].Config, err = change(in.Config); err != nil {
				return out, fmt.Errorf("input %d: %w", i+1, err)
			}
		}
	}
	return out, nil
}

// Twin is B of an A/B in the window: it follows A's script to A's shown
// time, stepping forward from where it is, and replays from the start
// only when A's inputs change or the time goes back, as a Session does.
type Twin struct {
	Changes []lagcomp.Setting
	script  timeline.Script // B's, as last built
	sim     *lagcomp.Sim
	inputs  []twinInput
	next    int
}

type twinInput struct {
	t    model.Time
	cfg  *lagcomp.Config
	fire *model.Vec
}

// At is B's simulation at time t of A's script.
func (tw *Twin) At(a timeline.Script, t model.Time) (*lagcomp.Sim, error) {
	b, err := ChangedScript(a, tw.Changes)
	if err != nil {
		return nil, err
	}
	if tw.sim == nil || tw.sim.Now > t || !reflect.DeepEqual(b, tw.script) {
		if err := tw.reset(b); err != nil {
			return nil, err
		}
	}
	for ; tw.next < len(tw.inputs) && tw.inputs[tw.next].t <= t; tw.next++ {
		in := tw.inputs[tw.next]
		tw.sim.Step(in.t)
		if in.cfg != nil {
			if err := tw.sim.SetConfig(*in.cfg); err != nil {
				return nil, err
			}
		}
		if in.fire != nil {
			tw.sim.QueueFire(*in.fire)
		}
	}
	tw.sim.Step(t)
	return tw.sim, nil
}

func (tw *Twin) reset(b timeline.Script) error {
	base, err := lagcomp.ConfigFromMap(b.Base)
	if err != nil {
		return err
	}
	sim, err := lagcomp.New(base)
	if err != nil {
		return err
	}
	tw.inputs = tw.inputs[:0]
	for _, in := range b.Inputs {
		ti := twinInput{t: model.Time(in.TUs)}
		if in.Config != nil {
			c, err := lagcomp.ConfigFromMap(in.Config)
			if err != nil {
				return err
			}
			ti.cfg = &c
		}
		if in.Fire != nil {
			at := model.V(in.Fire[0], in.Fire[1])
			ti.fire = &at
		}
		tw.inputs = append(tw.inputs, ti)
	}
	tw.script, tw.sim, tw.next = b, sim, 0
	return nil
}

// Differing names the keys whose values in c differ from other, with c's
// values ("mode=none bias=0"): the title of one half of an A/B.
func Differing(other, c *lagcomp.Config) string {
	var parts []string
	for _, d := range lagcomp.Diff(other, c) {
		p, _ := lagcomp.Lookup(d.Key)
		parts = append(parts, d.Key+"="+p.Format(c))
	}
	if len(parts) == 0 {
		return "no setting differs"
	}
	return strings.Join(parts, " ")
}
