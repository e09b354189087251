// Package presets holds lagscope's scenario files, embedded in the binary,
// and the strict loader that reads them and the user's own: an unknown
// key, a value of the wrong type or out of range is an error naming the
// file, the line, the key and what is allowed — never silently ignored.
package presets

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"lagscope/lagcomp"
	"lagscope/lagcomp/moments"
)

//go:embed *.toml
var files embed.FS

// Default is the preset lagscope opens with.
const Default = "default"

// Preset is a named scenario: a description, a note on what to look for,
// and the settings it applies over lagcomp.Defaults.
type Preset struct {
	Name        string
	File        string // where it came from
	Description string
	LookFor     string
	// KeyParams are the settings the scenario is about: a screenshot's
	// caption shows them even when they have their default value (the
	// ping-rewind slide shows correction_factor 1.8).
	KeyParams []string
	Settings  []lagcomp.Setting // in file order
	// Moments are the instants to look at, with what to see there (see
	// moments.go); FindMoments resolves them on a run.
	Moments []moments.Spec
	// Notes are what the loader has to say that is not an error: a key
	// written by an old name ("FILE:LINE: key … is now called …"). The
	// command line prints them on stderr, the window in its status.
	Notes []string
}

// FindMoments resolves the preset's moments on a run of cfg (its own
// configuration, or one with changes).
func (p *Preset) FindMoments(cfg lagcomp.Config) ([]moments.Moment, error) {
	return moments.Find(cfg, p.Moments)
}

// Config is the preset's configuration: Defaults with its settings
// applied, validated.
func (p *Preset) Config() (lagcomp.Config, error) {
	c, err := p.Applied()
	if err != nil {
		return c, err
	}
	if err := c.Validate(); err != nil {
		return c, fmt.Errorf("%s: %w", p.File, err)
	}
	return c, nil
}

// Applied is Defaults with the preset's settings applied, each checked
// on its own but the whole not yet validated: a command's own settings
// go after the preset's, and a preset's events may name an observer that
// only they make (observer3 under --set observers=3), so the whole is
// validated once, after them (Validated).
func (p *Preset) Applied() (lagcomp.Config, error) {
	c := lagcomp.Defaults()
	if err := lagcomp.Apply(&c, p.Settings); err != nil {
		return c, fmt.Errorf("%s: %w", p.File, err)
	}
	return c, nil
}

// Validated validates c, the preset's Applied configuration with a
// command's settings after it. A fault the preset has on its own is
// named by its file, as Config names it; one the settings made is
// theirs.
func (p *Preset) Validated(c lagcomp.Config) error {
	err := c.Validate()
	if err == nil {
		return nil
	}
	if _, own := p.Config(); own != nil {
		return own
	}
	return err
}

// meta keys describe a preset rather than configure it.
var meta = []string{"description", "look_for"}

// Parse reads a preset file's text strictly. name labels errors.
func Parse(name string, data []byte) (*Preset, error) {
	var raw map[string]any
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %s", name, pe.Position.Line, parseMessage(data, pe.Message))
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p := &Preset{Name: strings.TrimSuffix(filepath.Base(name), ".toml"), File: name}
	seen := map[string]bool{}
	written := map[string]string{} // a key's current name: the name the file wrote it by
	for _, k := range md.Keys() {
		// a key inside a table or a dotted key reports its top-level
		// name (the decoder lists "a.b = 1" as a.b alone, without a)
		key := k[0]
		if seen[key] {
			continue
		}
		seen[key] = true
		v := raw[key]
		at := func() string { return fmt.Sprintf("%s:%d", name, lineOf(data, key)) }
		if key == "events" {
			text, err := parseEvents(name, data, v)
			if err != nil {
				return nil, err
			}
			p.Settings = append(p.Settings, lagcomp.Setting{Key: "events", Value: text})
			continue
		}
		if _, isTable := v.(map[string]any); isTable {
			return nil, fmt.Errorf("%s: [%s]: tables are not part of a preset; write keys at the top level", at(), key)
		}
		if key == "moments" {
			if p.Moments, err = parseMoments(name, data, v); err != nil {
				return nil, err
			}
			continue
		}
		if key == "key_params" {
			var notes []string
			if p.KeyParams, notes, err = keyParams(v); err != nil {
				return nil, fmt.Errorf("%s: key \"key_params\": %w", at(), err)
			}
			for _, n := range notes {
				p.Notes = append(p.Notes, fmt.Sprintf("%s: key_params: %s", at(), n))
			}
			continue
		}
		if slices.Contains(meta, key) {
			s, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("%s: key %q: want text in quotes", at(), key)
			}
			if key == "description" {
				p.Description = s
			} else {
				p.LookFor = s
			}
			continue
		}
		param, ok := lagcomp.Lookup(key)
		if !ok {
			return nil, fmt.Errorf("%s: %w", at(), lagcomp.UnknownKey(key))
		}
		if _, note := lagcomp.Renamed(key); note != "" {
			// an old name: read as the current one, said in a note
			if other := slices.IndexFunc(p.Settings, func(s lagcomp.Setting) bool { return s.Key == param.Key }); other >= 0 {
				return nil, fmt.Errorf("%s: key %q is the old name of %q, which is written too, on line %d (allowed: each key once)", at(), key, param.Key, lineOf(data, written[param.Key]))
			}
			p.Notes = append(p.Notes, fmt.Sprintf("%s: %s", at(), note))
		} else if slices.ContainsFunc(p.Settings, func(s lagcomp.Setting) bool { return s.Key == key }) {
			return nil, fmt.Errorf("%s: key %q is written twice, also by its old name on line %d (allowed: each key once)", at(), key, lineOf(data, written[key]))
		}
		if s, ok := v.(string); ok && lagcomp.NamesFile(param, s) && !filepath.IsAbs(s) {
			v = filepath.Join(filepath.Dir(name), s) // relative to the preset's file
		}
		probe := lagcomp.Defaults()
		if err := param.Set(&probe, v); err != nil {
			return nil, fmt.Errorf("%s: %w", at(), err)
		}
		written[param.Key] = key
		p.Settings = append(p.Settings, lagcomp.Setting{Key: param.Key, Value: v})
	}
	if p.Description == "" {
		return nil, fmt.Errorf("%s: key \"description\" is missing: say in one line what the scenario shows", name)
	}
	return p, nil
}

// duplicate is the TOML decoder's message for a key written twice.
var duplicate = regexp.MustCompile(`^Key '([^']+)' has already been defined\.?$`)

// parseMessage puts the TOML decoder's message in the loader's words
// (key "k": what is wrong, what is allowed); others it names as TOML's.
func parseMessage(data []byte, msg string) string {
	if m := duplicate.FindStringSubmatch(msg); m != nil {
		key := m[1]
		if strings.Contains(key, ".") { // a dotted key: the top-level name
			key, _, _ = strings.Cut(key, ".")
		}
		return fmt.Sprintf("key %q is written twice, first on line %d (allowed: each key once)", m[1], lineOf(data, key))
	}
	return "not valid TOML: " + msg
}

// keyParams reads key_params: a list of configuration keys, any key,
// each named once (a shorthand such as network or latency_ms is shown
// by what it set: lagcomp.ShownValue). An old name reads as the
// current one, with a note.
func keyParams(v any) (keys, notes []string, err error) {
	list, ok := v.([]any)
	if !ok {
		return nil, nil, fmt.Errorf("want a list of keys, e.g. [\"mode\", \"correction_factor\"]")
	}
	for _, x := range list {
		k, ok := x.(string)
		if !ok {
			return nil, nil, fmt.Errorf("%v is not a key name in quotes", x)
		}
		p, ok := lagcomp.Lookup(k)
		switch {
		case !ok:
			return nil, nil, lagcomp.UnknownKey(k)
		case slices.Contains(keys, p.Key):
			return nil, nil, fmt.Errorf("%q is listed twice", k)
		}
		if _, note := lagcomp.Renamed(k); note != "" {
			notes = append(notes, note)
		}
		keys = append(keys, p.Key)
	}
	return keys, notes, nil
}

// tables is a list-of-tables value as the TOML decoder gives it: the
// [[key]] tables, or an inline list whose items must all be tables (ok
// false otherwise).
func tables(v any) (list []map[string]any, ok bool) {
	list, ok = v.([]map[string]any)
	if items, isList := v.([]any); isList {
		ok = true
		for _, it := range items {
			m, isTable := it.(map[string]any)
			ok = ok && isTable
			list = append(list, m)
		}
	}
	return list, ok
}

// lineOf finds the line a top-level key is written on, for messages:
// "key = …", a table header "[key]" or "[[key]]", or a dotted key
// "key.sub = …". 0 only if it is written in none of these ways.
func lineOf(data []byte, key string) int {
	k := `"?` + regexp.QuoteMeta(key) + `"?`
	re := regexp.MustCompile(`(?m)^[ \t]*(?:` + k + `[ \t]*[=.]|\[\[?[ \t]*` + k + `[ \t]*[\].])`)
	loc := re.FindIndex(data)
	if loc == nil {
		return 0
	}
	return bytes.Count(data[:loc[0]], []byte("\n")) + 1
}

// Names lists the embedded presets, sorted.
func Names() []string {
	ents, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range ents {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	return names
}

// All parses every embedded preset.
func All() ([]*Preset, error) {
	var ps []*Preset
	for _, n := range Names() {
		p, err := Load(n)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Load reads an embedded preset by name, or a file by path (anything
// with a slash or a .toml suffix). A preset is TOML: a file named
// otherwise (a .json sidecar above all, which lagscope also writes) is
// refused by its name, before its text is read as TOML and reported as
// "not valid TOML".
func Load(nameOrPath string) (*Preset, error) {
	if ext := filepath.Ext(nameOrPath); ext != "" && ext != ".toml" {
		hint := "name the file .toml"
		if strings.EqualFold(ext, ".json") {
			hint = "a .json file is a picture's sidecar: lagscope shot --from " + nameOrPath + " makes its picture again"
		}
		return nil, fmt.Errorf("preset file %s: a preset is a TOML file (.toml), not %s (%s)", nameOrPath, ext, hint)
	}
	if strings.ContainsRune(nameOrPath, os.PathSeparator) || strings.HasSuffix(nameOrPath, ".toml") {
		data, err := ReadFileLimited(nameOrPath, MaxFileBytes)
		if err != nil {
			return nil, fmt.Errorf("preset file %s: %w", nameOrPath, unwrapPath(err))
		}
		return Parse(nameOrPath, data)
	}
	data, err := files.ReadFile(nameOrPath + ".toml")
	if err != nil {
		if near := lagcomp.Nearest(nameOrPath, Names()); near != "" {
			return nil, fmt.Errorf("no preset %q (did you mean %s? presets: %s)", nameOrPath, near, strings.Join(Names(), ", "))
		}
		return nil, fmt.Errorf("no preset %q (presets: %s)", nameOrPath, strings.Join(Names(), ", "))
	}
	return Parse("presets/"+nameOrPath+".toml", data)
}

// MaxFileBytes caps what a preset file may hold: the shipped ones are
// about 1 KiB, so 1 MiB is room for any scenario while /dev/zero or a
// mistyped path to a disk image fails at once instead of eating memory.
const MaxFileBytes = 1 << 20

// ReadFileLimited reads a regular file of at most limit bytes. A device,
// pipe or directory, or a larger file, is an error naming the file and
// the limit, found without reading more than limit+1 bytes.
func ReadFileLimited(path string, limit int64) ([]byte, error) {
	// Stat before opening: opening a named pipe would wait for a writer.
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", path, kind(st.Mode()))
	}
	// a file larger than the limit is refused by its size, unread (a
	// 300 MiB trace was read up to the limit first: 612 MB); one that
	// grows after the stat still stops at limit+1 bytes
	tooBig := fmt.Errorf("%s: larger than %s, the most lagscope reads from one file", path, byteSize(limit))
	if st.Size() > limit {
		return nil, tooBig
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// room for the whole file at once (and the read that finds its end),
	// not grown by doubling
	buf := bytes.NewBuffer(make([]byte, 0, st.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(buf.Len()) > limit {
		return nil, tooBig
	}
	return buf.Bytes(), nil
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

func byteSize(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Format writes a preset file: its description, what to look for, its
// key parameters, and every setting of cfg that differs from
// lagcomp.Defaults.
func Format(description, lookFor string, cfg *lagcomp.Config, keyParams ...string) []byte {
	var b bytes.Buffer
	b.WriteString("# lagscope preset. Keys: `lagscope keys`; every key not written here has its default.\n")
	fmt.Fprintf(&b, "description = %s\n", strconv.Quote(description))
	if lookFor != "" {
		fmt.Fprintf(&b, "look_for = %s\n", strconv.Quote(lookFor))
	}
	if len(keyParams) > 0 {
		q := make([]string, len(keyParams))
		for i, k := range keyParams {
			q[i] = strconv.Quote(k)
		}
		fmt.Fprintf(&b, "key_params = [%s]\n", strings.Join(q, ", "))
	}
	def := lagcomp.Defaults()
	for _, s := range lagcomp.Diff(&def, cfg) {
		fmt.Fprintf(&b, "%s = %s\n", s.Key, tomlValue(s.Value))
	}
	return b.Bytes()
}

func tomlValue(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case float64:
		s := strconv.FormatFloat(x, 'f', -1, 64)
		return s
	default:
		return fmt.Sprint(x)
	}
}

// Save writes a user preset atomically: to a temporary file in the same
// directory, synced, then renamed over the target, so a crash leaves
// either the old file or the new one, never half of one. It checks the
// result reads back to the same configuration before replacing anything.
func Save(path, description, lookFor string, cfg *lagcomp.Config, keyParams ...string) error {
	data := Format(description, lookFor, cfg, keyParams...)
	p, err := Parse(path, data)
	if err != nil {
		return err
	}
	back, err := p.Config()
	if err != nil {
		return err
	}
	if d := lagcomp.Diff(cfg, &back); len(d) > 0 {
		return fmt.Errorf("%s: would not read back the same (key %q differs)", path, d[0].Key)
	}
	return WriteFileAtomic(path, data)
}

// WriteFileAtomic writes data to path through a temporary file in the
// same directory, synced and renamed over the target: a crash leaves the
// old file or the new one, never half of one. The file is 0644 (umask
// aside: the temporary file is chmod-ed, not created with the mode).
// Screenshots use it too.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // a no-op after the rename
	// CreateTemp makes the file 0600; the result is an ordinary document,
	// readable by others as what editors and image tools write (0644).
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// unwrapPath drops the "stat PATH:" of an *fs.PathError, whose path the
// caller's message already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
