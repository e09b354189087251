package cli

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// An output flag names a file a command writes. Declared with outFlag,
// it is checked by checkOutputs as soon as the flags are parsed, before
// any run or render: an existing directory, an extension that is not its
// format's, or a directory that does not exist is an error naming the
// flag and the path (exit 2). Missing directories are never made.
type outPath struct {
	path   *string
	format string   // what the file holds, for the message: "a PNG picture"
	exts   []string // the extensions its format takes, lower case with the dot
	dash   bool     // "-" is standard output
}

func (o *outPath) String() string {
	if o == nil || o.path == nil {
		return ""
	}
	return *o.path
}

func (o *outPath) Set(v string) error { *o.path = v; return nil }

// outFlag declares an output flag on fs writing into p: its files are
// format, named with one of exts; dash allows "-" for standard output.
func outFlag(fs *flag.FlagSet, p *string, name, format string, dash bool, usage string, exts ...string) {
	fs.Var(&outPath{path: p, format: format, exts: exts, dash: dash}, name, usage)
}

// checkOutputs checks every output flag given on fs (parseFlags calls it
// for every command): a new output flag declared with outFlag cannot
// skip the check.
func checkOutputs(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if o, ok := f.Value.(*outPath); ok && err == nil {
			err = o.check(f.Name)
		}
	})
	return err
}

func (o *outPath) check(flagName string) error {
	path := *o.path
	if o.dash && path == "-" {
		return nil
	}
	if path == "" { // given empty: as not given, which the command judges
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("--%s %q: is a directory; name the file to write in it", flagName, path)
	}
	if ext := strings.ToLower(filepath.Ext(path)); !slices.Contains(o.exts, ext) {
		return fmt.Errorf("--%s %q: lagscope writes %s here; name the file %s", flagName, path, o.format, strings.Join(o.exts, " or "))
	}
	if base := filepath.Base(path); base == filepath.Ext(base) { // ".png": a hidden file, and its sidecar ".json"
		return fmt.Errorf("--%s %q: names no file, only its extension; give a name before %s", flagName, path, filepath.Ext(base))
	}
	return checkDir(flagName, path)
}

// checkDir refuses an output file in a directory that does not exist,
// before anything runs: a typo in a path is an error naming the
// directory, not a new directory made for it.
func checkDir(flagName, path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--%s %q: directory %s does not exist (create it first)", flagName, path, dir)
	case errors.As(err, &pe):
		return fmt.Errorf("--%s %q: directory %s: %v", flagName, path, dir, pe.Err)
	case err != nil:
		return fmt.Errorf("--%s %q: %v", flagName, path, err)
	case !st.IsDir():
		return fmt.Errorf("--%s %q: %s is not a directory", flagName, path, dir)
	}
	return nil
}
