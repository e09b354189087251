// Package records is lagscope's outputs: the forms in which `sim --json`
// prints a run's records (shots, projectiles, fire effects, the duel)
// and its summary, the summary's CSV, and the declarations of the
// summary's figures read from their fields' tags — the one place a
// figure's name, words, unit, bounds and total are said, so the JSON
// line, the CSV columns, sweeps, charts and the README all agree.
//
// The engine (lagcomp) makes the records and knows nothing of their
// output forms: this package imports it, never the other way.
package records
