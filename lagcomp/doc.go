// Package lagcomp is the netcode over lagscope's world: a server and its
// clients as a discrete-event simulation on an integer clock, wiring the
// self-contained techniques of its sub-packages (netem: emulated links;
// rewind: per-pawn history and its lookup; ping: latency tracking;
// compensation: the hitscan lag-compensation modes; rule: what records
// name) into the server's judgement and projectile prediction of the
// source documents. It is omniscient: every judgement the server makes is
// recorded beside the ideal answer.
//
// Nothing here reads the wall clock, the global random source or iterates
// a map where order matters: one seed fixes every result, byte for byte.
package lagcomp
