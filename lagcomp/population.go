package lagcomp

import (
	"fmt"

	"lagscope/lagcomp/events"

	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/stream"
)

// A population (the population key) draws every player's link — the
// shooter's, the victim's (the duel's peeker), each observer's — from a
// distribution of players by percentile (netem.Population): a studio's
// question is "over our players", not one player type. Each player's
// percentile is a uniform draw from 0 to 100 on the run's seed and
// population_draw, players in client order; its link is the table's,
// interpolated between the percentiles around it. A sweep's --players N
// runs draws 0 to N−1 of each seed, so every row is the `sim` of its
// settings.

// MaxPopulationDraw bounds population_draw: the draws' streams stay
// clear of every other (stream.Population + draw).
const MaxPopulationDraw = 1_000_000

// PlayerLink is client i's drawn link; ok is false without a population.
// The population was loaded when the configuration was checked
// (Validate), so a failure here is one the run already refused.
func (c *Config) PlayerLink(i int) (pl netem.PlayerLink, ok bool) {
	if c.Population == "" {
		return pl, false
	}
	p, err := netem.LoadPopulation(c.Population)
	if err != nil {
		panic(fmt.Sprintf("lagcomp: %v (a configuration with a population must be validated first)", err))
	}
	r, _ := stream.New(c.Seed, stream.Population+uint64(c.PopulationDraw))
	var q float64
	for range i + 1 {
		q = r.Float64() * 100
	}
	return p.At(q), true
}

// drawnLink is link l with a drawn player's delay, jitter and loss (and
// each packet delayed on its own, as Unity's simulator does): the other
// link keys (tail, duplication, spikes, a trace) still apply.
func drawnLink(l netem.LinkConfig, pl netem.PlayerLink) netem.LinkConfig {
	d := pl.Link()
	l.LatencyMs, l.JitterMs, l.LossPct, l.ReorderPct = d.LatencyMs, d.JitterMs, d.LossPct, d.ReorderPct
	return l
}

// populationParams are the population's keys.
func populationParams() []*Param {
	return []*Param{
		{Key: "population", Group: "network", Kind: KindText, Default: "", Order: orderKey,
			Doc: "draw every player's link (shooter, victim, observers) from a population of players by percentile, " +
				"interpolated between its rows: " + netem.UnityRegional + " (Unity's table, the regional-p… profiles) or a CSV file of " +
				"percentile,delay_ms,jitter_ms,loss_pct; the draw sets each player's latency_ms, jitter_ms, loss_pct and reorder_pct " +
				"each way over network, victim_network and their keys (\"\" = none)",
			Read:  func(c *Config) any { return c.Population },
			Write: func(c *Config, v any) { c.Population = v.(string) },
			CheckText: func(s string) error {
				if s == "" {
					return nil
				}
				_, err := netem.LoadPopulation(s)
				return err
			}, Path: true},
		integer("population_draw", "network", "", 0, MaxPopulationDraw, 0, "which draw of the population the players' links are (a sweep's --players N runs draws 0 to N−1)",
			func(c *Config) *int { return &c.PopulationDraw }),
	}
}

// NamesFile says whether a text key's value names a file (relative in a
// preset: to the preset's file): a Path key's, but for population's
// built-in table, which is a name.
func NamesFile(p *Param, s string) bool {
	return p.Path && s != "" && !(p.Key == "population" && s == netem.UnityRegional)
}

// drawnKeys are the keys whose fields a population's draw sets: what an
// event changing one of them would change for nobody.
func drawnKeys() []string {
	var out []string
	for _, lf := range linkFields {
		if lf.both == "latency_ms" || lf.both == "jitter_ms" || lf.both == "loss_pct" || lf.both == "reorder_pct" {
			for _, k := range []string{lf.up, lf.down} {
				out = append(out, k, "victim_"+k)
			}
		}
	}
	return out
}

// checkPopulationEvents refuses, under a population, an event that sets
// a key the draw sets (latency_ms, jitter_ms, loss_pct, reorder_pct, a
// network profile, their victim_ and one-way forms): the draw would
// override it and the event would change nothing, silently.
func (c *Config) checkPopulationEvents(evs []events.Event) error {
	if c.Population == "" {
		return nil
	}
	drawn := drawnKeys()
	for _, e := range evs {
		for _, s := range e.Set {
			if p, ok := Lookup(s.Key); ok && (p.Key == "network" || p.Key == "victim_network") {
				return fmt.Errorf("event %s: population draws every player's link, so a network profile would change nothing of it (allowed under a population: the other link keys, outages, disconnects)", e)
			}
			for _, d := range drawn {
				if same, _ := Overlap(s.Key, d); same {
					return fmt.Errorf("event %s: population draws every player's latency_ms, jitter_ms, loss_pct and reorder_pct, so %s would change nothing (allowed under a population: the other link keys, outages, disconnects)", e, s.Key)
				}
			}
		}
	}
	return nil
}
