package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"lagscope/lagcomp"
	"lagscope/presets"
)

func cmdPresets(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("presets", flag.ContinueOnError)
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	ps, err := presets.All()
	if err != nil {
		fmt.Fprintln(stderr, "lagscope:", err)
		return 1
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, p := range ps {
		fmt.Fprintf(w, "%s\t%s\n", p.Name, p.Description)
	}
	w.Flush()
	return 0
}

func cmdKeys(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("keys", flag.ContinueOnError)
	markdown := fs.Bool("markdown", false, "print a Markdown table (the README's)")
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	def := lagcomp.Defaults()
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	var w io.Writer = tw
	row := "%s\t%s\t%s\t%s\n"
	if *markdown {
		w, row = stdout, "| `%s` | %s | %s | %s |\n"
		fmt.Fprintln(w, "| key | default | allowed | meaning |\n|---|---|---|---|")
	} else {
		fmt.Fprintln(w, "KEY\tDEFAULT\tALLOWED\tMEANING")
	}
	for _, p := range lagcomp.Params {
		d := p.Format(&def)
		if p.Alias {
			d = "-"
		}
		if d == "" {
			d = `""`
		}
		rng := p.Range()
		if p.Kind == lagcomp.KindText {
			rng = "text"
		}
		fmt.Fprintf(w, row, p.Key, d, rng, strings.ReplaceAll(p.Doc, "|", "/"))
	}
	tw.Flush()
	return 0
}
