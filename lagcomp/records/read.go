package records

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/google/uuid"

	"lagscope/internal/jsonkey"
	"lagscope/lagcomp"
	"lagscope/model"
)

// Run is what a records file holds, read back into the engine's records:
// the shots and projectiles as lagcomp made them (the summary is their
// fold, lagcomp.Summarize), the fire-effects lines as printed, and the
// run's own summary line if the file has one. A file from another engine
// is the same lines: docs/records.schema.json says which fields a line
// must carry and which it may.
type Run struct {
	File        string
	Shots       []lagcomp.ShotRecord
	ShotLines   []int // the line each shot was read from
	Projectiles []lagcomp.ProjectileRecord
	Bursts      []BurstJSON
	Movement    []MovementJSON // a line per player's client
	Duels       []DuelJSON
	Kills       []lagcomp.KillRecord // a line per death (health > 0)
	OwnSummary  map[string]any       // the file's own summary line, nil if none
	// Missing counts the optional fields a figure needs that some record
	// it counts left out (behind_cover on a judged shot): the figure has
	// no value from these records.
	Missing map[string]int
	// Skipped counts lines of types this reader does not fold (the
	// trace), by type.
	Skipped map[string]int
	// packets is the fold of the packet lines (packetfold.go)
	packets packetFold

	// the line each shot id and each shooter's command number was read
	// from: a shot given twice would be counted twice
	shotByID  map[uuid.UUID]int
	shotBySeq map[[2]int]int
}

// LineTypes are the types a records line may have, as
// docs/records.schema.json lists them: any other is an error (a "Shot"
// dropped with a note would leave its shot out of every figure).
var LineTypes = []string{"shot", "projectile", "burst", "duel", "kill", "packet", "trace", "movement", "summary"}

// LineError is a records line that cannot be read: it names the file,
// the line and the field.
type LineError struct {
	File  string
	Line  int
	Field string // "" for the line as a whole
	Msg   string
}

func (e *LineError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d: field %q: %s", e.File, e.Line, e.Field, e.Msg)
}

// maxLine bounds one line: a shot line is under 2 KB; a file of junk
// without newlines is refused instead of read whole into memory.
const maxLine = 1 << 20

// Read reads a records file (`lagscope sim --json`, or an engine's lines
// in the same format), name naming it in errors. Every line must be a
// JSON object with a "type"; shot and projectile lines are checked field
// by field against the format (a missing required field, a wrong type, a
// value out of its range or a contradiction is an error naming the line
// and field); lines of other types are counted in Skipped.
func Read(r io.Reader, name string) (*Run, error) {
	run := &Run{File: name, Missing: map[string]int{}, Skipped: map[string]int{},
		shotByID: map[uuid.UUID]int{}, shotBySeq: map[[2]int]int{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	n := 0
	for sc.Scan() {
		n++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if err := run.line(text, n); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &LineError{File: name, Line: n + 1, Msg: fmt.Sprintf("cannot read: %v (a line may hold at most %d bytes)", err, maxLine)}
	}
	if len(run.Shots)+len(run.Projectiles) == 0 && run.OwnSummary == nil {
		return nil, fmt.Errorf("%s: no shot, projectile or summary line in %d lines", name, n)
	}
	return run, nil
}

func (run *Run) line(text []byte, n int) error {
	l := &lineReader{file: run.File, n: n}
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	if err := d.Decode(&l.fields); err != nil || l.fields == nil {
		msg := "not a JSON object"
		if err != nil {
			msg += ": " + err.Error()
		}
		return &LineError{File: run.File, Line: n, Msg: msg}
	}
	if d.More() {
		return &LineError{File: run.File, Line: n, Msg: "more than one JSON value on the line"}
	}
	if tw := jsonkey.Find(text); tw != nil {
		// Go's JSON keeps the last of the two without a word
		return &LineError{File: run.File, Line: n, Field: tw.Path, Msg: "given twice on the line: allowed once"}
	}
	typ := l.str("type", true)
	if l.err != nil {
		return l.err
	}
	switch typ {
	case "shot":
		l.known(shotFields)
		r := l.shot(run.Missing)
		if l.err != nil {
			return l.err
		}
		if err := run.once(&r, n); err != nil {
			return err
		}
		run.Shots, run.ShotLines = append(run.Shots, r), append(run.ShotLines, n)
	case "projectile":
		l.known(projectileFields)
		r := l.projectile()
		if l.err != nil {
			return l.err
		}
		run.Projectiles = append(run.Projectiles, r)
	case "burst":
		var b BurstJSON
		if err := json.Unmarshal(text, &b); err != nil {
			return &LineError{File: run.File, Line: n, Msg: "burst line: " + err.Error()}
		}
		run.Bursts = append(run.Bursts, b)
	case "movement":
		var m MovementJSON
		if err := run.decode(l, text, &m, foldedFrom("movement")); err != nil {
			return err
		}
		if err := m.check(); err != nil {
			return &LineError{File: run.File, Line: n, Field: err.field, Msg: err.msg}
		}
		run.Movement = append(run.Movement, m)
	case "duel":
		var d DuelJSON
		if err := run.decode(l, text, &d, foldedFrom("duel")); err != nil {
			return err
		}
		run.Duels = append(run.Duels, d)
	case "packet":
		var p PacketJSON
		if err := run.decode(l, text, &p, nil); err != nil {
			return err
		}
		if err := p.check(); err != nil {
			return &LineError{File: run.File, Line: n, Field: err.field, Msg: err.msg}
		}
		run.packets.add(&p)
	case "kill":
		l.known(killFields)
		k := l.kill()
		if l.err != nil {
			return l.err
		}
		run.Kills = append(run.Kills, k)
	case "summary":
		if run.OwnSummary != nil {
			return &LineError{File: run.File, Line: n, Field: "type", Msg: "a second summary line: a records file is one run"}
		}
		var own map[string]any
		_ = json.Unmarshal(text, &own) // it decoded above
		run.OwnSummary = own
	default:
		if !slices.Contains(LineTypes, typ) {
			return &LineError{File: run.File, Line: n, Field: "type", Msg: fmt.Sprintf("%q is not a line type (want one of %s; docs/records.schema.json)", typ, strings.Join(LineTypes, ", "))}
		}
		run.Skipped[typ]++
	}
	return nil
}

// foldedFrom are the fields of lines of type typ that the summary's
// figures declare they are folded from (from:"movement.inputs_lost"): the
// declarations say it, once. A figure declared from the whole line
// (from:"movement", positions_accepted: left out when 0) names none.
func foldedFrom(typ string) []string {
	var out []string
	for _, d := range declared {
		for _, from := range strings.Split(d.From, "+") {
			if t, field, ok := strings.Cut(from, "."); ok && t == typ {
				out = append(out, field)
			}
		}
	}
	return out
}

// decode reads a line of a type lagscope writes whole (movement, duel)
// into its output form, each field's type checked; the schema lets such
// lines carry more fields, which are not read. A field the summary folds
// that the line leaves out is counted in Missing: the figure then has no
// value, where a 0 would have been summed.
func (run *Run) decode(l *lineReader, text []byte, v any, folded []string) error {
	if err := json.Unmarshal(text, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return &LineError{File: run.File, Line: l.n, Field: te.Field, Msg: fmt.Sprintf("want a %s, got a JSON %s", te.Type, te.Value)}
		}
		return &LineError{File: run.File, Line: l.n, Msg: err.Error()}
	}
	for _, f := range folded {
		if _, ok := l.fields[f]; !ok {
			run.Missing[f]++
		}
	}
	return nil
}

// once refuses a shot read before: the same id, or the same shooter's
// command number (seq), on an earlier line. A command number is the
// shooter's own (an engine numbers each client's commands), so two
// shooters may share one; lagscope's runs number all shots as one.
func (run *Run) once(r *lagcomp.ShotRecord, n int) error {
	if at, ok := run.shotByID[r.ID]; ok {
		return &LineError{File: run.File, Line: n, Field: "id", Msg: fmt.Sprintf("shot %s is already on line %d (a shot is one line: a second copy would be counted twice)", r.ID, at)}
	}
	key := [2]int{r.Shooter, int(r.Seq)}
	if at, ok := run.shotBySeq[key]; ok {
		return &LineError{File: run.File, Line: n, Field: "seq", Msg: fmt.Sprintf("shooter %d's shot %d is already on line %d (a shot is one line: a second copy would be counted twice)", r.Shooter, r.Seq, at)}
	}
	run.shotByID[r.ID], run.shotBySeq[key] = n, n
	return nil
}

// jsonFields are the fields a line type's output form prints: the reader
// knows them all (a field it does not know is an error: a misspelt
// optional field would otherwise be dropped without a word).
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out = append(out, name)
	}
	return out
}

var (
	shotFields       = jsonFields(reflect.TypeFor[ShotJSON]())
	killFields       = jsonFields(reflect.TypeFor[KillJSON]())
	projectileFields = jsonFields(reflect.TypeFor[ProjectileJSON]())
)

// lineReader reads one line's fields, keeping the first error.
type lineReader struct {
	file   string
	n      int
	fields map[string]json.RawMessage
	err    error
}

func (l *lineReader) fail(field, format string, a ...any) {
	if l.err == nil {
		l.err = &LineError{File: l.file, Line: l.n, Field: field, Msg: fmt.Sprintf(format, a...)}
	}
}

// known refuses fields the format does not have.
func (l *lineReader) known(fields []string) {
	var unknown []string
	for k := range l.fields { // order-free: sorted below
		if !slices.Contains(fields, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	if len(unknown) > 0 {
		l.fail(unknown[0], "not a field of a %s line (docs/records.schema.json lists them)", l.str("type", true))
	}
}

// raw is a field's JSON, ok false when absent or null; a required field
// that is absent (or null, unless nullable) is an error.
func (l *lineReader) raw(field string, required, nullable bool) (json.RawMessage, bool) {
	v, ok := l.fields[field]
	switch {
	case !ok && required:
		l.fail(field, "missing (a required field)")
		return nil, false
	case !ok:
		return nil, false
	case string(v) == "null":
		if !nullable {
			l.fail(field, "is null; want a value")
		}
		return nil, false
	}
	return v, true
}

// present reports whether a field is given a value (not absent, not null).
func (l *lineReader) present(field string) bool {
	v, ok := l.fields[field]
	return ok && string(v) != "null"
}

// decode reads a present field into v, naming its type in the error.
func (l *lineReader) decode(field string, raw json.RawMessage, v any, want string) bool {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		l.fail(field, "want %s, got %s", want, clip(raw))
		return false
	}
	return true
}

func clip(raw json.RawMessage) string {
	if len(raw) > 40 {
		return string(raw[:40]) + "…"
	}
	return string(raw)
}

func (l *lineReader) str(field string, required bool) string {
	var s string
	if raw, ok := l.raw(field, required, !required); ok {
		l.decode(field, raw, &s, "a string")
	}
	return s
}

// num is a finite number field; ok false when absent or null.
func (l *lineReader) num(field string, required, nullable bool) (float64, bool) {
	raw, ok := l.raw(field, required, nullable)
	if !ok {
		return 0, false
	}
	var x float64
	if !l.decode(field, raw, &x, "a number") {
		return 0, false
	}
	return x, true
}

// count is a whole number ≥ 0.
func (l *lineReader) count(field string, required bool, def int) int {
	x, ok := l.num(field, required, false)
	if !ok {
		return def
	}
	if x < 0 || x != math.Trunc(x) || x > 1<<31 {
		l.fail(field, "want a whole number from 0 to 2^31, got %v", x)
	}
	return int(x)
}

// ms is a time in milliseconds as the engine's integer clock
// (microseconds): lagscope prints exact microseconds, so it reads back
// to the same instant.
func (l *lineReader) ms(field string, required, nullable bool) (model.Time, bool) {
	x, ok := l.num(field, required, nullable)
	if !ok {
		return 0, false
	}
	if math.Abs(x) > 1e12 {
		l.fail(field, "want milliseconds within ±10^12, got %v", x)
		return 0, false
	}
	return model.Time(math.Round(x * 1000)), true
}

func (l *lineReader) boolean(field string, required, nullable bool) (b, ok bool) {
	raw, ok := l.raw(field, required, nullable)
	if !ok {
		return false, false
	}
	return b, l.decode(field, raw, &b, "true or false")
}

func (l *lineReader) pose(field string, required, nullable bool) (model.Pose, bool) {
	raw, ok := l.raw(field, required, nullable)
	if !ok {
		return model.Pose{}, false
	}
	var p struct {
		X, Y, YawDeg *float64
		Alive        *bool
	}
	var obj map[string]json.RawMessage
	if !l.decode(field, raw, &obj, `an object {"x", "y", "yaw_deg", "alive"}`) {
		return model.Pose{}, false
	}
	for _, k := range sortedKeys(obj) { // sorted: the first error is the same on every run
		v := obj[k]
		switch k {
		case "x":
			l.decode(field+".x", v, &p.X, "a number")
		case "y":
			l.decode(field+".y", v, &p.Y, "a number")
		case "yaw_deg":
			l.decode(field+".yaw_deg", v, &p.YawDeg, "a number (degrees)")
		case "alive":
			l.decode(field+".alive", v, &p.Alive, "true or false")
		default:
			l.fail(field+"."+k, `not a field of a pose ("x", "y", "yaw_deg", "alive")`)
		}
	}
	for _, c := range []struct {
		k string
		v *float64
	}{{"x", p.X}, {"y", p.Y}, {"yaw_deg", p.YawDeg}} {
		if k, v := c.k, c.v; v == nil {
			l.fail(field+"."+k, "missing (a pose needs x, y and yaw_deg)")
			return model.Pose{}, false
		}
	}
	if !l.inWorld(field+".x", *p.X) || !l.inWorld(field+".y", *p.Y) {
		return model.Pose{}, false
	}
	if !(math.Abs(*p.YawDeg) <= MaxYawDeg) {
		l.fail(field+".yaw_deg", "%v is beyond ±%g degrees: a sentinel, not a facing", *p.YawDeg, MaxYawDeg)
		return model.Pose{}, false
	}
	alive := p.Alive == nil || *p.Alive // an engine that omits it has no dead pawns to show
	yaw := math.Mod(*p.YawDeg*math.Pi/180, 2*math.Pi)
	if yaw < 0 {
		yaw += 2 * math.Pi
	}
	return model.Pose{Pos: model.V(*p.X, *p.Y), Yaw: yaw, Alive: alive}, true
}

func (l *lineReader) xy(field string, raw json.RawMessage) model.Vec {
	var p struct{ X, Y *float64 }
	var obj map[string]json.RawMessage
	if !l.decode(field, raw, &obj, `an object {"x", "y"}`) {
		return model.Vec{}
	}
	for _, k := range sortedKeys(obj) {
		v := obj[k]
		switch k {
		case "x":
			l.decode(field+".x", v, &p.X, "a number")
		case "y":
			l.decode(field+".y", v, &p.Y, "a number")
		default:
			l.fail(field+"."+k, `not a field of a point ("x", "y")`)
		}
	}
	if p.X == nil || p.Y == nil {
		l.fail(field, `want {"x", "y"}, got %s`, clip(raw))
		return model.Vec{}
	}
	if !l.inWorld(field+".x", *p.X) || !l.inWorld(field+".y", *p.Y) {
		return model.Vec{}
	}
	return model.V(*p.X, *p.Y)
}

// MaxYawDeg bounds a pose's yaw_deg. An engine's facing lies within a turn
// or two of zero (Source's angles within ±360, Unreal's rotators
// normalised to ±180); a million degrees is already 2 778 turns, where a
// float32 yaw's spacing is 0.06°, the coarsest an engine's angle can be
// and still be drawn true. Beyond it a yaw is a sentinel: 1.7e308 read as
// an angle became NaN and the client's box was drawn nowhere, beside
// "client saw vs server used: 0.000 m, 0.0°".
const MaxYawDeg = 1e6

// inWorld refuses a coordinate beyond the world's bounds
// (model.WorldBound): a record's far sentinel is a fault, not a place.
func (l *lineReader) inWorld(field string, x float64) bool {
	if model.InWorld(x) {
		return true
	}
	l.fail(field, "%v is beyond the world's bounds (±%g m)", x, model.WorldBound)
	return false
}

// segment is a [from, to] pair of points; ok false when absent or null.
func (l *lineReader) segment(field string) (from, to model.Vec, ok bool) {
	raw, ok := l.raw(field, false, true)
	if !ok {
		return from, to, false
	}
	var pair []json.RawMessage
	if !l.decode(field, raw, &pair, "[from, to]: two points") || len(pair) != 2 {
		l.fail(field, "want [from, to]: two points, got %s", clip(raw))
		return from, to, false
	}
	return l.xy(field+"[0]", pair[0]), l.xy(field+"[1]", pair[1]), true
}

func (l *lineReader) part(field string) model.Part {
	s := l.str(field, false)
	for p := model.PartNone; p <= model.PartWall; p++ {
		if p.String() == s {
			return p
		}
	}
	if s != "" {
		l.fail(field, `want "none", "body", "head" or "wall", got %q`, s)
	}
	return model.PartNone
}

func (l *lineReader) strings(field string) []string {
	var out []string
	if raw, ok := l.raw(field, false, true); ok {
		l.decode(field, raw, &out, "a list of names")
	}
	return out
}

func (l *lineReader) id(field string) uuid.UUID {
	var id uuid.UUID
	s := l.str(field, false)
	if s == "" {
		// no id of its own: one from the file and line (a name-based
		// UUID, version 5), so a shot list can still tell shots apart
		sum := sha1.Sum(fmt.Appendf(nil, "%s#%d", l.file, l.n))
		copy(id[:], sum[:])
		id[6], id[8] = id[6]&0x0f|0x50, id[8]&0x3f|0x80
		return id
	}
	if err := id.UnmarshalText([]byte(s)); err != nil {
		l.fail(field, "want a UUID, got %q", s)
	}
	return id
}

// sortedKeys are an object's fields in order.
func sortedKeys(obj map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(obj))
	for k := range obj { // order-free: sorted below
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
