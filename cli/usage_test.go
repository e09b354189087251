package cli

import (
	"flag"
	"strings"
	"testing"

	"lagscope/views"
)

// lagscope --help stays true: it names every flag of shot and sweep and
// every view shot draws, and every --flag it names exists in a command.
func TestUsageNamesEveryFlagAndView(t *testing.T) {
	code, out, _ := runCLI("--help")
	if code != 0 || out != usage {
		t.Fatalf("--help: exit %d, %q", code, out)
	}
	// the window's, keys' and sim's own flags (sim's are declared in cmdSim)
	known := map[string]bool{"help": true, "preset": true, "markdown": true, "summary": true, "records": true, "csv": true, "packets": true, "telemetry": true}
	for cmd, register := range map[string]func(*flag.FlagSet){
		"shot":  func(fs *flag.FlagSet) { var f shotFlags; f.register(fs) },
		"sweep": func(fs *flag.FlagSet) { var rf runFlags; rf.register(fs); var sf sweepFlags; sf.register(fs) },
	} {
		fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
		register(fs)
		fs.VisitAll(func(f *flag.Flag) {
			known[f.Name] = true
			if !strings.Contains(usage, "--"+f.Name) {
				t.Errorf("lagscope --help does not name %s's --%s", cmd, f.Name)
			}
		})
	}
	for _, w := range strings.FieldsFunc(usage, func(r rune) bool { return strings.ContainsRune(" \n[]{},.:;|()=", r) }) {
		if name, ok := strings.CutPrefix(w, "--"); ok {
			if name != "" && !known[name] {
				t.Errorf("lagscope --help names --%s, which no command has", name)
			}
		}
	}
	for _, v := range views.Views {
		if !strings.Contains(usage, string(v)) {
			t.Errorf("lagscope --help does not name the %s view", v)
		}
	}
}
