//go:build !unix

package capture

// lockDir does nothing where there is no flock: the sidecar's picture
// hash still refuses a pair two writers mixed.
func lockDir(dir string, exclusive bool) (unlock func(), err error) { return func() {}, nil }
