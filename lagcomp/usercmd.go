package lagcomp

import (
	"lagscope/lagcomp/schedule"
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// A client makes one command (a usercmd: its movement and its buttons,
// fire among them) at each beat of its command clock, and a shot is the
// fire button of the command of its beat: it rides in every packet that
// carries that command, and nowhere else. cmd_backup repeats the last N
// commands in every command packet (Source's cl_cmdbackup), so a shot is
// lost exactly when its command is.
//
// The beat is the engine's:
//   - tick: one command per client tick, the server's tick interval
//     (Source: CL_CreateMove builds one usercmd a tick);
//   - frame: one per render frame (Unreal's CharacterMovement saves a
//     move each frame, combined into a ServerMove);
//   - cmd_frame: one per fixed command frame of cmd_frame_ms
//     (Overwatch's 16 ms command frame, GDC 2017).

// CmdPer is what a client's command beat follows.
type CmdPer string

const (
	CmdPerFrame    CmdPer = "frame"     // one command per render frame (Unreal)
	CmdPerTick     CmdPer = "tick"      // one per client tick at tick_hz (Source)
	CmdPerCmdFrame CmdPer = "cmd_frame" // one per fixed command frame of cmd_frame_ms (Overwatch)
)

// CmdPers are the command beats, in the key's order.
func CmdPers() []CmdPer { return []CmdPer{CmdPerFrame, CmdPerTick, CmdPerCmdFrame} }

// beatAfter is the end of the command that starts at from: the first
// beat of the command clock after it. Beats lie at whole multiples of
// the beat from the client's command phase (TickTime for the tick: no
// rounding accumulates), so a client's commands line up with the
// server's ticks only at phase 0 (cmd_phase_ms). Frame beats have no
// clock of their own: the caller makes one command each frame.
func (c *Config) beatAfter(from, phase model.Time) model.Time {
	if from < phase {
		return phase
	}
	from -= phase
	switch c.CmdPer {
	case CmdPerTick:
		n := int64(from)*int64(c.TickHz)/int64(model.Second) + 1
		for model.TickTime(n-1, c.TickHz) > from { // TickTime rounds: the beat after from, exactly
			n--
		}
		for model.TickTime(n, c.TickHz) <= from {
			n++
		}
		return phase + model.TickTime(n, c.TickHz)
	default:
		p := c.cmdFrame()
		return phase + (from/p+1)*p
	}
}

// beat is the command clock's interval (0 for frame beats: no clock).
func (c *Config) beat() model.Time {
	switch c.CmdPer {
	case CmdPerTick:
		return model.TickTime(1, c.TickHz)
	case CmdPerCmdFrame:
		return c.cmdFrame()
	}
	return 0
}

// cmdPhase is where client's command beats lie after the server's tick
// boundaries: cmd_phase_ms modulo the beat, or (-1) a draw of its own
// stream of the seed, uniform over the beat. A real client's ticks (and
// Overwatch's command frames) run on its own clock from when it
// connected; nothing lines them up with the server's in real time.
// Frame beats have none (0).
func (c *Config) cmdPhase(client int) model.Time {
	b := c.beat()
	if b <= 0 {
		return 0
	}
	if c.CmdPhaseMs >= 0 {
		return model.MsF(c.CmdPhaseMs) % b
	}
	return model.Time(stream.Draw(c.Seed, stream.CmdPhase+uint64(client), int64(b)))
}

// cmdCycle is what the command clock at a phase does to the commands it
// makes, over whole cycles of the frames, the beats and the command
// packets (cmdCycleFrom to cmdCycleTo: clear of the start, whose first
// command the first frame cuts short).
type cmdCycle struct {
	// each command's wait from its end to the packet that first carries it
	WaitMin, WaitMean, WaitMax model.Time
	// SpanMax is the longest a command's start lies before the end of the
	// newest command its packet carries (the packet's clock: the server's
	// input buffer measures a packet's delay from that end): what the
	// buffer must hold beyond a packet's delay so that no command of a
	// steady link comes late. With frame beats the newest command ends as
	// its packet leaves: the span is to the packet.
	SpanMax model.Time
	// SendLagMean is the mean, over packets, of how long after its newest
	// command's end a packet leaves (the frame that made it, the wait for
	// the packet): part of every packet's delay as the buffer measures it
	// (0 with frame beats).
	SendLagMean model.Time
	// SightMean is the mean, over the time the commands cover, of how long
	// after a moment the client's own screen shows its pawn there: the
	// rest of its command, then the wait for the frame that makes it
	// (half a frame with frame beats).
	SightMean model.Time
}

// The commands cmdCycleAt counts start in [cmdCycleFrom, cmdCycleTo):
// whole cycles of integer rates (frames, ticks and packets meet every
// second) and of a 16 ms command frame (every 2 s at 125 fps).
const (
	cmdCycleFrom = model.Second
	cmdCycleTo   = 3 * model.Second
)

// cmdCycleAt follows a client's frames (fps, from 0), its command beats
// (cmd_per, at phase) and its command packets (cmdRate, due from the
// first frame) as sampleInput and sendInputs do, a packet going at a
// frame when one is due (or overdue) and a command waits for it.
func (c *Config) cmdCycleAt(phase model.Time) cmdCycle {
	var met schedule.Metronome
	rate := c.cmdRate()
	met.Due(0, rate) // the first frame starts the clocks
	type cmd struct {
		t, end, made model.Time
		frame        int64 // frame beats: the frame it starts at
	}
	frames := c.CmdPer == CmdPerFrame || c.CmdPer == ""
	var pending []cmd
	var out cmdCycle
	var sum, lag, covered model.Time
	var sight float64 // µs²
	n, packets, made, most := 0, 0, 0, int64(0)
	prev, waits := model.Time(0), false
	for j := int64(1); ; j++ {
		t := model.TickTime(j, c.FPS)
		if prev >= cmdCycleTo && len(pending) == 0 {
			break
		}
		if frames {
			pending, prev = append(pending, cmd{prev, t, t, j - 1}), t
			made++
		} else {
			for end := c.beatAfter(prev, phase); end <= t; end = c.beatAfter(prev, phase) {
				pending, prev = append(pending, cmd{prev, end, t, 0}), end
				made++
			}
		}
		due := met.Due(t, rate)
		if !due && !waits || len(pending) == 0 {
			waits = waits || due && made > 0
			continue
		}
		newest := pending[len(pending)-1].end
		if nt := pending[len(pending)-1].t; nt >= cmdCycleFrom && nt < cmdCycleTo {
			lag += t - newest
			packets++
		}
		for _, p := range pending {
			if p.t < cmdCycleFrom || p.t >= cmdCycleTo {
				continue
			}
			w := t - p.end
			if n == 0 || w < out.WaitMin {
				out.WaitMin = w
			}
			out.WaitMax = max(out.WaitMax, w)
			out.SpanMax = max(out.SpanMax, newest-p.t)
			most = max(most, j-p.frame)
			sum += w
			n++
			d := float64(p.end - p.t)
			sight += d * (d/2 + float64(p.made-p.end))
			covered += p.end - p.t
		}
		pending, waits = pending[:0], false
	}
	if n > 0 {
		out.WaitMean = sum / model.Time(n)
		out.SightMean = model.Time(sight / float64(covered))
	}
	if packets > 0 {
		out.SendLagMean = lag / model.Time(packets)
	}
	if frames {
		// whole frames from frame 0, as the first command's span is: a
		// frame's length varies by a nanosecond with TickTime's rounding
		out.SpanMax = model.TickTime(most, c.FPS)
	}
	return out
}

// cmdFrame is cmd_frame_ms as a time (at least a microsecond).
func (c *Config) cmdFrame() model.Time { return max(model.MsF(c.CmdFrameMs), 1) }

// beatHz is how many commands a client makes a second, rounded down (at
// least 1): fps for frame beats.
func (c *Config) beatHz() int {
	switch c.CmdPer {
	case CmdPerTick:
		return c.TickHz
	case CmdPerCmdFrame:
		return max(1, int(model.Second/c.cmdFrame()))
	default:
		return c.FPS
	}
}

// usercmdOf is the command whose buttons hold a shot fired at t: the
// last one made when it ends at t (made this frame, its buttons read
// now), else the next one to be made.
func (c *Client) usercmdOf(t model.Time) uint32 {
	if c.inputSeq > 0 && t <= c.prevFrame {
		return c.inputSeq
	}
	return c.inputSeq + 1
}

// lastSentInput is the number of the newest command sent (0: none).
func (c *Client) lastSentInput() uint32 {
	if len(c.sentInputs) == 0 {
		return 0
	}
	return c.sentInputs[len(c.sentInputs)-1].Seq
}

// cmdPhases is how many phases, evenly over the beat, cmdSpanTerm
// averages the schedule over when the phase is drawn.
const cmdPhases = 32

// cmdSpanTerm is what a client's command schedule adds to the time from
// its screen showing its pawn somewhere to the server playing it there,
// beyond the link's delay, the input buffer's lead and a frame of the
// client's own (cmdCycle at its phase, peekTerm), as the configuration
// gives it: at cmd_phase_ms when that is fixed (and for frame beats,
// which have no phase), else its mean over a phase uniform over the
// beat, with the least and the most any phase gives.
func (c *Config) cmdSpanTerm() (mean, lo, hi model.Time) {
	b := c.beat()
	if b <= 0 || c.CmdPhaseMs >= 0 {
		s := c.peekTerm(c.cmdCycleAt(c.cmdPhase(0)))
		return s, s, s
	}
	var sum model.Time
	for k := range cmdPhases {
		s := c.peekTerm(c.cmdCycleAt((2*model.Time(k) + 1) * b / (2 * cmdPhases)))
		if k == 0 || s < lo {
			lo = s
		}
		hi = max(hi, s)
		sum += s
	}
	return sum / cmdPhases, lo, hi
}

// peekTerm is a schedule's part of the time from the client's screen
// showing its pawn at a moment to the server playing that moment: the
// server plays it the buffer's offset after it — a packet's delay as
// the buffer measures it (the link's, and the packet's lag behind its
// newest command, SendLagMean) plus Span — and the screen showed it the
// client's own sighting delay after it (SightMean). With frame beats that
// is half a frame, which the duel's sum counts as the peeker's frame
// (the two sightings' own frames cancel, PredictedMs): the span alone.
func (c *Config) peekTerm(cy cmdCycle) model.Time {
	if c.beat() <= 0 {
		return cy.SpanMax
	}
	return cy.SpanMax + cy.SendLagMean - cy.SightMean + model.TickTime(1, c.FPS)/2
}
