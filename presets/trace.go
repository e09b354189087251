package presets

import (
	"fmt"

	"lagscope/lagcomp/netem"
)

// MaxTraceBytes caps a trace file: a day of one packet every 16 ms is
// about 100 MiB of CSV; this is room for hours of per-packet capture while
// a mistyped path to a disk image fails at once.
const MaxTraceBytes = 256 << 20

// The simulation reads no files (lagcomp's purity): every program that
// runs it imports presets, which hands netem this reader of the traces
// the trace keys name.
func init() { netem.SetTraceReader(ReadTrace) }

// ReadTrace reads and parses a trace file (netem's trace.go says the
// formats); errors name the file, and a bad row its line and field.
func ReadTrace(path string) (*netem.Trace, error) {
	data, err := ReadFileLimited(path, MaxTraceBytes)
	if err != nil {
		return nil, fmt.Errorf("trace file %s: %w", path, unwrapPath(err))
	}
	return netem.ParseTrace(path, data)
}

// FileHash is the SHA-256 (hex) of the file key k's value names, as
// this process read it: a trace's (TraceHash) or a population file's.
func FileHash(k, path string) (string, error) {
	if k == "population" {
		p, err := netem.LoadPopulation(path)
		if err != nil {
			return "", err
		}
		return p.SHA256, nil
	}
	return TraceHash(path)
}

// TraceHash is the SHA-256 of the trace at path as this process replays
// it (read once: the first read's bytes).
func TraceHash(path string) (string, error) {
	t, err := netem.LoadTrace(path)
	if err != nil {
		return "", err
	}
	return t.SHA256, nil
}
