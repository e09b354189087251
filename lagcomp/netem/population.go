package netem

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// A Population is a distribution of players' links, by percentile: a
// studio's question is "over our players", not one player type. Each row
// is a percentile of the players and the link such a player has (delay ±
// jitter each way, loss), as Unity's table gives it; a player drawn at
// percentile q has the link interpolated linearly between the rows
// around q (Unity's table gives p5, p25, p50, p95: a player at p40 is
// 3/5 of the way from p25's link to p50's). A player drawn outside the
// rows' range has the nearest end row's link: the table says nothing of
// the best 5 % nor the worst 5 %, and the draw says so (PlayerLink.Tail).
type Population struct {
	Name   string // unity-regional, or the CSV's path as the key named it
	Source string // where its rows come from
	// SHA256 is of a population file's bytes, hex ("" for the built-in
	// table): a sidecar carries it, as a trace's, so a changed file is
	// refused rather than drawn as another picture under the same recipe
	SHA256 string
	Rows   []PopulationRow
}

// PopulationRow is one percentile of a population: its players' link,
// each way, as Unity's table gives one (PacketDelayMs, PacketJitterMs,
// PacketLossPercent).
type PopulationRow struct {
	Pct      float64 // the percentile, 0 to 100, the rows strictly increasing
	DelayMs  float64 // the mean one-way delay
	JitterMs float64 // up to this much more or less than DelayMs (at most DelayMs)
	LossPct  float64
}

// PlayerLink is one drawn player's link: the percentile drawn and the
// row's figures there.
type PlayerLink struct {
	PopulationRow
	// Tail: the percentile lies outside the rows' range, the nearest end
	// row's link taken (rule population_tail on the player's records)
	Tail bool
}

// UnityRegional is the built-in population: Unity's percentile table of
// a regional server's players, whose rows are the regional-p… profiles
// (read from them, so the table is declared once, in Profiles).
const UnityRegional = "unity-regional"

// unityRegionalPrefix names the profiles that are the table's rows:
// regional-p5 is the 5th percentile's row.
const unityRegionalPrefix = "regional-p"

// At is the link of a player at percentile q (0 to 100).
func (p *Population) At(q float64) PlayerLink {
	rows := p.Rows
	first, last := rows[0], rows[len(rows)-1]
	switch {
	case q < first.Pct:
		first.Pct = q
		return PlayerLink{first, true}
	case q > last.Pct:
		last.Pct = q
		return PlayerLink{last, true}
	}
	for i := 1; i < len(rows); i++ {
		a, b := rows[i-1], rows[i]
		if q > b.Pct {
			continue
		}
		f := (q - a.Pct) / (b.Pct - a.Pct)
		mix := func(x, y float64) float64 { return x + f*(y-x) }
		return PlayerLink{PopulationRow: PopulationRow{Pct: q, DelayMs: mix(a.DelayMs, b.DelayMs),
			JitterMs: mix(a.JitterMs, b.JitterMs), LossPct: mix(a.LossPct, b.LossPct)}}
	}
	return PlayerLink{PopulationRow: PopulationRow{Pct: q, DelayMs: first.DelayMs, JitterMs: first.JitterMs, LossPct: first.LossPct}} // one row: q == its Pct
}

// Link is the player's link each way, made as the Unity profiles make
// theirs (unity): delay ± jitter as latency_ms = delay − jitter with
// jitter_ms = 2 × jitter, each packet delayed on its own (reorder_pct 100).
func (pl PlayerLink) Link() LinkConfig {
	return LinkConfig{LatencyMs: pl.DelayMs - pl.JitterMs, JitterMs: 2 * pl.JitterMs, LossPct: pl.LossPct, ReorderPct: unityReorderPct}
}

// unityRegional is Unity's regional table, its rows read back from the
// regional-p… profiles (delay = latency_ms + jitter_ms/2, jitter =
// jitter_ms/2: unity's inverse, exact for the table's whole numbers).
func unityRegional() *Population {
	p := &Population{Name: UnityRegional, Source: unityPresets}
	for _, pr := range Profiles {
		pct, ok := strings.CutPrefix(pr.Name, unityRegionalPrefix)
		if !ok || pr.Source != unityPresets {
			continue
		}
		q, err := strconv.ParseFloat(pct, 64)
		if err != nil {
			panic("netem: profile " + pr.Name + " names no percentile")
		}
		l := pr.Link
		p.Rows = append(p.Rows, PopulationRow{Pct: q, DelayMs: l.LatencyMs + l.JitterMs/2, JitterMs: l.JitterMs / 2, LossPct: l.LossPct})
	}
	return p
}

// unityRegionalTable is the table, made once (a window asks for every
// player's link at every frame).
var unityRegionalTable = sync.OnceValue(unityRegional)

// PopulationReader reads and parses the population CSV a key names.
type PopulationReader func(path string) (*Population, error)

var populations struct {
	sync.Mutex
	read PopulationReader
	got  map[string]*Population
}

// SetPopulationReader sets how population files are read (once, at
// start: presets does, as for traces) and forgets those read so far.
func SetPopulationReader(r PopulationReader) {
	populations.Lock()
	defer populations.Unlock()
	populations.read, populations.got = r, map[string]*Population{}
}

// LoadPopulation is the population a key names: unity-regional, or a CSV
// file read once per process (so every run of a sweep draws from the
// same rows, as a trace replays the same bytes).
func LoadPopulation(name string) (*Population, error) {
	if name == UnityRegional {
		return unityRegionalTable(), nil
	}
	populations.Lock()
	defer populations.Unlock()
	if p, ok := populations.got[name]; ok {
		return p, nil
	}
	if populations.read == nil {
		return nil, fmt.Errorf("population %s: this program reads no population files", name)
	}
	p, err := populations.read(name)
	if err != nil {
		return nil, err
	}
	populations.got[name] = p
	return p, nil
}
