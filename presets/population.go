package presets

import (
	"fmt"

	"lagscope/lagcomp/netem"
)

// MaxPopulationBytes caps a population file: a row per percentile is a
// few kilobytes; a mistyped path to a disk image fails at once.
const MaxPopulationBytes = 1 << 20

// The simulation reads no files: presets hands netem this reader of the
// population files the population key names, as it does the traces.
func init() { netem.SetPopulationReader(ReadPopulation) }

// ReadPopulation reads and parses a population file (netem's
// population_csv.go says the format); errors name the file, and a bad
// row its line and column.
func ReadPopulation(path string) (*netem.Population, error) {
	data, err := ReadFileLimited(path, MaxPopulationBytes)
	if err != nil {
		return nil, fmt.Errorf("population file %s: %w", path, unwrapPath(err))
	}
	return netem.ParsePopulation(path, data)
}
