package cli

import (
	"flag"
	"strings"
	"testing"
)

// A variant's row is the `sim` of its changes: the variant axis is the
// --set of each variant's keys, nothing more; the axis stands where its
// first --variant was written, and the bytes are the same for any --jobs.
func TestSweepVariantsAreTheirSims(t *testing.T) {
	args := []string{"sweep", "--preset", "ping-rewind", "--vary", "latency_ms=30,90",
		"--variant", "source:mode=source,source_window_ms=100", "--variant", "ping18:mode=ping,correction_factor=1.8",
		"--seeds", "2", "--duration", "3s", "--csv", "-"}
	code, one, errs := runCLI(append(args, "--jobs", "1")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, two, _ := runCLI(append(args, "--jobs", "2")...)
	_, three, _ := runCLI(append(args, "--jobs", "3")...)
	if one != two || one != three {
		t.Fatalf("--jobs 1, 2 and 3 differ:\n%s\n%s\n%s", one, two, three)
	}
	recs := readCSV(t, one)
	if len(recs) != 1+2*2*2 || recs[0][0] != "latency_ms" || recs[0][1] != "variant" {
		t.Fatalf("want latency_ms, variant, seed and 8 rows; got %v and %d records", recs[0][:3], len(recs))
	}
	changes := map[string][]string{"source": {"mode=source", "source_window_ms=100"}, "ping18": {"mode=ping", "correction_factor=1.8"}}
	for _, r := range recs[1:] {
		sim := []string{"sim", "--preset", "ping-rewind", "--set", "latency_ms=" + r[0], "--seed", r[2], "--duration", "3s", "--csv"}
		for _, c := range changes[r[1]] {
			sim = append(sim, "--set", c)
		}
		_, out, errs := runCLI(sim...)
		simRecs := readCSV(t, out)
		if len(simRecs) != 2 {
			t.Fatalf("sim %v: %s", sim, errs)
		}
		col := map[string]string{}
		for j, c := range simRecs[0] {
			col[c] = simRecs[1][j]
		}
		for j, c := range recs[0][3:] {
			if want, ok := col[c]; ok && want != r[j+3] {
				t.Errorf("row %v: %s = %s in the sweep, %s in sim", r[:3], c, r[j+3], want)
			}
		}
	}
	// the variants differ: ping mode over-rewinds at 1.8, source does not
	if recs[1][3:] == nil || strings.Join(recs[1][3:], ",") == strings.Join(recs[3][3:], ",") {
		t.Fatalf("the two variants gave the same figures: %v", recs[1])
	}
}

// A bad --variant names the flag and what is allowed.
func TestSweepVariantBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "mode=ping"}, `--variant: want NAME:KEY=VALUE[,KEY=VALUE…]`},
		{[]string{"--variant", "fast:"}, `--variant: want NAME:KEY=VALUE[,KEY=VALUE…]`},
		{[]string{"--variant", "a b:mode=ping"}, `--variant: variant name "a b"`},
		{[]string{"--variant", "p:mode=pong"}, `--variant: variant p: key "mode"`},
		{[]string{"--variant", "p:mdoe=ping"}, `did you mean "mode"`},
		{[]string{"--variant", "p:mode=ping", "--variant", "p:mode=none"}, "--variant: variant p is given twice"},
		{[]string{"--variant", "p:mode=ping", "--variant", "q:mode=ping"}, "--variant: variants p and q make the same changes (mode=ping)"},
		{[]string{"--variant", "p:mode=ping,mode=none"}, `key "mode" is changed twice`},
		{[]string{"--variant", "p:mode=ping,latency_ms=20", "--vary", "up_ms=10,20"}, "a variant changes latency_ms and --vary up_ms (latency_ms sets up_ms and down_ms)"},
		{[]string{"--variant", "p:mode=ping", "--set", "mode=none"}, "--set mode=none: every variant changes mode, so no run would use it; drop it"},
		{[]string{"--variant", "p:latency_ms=20", "--variant", "q:up_ms=30", "--set", "up_ms=10"}, "--set up_ms=10: every variant changes up_ms"},
		{[]string{"--variant", "p:bias=3"}, `key "bias": 3 is out of range (allowed: 0 to 1)`},
	} {
		code, _, errs := runCLI(append(append([]string{"sweep"}, c.args...), "--csv", "-", "--duration", "1s")...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want an error containing %q", c.args, code, errs, c.want)
		}
	}
}

// A variant's change overrides a --set default: --set mode=none is the
// mode of the variant that does not change it, the other's mode=ping
// replaces it; a variant's shorthand (latency_ms) replaces a --set of
// its target (up_ms), which the keys' order would otherwise apply after
// it. Each variant's row is the sim of exactly the settings it ran, and
// the caption says which --set the variants override.
func TestSweepVariantOverridesSet(t *testing.T) {
	code, out, errs := runCLI("sweep", "--preset", "ping-rewind", "--set", "mode=none", "--set", "up_ms=10",
		"--variant", "ping:mode=ping,latency_ms=80", "--variant", "none18:correction_factor=1.8",
		"--seeds", "1", "--duration", "3s", "--csv", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := readCSV(t, out)
	sims := map[string][]string{
		"ping":   {"--set", "mode=ping", "--set", "latency_ms=80"},
		"none18": {"--set", "mode=none", "--set", "up_ms=10", "--set", "correction_factor=1.8"},
	}
	for _, r := range recs[1:] {
		_, simOut, _ := runCLI(append([]string{"sim", "--preset", "ping-rewind", "--seed", r[1], "--duration", "3s", "--csv"}, sims[r[0]]...)...)
		s := readCSV(t, simOut)
		col := map[string]string{}
		for j, c := range s[0] {
			col[c] = s[1][j]
		}
		for j, c := range recs[0][2:] {
			if want, ok := col[c]; ok && want != r[j+2] {
				t.Errorf("variant %s: %s = %s in the sweep, %s in sim %v", r[0], c, r[j+2], want, sims[r[0]])
			}
		}
	}
	if recs[1][2:] == nil || strings.Join(recs[1][2:], ",") == strings.Join(recs[2][2:], ",") {
		t.Errorf("the variants ran alike: %v", recs[1])
	}
	g := strings.Join(captionOf(t, "--preset", "ping-rewind", "--set", "mode=none", "--variant", "ping:mode=ping", "--variant", "cf:correction_factor=1.8"), "\n")
	if !strings.Contains(g, "(--set mode=none where a variant does not change it)") {
		t.Errorf("the caption does not say the variants override --set mode=none:\n%s", g)
	}
}

// captionOf is the caption a sweep's chart would carry, from its flags.
func captionOf(t *testing.T, args ...string) []string {
	t.Helper()
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	var rf runFlags
	rf.register(fs)
	var sf sweepFlags
	sf.register(fs)
	if err := fs.Parse(append(args, "--csv", "-")); err != nil {
		t.Fatal(err)
	}
	plan, err := sf.plan()
	if err != nil {
		t.Fatal(err)
	}
	g, err := rf.grid(plan.vary, sf.seeds)
	if err != nil {
		t.Fatal(err)
	}
	return g.Caption()
}
