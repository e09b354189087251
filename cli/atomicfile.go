package cli

import (
	"os"
	"path/filepath"
)

// atomicFile is a file written as it goes and put in place whole at the
// end: a temporary file in the same directory, synced and renamed over
// the target at commit (as presets.WriteFileAtomic does for bytes held
// whole), so a crash or an error leaves the old file or the new one,
// never half of one, and a long run's output is never held in memory.
type atomicFile struct {
	*os.File
	path string
}

// createAtomic starts writing path.
func createAtomic(path string) (*atomicFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file 0600; the result is an ordinary document
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &atomicFile{File: f, path: path}, nil
}

// commit puts the file in place.
func (a *atomicFile) commit() error {
	defer os.Remove(a.Name()) // a no-op after the rename
	if err := a.Sync(); err != nil {
		a.Close()
		return err
	}
	if err := a.Close(); err != nil {
		return err
	}
	return os.Rename(a.Name(), a.path)
}

// abort drops what was written.
func (a *atomicFile) abort() {
	a.Close()
	os.Remove(a.Name())
}
