package chart

import (
	"fmt"
	"math"
	"strings"

	"lagscope/lagcomp/records"
	"lagscope/lagcomp/sweep"
)

// A count means little without the total it is out of: 12 false hits of
// 20 judged shots is another run than 12 of 2000. A panel of a count the
// summary declares a part of a total (records.OutOf) says that total under
// its title, from the sweep's own rows.

// totalNote is "of 240 judged shots a run", or "of 118–240 judged shots
// a run" when the runs' totals differ; a total that is a sum of counts
// names each ("of 83–120 (judged shots + shots lost) a run": agreement is
// over the judged and the lost shots). "" for a figure that is no part of
// a total, or with no row holding the whole of it.
func totalNote(t *sweep.Table, metric string) string {
	terms := records.Totals(metric)
	if len(terms) == 0 {
		return ""
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range t.Rows {
		sum, ok := 0.0, true
		for _, term := range terms {
			v, has := t.Number(i, term)
			sum, ok = sum+v, ok && has
		}
		if ok {
			lo, hi = math.Min(lo, sum), math.Max(hi, sum)
		}
	}
	if lo > hi {
		return ""
	}
	names := make([]string, len(terms))
	for i, term := range terms {
		names[i] = totalName(term)
	}
	name := names[0]
	if len(names) > 1 {
		name = "(" + strings.Join(names, " + ") + ")"
	}
	if lo == hi {
		return fmt.Sprintf("of %g %s a run", lo, name)
	}
	return fmt.Sprintf("of %g–%g %s a run", lo, hi, name)
}

// totalName is a total's name in words, without the unit its own axis
// would give it ("server hits", not "server hits (shots)").
func totalName(col string) string {
	n, _, ok := records.Name(col)
	if !ok {
		return col
	}
	return n
}
