package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"lagscope/lagcomp"
	"lagscope/lagcomp/sweep"
)

// simCompare is `sim --compare k=v[,k=v…]`: the run as given (A) and the
// same seed with those settings changed (B), every figure of both and
// B − A.
func simCompare(w io.Writer, cfg lagcomp.Config, spec string, asJSON bool) error {
	changes, err := sweep.ParseChanges(spec)
	if err != nil {
		return fmt.Errorf("--compare: %w", err)
	}
	b, err := sweep.Changed(cfg, changes)
	if err != nil {
		return fmt.Errorf("--compare: %w", err)
	}
	if len(lagcomp.Diff(&cfg, &b)) == 0 {
		return fmt.Errorf("--compare: %w", sweep.ErrNoChange(changes))
	}
	diffs, err := sweep.Compare(context.Background(), cfg, b)
	if err != nil {
		return err
	}
	titleB := sweep.Title(changes, "")
	if asJSON {
		type line struct {
			Type  string   `json:"type"`
			Name  string   `json:"figure"`
			A     any      `json:"a"`
			B     any      `json:"b"`
			Delta *float64 `json:"b_minus_a"`
		}
		enc := json.NewEncoder(w)
		if err := enc.Encode(map[string]string{"type": "compare", "a": "as given", "b": titleB}); err != nil {
			return err
		}
		for _, d := range diffs {
			if err := enc.Encode(line{"figure", d.Name, d.A, d.B, d.Delta}); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(w, "A: as given (mode %s, seed %d)\nB: %s\n\n", cfg.Mode, cfg.Seed, titleB)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "figure\tA\tB\tB − A\t")
	for _, d := range diffs {
		delta := "-"
		if d.Delta != nil {
			delta = fmt.Sprintf("%+g", *d.Delta)
			if *d.Delta == 0 {
				delta = "="
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", d.Name, show(d.A), show(d.B), delta)
	}
	return tw.Flush()
}

func show(v any) string {
	if v == nil {
		return "n/a"
	}
	return fmt.Sprint(v)
}
