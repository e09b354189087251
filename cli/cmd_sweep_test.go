package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"lagscope/lagcomp/records"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func readCSV(t *testing.T, s string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v\n%s", err, s)
	}
	return recs
}

// A sweep's row is the `lagscope sim` of its settings and seed, figure
// for figure: sweep --csv against sim --csv, and against the last line of
// sim --json.
func TestSweepRowsEqualSim(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.csv")
	code, _, errs := runCLI("sweep", "--preset", "ping-rewind", "--vary", "latency_ms=30:90:60", "--vary", "mode=ping,none",
		"--set", "interp_ms=50", "--seed", "4", "--seeds", "2", "--duration", "4s", "--csv", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(out)
	recs := readCSV(t, string(data))
	if len(recs) != 1+2*2*2 {
		t.Fatalf("%d records, want a header and 8 rows", len(recs))
	}
	head := recs[0]
	for _, r := range recs[1:] {
		code, one, errs := runCLI("sim", "--preset", "ping-rewind", "--set", "interp_ms=50", "--set", "latency_ms="+r[0],
			"--set", "mode="+r[1], "--seed", r[2], "--duration", "4s", "--csv")
		if code != 0 {
			t.Fatalf("sim: exit %d: %s", code, errs)
		}
		simRecs := readCSV(t, one)
		if len(simRecs) != 2 {
			t.Fatalf("sim --csv: %d records", len(simRecs))
		}
		// the same figures under the same names; a count only other points
		// of the grid produced (a rule this run never applied) is 0 here
		simCol := map[string]string{}
		for j, c := range simRecs[0] {
			simCol[c] = simRecs[1][j]
		}
		for j, c := range head[2:] {
			want, ok := simCol[c]
			if !ok && records.KeyedCount(c) { // rules.*, by_role.*
				want, ok = "0", true
			}
			if !ok || r[j+2] != want {
				t.Errorf("row %v: %s = %s in the sweep, %q in sim --csv (present %v)", r[:3], c, r[j+2], want, ok)
			}
		}
		for _, c := range simRecs[0] {
			if !slices.Contains(head, c) {
				t.Errorf("sim --csv has a column %s the sweep lacks", c)
			}
		}
		_, line, _ := runCLI("sim", "--preset", "ping-rewind", "--set", "interp_ms=50", "--set", "latency_ms="+r[0],
			"--set", "mode="+r[1], "--seed", r[2], "--duration", "4s", "--summary")
		if strings.Count(line, "\n") != 1 {
			t.Fatalf("--summary printed %d lines", strings.Count(line, "\n"))
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["type"] != "summary" {
			t.Fatalf("--summary: %v %q", err, line)
		}
		for j, col := range head {
			if !strings.Contains(col, ".") && j > 2 {
				want, _ := json.Marshal(m[col])
				if _, ok := m[col]; !ok { // left out at 0 (positions_accepted: a figure only a key makes)
					want = []byte("0")
					if isRatio(col) { // a share left out over nothing: no value (false_hit_marker_share)
						want = []byte("null")
					}
				}
				if string(want) != r[j] && !(string(want) == "null" && r[j] == "") {
					t.Errorf("%v: %s = %s in the sweep, %s in sim --summary", r[:3], col, r[j], want)
				}
			}
		}
	}
}

func TestSweepSameBytesForAnyJobs(t *testing.T) {
	args := []string{"sweep", "--preset", "rapid-fire-jitter", "--vary", "jitter_ms=0:40:20", "--vary", "stamp_mode=per_shot,start_fire",
		"--seeds", "2", "--duration", "3s", "--csv", "-"}
	_, one, e1 := runCLI(append(args, "--jobs", "1")...)
	_, two, e2 := runCLI(append(args, "--jobs", "2")...)
	if one == "" || one != two {
		t.Fatalf("--jobs 1 and --jobs 2 differ (%s %s):\n%s\n%s", e1, e2, one, two)
	}
	if n := len(readCSV(t, one)); n != 1+3*2*2 {
		t.Fatalf("%d records", n)
	}
	_, js, _ := runCLI(append(args[:len(args)-2], "--json")...)
	lines := strings.Split(strings.TrimSpace(js), "\n")
	if len(lines) != 12 || !strings.HasPrefix(lines[0], `{"jitter_ms":0,"stamp_mode":"per_shot","seed":`) {
		t.Fatalf("--json: %d lines, first %s", len(lines), lines[0])
	}
}

// sweep --size states one range, the chart's, whatever is wrong with it
// (it used to say "64 to 16384" for some sizes and "320x240 to 8192x8192"
// for others).
const want320 = "want WIDTHxHEIGHT, width 320 to 8192 and height 240 to 8192 (the chart's range)"

func TestSweepBadInput(t *testing.T) {
	notADir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notADir, nil, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--vary", "latency_ms=0:9000:3000", "--csv", "-"}, `key "latency_ms": 6000 is out of range (allowed: 0 to 5000 ms)`},
		{[]string{"--vary", "Mode=none", "--csv", "-"}, `did you mean "mode"`},
		{[]string{"--vary", "mode=0:2:1", "--csv", "-"}, "a range needs a number"},
		{[]string{"--vary", "mode=none"}, "nothing to write"},
		{[]string{"--vary", "mode=none", "--csv", "-", "--seeds", "0"}, "--seeds: 0 is out of range"},
		{[]string{"--vary", "mode=none", "--csv", "-", "--jobs", "0"}, "--jobs: 0 is out of range"},
		{[]string{"--vary", "snapshot_hz=32,200", "--csv", "-"}, "snapshot_hz=200 seed="},
		{[]string{"--vary", "mode=none", "--set", "bias=2", "--csv", "-"}, `--set: key "bias": 2 is out of range`},
		// a shorthand and its targets are one key (it half-applied: up 10 at every point)
		{[]string{"--vary", "latency_ms=10,100", "--set", "up_ms=10", "--csv", "-"}, "--set up_ms=10 and --vary latency_ms (latency_ms sets up_ms and down_ms): a key is either set or varied"},
		{[]string{"--vary", "down_jitter_ms=0,5", "--set", "jitter_ms=3", "--csv", "-"}, "--set jitter_ms=3 and --vary down_jitter_ms (jitter_ms sets up_jitter_ms and down_jitter_ms)"},
		{[]string{"--vary", "latency_ms=10,100", "--set", "latency_ms=10", "--csv", "-"}, "--set latency_ms=10 and --vary latency_ms: a key is either set or varied"},
		{[]string{"--vary", "mode=none", "--chart", "x.png", "--metric", "agreement,bogus"}, `--metric: "bogus" is not a figure of the summary (allowed: shots,`},
		{[]string{"--vary", "mode=none", "--chart", "x.png", "--size", "100x100"}, want320},
		{[]string{"--vary", "mode=none", "--chart", "x.png", "--size", "10000x1000"}, want320},
		{[]string{"--vary", "mode=none", "--chart", "x.png", "--size", "big"}, want320},
		{[]string{"--vary", "mode=none", "--chart", "x.png", "--theme", "blue"}, `--theme: theme "blue" is not one of light, dark`},
		{[]string{"--vary", "mode=none", "--csv", filepath.Join(notADir, "x.csv"), "--duration", "1s"}, "not a directory"},
	} {
		code, _, errs := runCLI(append([]string{"sweep"}, c.args...)...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want an error containing %q", c.args, code, errs, c.want)
		}
	}
}

func TestSimSummaryCSVOneRow(t *testing.T) {
	_, out, _ := runCLI("sim", "--preset", "cheater", "--duration", "3s", "--csv")
	recs := readCSV(t, out)
	if len(recs) != 2 || recs[0][0] != "seed" || len(recs[0]) != len(recs[1]) {
		t.Fatalf("sim --csv: %q", recs)
	}
	if _, err := strconv.Atoi(recs[1][1]); err != nil || recs[0][1] != "shots" {
		t.Errorf("shots column: %q %q", recs[0][1], recs[1][1])
	}
	if !bytes.Contains([]byte(out), []byte("rules.")) {
		t.Errorf("the cheater preset's rules have no columns: %s", recs[0])
	}
}

var updateCharts = flag.Bool("update-charts", false, "rewrite the README's charts in docs/charts/ from its commands")

// The README's charts are drawn by the commands printed beside them: this
// runs every `lagscope sweep … --chart docs/charts/NAME.png` of the README
// (continuation lines joined) and checks it draws a 1920×1080 chart;
// -update-charts writes them to docs/charts/.
func TestREADMEChartsComeFromTheirCommands(t *testing.T) {
	t.Chdir("..") // the README's paths are the repository's
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(readme), "\\\n", " ")
	var n int
	for _, line := range strings.Split(text, "\n") {
		args := strings.Fields(line)
		if len(args) < 3 || args[0] != "lagscope" || args[1] != "sweep" || !strings.Contains(line, "--chart docs/charts/") {
			continue
		}
		n++
		args = args[1:]
		var doc string
		for i := range args {
			if args[i] == "--chart" {
				doc = args[i+1]
				if !*updateCharts {
					args[i+1] = filepath.Join(t.TempDir(), "chart.png")
				}
			}
		}
		code, _, errs := runCLI(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", line, code, errs)
		}
		out := args[slices.Index(args, "--chart")+1]
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != 1920 || img.Bounds().Dy() != 1080 {
			t.Fatalf("%s: %v %v", line, err, img.Bounds())
		}
		if !strings.Contains(string(readme), "]("+doc+")") {
			t.Errorf("README runs %s but does not show it", doc)
		}
		if got, _ := os.ReadFile(out); !*updateCharts && !bytes.Equal(got, mustRead(t, doc)) {
			// not an error: the simulation may have changed under the
			// picture; say how to redraw it
			t.Logf("%s is stale; run go test ./cli -run READMECharts -update-charts and look at it", doc)
		}
	}
	if n < 2 {
		t.Errorf("the README shows %d chart commands, want at least 2", n)
	}
}

func mustRead(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cli -run READMECharts -update-charts)", err)
	}
	return b
}

// sim --compare runs A as given and B with the changes on the same seed:
// each side's figures are those of the plain sim of its settings.
func TestSimCompare(t *testing.T) {
	base := []string{"sim", "--preset", "default", "--duration", "5s", "--seed", "3"}
	code, out, errs := runCLI(append(base, "--compare", "mode=none,bias=0.5", "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.Contains(lines[0], `"b":"mode=none bias=0.5"`) {
		t.Errorf("first line %s", lines[0])
	}
	_, a, _ := runCLI(append(base, "--csv")...)
	_, b, _ := runCLI(append(base, "--csv", "--set", "mode=none", "--set", "bias=0.5")...)
	ra, rb := readCSV(t, a), readCSV(t, b)
	col := func(recs [][]string, name string) string {
		for j, c := range recs[0] {
			if c == name {
				return recs[1][j]
			}
		}
		return "0"
	}
	var n int
	for _, l := range lines[1:] {
		var f struct {
			Figure string
			A, B   any
			Delta  *float64 `json:"b_minus_a"`
		}
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatal(err)
		}
		for side, recs := range map[string][][]string{"A": ra, "B": rb} {
			v := f.A
			if side == "B" {
				v = f.B
			}
			if got := fmt.Sprint(v); v != nil && got != col(recs, f.Figure) {
				t.Errorf("%s %s = %s, sim --csv says %s", side, f.Figure, got, col(recs, f.Figure))
			}
		}
		if f.Figure == "server_hits" {
			n++
			if f.Delta == nil || *f.Delta != f.B.(float64)-f.A.(float64) {
				t.Errorf("server_hits delta %v for %v → %v", f.Delta, f.A, f.B)
			}
		}
	}
	if n != 1 {
		t.Errorf("no server_hits line")
	}
	code, out, _ = runCLI(append(base, "--compare", "mode=none")...)
	if code != 0 || !strings.Contains(out, "B: mode=none") || !strings.Contains(out, "B − A") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	if code, _, errs := runCLI(append(base, "--compare", "bias=3")...); code != 2 || !strings.Contains(errs, `key "bias": 3 is out of range`) {
		t.Errorf("bad --compare: exit %d %s", code, errs)
	}
}

// Each message a new user met says what to do: a range's form, which
// file was missing and what kind, the nearest preset name, the size a
// picture needs, and which of two output flags to drop.
func TestCLIMessagesSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"sweep", "--vary", "latency_ms=0:100", "--csv", "-"}, []string{"FROM:TO:STEP", "0:100"}},
		{[]string{"sim", "--preset", dir + "/nope.toml"}, []string{"preset file " + dir + "/nope.toml", "no such file"}},
		{[]string{"shot", "--from", dir + "/nope.json", "--out", dir + "/x.png"}, []string{"sidecar file " + dir + "/nope.json", "no such file"}},
		{[]string{"sim", "--preset", "defualt"}, []string{"did you mean default?"}},
		{[]string{"shot", "--size", "1280x72", "--out", dir + "/x.png"}, []string{"--size: height 72", "no --title", "at least"}},
		{[]string{"sim", "--json", "--csv"}, []string{"give one"}},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", tc.args, code, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: %q not in %q", tc.args, w, errs)
			}
		}
		if strings.Contains(errs, "stat ") || strings.Contains(errs, "0 px title") {
			t.Errorf("%v: bare message %q", tc.args, errs)
		}
	}
}

// A chart written alone is announced, as shot announces its picture.
// --title and --theme dark draw a slide: a dark picture with the title's
// ink at the top left, where a chart of one panel without a title has its
// panel's centred title and nothing at the left.
func TestSweepChartTitleAndTheme(t *testing.T) {
	dir := t.TempDir()
	top := func(args ...string) (dark bool, inked int) {
		out := filepath.Join(dir, "c.png")
		code, _, errs := runCLI(append([]string{"sweep", "--preset", "default", "--duration", "1s", "--vary", "latency_ms=0,50", "--chart", out, "--size", "960x540", "--metric", "mean_rewind_error_m"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		bg := img.At(0, 0)
		r, _, _, _ := bg.RGBA()
		for y := 5; y < 35; y++ {
			for x := 0; x < 240; x++ {
				if img.At(x, y) != bg {
					inked++
				}
			}
		}
		return r < 0x4000, inked
	}
	if dark, inked := top("--theme", "dark", "--title", "Latency against agreement"); !dark || inked < 200 {
		t.Errorf("--theme dark --title: dark %v, %d title pixels at the top", dark, inked)
	}
	if dark, inked := top(); dark || inked > 0 {
		t.Errorf("no flags: dark %v, %d pixels drawn over the panels' top margin", dark, inked)
	}
}

func TestSweepSaysWhatItWrote(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c.png")
	code, stdout, errs := runCLI("sweep", "--preset", "default", "--duration", "1s", "--vary", "latency_ms=0,50", "--chart", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "wrote "+out) {
		t.Fatalf("stdout %q does not say it wrote %s", stdout, out)
	}
}

// --chart writes PNG bytes: a name that says otherwise is refused, and
// so is a directory that does not exist (never made for a typo), before
// anything runs and without leaving a file behind, as shot --out does.
func TestSweepChartRefusesWrongNameAndMissingDir(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nonexistent", "dir")
	for _, c := range []struct {
		flag, path, want string
	}{
		{"--chart", filepath.Join(dir, "x.jpg"), "name the file .png"},
		{"--chart", filepath.Join(dir, "x.gif"), "name the file .png"},
		{"--chart", filepath.Join(dir, "x"), "name the file .png"},
		{"--chart", filepath.Join(missing, "x.png"), "directory " + missing + " does not exist"},
		{"--csv", filepath.Join(missing, "x.csv"), "directory " + missing + " does not exist"},
	} {
		code, _, errs := runCLI("sweep", "--preset", "default", "--duration", "1s", "--vary", "latency_ms=0,50", c.flag, c.path)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s %s: exit %d, %q; want exit 2 and %q", c.flag, c.path, code, errs, c.want)
		}
		if _, err := os.Stat(c.path); err == nil {
			t.Errorf("%s %s: the file was written", c.flag, c.path)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "nonexistent")); err == nil {
		t.Errorf("the missing directory was created")
	}
	if code, _, errs := runCLI("shot", "--preset", "default", "--out", filepath.Join(missing, "x.png")); code != 2 || !strings.Contains(errs, "does not exist") {
		t.Errorf("shot into a missing directory: exit %d, %q", code, errs)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// A key both --set and varied is refused: the varied values would
// replace the --set silently, and the caption would name a setting the
// sweep never ran.
func TestSweepRefusesAKeySetAndVaried(t *testing.T) {
	code, out, errs := runCLI("sweep", "--preset", "default", "--set", "latency_ms=30", "--vary", "latency_ms=50,150", "--duration", "1s", "--csv", "-")
	if code != 2 || out != "" || !strings.Contains(errs, "--set latency_ms=30 and --vary latency_ms: a key is either set or varied") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
}

// An integer key's bound holds exactly: the seed one past 2^53 is out of
// range however it is written, though a float64 rounds it onto 2^53.
func TestSeedBoundIsExact(t *testing.T) {
	for _, v := range []string{"9007199254740993", "9.007199254740993e15", "9007199254740992.5", "18446744073709551617"} {
		code, _, errs := runCLI("sim", "--preset", "default", "--duration", "1ms", "--summary", "--set", "seed="+v)
		if code != 2 || !strings.Contains(errs, `key "seed"`) {
			t.Errorf("seed=%s: exit %d: %s", v, code, errs)
		}
	}
	code, out, errs := runCLI("sim", "--preset", "default", "--duration", "1ms", "--summary", "--set", "seed=9007199254740992")
	if code != 0 || out == "" {
		t.Errorf("seed=2^53: exit %d: %s", code, errs)
	}
}

// isRatio reports whether summary figure name is a share (declared with
// ratio:): left out of the line, it has no value rather than 0.
func isRatio(name string) bool {
	for _, d := range records.Declared() {
		if d.Name == name {
			return d.Ratio[0] != ""
		}
	}
	return false
}
