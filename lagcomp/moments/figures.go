package moments

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/compensation"
)

// A sentence that writes its numbers out ("about 146 ms ago", "red and
// blue sit on top of each other") is true of the preset's own settings
// only: under the user's latency_ms=150 the slide draws 256 ms beside a
// sentence saying 146. So a sentence names its numbers, {delay_ms}, and
// each is computed from the run the moment was found on, at the moment:
//
//	{ at_ms = 3000, say = "the target as the server had it {delay_ms} ms ago ({interp_ms} ms of interpolation + {down_ms} ms downstream + …)" }
//
// A figure is a name without a colon, where a clause is "{COND: text}".

// Figure is a number a moment's sentence may name: what it is and how it
// is computed from the run shown.
type Figure struct {
	Name   string
	Format string // as fmt writes it: "%.0f", "%.2f"
	Says   string // how it is computed, for the README and an error's list
	// Needs is what it is computed from: the moment's shot, the frame at
	// the moment, or the run's settings alone.
	Needs need
	Of    func(x *figureOf) float64
}

type need int

const (
	needConfig need = iota // the run's settings
	needShot               // the moment's shot (a shot = N or a find that picks one)
	needFrame              // the simulation at the moment's time
	needFound              // what the finding measured (resolve writes it; Of is nil)
)

// figureOf is what a figure is computed from.
type figureOf struct {
	cfg   *lagcomp.Config
	shot  *lagcomp.ShotRecord
	frame *lagcomp.Frame
	sim   *lagcomp.Sim // stepped to the moment's time, with frame
}

// Figures declares every figure a sentence may name, once: the README's
// figure list and the loader's check read it.
var Figures = []Figure{
	{"interp_ms", "%.0f", "interp_ms, the client's interpolation delay", needConfig,
		func(x *figureOf) float64 { return x.cfg.InterpMs }},
	{"max_rewind_ms", "%.0f", "max_rewind_ms, the latency the server compensates at most", needConfig,
		func(x *figureOf) float64 { return x.cfg.MaxRewindMs }},
	{"up_ms", "%.0f", "the shooter's upstream base latency at the moment (a replayed trace's delay then)", needFrame,
		func(x *figureOf) float64 { return x.sim.Link(lagcomp.ShooterPawn, true).BaseMs(x.frame.T) }},
	{"down_ms", "%.0f", "the shooter's downstream base latency at the moment", needFrame,
		func(x *figureOf) float64 { return x.sim.Link(lagcomp.ShooterPawn, false).BaseMs(x.frame.T) }},
	{"victim_up_ms", "%.0f", "the victim's upstream base latency at the moment", needFrame,
		func(x *figureOf) float64 { return x.sim.Link(lagcomp.TargetPawn, true).BaseMs(x.frame.T) }},
	{"delay_ms", "%.0f", "how far behind server time the shooter's screen draws the target at the moment (the Shooter pane's \"shows server t − …\")", needFrame,
		func(x *figureOf) float64 {
			return (x.frame.T - x.frame.Clients[lagcomp.ShooterPawn].View.IdealT).Millis()
		}},
	{"input_delay_ms", "%.0f", "how far behind the victim's own screen the server plays its pawn at the moment (its input buffer's offset)", needFrame,
		func(x *figureOf) float64 {
			if off := x.frame.InputOffsets; lagcomp.TargetPawn < len(off) && off[lagcomp.TargetPawn] >= 0 {
				return off[lagcomp.TargetPawn].Millis()
			}
			return math.NaN()
		}},
	{"ping_ms", "%.1f", "the ping the shooter reported to the server at the moment (what a ping rewind multiplies)", needFrame,
		func(x *figureOf) float64 { return x.frame.Ping.ReportedMs }},
	{"rewind_ms", "%.1f", "the moment's shot: the rewind the server used (judged − rewound-to time)", needShot,
		func(x *figureOf) float64 { return x.shot.RewindMs() }},
	{"ideal_rewind_ms", "%.1f", "the moment's shot: the ideal rewind (judged − the server time the client showed)", needShot,
		func(x *figureOf) float64 { return x.shot.IdealRewindMs() }},
	{"rewind_diff_ms", "%.1f", "the moment's shot: |rewind used − ideal rewind|", needShot,
		func(x *figureOf) float64 { return math.Abs(x.shot.RewindMs() - x.shot.IdealRewindMs()) }},
	{"gap_m", "%.3f", "the moment's shot: red to blue, the client-seen hitbox to the rewound one (rewind_error_m)", needShot,
		func(x *figureOf) float64 { return x.shot.RewindErrorM }},
	{"truth_m", "%.2f", "the moment's shot: the rewound hitbox to where the target truly was then (truth_error_m)", needShot,
		func(x *figureOf) float64 { return x.shot.TruthErrorM }},
	{"yaw_error_deg", "%.0f", "the moment's shot: the rewound hitbox's facing off the client-seen one, in degrees", needShot,
		func(x *figureOf) float64 { return x.shot.YawErrorDeg }},
	{"cmd_tick", "%.0f", "the moment's shot: the tick its command's stamp names (stamp_precision tick: tick_count)", needShot,
		func(x *figureOf) float64 { return stampTick(x.shot) }},
	{"lerp_ticks", "%.0f", "the moment's shot: the interpolation its stamp names, in whole ticks (TIME_TO_TICKS(lerp))", needShot,
		func(x *figureOf) float64 { return stampLerp(x.shot) }},
	{"rewind_tick", "%.0f", "the moment's shot: cmd_tick − lerp_ticks, the tick the server rewinds to", needShot,
		func(x *figureOf) float64 { return stampTick(x.shot) - stampLerp(x.shot) }},
	{"warp_m", "%.2f", "a largest_warp moment: how far the shooter's extrapolated target jumped", needFound, nil},
	{"correction_m", "%.2f", "a largest_correction moment: how far the client's reconciliation moved its own pawn", needFound, nil},
	{"moved_m", "%.1f", "the moment's shot: the client-seen hitbox to the target on the server at judgement", needShot,
		func(x *figureOf) float64 { return x.shot.ClientSaw.Pos.Dist(x.shot.ServerNow.Pos) }},
}

// figure is the figure named name.
func figure(name string) (Figure, bool) {
	i := slices.IndexFunc(Figures, func(f Figure) bool { return f.Name == name })
	if i < 0 {
		return Figure{}, false
	}
	return Figures[i], true
}

// FigureNames lists the figures' names, for an error.
func FigureNames() string {
	s := make([]string, len(Figures))
	for i, f := range Figures {
		s[i] = f.Name
	}
	return strings.Join(s, ", ")
}

// placeholder is "{name}" in a sentence: a figure (no colon, no space).
var placeholder = regexp.MustCompile(`\{([a-z0-9_]+)\}`)

// checkFigures reports a placeholder that names no figure, and say with
// every placeholder taken out, for the clause check.
func checkFigures(say string) (string, error) {
	for _, m := range placeholder.FindAllStringSubmatch(say, -1) {
		if _, ok := figure(m[1]); !ok {
			return "", fmt.Errorf("{%s} is not a figure (allowed: %s)", m[1], FigureNames())
		}
	}
	return placeholder.ReplaceAllString(say, "0"), nil
}

// usedFigures are the figures say names.
func usedFigures(say string) []Figure {
	var fs []Figure
	for _, m := range placeholder.FindAllStringSubmatch(say, -1) {
		if f, ok := figure(m[1]); ok && !slices.ContainsFunc(fs, func(g Figure) bool { return g.Name == f.Name }) {
			fs = append(fs, f)
		}
	}
	return fs
}

// Fill writes each figure's value into say, as its Format writes it; a
// figure without a value (a moment never found, a shot figure at a
// moment that selects none) stays "{name}", so nothing false is said.
func Fill(say string, values map[string]float64) string {
	return placeholder.ReplaceAllStringFunc(say, func(m string) string {
		name := m[1 : len(m)-1]
		f, ok := figure(name)
		v, has := values[name]
		if !ok || !has || math.IsNaN(v) {
			return m
		}
		return fmt.Sprintf(f.Format, v)
	})
}

// figures computes the figures specs name, moment by moment, on a run
// of cfg: shot figures from each moment's shot in s (the finished run),
// frame figures from a second run stepped to each moment's time in
// turn (one run for all, their times in order).
func figures(cfg lagcomp.Config, s *lagcomp.Sim, ms []Moment) error {
	type job struct {
		i  int
		fs []Figure
	}
	var frames []job
	for i := range ms {
		m := &ms[i]
		fs := usedFigures(m.Spec.Say)
		if len(fs) == 0 || !m.Found {
			continue
		}
		if m.Values == nil {
			m.Values = map[string]float64{}
		}
		x := &figureOf{cfg: &cfg, shot: shotByID(s, m)}
		var later []Figure
		for _, f := range fs {
			switch {
			case f.Needs == needFound:
				// written by resolve, if the finding measures it
			case f.Needs == needFrame:
				later = append(later, f)
			case f.Needs == needShot && x.shot == nil:
				// left out: the sentence keeps {name}, and the test of the
				// shipped moments says which moment asked for it
			default:
				m.Values[f.Name] = f.Of(x)
			}
		}
		if len(later) > 0 {
			frames = append(frames, job{i, later})
		}
	}
	if len(frames) == 0 {
		return nil
	}
	slices.SortStableFunc(frames, func(a, b job) int { return cmp.Compare(ms[a.i].At, ms[b.i].At) })
	run, err := lagcomp.New(cfg)
	if err != nil {
		return err
	}
	for _, j := range frames {
		m := &ms[j.i]
		if run.Now < m.At {
			run.Step(m.At)
		}
		x := &figureOf{cfg: &cfg, frame: run.Frame(), sim: run}
		for _, f := range j.fs {
			m.Values[f.Name] = f.Of(x)
		}
	}
	return nil
}

// shotByID is the moment's shot in s, nil if it selects none.
func shotByID(s *lagcomp.Sim, m *Moment) *lagcomp.ShotRecord {
	if m.Shot == [16]byte{} {
		return nil
	}
	for i := range s.Shots.Len() {
		if r := s.Shots.At(i); r.ID == m.Shot {
			return r
		}
	}
	return nil
}

// stampTick and stampLerp are a shot's whole-tick stamp, NaN (the figure
// left unwritten) for a stamp that carries no ticks.
func stampTick(r *lagcomp.ShotRecord) float64 {
	if r.Stamp.Precision != compensation.Tick {
		return math.NaN()
	}
	return float64(r.Stamp.Tick)
}

func stampLerp(r *lagcomp.ShotRecord) float64 {
	if r.Stamp.Precision != compensation.Tick {
		return math.NaN()
	}
	return float64(r.Stamp.LerpTicks)
}
