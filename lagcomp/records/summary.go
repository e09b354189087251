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
	// The duel's end as figures (duel_outcome.go; health > 0): a sweep
	// over latency pairs and seeds averages win_rate into the holder's
	// win rate over decided duels.
	WinRate           float64 `json:"win_rate" from:"duel.winner" proportion:"true" name:"holder's win rate" unit:"share of decided duels" bounds:"0,1" doc:"who won the duel (the duel line's winner), as a win rate's sample: 1 the holder killed the peeker, 0 the peeker the holder; no value for a trade or a duel without a kill (health 0, or none yet). A duel is one exposure up to its first kill; sweep's mean of it over seeds is the holder's wins over the decided duels (with --stats, its t interval and its Wilson interval)"`
	PeekerTTKMs       float64 `json:"peeker_ttk_ms" from:"duel.peeker_ttk_ms" name:"peeker's time to kill" unit:"ms" bounds:"," doc:"the peeker's time to kill as it experienced it (the duel line's peeker_ttk_ms): from its screen's first sighting of the holder to its killing shot's fire; no value unless it killed in the duel"`
	HolderTTKMs       float64 `json:"holder_ttk_ms" from:"duel.holder_ttk_ms" name:"holder's time to kill" unit:"ms" bounds:"," doc:"the holder's time to kill as it experienced it (the duel line's holder_ttk_ms): from its screen's first sighting of the peeker to its killing shot's fire; no value unless it killed in the duel"`
	PeekerToldDeadMs  float64 `json:"peeker_told_dead_ms" from:"duel.peeker_told_dead_ms" name:"peeker told dead" unit:"ms" bounds:"," doc:"from the peeker's screen's first sighting of the holder to its client being told of its own death (the duel line's peeker_told_dead_ms; negative: told before its screen showed the killer); no value unless it died in the duel"`
	HolderToldDeadMs  float64 `json:"holder_told_dead_ms" from:"duel.holder_told_dead_ms" name:"holder told dead" unit:"ms" bounds:"," doc:"from the holder's screen's first sighting of the peeker to its client being told of its own death (the duel line's holder_told_dead_ms; negative: told before its screen showed the killer — a death without seeing); no value unless it died in the duel"`
	KilledBehindCover float64 `json:"killed_behind_cover" from:"duel.killed_behind_cover" proportion:"true" name:"killed behind cover" unit:"share of duels with a kill" bounds:"0,1" doc:"the duel's victim's own screen showed cover (no line of sight between the centres) at its last frame before the server's killing tick (the duel line's killed_behind_cover): 1 or 0, no value without a kill; a sweep's mean is the share of kills that felt like dying behind the wall"`
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
		WinRate: math.NaN(), PeekerTTKMs: math.NaN(), HolderTTKMs: math.NaN(), PeekerToldDeadMs: math.NaN(), HolderToldDeadMs: math.NaN(), KilledBehindCover: math.NaN(),
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
		j.foldDuelEnd(Duel(&pa))
	}
	return j
}

// foldDuelEnd takes the duel's end figures from its line: the run's
// summary and the one folded from records read back, one fold.
func (j *SummaryJSON) foldDuelEnd(d DuelJSON) {
	switch d.Winner {
	case lagcomp.WinnerHolder:
		j.WinRate = 1
	case lagcomp.WinnerPeeker:
		j.WinRate = 0
	}
	for _, f := range []struct {
		to   *float64
		from *float64
	}{{&j.PeekerTTKMs, d.PeekerTTKMs}, {&j.HolderTTKMs, d.HolderTTKMs}, {&j.PeekerToldDeadMs, d.PeekerToldDeadMs}, {&j.HolderToldDeadMs, d.HolderToldDeadMs}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if c := d.KilledBehindCover; c != nil {
		j.KilledBehindCover = 0
		if *c {
			j.KilledBehindCover = 1
		}
	}
}

// MarshalJSON writes every declared figure, in order, as its output form
// gives it (Figures): a float rounded to a millionth, or null where the
// run gave it no value; a map of counts as an object, keys sorted.
func (s SummaryJSON) MarshalJSON() ([]byte, error) { return marshalSummary(s, nil) }
