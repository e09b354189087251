package telemetry

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Row is one row of the telemetry: one server tick of one client's
// connection, or of the server over all of them (Who "server").
//
// Each field is a column, declared here once: its tags give its name in
// the CSV header (csv), its unit, what it holds (doc) and, for a count,
// the summary figure its column adds up to over the run (sums: the
// clients' rows, or the server's, hold the same sum; "@shooter": the
// shooter's rows alone, as the figure is the shooter's). The CSV header,
// the README's list of columns and the net graph's strips read the tags.
// A cell with no value (a gauge not measured yet, a client's quantity in
// the server's row) is empty: NaN here, never a made-up 0.
type Row struct {
	TimeMs float64 `csv:"time_ms" unit:"ms" doc:"the server tick's time"`
	Tick   float64 `csv:"tick" unit:"" doc:"the server tick's number, the run's first 1"`
	Who    string  `csv:"who" unit:"" doc:"whose row: shooter, victim, observerN (a client's connection, both its ends), or server (its ends of every connection: their sums)"`
	// the client's end
	RTTMs         float64 `csv:"rtt_ms" unit:"ms" doc:"the client's estimate of its round trip (ExactPing: its connect handshake's round trip, then its ping bounces'); empty while it has none (a handshake that failed, no bounce back yet)"`
	TrueRTTMs     float64 `csv:"true_rtt_ms" unit:"ms" doc:"the base round trip of the client's links now (their latency, no jitter): what rtt_ms estimates, less the waits for a tick and a frame"`
	InterpMs      float64 `csv:"interp_ms" unit:"ms" doc:"the interpolation buffer: how far the client's render time trails the newest snapshot it holds (display = interp: interp_ms and what the snapshots' spacing adds; < 0: past it, starved; display = extrap: < 0, how far it extrapolates); empty before its first snapshot"`
	StarvedFrames float64 `csv:"starved_frames" unit:"frames" sums:"starved_frames@shooter" doc:"the client's render frames since the last tick that ran past its newest snapshot"`
	ClockErrMs    float64 `csv:"clock_error_ms" unit:"ms" doc:"the client's estimate of server time less the replicated time its display runs on (what a stamp would be off by); empty before its clock started"`
	Corrections   float64 `csv:"corrections" unit:"" sums:"corrections" doc:"reconciliations since the last tick that moved the client's predicted pawn by a millimetre or more"`
	// the server's end
	ReportedMs     float64 `csv:"reported_ping_ms" unit:"ms" doc:"the ping the server holds for the client, as the client reported it (ServerUpdatePing); empty before the first report; the server's row: empty"`
	QueueInputs    float64 `csv:"queue_inputs" unit:"inputs" doc:"inputs waiting in the server's buffer for the client after the tick (the command queue's depth)"`
	StarvedTicks   float64 `csv:"starved_ticks" unit:"ticks" sums:"starved_ticks" doc:"1 when the client's next input had not come at this tick: the server repeated the last (input_starved = repeat) or held the pawn"`
	LastCmdReplays float64 `csv:"last_cmd_replays" unit:"commands" sums:"last_cmd_replays" doc:"commands that never came the server ran the last command again for at this tick (input_starved = source: rule last_cmd_replay)"`
	InputsLost     float64 `csv:"inputs_lost" unit:"inputs" sums:"inputs_lost" doc:"inputs found at this tick never to have come: their frames played without them"`
	UsercmdsCapped float64 `csv:"usercmds_capped" unit:"inputs" sums:"usercmds_capped" doc:"inputs that came whose movement the tick's budget refused in whole or in part (input_starved = source: rule usercmd_cap)"`
	InputsLate     float64 `csv:"inputs_late" unit:"inputs" doc:"inputs that arrived at this tick after their frame had begun playing"`
	// both ends: the links over the last second
	LossUpPct    float64 `csv:"loss_up_pct" unit:"%" doc:"share of the packets the client's links up (to the server) carried sent in the second before the tick (not those sent at its instant after it) that were lost; empty when none was sent"`
	LossDownPct  float64 `csv:"loss_down_pct" unit:"%" doc:"the same down (to the client)"`
	JitterUpMs   float64 `csv:"jitter_up_ms" unit:"ms" doc:"mean difference of one-way delay between packets up sent one after the other in the second before the tick, both delivered (RFC 3550's D, not smoothed); empty with fewer than two"`
	JitterDownMs float64 `csv:"jitter_down_ms" unit:"ms" doc:"the same down"`
}

// Column is one declared column of Row.
type Column struct {
	Name, Unit, Doc string
	// Sums is the summary figure the column adds up to over the run
	// ("" none); Shooter: over the shooter's rows alone.
	Sums    string
	Shooter bool
	index   int
}

// Columns are Row's columns in order, from its tags.
var Columns = func() []Column {
	t := reflect.TypeFor[Row]()
	cs := make([]Column, t.NumField())
	for i := range cs {
		f := t.Field(i)
		sums, shooter := f.Tag.Get("sums"), false
		if n := len(sums) - len("@shooter"); n > 0 && sums[n:] == "@shooter" {
			sums, shooter = sums[:n], true
		}
		cs[i] = Column{Name: f.Tag.Get("csv"), Unit: f.Tag.Get("unit"), Doc: f.Tag.Get("doc"), Sums: sums, Shooter: shooter, index: i}
	}
	return cs
}()

// Header is the CSV's header: the columns' names.
func Header() []string {
	h := make([]string, len(Columns))
	for i, c := range Columns {
		h[i] = c.Name
	}
	return h
}

// Value is column c of r (NaN: no value; who has none).
func (r *Row) Value(c *Column) float64 {
	if v := reflect.ValueOf(r).Elem().Field(c.index); v.Kind() == reflect.Float64 {
		return v.Float()
	}
	return math.NaN()
}

// cells appends r's cells to out: numbers as short as they are exact
// (counts whole), an empty cell for no value.
func (r *Row) cells(out []string) []string {
	v := reflect.ValueOf(r).Elem()
	for i := range Columns {
		f := v.Field(i)
		if f.Kind() == reflect.String {
			out = append(out, f.String())
			continue
		}
		x := f.Float()
		if math.IsNaN(x) {
			out = append(out, "")
			continue
		}
		out = append(out, strconv.FormatFloat(x, 'f', -1, 64))
	}
	return out
}

// Markdown is the README's table of the columns, from their declarations.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| column | unit | adds up to | what it holds |\n|---|---|---|---|\n")
	for _, c := range Columns {
		sums := ""
		if c.Sums != "" {
			sums = "`" + c.Sums + "`"
			if c.Shooter {
				sums += " (the shooter's rows)"
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", c.Name, c.Unit, sums, c.Doc)
	}
	return b.String()
}
