package netem

import (
	"strconv"
	"strings"
)

// NetworkProfile is a named starting point for both directions of a link.
// Figures are one-way. Source names where they come from: empty for
// lagscope's own typical values (not measurements of any particular
// network); a published table for the percentile profiles. Every one of
// them can be changed afterwards.
type NetworkProfile struct {
	Name, Description string
	Source            string
	Link              LinkConfig
}

// unityPresets is the source of the percentile profiles: Unity Netcode
// for Entities' network simulator presets (SimulatorPreset.
// AppendBaseSimulatorPresets), its "best-estimate approximations … informed
// by real world data" of players' connections to a regional and an
// international server, by percentile.
const unityPresets = "Unity Netcode for Entities' simulator presets (SimulatorPreset.AppendBaseSimulatorPresets, percentiles of real players' connections; each packet delayed on its own, as Unity's simulator does: reorder_pct 100)"

// unity is one of Unity's percentile presets: delayMs, jitterMs and
// lossPct as its table gives them (PacketDelayMs, PacketJitterMs,
// PacketLossPercent). Unity's simulator applies them to each direction and
// its jitter adds or subtracts up to jitterMs from the delay (uniform
// around it); lagscope's jitter only adds (0 to jitter_ms), so the same
// spread is latency_ms = delay − jitter with jitter_ms = 2 × jitter: the
// mean one-way delay and its extremes are Unity's.
//
// Unity's simulator delays each packet on its own: a packet drawn a
// shorter delay than the one before it overtakes it. A link held in order
// (reorder_pct 0) makes such a packet wait behind the one ahead, which
// raises the mean above Unity's (regional-p50: 66.38 ms where Unity's is
// 66 over a sim run's upstream packets, 7–13 σ of their mean); so the profiles set
// reorder_pct 100 (unityReorderPct), and the documented mean holds.
func unity(name, what string, delayMs, jitterMs, lossPct float64) NetworkProfile {
	return NetworkProfile{Name: name, Source: unityPresets,
		Description: what + ": " + ftoa(delayMs) + " ms ± " + ftoa(jitterMs) + " ms each way, " + ftoa(lossPct) + " % loss, each packet delayed on its own",
		Link:        LinkConfig{LatencyMs: delayMs - jitterMs, JitterMs: 2 * jitterMs, LossPct: lossPct, ReorderPct: unityReorderPct}}
}

// unityReorderPct is the Unity profiles' reorder_pct: every packet may
// overtake, its delay its own draw.
const unityReorderPct = 100

// Profiles are the named network conditions: lagscope's typical links
// from best to worst, then the published percentiles (a population of
// players, regional server then international), best to worst.
var Profiles = []NetworkProfile{
	{Name: "lan", Description: "wired LAN: 1 ms, almost no jitter", Link: LinkConfig{LatencyMs: 1, JitterMs: 0.5}},
	{Name: "broadband", Description: "home broadband to a nearby server: 20 ms, a little jitter and loss",
		Link: LinkConfig{LatencyMs: 20, JitterMs: 4, TailMs: 2, LossPct: 0.2}},
	{Name: "4g", Description: "mobile 4G: 45 ms, skewed jitter, bursty loss and occasional lag spikes",
		Link: LinkConfig{LatencyMs: 45, JitterMs: 15, TailMs: 10, LossPct: 0.5,
			GEEnterPct: 1, GEExitPct: 25, GELossPct: 60,
			SpikeEveryMs: 8000, SpikeMs: 250, SpikeLenMs: 300}},
	{Name: "intl95", Description: "international path at its 95th percentile: 150 ms, heavy tail",
		Link: LinkConfig{LatencyMs: 150, JitterMs: 20, TailMs: 25, LossPct: 1.5}},
	{Name: "dialup", Description: "56k dial-up: 200 ms each way (400 ms ping), jittery and lossy",
		Link: LinkConfig{LatencyMs: 200, JitterMs: 30, TailMs: 20, LossPct: 2}},
	unity("regional-p5", "a regional server's 5th-percentile player", 10, 2, 2),
	unity("regional-p25", "a regional server's 25th-percentile player", 16, 6, 2),
	unity("regional-p50", "a regional server's median player", 66, 11, 3),
	unity("regional-p95", "a regional server's 95th-percentile player", 151, 11, 4),
	unity("intl-p50", "an international server's median player", 121, 11, 3),
}

// ProfileNames lists the profile names.
func ProfileNames() []string {
	names := make([]string, len(Profiles))
	for i, p := range Profiles {
		names[i] = p.Name
	}
	return names
}

// Profile is the link of the profile named name; ok is false for a name
// that is none.
func Profile(name string) (LinkConfig, bool) {
	for _, p := range Profiles {
		if p.Name == name {
			return p.Link, true
		}
	}
	return LinkConfig{}, false
}

// ProfileSources says where the profiles come from, one clause per
// source ("regional-p5, … intl-p50: from Unity …"), for the network
// keys' words in `lagscope keys` and the README.
func ProfileSources() string {
	var order []string
	by := map[string][]string{}
	for _, p := range Profiles {
		src := p.Source
		if src == "" {
			src = "lagscope's typical values, not measurements"
		}
		if _, ok := by[src]; !ok {
			order = append(order, src)
		}
		by[src] = append(by[src], p.Name)
	}
	parts := make([]string, len(order))
	for i, src := range order {
		parts[i] = strings.Join(by[src], ", ") + ": " + src
	}
	return strings.Join(parts, "; ")
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
