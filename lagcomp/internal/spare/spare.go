// Package spare keeps the buffers a finished run is done with for the
// next run to take: lagcomp's Recycler and the spares of its rooms
// (rewind.Spares) hand a finished sweep point's to the next, as a sweep
// runs thousands of short runs that each made them afresh — the
// collector's work, which the sweep's workers share. A list of spares is
// a plain [][]T; these are its two moves, written once.
package spare

import "slices"

// Max bounds a list: past it a returned buffer is left to the collector
// (a run returns a few dozen).
const Max = 256

// Take removes the first buffer of *list with room for n and returns it
// empty (nil: none has).
func Take[T any](list *[][]T, n int) []T {
	for i, b := range *list {
		if cap(b) >= n {
			*list = slices.Delete(*list, i, i+1)
			return b[:0]
		}
	}
	return nil
}

// Keep adds b, emptied, to *list, unless the list is full.
func Keep[T any](list *[][]T, b []T) {
	if len(*list) < Max {
		*list = append(*list, b[:0])
	}
}
