// Package moments finds a lecture's bookmarks. A moment is an instant of
// a scenario worth looking at, with a sentence saying what to see there.
// A preset names it by time, by shot, or asks for one to be found (the
// first shot behind cover, the largest warp, …): the finding is done
// here, from the records of a lagcomp run, so the window,
// `shot --moment` and the tests agree on it.
//
// It reads the simulation only through lagcomp's exported records and
// accounts (shot and projectile records, the peeker's advantage, a
// client's largest warp, the fire-effects misses); lagcomp knows nothing
// of it.
package moments
