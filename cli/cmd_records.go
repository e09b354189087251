package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"lagscope/lagcomp"
	"lagscope/lagcomp/records"
	"lagscope/presets"
	"lagscope/views"
	"lagscope/views/capture"
)

// cmdRecords is `lagscope records FILE [--summary | --csv] [--notes]`: a
// records file (`sim --json`'s lines, or an engine's in the same format,
// docs/records.schema.json) read back and summarised with the same fold
// as a run's own summary. What the records do not carry (packet counts,
// warps, the simulated time) has no value — null in the line, empty in
// the CSV — and a note on stderr counts them (--notes names each).
func cmdRecords(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("records", flag.ContinueOnError)
	only := fs.Bool("summary", false, "print the summary line recomputed from the records (as the last line of sim --json)")
	asCSV := fs.Bool("csv", false, "print the summary as CSV: the columns of sim --csv")
	list := fs.Bool("notes", false, "list each figure the records give no value and why, a line each (without it, one line counts them)")
	file, rest := positional(args)
	if code, ok := parseFlags(fs, rest, stdout, stderr); !ok {
		return code
	}
	if *only && *asCSV {
		fmt.Fprintln(stderr, "lagscope records: --summary and --csv each choose the output: give one")
		return 2
	}
	if file == "" {
		fmt.Fprintln(stderr, "lagscope records: want a records file: lagscope records FILE [--summary | --csv] (lagscope sim --json writes one)")
		return 2
	}
	run, err := readRecords(file)
	if err != nil {
		fmt.Fprintln(stderr, "lagscope records:", err)
		return 2
	}
	sum := run.Summarize()
	notes := recordsNotes(run, sum)
	if *list {
		for _, n := range notes {
			fmt.Fprintln(stderr, "lagscope: note:", n)
		}
	} else if len(notes) > 0 {
		fmt.Fprintln(stderr, "lagscope: note:", notesLine(notes))
	}
	switch {
	case *asCSV:
		err = sum.WriteCSV(stdout)
	case *only:
		err = json.NewEncoder(stdout).Encode(sum)
	default:
		err = writeRecordsTable(stdout, run, sum)
	}
	if err != nil {
		fmt.Fprintln(stderr, "lagscope records:", err)
		return 1
	}
	return 0
}

// positional takes a command's one argument out of its flags, wherever
// it stands (`records FILE --csv` or `records --csv FILE`); the flags
// left are all switches, so no value is taken for a file.
func positional(args []string) (string, []string) {
	for i, a := range args {
		if a == "--" && i+1 < len(args) {
			return args[i+1], slices.Concat(args[:i], args[i+2:])
		}
		if !strings.HasPrefix(a, "-") {
			return a, slices.Concat(args[:i], args[i+1:])
		}
	}
	return "", args
}

// readRecords reads a records file; errors name the file, line and field.
func readRecords(path string) (*records.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return records.Read(f, path)
}

// recordsNotes are the notes a summary from records comes with: each
// figure with no value and why, and the lines not folded.
func recordsNotes(run *records.Run, sum records.RecordsSummary) []string {
	notes := sum.Notes(run.OwnSummary)
	types := make([]string, 0, len(run.Skipped))
	for t := range run.Skipped {
		types = append(types, t)
	}
	slices.Sort(types)
	for _, t := range types {
		notes = append(notes, fmt.Sprintf("%d %q lines are not folded into the summary", run.Skipped[t], t))
	}
	return notes
}

// notesLine is the notes in one line: how many, the first, and where
// the rest are (26 lines on every run buried the output).
func notesLine(notes []string) string {
	if len(notes) == 1 {
		return notes[0]
	}
	return fmt.Sprintf("%d notes on what these records give no value (first: %s); --notes lists each", len(notes), notes[0])
}

// writeRecordsTable is the shots as `sim` lists them, then the figures.
func writeRecordsTable(w io.Writer, run *records.Run, sum records.RecordsSummary) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tfire ms\tjudged ms\trewind ms\tideal ms\terror m\tclient\tserver\tmiss by m\trules\t")
	for i := range run.Shots {
		writeShotRow(tw, &run.Shots[i])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(run.Projectiles) > 0 {
		writeProjectiles(w, run.Projectiles)
	}
	fmt.Fprintf(w, "\n%s: %d shot and %d projectile records\n", run.File, len(run.Shots), len(run.Projectiles))
	for _, f := range sum.Figures() {
		v := "null"
		if f.Value != nil {
			v = records.Field(f.Value)
		}
		fmt.Fprintf(w, "%s = %s\n", f.Name, v)
	}
	return nil
}

// recordShot is shot n (1 = the first shot line) of a records file, for
// the Overlay: a shot the server never handled has nothing to draw.
func recordShot(run *records.Run, n int) (*lagcomp.ShotRecord, error) {
	if n < 1 || n > len(run.Shots) {
		return nil, fmt.Errorf("--shot %d: %s has %d shot lines (allowed: 1 to %d)", n, run.File, len(run.Shots), len(run.Shots))
	}
	r := &run.Shots[n-1]
	if !r.HasServerSide() {
		return nil, fmt.Errorf("--shot %d (%s:%d, seq %d): the shot was %s: the server never handled it, so there is no rewind to draw", n, run.File, run.ShotLines[n-1], r.Seq, r.Outcome)
	}
	return r, nil
}

// shotFromRecords is `shot --records FILE --shot N --view overlay`: the
// Overlay of one shot rebuilt from its record alone, no simulation run.
// The picture has no sidecar: the records file is its source.
func shotFromRecords(f *shotFlags, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 2
	}
	for _, name := range []string{"from", "preset", "set", "seed", "duration", "at", "moment", "compare", "from-time", "to-time", "layout"} {
		if f.set[name] {
			return fail(fmt.Errorf("--records draws a shot from its record alone: --%s has nothing to act on (give --shot N, --view overlay, --size, --scale, --theme, --layers, --out)", name))
		}
	}
	if f.view != "overlay" {
		return fail(fmt.Errorf("--records: --view %q: a record holds one shot's poses and traces, which the overlay draws; give --view overlay", f.view))
	}
	if !f.set["shot"] {
		return fail(fmt.Errorf("--records: give --shot N, the shot line to draw (1 = the first)"))
	}
	if err := checkOut(f.out, false); err != nil {
		return fail(err)
	}
	w, h, err := parseSize(f.size)
	if err != nil {
		return fail(err)
	}
	scale := f.scale
	if scale == 0 {
		scale = capture.SlideScale(h)
	}
	if scale < 0.5 || scale > 8 {
		return fail(fmt.Errorf("--scale %g: want 0.5 to 8", scale))
	}
	ls, err := parseLayers(f.layers)
	if err != nil {
		return fail(err)
	}
	o := views.Options{Layers: ls, Scale: scale, Palette: views.Dark}
	switch f.theme {
	case "dark":
	case "light":
		o.Palette = views.Light
	default:
		return fail(fmt.Errorf("--theme %q: want dark or light", f.theme))
	}
	run, err := readRecords(f.records)
	if err != nil {
		return fail(err)
	}
	r, err := recordShot(run, f.shot)
	if err != nil {
		return fail(err)
	}
	frame, o := views.RecordFrame(*r, f.records, o)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	views.NewRenderer().Pane(img, frame, views.ViewOverlay, o)
	data, err := encodePNG(img)
	if err == nil {
		err = presets.WriteFileAtomic(f.out, data)
	}
	if err != nil {
		fmt.Fprintln(stderr, "lagscope shot:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (shot %d of %s: seq %d, line %d; no sidecar: the records file is its source)\n", f.out, f.shot, f.records, r.Seq, run.ShotLines[f.shot-1])
	return 0
}
