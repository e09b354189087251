// Package movement is how players move through the netcode
// (Valve's "Source Multiplayer Networking", on usercmds, cl_cmdrate
// and prediction; Gambetta's client-side prediction and server
// reconciliation): the input a client samples each frame, the server's
// input buffer that applies a client's inputs at its ticks (when the
// queue runs dry, each engine's rule: Overwatch repeats the last input,
// Source holds, then runs m_LastCmd for the lost ones within its
// sv_maxusrcmdprocessticks budget, Unreal's ServerMove covers the gap
// clamped to MaxMoveDeltaTime), and the client's prediction of its
// own pawn with its reconciliation — reset to the server's state, replay
// what the server has not applied yet.
//
// Everything here is a pure, deterministic function of the inputs given:
// no clock, no randomness. The simulation (lagcomp) samples, sends and
// ticks; this package moves.
//
// An input covers the client frame that just ended: sampled at the frame
// at time T+Dt, it is the movement over [T, T+Dt) (Source's usercmd
// carries the frame time it was built over). A client's inputs therefore
// tile its own clock without gaps, and the server plays them back on its
// own clock shifted by an offset fixed when the first one arrives: on a
// clean link the server's path is the client's path delayed by that
// offset, exactly.
package movement
