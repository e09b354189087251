package records

import (
	"encoding/csv"
	"io"
	"strconv"
)

// Field is a figure's value as a CSV field: empty for no value.
func Field(v any) string {
	switch x := v.(type) {
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	}
	return ""
}

// WriteCSV is `sim --csv`: a header (seed, then every figure of the
// summary) and the one row a sweep of this run would write.
func WriteCSV(w io.Writer, seed uint64, s SummaryJSON) error {
	return writeFigures(w, strconv.FormatUint(seed, 10), Figures(s))
}

// writeFigures writes the header and the one row of a run's figures, its
// seed first: `sim --csv` and `records --csv` alike.
func writeFigures(w io.Writer, seed string, figs []Figure) error {
	head, row := []string{"seed"}, []string{seed}
	for _, f := range figs {
		head, row = append(head, f.Name), append(row, Field(f.Value))
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(head); err != nil {
		return err
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
