package cli

import (
	"bufio"
	"fmt"

	"lagscope/lagcomp"
	"lagscope/lagcomp/telemetry"
)

// telemetryFile is `sim --telemetry`'s file: the run's telemetry rows
// written as the run makes them (streamed: an hour's run holds a second
// of packets, not its rows), put in place when the run is done.
type telemetryFile struct {
	f       *atomicFile
	buf     *bufio.Writer
	csv     *telemetry.CSV
	sampler *telemetry.Sampler
	done    bool
}

// sampleTelemetry samples sim into path's CSV from now on: call it before
// stepping, commit after.
func sampleTelemetry(sim *lagcomp.Sim, path string) (*telemetryFile, error) {
	f, err := createAtomic(path)
	if err != nil {
		return nil, err
	}
	t := &telemetryFile{f: f, buf: bufio.NewWriterSize(f, 1<<16)}
	t.csv = telemetry.NewCSV(t.buf)
	names := make([]string, len(sim.Clients))
	for i := range names {
		names[i] = lagcomp.ClientName(i)
	}
	t.sampler = telemetry.New(sim, names, t.csv.Sink)
	return t, nil
}

// commit writes what is left and puts the file in place; a write that
// failed during the run is its error.
func (t *telemetryFile) commit() error {
	t.done = true
	err := t.sampler.Err()
	if err == nil {
		err = t.csv.Flush()
	}
	if err == nil {
		err = t.buf.Flush()
	}
	if err != nil {
		t.f.abort()
		return fmt.Errorf("%s: %w", t.f.path, err)
	}
	return t.f.commit()
}

// abort drops the file unless committed.
func (t *telemetryFile) abort() {
	if !t.done {
		t.done = true
		t.f.abort()
	}
}
