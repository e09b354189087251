package lagcomp

import (
	"math"
	"slices"
	"strings"
	"testing"

	"lagscope/lagcomp/netem"
	"lagscope/lagcomp/rule"
	"lagscope/model"
)

// Many draws of a population are its table: over 4 000 draws of a
// player, the empirical 5th, 50th and 95th percentiles (nearest rank) of
// the drawn delays lie within three standard errors of the table's, the
// error the delay the table gives three binomial standard deviations of
// the percentile either side (√(p(1−p)/n): 0.34 points at p5, 0.79 at
// p50). Every player of a run draws from the same table (the shooter,
// the victim and an observer alike).
func TestPopulationDrawsAreTheTable(t *testing.T) {
	pop, _ := netem.LoadPopulation(netem.UnityRegional)
	const n = 4000
	for _, player := range []int{ShooterPawn, TargetPawn, 2} {
		cfg := Defaults()
		cfg.Population, cfg.Observers = netem.UnityRegional, 1
		delays := make([]float64, n)
		for d := range n {
			cfg.PopulationDraw = d
			pl, ok := cfg.PlayerLink(player)
			if !ok {
				t.Fatal("no drawn link")
			}
			delays[d] = pl.DelayMs
		}
		slices.Sort(delays)
		for _, p := range []float64{5, 50, 95} {
			got := delays[int(math.Ceil(p/100*n))-1]
			se := 100 * math.Sqrt(p/100*(1-p/100)/n)
			lo, hi := pop.At(p-3*se).DelayMs, pop.At(p+3*se).DelayMs
			if got < lo || got > hi {
				t.Errorf("player %d: p%v of %d drawn delays %.3f ms, the table's %.3f (%.3f to %.3f within 3 standard errors)", player, p, n, got, pop.At(p).DelayMs, lo, hi)
			}
		}
	}
}

// The draw is the seed's and population_draw's: the same pair, the same
// players' links (and the run's links are them); another seed or draw,
// others; a player more leaves the others' draws as they were.
func TestPopulationDrawIsSeeded(t *testing.T) {
	cfg := Defaults()
	cfg.Population, cfg.Seed, cfg.Observers = netem.UnityRegional, 5, 3
	links := func(c Config) []netem.PlayerLink {
		var out []netem.PlayerLink
		for i := range 2 + c.Observers {
			pl, _ := c.PlayerLink(i)
			out = append(out, pl)
		}
		return out
	}
	a := links(cfg)
	if b := links(cfg); !slices.Equal(a, b) {
		t.Fatalf("same seed, other draws: %v, %v", a, b)
	}
	for i := 1; i < len(a); i++ {
		if a[i] == a[0] {
			t.Errorf("players 0 and %d drew the same link %v", i, a[0])
		}
	}
	other := cfg
	other.Seed = 6
	if slices.Equal(links(other), a) {
		t.Error("another seed drew the same players")
	}
	other = cfg
	other.PopulationDraw = 1
	if slices.Equal(links(other), a) {
		t.Error("another draw drew the same players")
	}
	fewer := cfg
	fewer.Observers = 1
	if got := links(fewer); !slices.Equal(got, a[:3]) {
		t.Errorf("two observers fewer changed the others' draws: %v, %v", got, a[:3])
	}
	// the run's links are the drawn players', whatever network and the
	// victim's own keys say; the link keys the draw does not set stay
	cfg.Up.DupPct, cfg.VictimUp.LatencyMs = 3, 300
	for i, pl := range a {
		up, down := cfg.ClientLinks(i)
		w := pl.Link()
		if up.LatencyMs != w.LatencyMs || up.JitterMs != w.JitterMs || up.LossPct != w.LossPct || up.ReorderPct != 100 ||
			down.LatencyMs != w.LatencyMs || up.DupPct != 3 {
			t.Errorf("client %d's links %+v / %+v, drawn %+v", i, up, down, pl)
		}
	}
	// without a population, none
	cfg.Population = ""
	if _, ok := cfg.PlayerLink(0); ok {
		t.Error("a drawn link without a population")
	}
}

// Under a population an event cannot set what the draw sets (it would
// change nothing, silently): latency_ms, jitter_ms, loss_pct,
// reorder_pct in any form, a network profile; it can set the rest.
func TestPopulationRefusesEventsItOverrides(t *testing.T) {
	for _, ev := range []string{"2s:latency_ms=200", "2s:up_loss_pct=5", "2s:victim_jitter_ms=9,for=1s", "2s:down_reorder_pct=0", "2s:network=lan", "2s:victim_network=dialup"} {
		cfg := Defaults()
		cfg.Population, cfg.Events = netem.UnityRegional, ev
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "population draws every player's") {
			t.Errorf("%s under a population: %v", ev, err)
		}
		cfg.Population = ""
		if err := cfg.Validate(); err != nil {
			t.Errorf("%s without a population: %v", ev, err)
		}
	}
	for _, ev := range []string{"2s:dup_pct=5", "2s:outage=1s", "2s@victim:disconnect=1s", "2s:tail_ms=10"} {
		cfg := Defaults()
		cfg.Population, cfg.Events = netem.UnityRegional, ev
		if err := cfg.Validate(); err != nil {
			t.Errorf("%s under a population: %v", ev, err)
		}
	}
}

// A player drawn beyond the population's rows names population_tail on
// its movement record, and the summary counts it once for each such
// player (every rule is counted in the summary): over draws 0–19 of a run
// with four players, the count is the tail draws', and some draw has one.
func TestPopulationTailIsCountedInTheSummary(t *testing.T) {
	cfg := Defaults()
	cfg.Population, cfg.Observers = netem.UnityRegional, 2
	seen := 0
	for d := range 20 {
		cfg.PopulationDraw = d
		want := 0
		for i := range 2 + cfg.Observers {
			if pl, _ := cfg.PlayerLink(i); pl.Tail {
				want++
			}
		}
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Step(300 * model.Millisecond)
		named := 0
		for _, m := range s.Movement() {
			if slices.Contains(m.Rules, rule.PopulationTail) {
				named++
			}
		}
		got := 0
		for _, rc := range s.Summary().RuleCounts {
			if rc.Rule == rule.PopulationTail {
				got = rc.Count
			}
		}
		if named != want || got != want {
			t.Errorf("draw %d: %d players drawn beyond the rows, %d movement records name it, the summary counts %d", d, want, named, got)
		}
		seen += want
	}
	if seen == 0 {
		t.Fatal("no draw beyond the rows: the test checked nothing")
	}
}
