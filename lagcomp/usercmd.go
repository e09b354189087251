package lagcomp

import "lagscope/model"

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
// the beat from time 0 (TickTime for the tick: no rounding accumulates),
// so every client's commands line up with the server's ticks (tick) or
// with each other (cmd_frame). Frame beats have no clock of their own:
// the caller makes one command each frame.
func (c *Config) beatAfter(from model.Time) model.Time {
	switch c.CmdPer {
	case CmdPerTick:
		n := int64(from)*int64(c.TickHz)/int64(model.Second) + 1
		for model.TickTime(n-1, c.TickHz) > from { // TickTime rounds: the beat after from, exactly
			n--
		}
		for model.TickTime(n, c.TickHz) <= from {
			n++
		}
		return model.TickTime(n, c.TickHz)
	default:
		p := c.cmdFrame()
		return (from/p + 1) * p
	}
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
