package sweep

import (
	"bufio"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
)

// Table is a sweep's rows with one set of columns: the varied keys, seed,
// then every figure any row has, in the summary's order. A count one run
// never saw (a rule that never applied) is 0 in that run's row; a figure
// without a value (agreement with no judged shots) is empty in CSV and
// null in JSON.
type Table struct {
	Vary    []Vary
	Columns []string // the figures' columns, after the keys and seed
	Rows    []Row
	// Draws are the population's columns between the seed and the
	// figures (population.go): none without a population
	Draws  []string
	count  map[string]bool
	bounds map[string]records.Bounds
	whole  map[string]bool // every value an int: a count
	// Paired is, for a table of paired differences (PairedTable), the
	// comparison it holds; nil for a sweep's own rows.
	Paired *Pair
}

// NewTable gathers rows under one header.
func NewTable(vary []Vary, rows []Row) *Table {
	t := &Table{Vary: vary, Rows: rows, Draws: populationColumns(rows), count: map[string]bool{}, bounds: map[string]records.Bounds{}, whole: map[string]bool{}}
	pos := map[string]int{}
	for _, r := range rows {
		for _, f := range r.Figures {
			if _, ok := pos[f.Name]; !ok {
				pos[f.Name] = f.Order
				t.Columns = append(t.Columns, f.Name)
				t.bounds[f.Name], t.whole[f.Name] = f.Bounds, true
			}
			t.count[f.Name] = t.count[f.Name] || f.Keyed
			t.whole[f.Name] = t.whole[f.Name] && (f.Value == nil || isInt(f.Value))
		}
	}
	slices.SortStableFunc(t.Columns, func(a, b string) int {
		if c := cmp.Compare(pos[a], pos[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return t
}

// Bounds are the values column col can take (records.Bounds): what a
// confidence band of it is clamped to. The zero Bounds, of a figure made
// by hand rather than by records.Figures, declares nothing.
func (t *Table) Bounds(col string) records.Bounds {
	if t.Paired != nil { // a difference of counts or shares may be of any sign
		return records.Unbounded
	}
	if b, ok := t.bounds[col]; ok && (b.Lo != 0 || b.Hi != 0) {
		return b
	}
	if t.count[col] || records.KeyedCount(col) {
		return records.Bounds{Lo: 0, Hi: math.Inf(1)}
	}
	return records.Unbounded
}

// Whole says whether every value of column col is a whole number (a
// count, or a count a run never saw): its axis steps by whole numbers.
func (t *Table) Whole(col string) bool {
	if w, ok := t.whole[col]; ok {
		return w
	}
	return t.count[col] || records.KeyedCount(col)
}

// Header is the CSV header.
func (t *Table) Header() []string {
	h := make([]string, 0, len(t.Vary)+1+len(t.Draws)+len(t.Columns))
	for _, v := range t.Vary {
		h = append(h, v.Key)
	}
	return append(append(append(h, "seed"), t.Draws...), t.Columns...)
}

// Figure is row i's value of a column; ok is false for a figure with no
// value. A count the run never saw is 0.
func (t *Table) Figure(i int, col string) (any, bool) {
	r := &t.Rows[i]
	j := slices.IndexFunc(r.Figures, func(f records.Figure) bool { return f.Name == col })
	switch {
	case j >= 0 && r.Figures[j].Value != nil:
		return r.Figures[j].Value, true
	case j < 0 && (t.count[col] || records.KeyedCount(col)):
		return 0, true
	}
	return nil, false
}

// Number is row i's value of a column as a float, ok false without one.
func (t *Table) Number(i int, col string) (float64, bool) {
	v, ok := t.Figure(i, col)
	if !ok {
		return 0, false
	}
	return records.Figure{Value: v}.Number()
}

// Record is row i as CSV fields.
func (t *Table) Record(i int) []string {
	r := &t.Rows[i]
	rec := append([]string{}, r.Point.Values...)
	rec = append(rec, strconv.FormatUint(r.Point.Seed, 10))
	rec = append(rec, populationRecord(r, t.Draws)...)
	for _, c := range t.Columns {
		v, _ := t.Figure(i, c)
		rec = append(rec, records.Field(v))
	}
	return rec
}

// WriteCSV writes the header and one line per row.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Header()); err != nil {
		return err
	}
	for i := range t.Rows {
		if err := cw.Write(t.Record(i)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes one JSON object per row, keys in the CSV's order;
// numbers and booleans of varied keys are written as such.
func (t *Table) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	head := t.Header()
	for i := range t.Rows {
		rec := t.Record(i)
		bw.WriteByte('{')
		for j, name := range head {
			if j > 0 {
				bw.WriteByte(',')
			}
			k, _ := json.Marshal(name)
			bw.Write(k)
			bw.WriteByte(':')
			bw.WriteString(t.jsonValue(i, j, rec[j]))
		}
		bw.WriteString("}\n")
	}
	return bw.Flush()
}

func (t *Table) jsonValue(i, j int, s string) string {
	var v any
	switch {
	case j < len(t.Vary):
		if p, ok := lagcomp.Lookup(t.Vary[j].Key); ok && p.Kind != lagcomp.KindEnum && p.Kind != lagcomp.KindText {
			return s // a number or boolean as --set took it
		}
		v = s
	case j == len(t.Vary):
		return s // the seed
	case j <= len(t.Vary)+len(t.Draws):
		if s == "" {
			return "null"
		}
		return s // a draw, a percentile
	default:
		var ok bool
		if v, ok = t.Figure(i, t.Columns[j-len(t.Vary)-1-len(t.Draws)]); !ok {
			return "null"
		}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func isInt(v any) bool { _, ok := v.(int); return ok }
