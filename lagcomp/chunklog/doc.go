// Package chunklog is the simulation's append-only logs (the shots fired,
// their records, the weapon-fire log's shots, bursts, values, updates and
// effects) kept in chunks that a clone shares until one side writes, so
// a keyframe of an hour-long run copies no log and a write after it
// copies one chunk; and a set of numbers (the sequence numbers a server
// has seen) kept alike, as a bitmap in chunks. It knows nothing of what
// the entries are.
package chunklog
