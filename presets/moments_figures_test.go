package presets

import (
	"fmt"
	"strings"
	"testing"

	"lagscope/lagcomp"
)

// A sentence's numbers are computed from the run shown: with the user's
// latency_ms = 150 the interpolation moment says 150 ms downstream and a
// delay of interp + down + the wait for a snapshot and a frame, where
// the preset's words said 40 and 146 under a picture of 256. Analytic
// bounds: the delay is at least interp_ms + the downstream latency, and
// at most a snapshot interval (snapshot_hz) and a frame more.
func TestSentenceFiguresFollowTheSettings(t *testing.T) {
	p, err := Load("default")
	if err != nil {
		t.Fatal(err)
	}
	for _, latency := range []float64{40, 150} {
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		k, _ := lagcomp.Lookup("latency_ms")
		if err := k.SetString(&cfg, fmt.Sprint(latency)); err != nil {
			t.Fatal(err)
		}
		ms, err := p.FindMoments(cfg)
		if err != nil {
			t.Fatal(err)
		}
		m := ms[1] // interpolation
		down, delay := m.Values["down_ms"], m.Values["delay_ms"]
		if down != latency {
			t.Errorf("latency_ms %v: down_ms %v", latency, down)
		}
		if lo, hi := cfg.InterpMs+latency, cfg.InterpMs+latency+1000/float64(cfg.SnapshotHz)+1000/float64(cfg.FPS); delay < lo || delay > hi {
			t.Errorf("latency_ms %v: delay_ms %v, want %v to %v", latency, delay, lo, hi)
		}
		say := m.Sentence(nil)
		if want := fmt.Sprintf("about %.0f ms ago (%.0f ms of interpolation + %.0f ms downstream", delay, cfg.InterpMs, latency); !strings.Contains(say, want) {
			t.Errorf("latency_ms %v: %q does not say %q", latency, say, want)
		}
		// shot 5: red and blue as far apart as the record says
		if r := ms[2]; !strings.Contains(r.Sentence(nil), fmt.Sprintf("are %.3f m apart", r.Values["gap_m"])) {
			t.Errorf("latency_ms %v: %q", latency, r.Sentence(nil))
		}
	}
}

// Every figure a shipped moment's sentence names is computed on the
// preset's run: none is left as {name}.
func TestShippedFiguresAreAllComputed(t *testing.T) {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range ps {
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		ms, err := p.FindMoments(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range ms {
			n += len(m.Values)
			if s := m.Sentence(nil); strings.ContainsAny(s, "{}") {
				t.Errorf("%s moment %d: %q keeps a figure unwritten", p.Name, i+1, s)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d figures computed in the shipped moments", n)
	}
}
