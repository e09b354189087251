// Package orderstat keeps quantiles of a growing set of values exactly
// (the summary's median and p95 rewind error) without sorting the set on
// every frame: the values sit sorted in blocks, O(log n + block) per
// value, one walk of the block lengths per query after new values. A
// clone shares every block until one side writes it, so the timeline's
// keyframes of an hour-long run hold one copy of the values, not one
// each. It needs nothing of the simulation.
package orderstat
