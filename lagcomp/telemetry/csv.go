package telemetry

import (
	"encoding/csv"
	"io"
)

// CSV writes rows to w as CSV, the header (Header) first: Sink is a
// sampler's sink, Flush ends the writing.
type CSV struct {
	w      *csv.Writer
	cells  []string
	headed bool
}

// NewCSV is a CSV writing to w (buffered: Flush at the end).
func NewCSV(w io.Writer) *CSV { return &CSV{w: csv.NewWriter(w)} }

// Sink writes rows.
func (c *CSV) Sink(rows []Row) error {
	if !c.headed {
		c.headed = true
		if err := c.w.Write(Header()); err != nil {
			return err
		}
	}
	for i := range rows {
		c.cells = rows[i].cells(c.cells[:0])
		if err := c.w.Write(c.cells); err != nil {
			return err
		}
	}
	return c.w.Error()
}

// Flush writes what is buffered (the header alone when no tick came).
func (c *CSV) Flush() error {
	if !c.headed {
		if err := c.Sink(nil); err != nil {
			return err
		}
	}
	c.w.Flush()
	return c.w.Error()
}
