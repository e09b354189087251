package cli

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// statsOf reads a --stats CSV into one map per line, column → field.
func statsOf(t *testing.T, out string) []map[string]string {
	t.Helper()
	recs := readCSV(t, out)
	var lines []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for j, h := range recs[0] {
			m[h] = r[j]
		}
		lines = append(lines, m)
	}
	return lines
}

func num(t *testing.T, m map[string]string, col string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(m[col], 64)
	if err != nil {
		t.Fatalf("%s = %q: %v", col, m[col], err)
	}
	return f
}

// --stats is the per-seed rows' statistics: a line per point whose
// false_hits_mean is the mean of the rows' false_hits and whose p50 is
// one of them.
func TestSweepStatsAreTheRowsStatistics(t *testing.T) {
	args := []string{"sweep", "--preset", "cheater", "--vary", "max_rewind_ms=200,900", "--seeds", "5", "--duration", "3s", "--csv", "-"}
	code, rows, errs := runCLI(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, out, errs := runCLI(append(args, "--stats")...)
	if code != 0 {
		t.Fatalf("--stats: exit %d: %s", code, errs)
	}
	lines := statsOf(t, out)
	if len(lines) != 2 || lines[0]["max_rewind_ms"] != "200" || lines[0]["seeds"] != "5" {
		t.Fatalf("want a line per point: %v", lines)
	}
	recs := readCSV(t, rows)
	j := 0
	for i, h := range recs[0] {
		if h == "server_hits" {
			j = i
		}
	}
	for li, m := range lines {
		sum, vals := 0.0, map[string]bool{}
		for _, r := range recs[1+5*li : 6+5*li] {
			x, _ := strconv.ParseFloat(r[j], 64)
			sum += x
			vals[r[j]] = true
		}
		if got := num(t, m, "server_hits_mean"); math.Abs(got-sum/5) > 1e-6 || !vals[m["server_hits_p50"]] || m["server_hits_n"] != "5" {
			t.Errorf("max_rewind_ms=%s: mean %v (rows %v), p50 %s not a seed's", m["max_rewind_ms"], got, sum/5, m["server_hits_p50"])
		}
		if num(t, m, "server_hits_p5") > num(t, m, "server_hits_p50") || num(t, m, "server_hits_p50") > num(t, m, "server_hits_p95") {
			t.Errorf("percentiles out of order: %v", m)
		}
	}
}

// The cheater's cap, 200 against 900 ms, on the same seeds: believing
// every forged stamp gains hits on every seed, an interval clear of 0.
// The same variant against itself gains nothing: every difference 0,
// the interval [0, 0], no seed up or down.
func TestSweepPairedDifferences(t *testing.T) {
	base := []string{"sweep", "--preset", "cheater", "--variant", "cap200:max_rewind_ms=200", "--variant", "cap900:max_rewind_ms=900",
		"--seeds", "6", "--duration", "5s", "--csv", "-"}
	code, out, errs := runCLI(append(base, "--paired", "cap200,cap900")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := statsOf(t, out)
	if len(lines) != 1 {
		t.Fatalf("want one line (no axis left): %v", lines)
	}
	m := lines[0]
	if lo := num(t, m, "server_hits_ci_lo"); lo <= 0 || m["server_hits_up"] != "6" || m["server_hits_down"] != "0" {
		t.Errorf("cap900 − cap200 server_hits: mean %s in [%s, %s], %s up, %s down; want clear of 0 on every seed",
			m["server_hits_mean"], m["server_hits_ci_lo"], m["server_hits_ci_hi"], m["server_hits_up"], m["server_hits_down"])
	}
	code, out, errs = runCLI(append(base, "--paired", "cap900,cap900")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m = statsOf(t, out)[0]
	for c, v := range m {
		if strings.HasSuffix(c, "_mean") || strings.HasSuffix(c, "_ci_lo") || strings.HasSuffix(c, "_ci_hi") || strings.HasSuffix(c, "_up") || strings.HasSuffix(c, "_down") {
			if v != "0" && v != "" {
				t.Errorf("cap900 − cap900 %s = %s, want 0", c, v)
			}
		}
	}
	for _, c := range []struct{ paired, want string }{
		{"cap200", "--paired: want A,B"},
		{"cap200,cap300", "--paired: cap200,cap300 are not two values of one axis (allowed: variant: cap200, cap900)"},
	} {
		if code, _, errs := runCLI(append(base, "--paired", c.paired)...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("--paired %s: exit %d, %q; want 2 and %q", c.paired, code, errs, c.want)
		}
	}
}
