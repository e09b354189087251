package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"lagscope/presets"
)

// fit's output is a preset's body: its TOML lines load as one, and the
// example trace's known spike (180 ms for 600 ms) and outage come back.
func TestFitPrintsAPresetsKeys(t *testing.T) {
	dir := t.TempDir()
	chart := filepath.Join(dir, "fit.png")
	code, out, errs := runCLI("fit", "../docs/traces/wifi.csv", "--chart", chart, "--size", "960x540")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"latency_ms = 38.1\n", "spike_ms = 180.2\n", "spike_len_ms = 600\n", "ge_loss_pct = 100\n", "# delay over time: lag-1 autocorrelation"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	p := filepath.Join(dir, "fitted.toml")
	writeFile(t, p, "description = \"fitted\"\n"+out)
	pr, err := presets.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pr.Config(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(chart)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 960 || img.Bounds().Dy() != 540 {
		t.Fatalf("chart: %v, %v", err, img.Bounds())
	}
}

func TestFitSaysBadFitsAndBadFiles(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("t_ms,delay_ms,lost\n")
	for i := 0; i < 4000; i++ { // a delay stepping between 20 and 80 ms every 3 s
		d := 20 + 60*((i/300)%2)
		b.WriteString(strings.Join([]string{strconv.Itoa(i * 10), strconv.Itoa(d), "0"}, ",") + "\n")
	}
	steps := filepath.Join(dir, "steps.csv")
	writeFile(t, steps, b.String())
	code, out, errs := runCLI("fit", steps)
	if code != 0 || !strings.Contains(out, "FITS BADLY") || !strings.Contains(errs, "fits the model badly") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errs)
	}
	bad := filepath.Join(dir, "bad.csv")
	writeFile(t, bad, "t_ms,delay_ms,lost\n0,40,0\n10,40,2\n")
	if code, _, errs := runCLI("fit", bad); code != 2 || !strings.Contains(errs, "line 3: field lost") {
		t.Fatalf("a bad file: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("fit"); code != 2 || !strings.Contains(errs, "give one trace file") {
		t.Fatalf("no file: exit %d: %s", code, errs)
	}
}
