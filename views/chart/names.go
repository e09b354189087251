package chart

import (
	"strings"

	"lagscope/lagcomp"
)

// figureNames are the summary's figures in words, with their unit, for
// a panel's y axis; the panel's title keeps the CSV column's name, the
// one --metric takes.
var figureNames = map[string]string{
	"shots":                          "judged shots",
	"shots_fired":                    "shots fired",
	"rejected":                       "shots rejected",
	"shots_lost":                     "shots lost",
	"shots_in_flight":                "shots in flight",
	"lost_client_hits":               "lost shots the client saw hit",
	"duplicates_rejected":            "command copies refused",
	"reliable_gave_up":               "reliable messages given up",
	"client_hits":                    "client hits (shots)",
	"server_hits":                    "server hits (shots)",
	"agreement":                      "agreement (share of shots)",
	"false_hits":                     "false hits (shots)",
	"false_misses":                   "false misses (shots)",
	"behind_cover":                   "hits behind cover (shots)",
	"shots_traced":                   "shots traced",
	"mean_rewind_error_m":            "mean rewind error (m)",
	"p95_rewind_error_m":             "95th percentile rewind error (m)",
	"mean_rewind_ms":                 "mean rewind (ms)",
	"mean_ideal_rewind_ms":           "mean ideal rewind (ms)",
	"max_warp_m":                     "largest warp (m)",
	"starved_frames":                 "starved frames",
	"projectiles":                    "projectiles",
	"mean_projectile_spawn_offset_m": "mean spawn offset (m)",
	"max_projectile_divergence_m":    "largest divergence (m)",
	"mean_detonation_distance_m":     "mean detonations apart (m)",
	"sim_seconds":                    "simulated time (s)",
}

// yName is a figure's name for its y axis: words and a unit ("mean
// rewind error (m)", "rule max_rewind_cap applied (times)").
func yName(metric string) string {
	if n, ok := figureNames[metric]; ok {
		return n
	}
	group, key, ok := strings.Cut(metric, ".")
	switch {
	case ok && group == "rules":
		return "rule " + key + " applied (times)"
	case ok && group == "projectile_rules":
		return "projectile rule " + key + " applied (times)"
	case ok && group == "packets":
		return strings.ReplaceAll(key, "_", " ") + " (packets)"
	}
	return strings.ReplaceAll(metric, "_", " ")
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
