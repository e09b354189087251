package chart

import (
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
)

// yName is a figure's name for its y axis: words and a unit ("mean
// rewind error (m)", "rule max_rewind_cap applied (times)"), as the
// summary declares them; the panel's title keeps the CSV column's name,
// the one --metric takes.
func yName(metric string) string {
	if n, ok := records.Words(metric); ok {
		return n
	}
	return strings.ReplaceAll(metric, "_", " ")
}

// figureName is a figure's name for people, a panel's title ("mean
// rewind error", "agreement"), and the unit its y axis is named by ("m",
// "share of shots"; "count" for a count its name says what of); the
// column's own name for a column that is not a figure.
func figureName(metric string) (name, unit string) {
	name, unit, ok := records.Name(metric)
	if !ok {
		return strings.ReplaceAll(metric, "_", " "), ""
	}
	if unit == "" {
		unit = "count"
	}
	return name, unit
}

// xName is the first key's name for the x axis, with its unit, and
// "one way" for a latency (the chart's latency_ms is not a round trip).
func xName(key string) string {
	p, ok := lagcomp.Lookup(key)
	if !ok || p.Unit == "" {
		return key
	}
	unit := p.Unit
	if strings.Contains(p.Doc, "one-way") {
		unit += ", one way"
	}
	return key + " (" + unit + ")"
}
