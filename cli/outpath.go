package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

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

// checkPNG refuses a picture lagscope would write under a name that is
// not .png (it writes PNG bytes whatever the file is called), and one in
// a directory that does not exist.
func checkPNG(flagName, path string) error {
	if ext := strings.ToLower(filepath.Ext(path)); ext != ".png" {
		return fmt.Errorf("--%s %q: lagscope draws charts as PNG pictures; name the file .png", flagName, path)
	}
	return checkDir(flagName, path)
}
