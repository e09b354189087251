package records

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"lagscope/lagcomp"
	"lagscope/lagcomp/movement"
	"lagscope/model"
)

// RecordsSummary is a run's summary recomputed from its records alone:
// the same fold as the run's own (lagcomp.Summarize,
// SummarizeProjectiles), so on a lagscope run every figure the records
// determine is the same bits. A figure they do not determine — declared
// with no from tag (packets, warps, the simulated time), or needing an
// optional field some record left out — has no value: Absent says why,
// and the line prints null, never a 0 that reads as a measurement.
type RecordsSummary struct {
	SummaryJSON
	Absent map[string]string // figure name → why it has no value
}

// Summarize folds the records into the summary's figures.
func (run *Run) Summarize() RecordsSummary {
	sum := lagcomp.Summarize(run.Shots)
	sum.ShotsFired = len(run.Shots) + len(run.Projectiles)
	for i := range run.Projectiles { // a projectile shot's fate is its outcome
		switch run.Projectiles[i].Outcome {
		case lagcomp.ProjectileNeverSpawned:
			sum.ShotsLost++
		case lagcomp.ProjectileCommandLate:
			sum.ShotsInFlight++
		case lagcomp.ProjectileRejected:
			sum.Rejected++
		default:
			sum.ProjectilesSpawned++
		}
	}
	for _, b := range run.Bursts {
		sum.MergedShots += b.MergedShots
	}
	run.foldMovement(&sum)
	shots := func(yield func(*lagcomp.ShotRecord) bool) {
		for i := range run.Shots {
			if !yield(&run.Shots[i]) {
				return
			}
		}
	}
	sum.FoldLife(run.Kills, shots, run.Projectiles)
	rs := RecordsSummary{
		SummaryJSON: SummaryJSON{Type: "summary", Summary: sum, ProjectileSummary: lagcomp.SummarizeProjectiles(run.Projectiles),
			PeekersAdvantageMs: math.NaN(), AtServerGapMs: math.NaN(),
			WinRate: math.NaN(), PeekerTTKMs: math.NaN(), HolderTTKMs: math.NaN(), PeekerToldDeadMs: math.NaN(), HolderToldDeadMs: math.NaN(), KilledBehindCover: math.NaN()},
		Absent: map[string]string{},
	}
	if len(run.Duels) > 0 { // the duel line's figures, as the run's summary takes them
		if d := run.Duels[0]; d.MeasuredMs != nil {
			rs.PeekersAdvantageMs = *d.MeasuredMs
		}
		if d := run.Duels[0]; d.AtServerGapMs != nil {
			rs.AtServerGapMs = *d.AtServerGapMs
		}
		rs.FoldDuelRules(run.Duels[0].Rules)
		rs.foldDuelEnd(run.Duels[0])
	}
	if run.packets.lines > 0 { // the packet lines' counts, and the keys no line holds
		var noValue map[string]string
		rs.Packets, noValue = run.packets.counts()
		for k, why := range noValue { // order-free: copied into a map
			rs.Absent[k] = why
		}
	}
	for _, d := range declared {
		if d.Name == "type" {
			continue
		}
		if why := run.absent(&d); why != "" {
			rs.Absent[d.Name] = why
		}
	}
	return rs
}

// foldMovement folds the players' movement lines into the summary as the
// run folds its clients' records: each line read back into the record it
// was printed from (the input delay's sum to the microsecond).
func (run *Run) foldMovement(sum *lagcomp.Summary) {
	ms := make([]lagcomp.MovementRecord, len(run.Movement))
	for i, m := range run.Movement {
		ms[i] = lagcomp.MovementRecord{InputsSent: m.InputsSent, CmdCapped: m.CmdRateCapped, Rules: m.Rules,
			Corrections: m.Corrections, MaxCorrectionM: m.MaxCorrectionM, Respawns: m.Respawns,
			Buffer: movement.Stats{Lost: m.InputsLost, Overplayed: m.InputsGuessed, Starved: m.StarvedTicks, Resyncs: m.Resyncs,
				Replayed: m.LastCmdReplays, Capped: m.UsercmdsCapped, Clamped: m.MovesClamped, PosAccepted: m.PositionsAccepted, PosAdjusted: m.PositionsAdjusted,
				DelaySum: model.MsF(m.InputDelaySumMs), DelayN: m.InputDelays}}
	}
	sum.FoldMovement(ms)
}

// absent says why the records give a declared figure no value, "" when
// they give it one.
func (run *Run) absent(d *Declaration) string {
	if d.From == "" {
		return "not in the records"
	}
	for _, from := range strings.Split(d.From, "+") {
		typ, field, _ := strings.Cut(from, ".")
		if n := run.Missing[field]; field != "" && n > 0 {
			return fmt.Sprintf("%d %s lines leave out %s", n, typ, field)
		}
		if typ == "burst" && len(run.Bursts) == 0 {
			return "no burst (fire-effects) line in the records"
		}
		if typ == "movement" && len(run.Movement) == 0 {
			return "no movement line in the records"
		}
		if typ == "duel" && len(run.Duels) == 0 {
			return "no duel line in the records"
		}
		if typ == "packet" && run.packets.lines == 0 {
			return "no packet line in the records (sim --json --packets prints them)"
		}
	}
	return ""
}

// Notes are the figures with no value and why, one line each, in the
// summary's order; where the file has its own summary line, what it
// says of the figure.
func (rs RecordsSummary) Notes(own map[string]any) []string {
	var out []string
	for _, d := range declared {
		why, ok := rs.Absent[d.Name]
		if !ok {
			for _, k := range absentKeys(d.Name, rs.Absent) { // a map's keys without a value
				name := d.Name + "." + k
				out = append(out, fmt.Sprintf("%s: null, %s", name, rs.Absent[name]))
			}
			continue
		}
		n := fmt.Sprintf("%s: null, %s", d.Name, why)
		if v, ok := own[d.Name]; ok {
			b, _ := json.Marshal(v)
			n += fmt.Sprintf(" (the file's own summary line says %s)", b)
		}
		out = append(out, n)
	}
	return out
}

// MarshalJSON is the summary line as `sim --json` prints it, a figure
// with no value from the records as null.
func (rs RecordsSummary) MarshalJSON() ([]byte, error) {
	return marshalSummary(rs.SummaryJSON, rs.Absent)
}

// Figures are the summary's figures, one with no value as nil; a map of
// counts with no value has no key to name a column by, and is one
// figure under its own name ("packets"), with no value.
func (rs RecordsSummary) Figures() []Figure {
	figs := Figures(rs.SummaryJSON)
	var out []Figure
	for i, d := range declared {
		if !d.Column {
			continue
		}
		if _, ok := rs.Absent[d.Name]; ok {
			out = append(out, Figure{Name: d.Name, Order: i, Bounds: d.Bounds})
			continue
		}
		for _, f := range figs {
			if f.Order == i {
				if _, ok := rs.Absent[f.Name]; ok && f.Keyed { // a key no line holds
					f.Value = nil
				}
				out = append(out, f)
			}
		}
	}
	return out
}

// WriteCSV is `records --csv`: the columns of `sim --csv`, a figure with
// no value empty, and the seed empty (records do not carry it).
func (rs RecordsSummary) WriteCSV(w io.Writer) error {
	return writeFigures(w, "", rs.Figures())
}

// marshalSummary writes every declared figure in order, one named in
// absent as null, an OmitZero one left out when 0.
func marshalSummary(s SummaryJSON, absent map[string]string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, f := range walk(s) {
		if _, gone := absent[f.decl.Name]; !gone && f.decl.OmitZero && (f.value == any(0) || f.value == nil && f.decl.Ratio[0] != "") {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		k, _ := json.Marshal(f.decl.Name)
		b.Write(k)
		b.WriteByte(':')
		if _, ok := absent[f.decl.Name]; ok {
			b.WriteString("null")
			continue
		}
		if m, ok := f.value.(map[string]int); ok && len(absentKeys(f.decl.Name, absent)) > 0 {
			writeCounts(&b, m, f.decl.Name, absent)
			continue
		}
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeCounts writes a map of counts as an object, keys sorted, a key
// named in absent ("packets.up_gave_up") as null.
func writeCounts(b *bytes.Buffer, counts map[string]int, name string, absent map[string]string) {
	keys := make([]string, 0, len(counts))
	for k := range counts { // order-free: sorted below
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		if _, gone := absent[name+"."+k]; gone {
			b.WriteString("null")
			continue
		}
		fmt.Fprint(b, counts[k])
	}
	b.WriteByte('}')
}
