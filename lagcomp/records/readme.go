package records

import (
	"fmt"
	"math"
	"strings"
)

// Markdown is the README's list of the summary's figures, one row per
// declaration in the line's order: the README shows what the code
// declares (a test holds the two together), not a list kept by hand.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| figure | in words | unit | values | out of | from records | what it is |\n|---|---|---|---|---|---|---|\n")
	for _, d := range declared {
		if d.Name == "type" {
			continue
		}
		name, key := d.Name, ""
		if d.Keyed {
			name, key = d.Name+".KEY", "KEY"
		}
		of := ""
		if d.Of != "" {
			of = "`" + d.Of + "`"
		}
		words := strings.NewReplacer("{key}", key, "{words}", key).Replace(d.Words)
		from := "no (null)"
		if d.From != "" {
			from = "`" + d.From + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", name, words, d.Unit, d.values(), of, from, d.Doc)
	}
	return b.String()
}

// values says in words what a figure can be.
func (d *Declaration) values() string {
	lo, hi := d.Bounds.Lo, d.Bounds.Hi
	switch {
	case d.count:
		return "count"
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		return "any"
	case math.IsInf(hi, 1):
		return fmt.Sprintf("≥ %g", lo)
	}
	return fmt.Sprintf("%g to %g", lo, hi)
}
