package sweep

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"lagscope/lagcomp"
	"lagscope/lagcomp/netem"
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
	switch {
	case g.varies("population"):
		pop = "as varied"
	case pop == "":
		return ""
	}
	n, per := max(1, g.Players)*max(1, g.Seeds), ""
	if g.Seeds > 1 {
		per = fmt.Sprintf(", %d a seed", max(1, g.Players))
	}
	return fmt.Sprintf("population %s: every player's link drawn from it; a point's figures over its %d draws%s, each weighed the same", pop, n, per)
}

// PercentileMatrix is a population sweep's rows regrouped for the
// matrix chart: the shooter's drawn percentile down the rows, the
// victim's (the duel's peeker's) along the columns, in bins at the
// population's own rows (Unity's: below p5, p5–p25, p25–p50, p50–p95,
// p95 and above), each cell over the draws that fell in it — the
// fairness envelope from the same draws as the sweep's figures, rather
// than from one fixed profile a player. The CSV is the sweep's own.
func PercentileMatrix(t *Table) (*Table, error) {
	if len(t.Vary) > 0 {
		return nil, fmt.Errorf("--by-percentile: the matrix's axes are the players' drawn percentiles; drop --vary and --variant")
	}
	var pop *netem.Population
	for _, r := range t.Rows {
		if r.Point.Config.Population == "" {
			return nil, fmt.Errorf("--by-percentile: a run without a population (set population, e.g. --set population=unity-regional, and --players N)")
		}
		p, err := netem.LoadPopulation(r.Point.Config.Population)
		if err != nil {
			return nil, err
		}
		pop = p
	}
	if pop == nil {
		return nil, fmt.Errorf("--by-percentile: no runs")
	}
	edges, labels := percentileBins(pop)
	bin := func(c *lagcomp.Config, player int) int {
		pl, _ := c.PlayerLink(player)
		i, _ := slices.BinarySearch(edges, pl.Pct)
		if i < len(edges) && edges[i] == pl.Pct {
			i++ // a bin holds its lower edge
		}
		if edges[0] == 0 {
			i-- // no bin below p0
		}
		return i
	}
	type binned struct {
		r    Row
		s, v int
	}
	rows := make([]binned, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = binned{r, bin(&r.Point.Config, lagcomp.ShooterPawn), bin(&r.Point.Config, lagcomp.TargetPawn)}
	}
	// the rows of a cell together, the shooter's bins outermost, as a
	// grid's odometer orders its points (Table.Series reads them so)
	slices.SortStableFunc(rows, func(a, b binned) int { return cmp.Or(cmp.Compare(a.s, b.s), cmp.Compare(a.v, b.v)) })
	out := make([]Row, len(rows))
	for i, b := range rows {
		out[i] = b.r
		out[i].Point.Values = []string{labels[b.s], labels[b.v]}
	}
	return NewTable([]Vary{{Key: "shooter_percentile", Values: labels}, {Key: "victim_percentile", Values: labels}}, out), nil
}

// percentileBins are the bins' lower edges, at the population's rows'
// percentiles (0 first unless a row is at 0), and their labels.
func percentileBins(p *netem.Population) (edges []float64, labels []string) {
	pct := func(x float64) string { return "p" + strconv.FormatFloat(x, 'f', -1, 64) }
	for _, r := range p.Rows {
		edges = append(edges, r.Pct)
	}
	if edges[0] > 0 {
		labels = append(labels, "below "+pct(edges[0]))
	}
	for i, e := range edges {
		switch {
		case i+1 < len(edges):
			labels = append(labels, pct(e)+"–"+pct(edges[i+1]))
		case e < 100:
			labels = append(labels, pct(e)+" and above")
		default:
			labels = append(labels, pct(e))
		}
	}
	return edges, labels
}

// PercentileCaption is the grid's caption for the percentile matrix of
// t: its last line, the seeds' interval, says a cell's instead (each
// cell is over its own number of draws).
func (g *Grid) PercentileCaption(t *Table) []string {
	c := g.Caption()
	return append(c[:len(c)-1], fmt.Sprintf("matrix of the same %d runs: a cell the mean over the draws in it, ± its 95 %% half-width (Student's t)", len(t.Rows)))
}
