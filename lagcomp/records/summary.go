package records

import (
	"math"

	"lagscope/lagcomp"
)

// SummaryJSON is the last line of `lagscope sim --json`: the run's
// figures in the order they are declared. Each figure is declared once,
// by the tags of its field: the shots' in lagcomp.Summary, the
// projectiles' in lagcomp.ProjectileSummary, the run's own here (see
// lagcomp.Summary for what the tags say). The line, the CSV columns, the
// charts' names and the README's list of figures are all read from them.
type SummaryJSON struct {
	Type string `json:"type"`
	lagcomp.Summary
	Packets map[string]int `json:"packets" from:"packet" name:"{words}" unit:"packets" doc:"the shooter's connection, each key up_ or down_: its link's sent, lost and duplicated packets and reordered ones (packets that overtook one sent earlier, each counted once, not per copy), and the reliability layer's resends, gave_up, dup_dropped and acks (explicit ack packets)"`
	// PeekersAdvantageMs is the duel line's measured_ms as a figure, so a
	// sweep over the players' networks has it as a column: the fairness
	// envelope's first panel.
	PeekersAdvantageMs float64 `json:"peekers_advantage_ms" from:"duel.measured_ms" name:"peeker's advantage" unit:"ms" bounds:"," doc:"the duel's measured peeker's advantage (the duel line's measured_ms): how much later the defender's screen first showed the peeker than the peeker's showed the defender, at the first peek; no value without a duel (duel = true) or before both screens showed it"`
	// AtServerGapMs is the duel line's at_server_gap_ms as a figure: the
	// fairness envelope's gap at the server, which decides who wins.
	AtServerGapMs float64 `json:"at_server_gap_ms" from:"duel.at_server_gap_ms" name:"gap at the server" unit:"ms" bounds:"," doc:"the duel's gap at the server (the duel line's at_server_gap_ms): how much later the holder's first shot at the peek reached the server than the peeker's first at the holder (a shot of the exposure, even one fired before its screen's centre-to-centre sighting) — the figure that decides who wins, and tracks the holder's latency (Tokey et al. 2024); no value without a duel or before both sides' shots arrived"`
	lagcomp.ProjectileSummary
	SimSeconds float64 `json:"sim_seconds" name:"simulated time" unit:"s" bounds:"," doc:"how long the run simulated"`
	// WallMs is the one figure that is not deterministic: the caller
	// fills it, and a sweep's rows leave it out (they must be the same
	// bytes on any machine and any number of workers).
	WallMs float64 `json:"wall_ms" name:"wall-clock time" unit:"ms" bounds:"0," doc:"how long the run took on this machine: the one figure that is not deterministic, so not a sweep column"`
}

// Summary is a run's summary in its output form; WallMs is left 0 for
// the caller, who timed the run (the outputs, like the simulation, read
// no clock). The projectile figures are summarised from scratch over the
// run's records.
func Summary(sim *lagcomp.Sim, sum *lagcomp.Summary) SummaryJSON {
	j := SummaryJSON{
		Type: "summary", Summary: *sum, Packets: sim.PacketCounts(),
		PeekersAdvantageMs: math.NaN(), AtServerGapMs: math.NaN(),
		ProjectileSummary: lagcomp.SummarizeProjectiles(sim.Projectiles()),
		SimSeconds:        sim.Now.Seconds(),
	}
	if pa, ok := sim.PeekersAdvantage(); ok {
		if m, ok := pa.MeasuredMs(); ok {
			j.PeekersAdvantageMs = m
		}
		if g, ok := pa.AtServerGapMs(); ok {
			j.AtServerGapMs = g
		}
	}
	return j
}

// MarshalJSON writes every declared figure, in order, as its output form
// gives it (Figures): a float rounded to a millionth, or null where the
// run gave it no value; a map of counts as an object, keys sorted.
func (s SummaryJSON) MarshalJSON() ([]byte, error) { return marshalSummary(s, nil) }
