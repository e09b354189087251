// Package timeline is the window's clock over a lagcomp simulation: a
// Session holds the live run, every input that shaped it (configuration
// changes, the user's shots) and keyframes, copies of the run taken as it
// plays that share with it what did not change, so any past instant is
// rebuilt by replaying the inputs from the nearest keyframe (GGPO's
// idea: the simulation is
// deterministic, so a replay is the past). A Script is a session written
// down, which screenshots' sidecars carry and `shot --from` replays.
//
// It drives the simulation from outside through lagcomp's exported
// surface (New, Step, SetConfig, QueueFire, Clone, Keyframe); lagcomp
// knows nothing of it. Like the simulation it reads no wall clock: the
// caller hands Advance the time that passed.
package timeline
