package timeline

import (
	"fmt"
	"math"

	"lagscope/lagcomp"
	"lagscope/model"
)

// Script is a session written down: the configuration it started with
// and every input since, at exact times. Replaying it rebuilds any
// instant of the session byte for byte; screenshots' sidecars carry one.
type Script struct {
	Base   map[string]string `json:"base"` // every key, as --set takes it
	Inputs []ScriptInput     `json:"inputs"`
}

// ScriptInput is one input: a configuration change, a user's shot, or
// what the user's movement keys and mouse hold for a pawn.
type ScriptInput struct {
	TUs    int64             `json:"t_us"`
	Config map[string]string `json:"config,omitempty"`
	Fire   *[2]float64       `json:"fire,omitempty"` // world x, y in metres
	Move   *ScriptMove       `json:"move,omitempty"`
}

// ScriptMove is the user's held input for a pawn (lagcomp.UserInput):
// pawn 0 the shooter, 1 the target; dir the movement keys' direction;
// yaw, radians, where the mouse aims when aim is set. frame: t_us is the
// pawn's client frame that sampled it, and a replay sets it just before
// that frame; without it (scripts written before) it is set after t_us's
// events, for the next frame to sample.
type ScriptMove struct {
	Pawn  int        `json:"pawn"`
	Dir   [2]float64 `json:"dir"`
	Aim   bool       `json:"aim,omitempty"`
	Yaw   float64    `json:"yaw,omitempty"`
	Frame bool       `json:"frame,omitempty"`
}

// Script writes the session down.
func (s *Session) Script() Script {
	sc := Script{Base: lagcomp.ConfigMap(&s.base)}
	for _, in := range s.inputs {
		si := ScriptInput{TUs: int64(in.t)}
		if in.cfg != nil {
			si.Config = lagcomp.ConfigMap(in.cfg)
		}
		if in.fire != nil {
			si.Fire = &[2]float64{in.fire.X, in.fire.Y}
		}
		if in.move != nil {
			u := in.move.in
			si.Move = &ScriptMove{Pawn: in.move.pawn, Dir: [2]float64{u.Move.X, u.Move.Y}, Aim: u.Aim, Yaw: u.Yaw, Frame: in.move.atFrame}
		}
		sc.Inputs = append(sc.Inputs, si)
	}
	return sc
}

// Replay runs a script to time t.
func (sc Script) Replay(t model.Time) (*lagcomp.Sim, error) {
	var sim *lagcomp.Sim
	err := sc.ReplayEach([]model.Time{t}, func(_ int, s *lagcomp.Sim) error { sim = s; return nil })
	return sim, err
}

// ReplayEach runs a script once through the ascending times ts, handing
// the simulation to visit at each (read it, do not step it): an animated
// clip's frames, or a long replay's progress, without replaying from
// zero for every one. An error from visit stops the replay.
func (sc Script) ReplayEach(ts []model.Time, visit func(i int, s *lagcomp.Sim) error) error {
	base, err := lagcomp.ConfigFromMap(sc.Base)
	if err != nil {
		return fmt.Errorf("base: %w", err)
	}
	s, err := NewSession(base)
	if err != nil {
		return err
	}
	last := model.Time(-1)
	for i, in := range sc.Inputs {
		it := model.Time(in.TUs)
		if it < last {
			return fmt.Errorf("input %d: time %v is before the one ahead of it", i+1, it)
		}
		last = it
		if in.Config != nil {
			c, err := lagcomp.ConfigFromMap(in.Config)
			if err != nil {
				return fmt.Errorf("input %d: %w", i+1, err)
			}
			if lagcomp.NeedsRestart(&base, &c) {
				return fmt.Errorf("input %d: changes the world, which a session cannot do mid-run", i+1)
			}
			s.inputs = append(s.inputs, input{t: it, cfg: &c})
		}
		if in.Fire != nil {
			at := model.V(in.Fire[0], in.Fire[1])
			s.inputs = append(s.inputs, input{t: it, fire: &at})
		}
		if m := in.Move; m != nil {
			if m.Pawn != lagcomp.ShooterPawn && m.Pawn != lagcomp.TargetPawn {
				return fmt.Errorf("input %d: move: pawn %d is neither the shooter (0) nor the target (1)", i+1, m.Pawn)
			}
			for _, x := range [3]float64{m.Dir[0], m.Dir[1], m.Yaw} {
				if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e6 {
					return fmt.Errorf("input %d: move: %v is not a direction or angle", i+1, x)
				}
			}
			u := lagcomp.UserInput{Move: model.V(m.Dir[0], m.Dir[1]), Aim: m.Aim, Yaw: m.Yaw}
			s.inputs = append(s.inputs, input{t: it, move: &userMove{m.Pawn, u, m.Frame}})
		}
	}
	if len(ts) == 0 {
		return nil
	}
	sim, next := s.replay(ts[0])
	for i, t := range ts {
		if i > 0 {
			if t < ts[i-1] {
				return fmt.Errorf("replay times must ascend: %v after %v", t, ts[i-1])
			}
			next = s.stepThrough(sim, next, t)
		}
		if err := visit(i, sim); err != nil {
			return err
		}
	}
	return nil
}
