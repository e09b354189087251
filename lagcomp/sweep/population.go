package sweep

import (
	"fmt"
	"strconv"

	"lagscope/lagcomp"
)

// A sweep over a population (the population key) runs Players draws of
// it at each point for each seed: draw d's players are population_draw
// = d's, so every row is the `sim` of its settings. A point's figures
// are over all its runs, each run one draw of every player's link, so
// each drawn player weighs the same: the figure "over our players". The
// CSV says which draw a row is and each player's drawn percentile; the
// caption says how many players each figure is over.

// MaxPlayers bounds --players: a sweep's runs are bounded anyway
// (maxRuns); this is population_draw's own range.
const MaxPlayers = lagcomp.MaxPopulationDraw

// checkPlayers refuses draws of no population: the runs would be the
// same run again, read as more players.
func (g *Grid) checkPlayers(cfg *lagcomp.Config) error {
	switch {
	case g.Players > MaxPlayers || g.Players < 0:
		return fmt.Errorf("--players: %d is out of range (allowed: 1 to %d)", g.Players, MaxPlayers)
	case g.Players > 1 && cfg.Population == "":
		return fmt.Errorf("--players %d: draws of no population (set population, e.g. --set population=unity-regional)", g.Players)
	case g.Players > 1 && g.varies("population_draw"):
		return fmt.Errorf("--players %d and --vary population_draw: the draws are --players'; drop one", g.Players)
	}
	return nil
}

// varies says whether key is varied, or set by a variant.
func (g *Grid) varies(key string) bool {
	for _, v := range g.Vary {
		for _, k := range v.Keys() {
			if k == key {
				return true
			}
		}
	}
	return false
}

// populationColumns are the CSV's columns of the players' draws, after
// the seed: the draw, and each player's drawn percentile
// (shooter_percentile, victim_percentile, observer1_percentile…); none
// when no row has a population.
func populationColumns(rows []Row) []string {
	players := 0
	for _, r := range rows {
		if r.Point.Config.Population != "" {
			players = max(players, 2+r.Point.Config.Observers)
		}
	}
	if players == 0 {
		return nil
	}
	cols := []string{"population_draw"}
	for i := range players {
		cols = append(cols, lagcomp.ClientName(i)+"_percentile")
	}
	return cols
}

// populationRecord is row r's values of those columns: empty for a
// player the row's run has not (fewer observers) or a row without a
// population.
func populationRecord(r *Row, cols []string) []string {
	out := make([]string, len(cols))
	c := &r.Point.Config
	if len(cols) == 0 || c.Population == "" {
		return out
	}
	out[0] = strconv.Itoa(c.PopulationDraw)
	for i := range cols[1:] {
		if pl, ok := c.PlayerLink(i); ok && i < 2+c.Observers {
			out[1+i] = strconv.FormatFloat(round6(pl.Pct), 'f', -1, 64)
		}
	}
	return out
}

// populationCaption is the caption's line for a grid over a population:
// what each figure is over; "" without one.
func (g *Grid) populationCaption(pop string) string {
	if pop == "" {
		return ""
	}
	n, per := max(1, g.Players)*max(1, g.Seeds), ""
	if g.Seeds > 1 {
		per = fmt.Sprintf(", %d a seed", max(1, g.Players))
	}
	return fmt.Sprintf("population %s: every player's link drawn from it; a point's figures over its %d draws%s, each weighed the same", pop, n, per)
}
