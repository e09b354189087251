// Package lagcomp is the netcode over lagscope's world: emulated links,
// a server and its clients as a discrete-event simulation on an integer
// clock, per-pawn history and rewind, ping tracking and the hitscan
// lag-compensation modes of the source documents. It is omniscient: every
// judgement the server makes is recorded beside the ideal answer.
//
// Nothing here reads the wall clock, the global random source or iterates
// a map where order matters: one seed fixes every result, byte for byte.
package lagcomp
