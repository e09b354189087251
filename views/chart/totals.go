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
// a run" when the runs' totals differ; "" for a figure that is no part of
// a total, or with no row holding the total.
func totalNote(t *sweep.Table, metric string) string {
	of := records.OutOf(metric)
	if of == "" {
		return ""
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range t.Rows {
		if v, ok := t.Number(i, of); ok {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo > hi {
		return ""
	}
	if lo == hi {
		return fmt.Sprintf("of %g %s a run", lo, totalName(of))
	}
	return fmt.Sprintf("of %g–%g %s a run", lo, hi, totalName(of))
}

// totalName is a total's name in words, without the unit its own axis
// would give it ("server hits", not "server hits (shots)").
func totalName(col string) string {
	n := yName(col)
	if i := strings.Index(n, " ("); i > 0 {
		n = n[:i]
	}
	return n
}
