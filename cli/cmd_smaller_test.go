package cli

import (
	"strings"
	"testing"
)

// --duration 1ns ran the preset's 10 s (1 ns is 0 ms, which meant "not
// given"): a duration below the duration_ms key's least, 1 ms, is an
// error naming the range; 0 and negative ones too.
func TestDurationBelowTheLeastIsAnError(t *testing.T) {
	for _, d := range []string{"1ns", "999us", "0", "0s", "-1s"} {
		code, out, errOut := runCLI("sim", "--summary", "--duration", d)
		if code != 2 || out != "" || !strings.Contains(errOut, `--duration: "`+d+`" is below the least duration, 1ms (allowed: 1ms to 1h)`) {
			t.Errorf("--duration %s: exit %d, %q %q", d, code, out, errOut)
		}
	}
	if code, _, errOut := runCLI("sim", "--summary", "--duration", "2h"); code != 2 || !strings.Contains(errOut, "not a duration from 1ms to 1h") {
		t.Errorf("--duration 2h: exit %d, %q", code, errOut)
	}
	code, out, errOut := runCLI("sim", "--summary", "--duration", "1ms")
	if code != 0 || !strings.Contains(out, `"sim_seconds":0.001`) {
		t.Errorf("--duration 1ms: exit %d, %q %q", code, out, errOut)
	}
}

// A sweep could write seed 2^53+1, which sim refuses: its seeds obey the
// seed key's range, an error before any run.
func TestSweepSeedsStayInTheSeedRange(t *testing.T) {
	code, out, errOut := runCLI("sweep", "--seed", "9007199254740991", "--seeds", "3", "--duration", "100ms", "--csv", "-")
	if code != 2 || out != "" || !strings.Contains(errOut, "seed 9007199254740993 is out of the seed's range (allowed: 0 to 9007199254740992)") {
		t.Fatalf("exit %d, %q %q", code, out, errOut)
	}
	code, out, errOut = runCLI("sweep", "--seed", "9007199254740990", "--seeds", "3", "--duration", "100ms", "--csv", "-")
	if code != 0 || !strings.Contains(out, "\n9007199254740992,") {
		t.Fatalf("up to 2^53: exit %d, %q", code, errOut)
	}
	// each row is what sim makes of its seed
	if code, _, errOut := runCLI("sim", "--seed", "9007199254740992", "--duration", "100ms", "--summary"); code != 0 {
		t.Fatalf("sim --seed 2^53: exit %d, %q", code, errOut)
	}
}
