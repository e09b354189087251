// Package sweep turns runs into an argument: it expands a grid of settings
// (every key of lagcomp can be varied, checked exactly as --set checks it),
// runs each point and seed on all cores, and gathers every summary figure
// of each run into rows, the same for any number of workers. Each worker
// hands a finished point's large buffers to its next (lagcomp.Recycler),
// once its figures are copied out.
//
// It lives under lagcomp rather than beside it because a sweep is nothing
// but lagcomp runs: it adds no netcode, imports no UI (neither Fyne nor
// the views), and so serves `lagscope sweep` and the window's Sweep tab
// alike. Like lagcomp it reads no clock: progress is reported as counts
// and the caller times it.
package sweep
