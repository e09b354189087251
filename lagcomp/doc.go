// Package lagcomp is the netcode over lagscope's world: a server and its
// clients as a discrete-event simulation on an integer clock, wiring the
// self-contained techniques of its sub-packages into the server's
// judgement and projectile prediction of the source documents. It is omniscient: every judgement the server makes is
// recorded beside the ideal answer.
//
// # Rooms
//
// This package is the engine: the Sim and everything that needs its
// private state. What needs nothing of it is a sub-package named for its
// concept, readable beside its source document and tested alone: the
// techniques import nothing of lagcomp; timeline, moments and sweep are
// built over its exported surface.
//
//   - netem: emulated links per direction and the reliability layer, with
//     netem/fit fitting its model to a recorded trace;
//   - rewind: per-pawn history (LocationTrail), its lookup, the broad phase;
//   - ping: latency tracking (the bounce, ExactPing, GetPredictionTime);
//   - clock: a client's clock and its estimate of server time, the value
//     it stamps shots with (UT2003's replicated PackageTimeStamp, Source's
//     tick_count under CClockDriftMgr, or none);
//   - compensation: the hitscan lag-compensation modes, a table of
//     strategies (a new mode is one file and one entry); rule: the rules a
//     record names, with their metadata;
//   - projectile: projectile prediction (flight, the server's fast-forward,
//     the delayed fake, the owner's reconciliation and its rules);
//   - burstcounter: the replicated BurstCounter; fireeffects: the weapon actor and
//     its channel, the fire log, the running fold of each client's record;
//   - schedule: the event queue and the metronomes (the clock); stream: the
//     seeded random streams; chunklog: the append-only logs a keyframe
//     shares; orderstat: the running p95; packetlog: the packet log (a
//     packet copy's Header declared once, with each field's form in the
//     packet line and its keyframe code; the log's rings; the codec);
//   - movement: the input command, the server's input buffer and each
//     engine's starvation rule, client-side prediction and its replay;
//   - param: the machinery behind a configuration's keys (one Param a
//     key: name, unit, range, default, words); events: a scenario's
//     script of network events (steps, outages, disconnects);
//   - timeline: Session, keyframes, the input script (over lagcomp's
//     exported surface); moments: a lecture's bookmarks; sweep: grids of
//     runs gathered into rows; records: the outputs (the JSON lines, the
//     CSV, the summary's figures as their tags declare them); telemetry:
//     the net graph's per-tick rows (sim --telemetry), read through a
//     narrow interface;
//   - internal/spare: the spare buffers a finished run hands on;
//     internal/reach: what memory a value reaches (for the Recycler's
//     tests); internal/testscene: what the tests share (a run as
//     bytes, the README's generated blocks).
//
// Here, one shot command is followed file by file: bot.go fires it (the
// player, at its client's render frame), sim.go puts it on the links
// (packet.go: packets, reliable messages, the packet log), delivery.go
// accounts for its copies, judge.go judges it (by the mode compensation
// names), shot.go records it and
// summary.go folds the records. Around it, server.go and client.go are
// the machines (client.go also shows the world: interpolation,
// extrapolation, the observers); projectile.go and fire_effects.go drive
// projectile and fireeffects on every machine, with their records in
// projectile_record.go and burst_record.go; peekers_advantage.go is the
// duel; frame.go makes the views' Frame (the whole simulation at one
// instant, not a client's render frame); clone.go copies the Sim for keyframes (the structs marked //clone:gen by clone_gen.go, which go generate ./lagcomp/... writes from their fields' clone tags);
// recycle.go's Recycler hands a finished run's large buffers to the next
// run (a sweep worker's points); config.go and keys.go configure it (keys.go
// also writes and reads a configuration as text, ConfigMap).
//
// The movement pipeline (the README's "How the simulation works":
// client input sampled and batched into commands, the server's input
// buffer, client-side prediction and its correction by replay)
// lives in lagcomp/movement for what needs nothing of the Sim (the input
// command, the buffer and its starvation, predict and replay), with its
// Sim side in client.go (sample, predict, send) and server.go (pop each
// client's next command a tick).
//
// Nothing here reads the wall clock, the global random source or iterates
// a map where order matters: one seed fixes every result, byte for byte.
package lagcomp
