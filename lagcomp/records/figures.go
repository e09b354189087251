package records

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Declaration is one figure of the summary as its field's tags declare
// it (see lagcomp.Summary): everything that lists figures reads these.
type Declaration struct {
	Name   string // in `sim --json` and the CSV: "mean_rewind_error_m"; a map's figures are "rules.KEY"
	Words  string // its name for people, "{key}" standing for a map's key ("rule {key} applied")
	Unit   string // "m", "ms", "share of shots"; "" for a count whose words name what it counts
	Doc    string // what it counts or measures
	Of     string // the count it is a part of, "" if none; a sum of counts is written "a+b" (agreement is over shots+shots_lost)
	Bounds Bounds
	Keyed  bool // a map of counts: one figure per key, 0 for a key a run never saw
	Column bool // a figure of the run, a column of `sim --csv` and of a sweep
	// From is the records lines it is folded from ("shot",
	// "shot+projectile", "burst", "shot.behind_cover": also needs that
	// optional field); "" for a figure the records do not carry
	From string
	// OmitZero: the summary line leaves the figure out when it is 0 (a
	// `json:",omitempty"` tag): a figure only a non-default key can make
	// (positions_accepted), so runs without the key print as before. Its
	// CSV column stays.
	OmitZero bool
	// Ratio is a share's count and total ("false_misses", "shots"), from
	// its ratio tag "count/total": its value is the one divided by the
	// other as the line prints them, no value over a total of 0.
	Ratio [2]string
	// Proportion: each run's value is 1 or 0 (a success or not), so a
	// sweep's mean of it over seeds is a proportion, and --stats gives its
	// Wilson interval beside the t interval (tag proportion:"true")
	Proportion bool
	index      []int
	count      bool // a whole number: a count
}

// notColumns are declared fields that are not figures of the run: the
// line's type, and wall_ms, the one figure that is not deterministic (a
// sweep's rows must be the same bytes on any machine and any number of
// workers).
var notColumns = []string{"type", "wall_ms"}

// declared are the summary line's fields in order, embedded structs'
// fields in their place.
var declared = ratios(declare(reflect.TypeFor[SummaryJSON](), nil))

// ratios checks each share's count and total are declared counts and
// gives it their records lines (from): a share is in the records exactly
// where both are. A bad tag is a programming error, found by any test.
func ratios(ds []Declaration) []Declaration {
	find := func(name string) *Declaration {
		i := slices.IndexFunc(ds, func(d Declaration) bool { return d.Name == name })
		if i < 0 || !ds[i].count || ds[i].Keyed {
			panic("records: a ratio tag names " + name + ", not a count of the summary")
		}
		return &ds[i]
	}
	for i := range ds {
		d := &ds[i]
		if d.Ratio[0] == "" {
			continue
		}
		num, den := find(d.Ratio[0]), find(d.Ratio[1])
		d.From = num.From
		for _, f := range strings.Split(den.From, "+") {
			if !slices.Contains(strings.Split(d.From, "+"), f) {
				d.From += "+" + f
			}
		}
		if num.From == "" || den.From == "" {
			d.From = ""
		}
	}
	return ds
}

func declare(t reflect.Type, index []int) []Declaration {
	var out []Declaration
	for i := range t.NumField() {
		f := t.Field(i)
		at := append(slices.Clone(index), i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, declare(f.Type, at)...)
			continue
		}
		tag, ok := f.Tag.Lookup("json")
		if !ok || !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		d := Declaration{Name: name, Words: f.Tag.Get("name"), Unit: f.Tag.Get("unit"), Doc: f.Tag.Get("doc"),
			Of: f.Tag.Get("of"), From: f.Tag.Get("from"), index: at, Column: !slices.Contains(notColumns, name),
			OmitZero: opts == "omitempty", Proportion: f.Tag.Get("proportion") == "true"}
		if r := f.Tag.Get("ratio"); r != "" {
			num, den, _ := strings.Cut(r, "/")
			d.Ratio = [2]string{num, den}
		}
		d.Keyed = f.Type.Kind() == reflect.Map || f.Type.Kind() == reflect.Slice
		d.count = d.Keyed || f.Type.Kind() == reflect.Int
		d.Bounds = boundsOf(f.Tag.Get("bounds"), d.count)
		out = append(out, d)
	}
	return out
}

// Declared lists every field of the summary line, in its order.
func Declared() []Declaration { return slices.Clone(declared) }

// Proportion says whether the summary's figure name is a proportion's
// sample, 1 or 0 per run (Declaration.Proportion).
func Proportion(name string) bool {
	i := slices.IndexFunc(declared, func(d Declaration) bool { return d.Name == name })
	return i >= 0 && declared[i].Proportion
}

// Bounds are the values a figure can take: 0 to 1 for a fraction
// (agreement), 0 and up for a count or a distance, unbounded for the
// rest. A figure declares them in a `bounds:"lo,hi"` tag (an empty side
// is unbounded); every int of the summary is a count.
type Bounds struct{ Lo, Hi float64 }

// Unbounded is the bounds of a figure that declares none.
var Unbounded = Bounds{math.Inf(-1), math.Inf(1)}

// boundsOf reads a bounds tag; a whole number is a count.
func boundsOf(tag string, count bool) Bounds {
	b := Unbounded
	if count {
		b.Lo = 0
	}
	lo, hi, ok := strings.Cut(tag, ",")
	if !ok {
		return b
	}
	if x, err := strconv.ParseFloat(lo, 64); err == nil {
		b.Lo = x
	}
	if x, err := strconv.ParseFloat(hi, 64); err == nil {
		b.Hi = x
	}
	return b
}

// field is a declared field of one summary with its value in the output
// form.
type field struct {
	decl  *Declaration
	value any
}

// walk is every declared field of s with its value as the line prints
// it: an int; a float rounded to a millionth (micrometres,
// microseconds), or nil where the run gave it no value (NaN: a mean over
// nothing is never a number that reads as a measurement); a map of
// counts by key; a string.
func walk(s SummaryJSON) []field {
	v := reflect.ValueOf(s)
	out := make([]field, len(declared))
	for i := range declared {
		d := &declared[i]
		out[i] = field{d, outputForm(v.FieldByIndex(d.index))}
	}
	for i := range out {
		if r := out[i].decl.Ratio; r[0] != "" {
			out[i].value = share(out, r[0], r[1])
		}
	}
	return out
}

// share is count / total as walked, nil (no value) over a total of 0.
func share(fs []field, count, total string) any {
	val := func(name string) int {
		i := slices.IndexFunc(fs, func(f field) bool { return f.decl.Name == name })
		n, _ := fs[i].value.(int)
		return n
	}
	if d := val(total); d > 0 {
		return round6(float64(val(count)) / float64(d))
	}
	return nil
}

func outputForm(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return int(v.Int())
	case reflect.Float32, reflect.Float64:
		if math.IsNaN(v.Float()) {
			return nil
		}
		return round6(v.Float())
	case reflect.String:
		return v.String()
	case reflect.Map: // counts by key
		m := make(map[string]int, v.Len())
		for it := v.MapRange(); it.Next(); {
			m[fmt.Sprint(it.Key())] = int(it.Value().Int())
		}
		return m
	case reflect.Slice: // lagcomp.Count[T]s in first-seen order
		m := make(map[string]int, v.Len())
		for i := range v.Len() {
			c := v.Index(i)
			m[fmt.Sprint(c.FieldByName("Rule"))] = int(c.FieldByName("Count").Int())
		}
		return m
	}
	panic("records: a summary figure of kind " + v.Kind().String())
}

// Figure is one number of a run's summary, named as `sim --json` names it
// ("shots", "mean_rewind_error_m"); a map of counts gives one figure per
// key ("rules.max_rewind_cap").
type Figure struct {
	Name   string
	Value  any    // int, float64, string, or nil for a figure with no value (agreement with no judged shots)
	Order  int    // its declaration's place in the summary, to order columns
	Keyed  bool   // a count under a map of counts
	Bounds Bounds // the values it can take
}

// Figures lists every figure of a summary, in their declarations' order
// (a map's in its keys' order): the columns of `sim --csv` and of a
// sweep. A figure declared in the summary becomes a column without a
// change anywhere else.
func Figures(s SummaryJSON) []Figure {
	walked := walk(s)
	n := 0 // sized at once: a sweep makes a row of them for every run
	for _, f := range walked {
		switch m, ok := f.value.(map[string]int); {
		case !f.decl.Column:
		case ok:
			n += len(m)
		default:
			n++
		}
	}
	var out []Figure // (nil when there are none, as before)
	if n > 0 {
		out = make([]Figure, 0, n)
	}
	for i, f := range walked {
		d := f.decl
		if !d.Column {
			continue
		}
		m, ok := f.value.(map[string]int)
		if !ok {
			out = append(out, Figure{Name: d.Name, Value: f.value, Order: i, Bounds: d.Bounds})
			continue
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, Figure{Name: d.Name + "." + k, Value: m[k], Order: i, Keyed: true, Bounds: d.Bounds})
		}
	}
	return out
}

// Number is a figure as a float for charts: ok false for no value.
func (f Figure) Number() (float64, bool) {
	switch x := f.Value.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// FigureNames lists the summary's figures as columns name them; a map of
// counts is listed as "rules.*": any key under it is a figure.
func FigureNames() []string {
	var names []string
	for _, d := range declared {
		if !d.Column {
			continue
		}
		if d.Keyed {
			names = append(names, d.Name+".*")
			continue
		}
		names = append(names, d.Name)
	}
	return names
}

// lookup is the declaration of a column, either a figure as it is or
// one under a map of counts ("rules.max_rewind_cap", key
// "max_rewind_cap"), whether or not a run has produced it yet.
func lookup(column string) (d *Declaration, key string, ok bool) {
	for i := range declared {
		d := &declared[i]
		if !d.Column {
			continue
		}
		if !d.Keyed && d.Name == column {
			return d, "", true
		}
		if k, found := strings.CutPrefix(column, d.Name+"."); d.Keyed && found && k != "" {
			return d, k, true
		}
	}
	return nil, "", false
}

// IsFigure says whether a column name is a figure of the summary.
func IsFigure(column string) bool {
	_, _, ok := lookup(column)
	return ok
}

// KeyedCount says whether a column is a count under a map of counts: one
// a run never produced is 0 (a rule that never applied), not missing.
func KeyedCount(column string) bool {
	d, _, ok := lookup(column)
	return ok && d.Keyed
}

// OutOf is the figure a count is out of, as its `of` tag declares it
// ("false_hits" is out of "shots", every "rules.…" out of
// "shots_fired", agreement out of "shots+shots_lost": a sum), or "" for
// a figure that is not a part of a total.
func OutOf(column string) string {
	if d, _, ok := lookup(column); ok {
		return d.Of
	}
	return ""
}

// Totals are the counts whose sum a figure is out of, one for most
// ("shots"), two for agreement ("shots", "shots_lost"), none for a
// figure that is no part of a total.
func Totals(column string) []string {
	if of := OutOf(column); of != "" {
		return strings.Split(of, "+")
	}
	return nil
}

// Words is a figure's name for people with its unit, as a chart's axis
// says it: "mean rewind error (m)", "rule max_rewind_cap applied
// (times)", "up lost (packets)"; ok is false for a column that is not a
// figure.
func Words(column string) (string, bool) {
	d, key, ok := lookup(column)
	if !ok {
		return "", false
	}
	return d.words(key), true
}

// Name is a figure's name for people alone, as a slide's title says it
// ("mean rewind error", "rule max_rewind_cap applied"), and its unit
// ("m", "times"; "" for a count its words name); ok is false for a
// column that is not a figure.
func Name(column string) (name, unit string, ok bool) {
	d, key, ok := lookup(column)
	if !ok {
		return "", "", false
	}
	return d.name(key), d.Unit, true
}

// words is the declaration's name for people with its unit.
func (d *Declaration) words(key string) string {
	w := d.name(key)
	if d.Unit != "" {
		w += " (" + d.Unit + ")"
	}
	return w
}

// name is the declaration's name for people; in a map's, "{key}" is the
// key as written and "{words}" the key's words.
func (d *Declaration) name(key string) string {
	return strings.NewReplacer("{key}", key, "{words}", strings.ReplaceAll(key, "_", " ")).Replace(d.Words)
}
