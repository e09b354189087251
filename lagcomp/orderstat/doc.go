// Package orderstat keeps a quantile of a growing set of values exactly
// (the summary's p95 rewind error) without sorting the set on every
// frame: two heaps split at the quantile's nearest rank, O(log n) per
// value, O(1) per query. It needs nothing of the simulation.
package orderstat
