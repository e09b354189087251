package netem

// NetworkProfile is a named starting point for both directions of a link.
// Figures are one-way; they are typical values, not measurements of any
// particular network, and every one of them can be changed afterwards.
type NetworkProfile struct {
	Name, Description string
	Link              LinkConfig
}

// Profiles are the named network conditions, from best to worst.
var Profiles = []NetworkProfile{
	{"lan", "wired LAN: 1 ms, almost no jitter", LinkConfig{LatencyMs: 1, JitterMs: 0.5}},
	{"broadband", "home broadband to a nearby server: 20 ms, a little jitter and loss",
		LinkConfig{LatencyMs: 20, JitterMs: 4, TailMs: 2, LossPct: 0.2}},
	{"4g", "mobile 4G: 45 ms, skewed jitter, bursty loss and occasional lag spikes",
		LinkConfig{LatencyMs: 45, JitterMs: 15, TailMs: 10, LossPct: 0.5,
			GEEnterPct: 1, GEExitPct: 25, GELossPct: 60,
			SpikeEveryMs: 8000, SpikeMs: 250, SpikeLenMs: 300}},
	{"intl95", "international path at its 95th percentile: 150 ms, heavy tail",
		LinkConfig{LatencyMs: 150, JitterMs: 20, TailMs: 25, LossPct: 1.5}},
	{"dialup", "56k dial-up: 200 ms each way (400 ms ping), jittery and lossy",
		LinkConfig{LatencyMs: 200, JitterMs: 30, TailMs: 20, LossPct: 2}},
}

// ProfileNames lists the profile names.
func ProfileNames() []string {
	names := make([]string, len(Profiles))
	for i, p := range Profiles {
		names[i] = p.Name
	}
	return names
}

func Profile(name string) (LinkConfig, bool) {
	for _, p := range Profiles {
		if p.Name == name {
			return p.Link, true
		}
	}
	return LinkConfig{}, false
}
