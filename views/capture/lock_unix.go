//go:build unix

package capture

import (
	"fmt"
	"os"
	"syscall"
)

// lockDir locks a directory, exclusive for a writer of a capture pair,
// shared for a reader, until unlock: the lock is the directory's own, so
// none is left behind, and the kernel drops it when a process dies.
func lockDir(dir string, exclusive bool) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return func() { f.Close() }, nil // closing the last descriptor unlocks
}
