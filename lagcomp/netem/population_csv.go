package netem

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// A population file is a CSV of the rows of a Population, a header and a
// row per percentile, best players first:
//
//	percentile,delay_ms,jitter_ms,loss_pct
//	5,10,2,2
//	50,66,11,3
//	95,151,11,4
//
// Blank lines and lines starting with # are skipped. The reader is
// strict: every error names the file, the line, the column and what the
// column allows.

// PopulationColumns are a population file's columns, in order: what
// each holds, and its range (for a row's jitter, up to its own delay).
var PopulationColumns = []struct {
	Name, Doc string
	Lo, Hi    float64
}{
	{"percentile", "the players' percentile, strictly increasing down the file", 0, 100},
	{"delay_ms", "their mean one-way delay, each way", 0, MaxTraceDelayMs},
	{"jitter_ms", "up to this much more or less than delay_ms, at most delay_ms", 0, MaxTraceDelayMs},
	{"loss_pct", "their packet loss, each way", 0, 100},
}

// PopulationError is a population file that cannot be read: the file,
// the line and column (1-based; 0 for the file or line as a whole) and
// what is wrong.
type PopulationError struct {
	File         string
	Line, Column int
	Field        string
	Msg          string
}

func (e *PopulationError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("population %s: %s", e.File, e.Msg)
	case e.Column == 0:
		return fmt.Sprintf("population %s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("population %s:%d:%d: %s: %s", e.File, e.Line, e.Column, e.Field, e.Msg)
}

// ParsePopulation reads a population file's bytes, name naming it in
// errors and as the population's name.
func ParsePopulation(name string, data []byte) (*Population, error) {
	names := make([]string, len(PopulationColumns))
	for i, c := range PopulationColumns {
		names[i] = c.Name
	}
	want := strings.Join(names, ",")
	sum := sha256.Sum256(data)
	p := &Population{Name: name, Source: "the population file " + name, SHA256: hex.EncodeToString(sum[:])}
	header := false
	for i, raw := range lines(data) {
		n := i + 1
		l := strings.TrimSpace(raw)
		if !header {
			l = strings.TrimPrefix(l, "\ufeff")
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, ",")
		for j := range f {
			f[j] = strings.TrimSpace(f[j])
		}
		if !header {
			if !slices.Equal(f, names) {
				return nil, &PopulationError{File: name, Line: n, Msg: fmt.Sprintf("header %q: want %s", l, want)}
			}
			header = true
			continue
		}
		if len(f) != len(names) {
			return nil, &PopulationError{File: name, Line: n, Msg: fmt.Sprintf("%d columns, want %d (%s)", len(f), len(names), want)}
		}
		var v [4]float64
		for j, c := range PopulationColumns {
			hi := c.Hi
			if j == 2 { // jitter: at most the row's own delay (latency_ms = delay − jitter)
				hi = v[1]
			}
			x, err := number(f[j])
			if err != nil || x < c.Lo || x > hi {
				return nil, &PopulationError{File: name, Line: n, Column: j + 1, Field: c.Name,
					Msg: fmt.Sprintf("%q: want a number from %s to %s (%s)", f[j], ftoa(c.Lo), ftoa(hi), c.Doc)}
			}
			v[j] = x
		}
		if k := len(p.Rows); k > 0 && v[0] <= p.Rows[k-1].Pct {
			return nil, &PopulationError{File: name, Line: n, Column: 1, Field: "percentile",
				Msg: fmt.Sprintf("%s is not above the row before (%s): want a number from %s to 100, percentiles strictly increasing", f[0], ftoa(p.Rows[k-1].Pct), ftoa(p.Rows[k-1].Pct))}
		}
		p.Rows = append(p.Rows, PopulationRow{Pct: v[0], DelayMs: v[1], JitterMs: v[2], LossPct: v[3]})
	}
	switch {
	case !header:
		return nil, &PopulationError{File: name, Msg: "empty: want a header " + want + " and at least one row"}
	case len(p.Rows) == 0:
		return nil, &PopulationError{File: name, Msg: "a header but no rows: want at least one"}
	}
	return p, nil
}
