//go:build !unix

package presets

import "errors"

func mkfifo(string) error { return errors.New("no named pipes here") }
