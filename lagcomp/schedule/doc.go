// Package schedule is the simulation's clock: the event queue in a total
// order (time, then a server tick before a render frame, then client),
// and the metronomes that put periodic processes (ticks, snapshots,
// render frames, net updates) at exact integer times, so no rounding
// accumulates and a run never depends on insertion accidents.
package schedule
