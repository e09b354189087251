package timeline

import (
	"errors"

	"lagscope/lagcomp"
	"lagscope/model"
)

// Session is what the window drives: a live simulation plus every input
// that shaped it (configuration changes, the user's shots) and keyframes,
// copies of the simulation taken as it runs (keyframe.go). Because the
// simulation is deterministic, any past instant is rebuilt exactly by
// replaying the inputs from the nearest keyframe at or before it (GGPO's
// idea), so pausing, stepping back and scrubbing cost at most one
// keyframe gap of simulation at any session length, and memory is the
// input log plus the keyframes, thinned as they age.
type Session struct {
	base   lagcomp.Config
	inputs []input
	live   *lagcomp.Sim
	keys   keyframes
	view   *lagcomp.Sim // a replay positioned in the past; nil at the live edge
	// viewNext is the index of the first input the view has not applied.
	viewNext int

	Paused bool
	speed  float64
	// Restarts counts how often a world change started the simulation
	// again, so the UI can say so.
	Restarts int
	// held is what the user's keys and mouse hold now for the shooter and
	// the target: the live run's clients sample it at their frames.
	held [2]lagcomp.UserInput
}

type input struct {
	t    model.Time
	cfg  *lagcomp.Config
	fire *model.Vec
	move *userMove
}

// userMove is what the user's keys and mouse hold for a pawn from an
// instant on. atFrame: the instant is the pawn's client frame that
// sampled it, and a replay sets it just before that frame's events; a
// move without it (scripts written before) is set after the instant's
// events, for the next frame to sample.
type userMove struct {
	pawn    int
	in      lagcomp.UserInput
	atFrame bool
}

// Speed limits of the timeline.
const (
	MinSpeed = 0.05
	MaxSpeed = 4
	// MaxCatchUp is the most wall time one Advance simulates: a stalled
	// UI gets slow motion, never a death spiral of catching up.
	MaxCatchUp = 100 * model.Millisecond
)

// NewSession starts a session at time 0.
func NewSession(cfg lagcomp.Config) (*Session, error) {
	sim, err := lagcomp.New(cfg)
	if err != nil {
		return nil, err
	}
	return &Session{base: cfg, live: sim, keys: newKeyframes(sim), speed: 1}, nil
}

// Speed is the playback rate, simulated time per wall time.
func (s *Session) Speed() float64 { return s.speed }

// SetSpeed clamps to [MinSpeed, MaxSpeed] and returns what it set.
func (s *Session) SetSpeed(x float64) float64 {
	if x != x {
		x = 1
	}
	s.speed = max(MinSpeed, min(MaxSpeed, x))
	return s.speed
}

// Advance plays wall time forward: the caller reads the clock, so tests
// drive it with made-up durations and never sleep.
func (s *Session) Advance(wall model.Time) {
	if s.Paused || wall <= 0 {
		return
	}
	wall = min(wall, MaxCatchUp)
	d := model.Time(float64(wall) * s.speed)
	if s.view != nil { // playing from the past: replaying forward
		to := min(s.view.Now+d, s.live.Now)
		s.viewNext = s.stepThrough(s.view, s.viewNext, to)
		if to == s.live.Now {
			s.view = nil
		}
		return
	}
	s.stepLive(s.live.Now + d)
}

// stepLive runs the live simulation to t, offering it as a keyframe at
// every candidate time on the way.
func (s *Session) stepLive(t model.Time) {
	for due := s.keys.due(); due <= t; due = s.keys.due() {
		s.live.Step(due)
		s.recordSampled()
		s.keys.offer(s.live, len(s.inputs))
	}
	s.live.Step(t)
	s.recordSampled()
}

// recordSampled writes down the user's input as the live run's clients
// sampled it, each at the frame that sampled it: only what a frame took
// is recorded (keys pressed and let go between two frames moved nothing),
// at most one input a pawn a frame however fast the mouse moves.
func (s *Session) recordSampled() {
	for _, u := range s.live.TakeSampledUserInputs() {
		s.inputs = append(s.inputs, input{t: u.T, move: &userMove{pawn: u.Pawn, in: u.In, atFrame: true}})
	}
}

// Now is the time shown.
func (s *Session) Now() model.Time { return s.shown().Now }

// LiveNow is the newest simulated time.
func (s *Session) LiveNow() model.Time { return s.live.Now }

// Config is the configuration in force at the shown time.
func (s *Session) Config() lagcomp.Config { return s.shown().Config() }

// LiveConfig is the configuration in force at the live edge: the user's
// latest settings, whatever time is shown.
func (s *Session) LiveConfig() lagcomp.Config { return s.live.Config() }

func (s *Session) shown() *lagcomp.Sim {
	if s.view != nil {
		return s.view
	}
	return s.live
}

// Frame is the shown instant.
func (s *Session) Frame() *lagcomp.Frame { return s.shown().Frame() }

// LiveShots are how many shots the live run has, to the live edge, and
// copies of its newest last: when the shown time is in the past, the ones
// after it are still listed (marked later) rather than dropped.
func (s *Session) LiveShots(last int) (n int, newest []lagcomp.ShotRecord) {
	n = s.live.Shots.Len()
	return n, s.live.Shots.From(max(0, n-last))
}

// Sim is the simulation shown (read it, do not step it).
func (s *Session) Sim() *lagcomp.Sim { return s.shown() }

// SetConfig changes the configuration at the shown time. Settings of the
// netcode change live; a change to the world starts the simulation again
// from zero. Changing the past drops the inputs after it: the timeline
// branches there.
func (s *Session) SetConfig(c lagcomp.Config) (restarted bool, err error) {
	if err := c.Validate(); err != nil {
		return false, err
	}
	cur := s.shown().Config()
	if lagcomp.NeedsRestart(&cur, &c) {
		sim, err := lagcomp.New(c)
		if err != nil {
			return false, err
		}
		s.base, s.inputs, s.live, s.view, s.keys = c, nil, sim, nil, newKeyframes(sim)
		s.hold()
		s.Restarts++
		return true, nil
	}
	s.branch()
	if err := s.live.SetConfig(c); err != nil {
		return false, err
	}
	cc := c
	s.inputs = append(s.inputs, input{t: s.live.Now, cfg: &cc})
	return false, nil
}

// Fire asks the shooter to fire at a point of its view (user control).
func (s *Session) Fire(at model.Vec) {
	s.branch()
	s.live.QueueFire(at)
	s.inputs = append(s.inputs, input{t: s.live.Now, fire: &at})
}

// SetUserInput holds the user's movement and aim for the shooter or the
// target (lagcomp.ShooterPawn, lagcomp.TargetPawn) from the shown time on:
// what the keys and mouse hold, sampled by that pawn's client at each of
// its frames while its control (shooter_control, target_control) is user.
// It is recorded in the script at the client frame that sampled it (not
// at the instant the keys changed, which falls anywhere between two
// frames), so every replay — a seek, a step, a sidecar — samples the same
// at the same frame as the live run did. Setting it in the past branches
// the timeline there, as a shot does.
func (s *Session) SetUserInput(pawn int, in lagcomp.UserInput) {
	if pawn != lagcomp.ShooterPawn && pawn != lagcomp.TargetPawn {
		return
	}
	s.branch()
	s.held[pawn] = in
	s.live.SetUserInput(pawn, in)
}

// UserInput is what the user's keys and mouse hold for pawn now.
func (s *Session) UserInput(pawn int) lagcomp.UserInput {
	if pawn != lagcomp.ShooterPawn && pawn != lagcomp.TargetPawn {
		return lagcomp.UserInput{}
	}
	return s.held[pawn]
}

// hold gives a new live run what the user holds now: keys still down
// after a branch or a restart keep walking, from its next frames on.
func (s *Session) hold() {
	for p, in := range s.held {
		s.live.SetUserInput(p, in)
	}
}

// branch makes the shown past the live edge, dropping later inputs.
func (s *Session) branch() {
	if s.view == nil {
		return
	}
	t := s.view.Now
	n := 0
	for n < len(s.inputs) && s.inputs[n].t <= t {
		n++
	}
	s.inputs = s.inputs[:n]
	s.keys.truncate(t, n)
	s.live, s.view = s.view, nil
	s.hold()
}

// Seek shows time t (clamped to [0, LiveNow]), rebuilt by replay from
// the nearest keyframe at or before it, or from the view already shown
// when that is nearer.
func (s *Session) Seek(t model.Time) {
	t = max(0, min(t, s.live.Now))
	if t == s.live.Now {
		s.view = nil
		return
	}
	k := s.keys.before(t)
	if s.view == nil || s.view.Now > t || s.view.Now < k.sim.Now {
		s.view, s.viewNext = k.sim.Clone(), k.next
	}
	s.viewNext = s.stepThrough(s.view, s.viewNext, t)
}

// Jump shows time t like Seek, but a t beyond the live edge runs the
// live simulation on to it first: a bookmark later than what has been
// played is reached, not clamped.
func (s *Session) Jump(t model.Time) {
	if t > s.live.Now {
		s.view = nil
		s.stepLive(t)
		return
	}
	s.Seek(t)
}

// StepTick moves the shown time one server tick forward or back.
func (s *Session) StepTick(dir int) {
	cfg := s.Config()
	tick := cfg.Tick()
	if dir > 0 && s.view == nil {
		s.stepLive(s.live.Now + tick)
		return
	}
	s.Seek(s.Now() + model.Time(dir)*tick)
}

// stepThrough runs sim to t, applying inputs from index next on at their
// own times, exactly as the live run did; it returns the next unapplied.
func (s *Session) stepThrough(sim *lagcomp.Sim, next int, t model.Time) int {
	for ; next < len(s.inputs) && s.inputs[next].t <= t; next++ {
		in := s.inputs[next]
		if in.move != nil && in.move.atFrame {
			sim.Step(in.t - 1) // before the frame at in.t samples it (time is whole µs)
		} else {
			sim.Step(in.t)
		}
		if in.cfg != nil {
			_ = sim.SetConfig(*in.cfg) // validated when recorded
		}
		if in.fire != nil {
			sim.QueueFire(*in.fire)
		}
		if in.move != nil {
			sim.SetUserInput(in.move.pawn, in.move.in)
		}
	}
	sim.Step(t)
	sim.TakeSampledUserInputs() // a replay's samples are the recorded inputs themselves
	return next
}

// replay builds a simulation at t from the base configuration and the
// inputs up to t, from zero: a script replayed headless has no keyframes.
func (s *Session) replay(t model.Time) (*lagcomp.Sim, int) {
	sim, err := lagcomp.New(s.base)
	if err != nil { // the base was valid when the session took it
		panic(errors.Join(errors.New("lagscope: replay of a valid config failed"), err))
	}
	return sim, s.stepThrough(sim, 0, t)
}
