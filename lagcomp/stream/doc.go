// Package stream is the simulation's randomness: one seed, and a stream
// of it for each consumer (the aim, the motions, every link, the connect
// exchanges, the record ids), so adding a draw in one place never shifts
// the draws of another. The stream ids are declared here, together, so
// none can overlap another. Generators keep their state beside them so a
// keyframe copies them by value.
package stream
