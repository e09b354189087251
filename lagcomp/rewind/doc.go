// Package rewind is a pawn's history and the lookup that rewinds it, as
// UT2003's hit prediction keeps a LocationTrail per pawn and its
// TimeShiftPawns finds the samples that sandwich a client's stamp, with
// the guards Source's lag compensation adds (never across a teleport or a
// death). It knows nothing of the network: times in, poses out.
package rewind
